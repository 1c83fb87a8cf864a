import { Binary, Long, Timestamp, type Document } from 'bson';

/**
 * The cluster time every reply carries (`operationTime`, `$clusterTime`), as a replica set's primary sends it:
 * drivers gossip it back and causally consistent sessions rely on it. Seconds since the epoch and a counter that
 * orders operations within one second.
 */

let lastSeconds = 0;
let increment = 0;

export function nextClusterTime(): Timestamp {
  const seconds = Math.floor(Date.now() / 1000);
  if (seconds > lastSeconds) {
    lastSeconds = seconds;
    increment = 0;
  }
  return new Timestamp({ t: lastSeconds, i: ++increment });
}

/** The last cluster time given (every later one is greater). */
export function currentClusterTime(): Timestamp {
  return new Timestamp({ t: lastSeconds, i: increment });
}

/** Makes every later cluster time greater than `time` (one read back from storage after a restart). */
export function observeClusterTime(time: Timestamp): void {
  if (time.high > lastSeconds || (time.high === lastSeconds && time.low > increment)) {
    lastSeconds = time.high;
    increment = time.low;
  }
}

/** An unsigned cluster time: the engine has no keys to sign with, as a server without authentication. */
export function clusterTimeFields(time: Timestamp): Document {
  return {
    operationTime: time,
    $clusterTime: { clusterTime: time, signature: { hash: new Binary(Buffer.alloc(20), 0), keyId: Long.fromNumber(0) } },
  };
}
