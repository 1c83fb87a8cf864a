import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout (or `destination`). Request-scoped children carry `reqId` on every line. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
