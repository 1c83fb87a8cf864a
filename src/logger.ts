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
 * Stdout for the running server: lines are held until about 4 KB wait, then written in one call, and at least once a
 * second. One write per request line cost a request as much CPU as its answer's own write. The batch is written
 * synchronously: an asynchronous write still in flight when the process exits would land after the lines pino
 * flushes at exit, or not at all. What is held is written when the process exits, normally or on an uncaught error
 * (pino registers no exit flush for a synchronous destination); a process killed outright (SIGKILL) loses at most the
 * last second's lines.
 */
export function bufferedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: true, minLength: BUFFER_BYTES, periodicFlush: FLUSH_EVERY_MS });
  process.once('exit', () => destination.flushSync());
  return destination;
}
