import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout (or `destination`). Request-scoped children carry `reqId` on every line. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Lines are held until this many bytes are waiting, or the next flush. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * Stdout for the running server: lines are written in batches of about 4 KB, off the event loop, and at least once a
 * second. One synchronous write per request line cost a request as much CPU as its answer's own write. Pino flushes
 * what is held when the process exits, normally or on an uncaught error; a process killed outright (SIGKILL) loses at
 * most the last second's lines.
 */
export function bufferedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
  // Once the stream is closed (at exit) a flush would throw; a write still under way flushes the rest when it ends.
  const timer = setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  destination.once('close', () => clearInterval(timer));
  return destination;
}
