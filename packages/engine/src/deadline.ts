import { badValue, EngineError } from './errors';

/**
 * The time limit (`maxTimeMS`) of the command running now. Commands run one at a time between awaits, and every
 * loop that examines documents does so synchronously, so one module-level deadline is enough: the loops call
 * `checkDeadline()` as they examine keys and documents, and a command past its limit fails with MongoDB's error.
 */
let deadline = Infinity;

export const MAX_TIME_EXPIRED = 50;
export const maxTimeExpired = () => new EngineError(MAX_TIME_EXPIRED, 'MaxTimeMSExpired', 'operation exceeded time limit');

/** A command's `maxTimeMS`: a non-negative integer, 0 (or none) meaning no limit. */
export function maxTimeOf(value: unknown): number {
  if (value === undefined || value === null) return 0;
  const ms = typeof value === 'object' && 'valueOf' in value ? Number(value.valueOf()) : value;
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0) throw badValue(`${String(value)} value for maxTimeMS is out of range [0, 2147483647]`);
  return ms;
}

/**
 * Runs the synchronous part of `body` (for an async body, up to its first await) under a limit of `ms`
 * milliseconds (0: none). Work left for later, such as a cursor's next batches, runs under `remainingTime()`.
 */
export function withinTime<T>(ms: number, body: () => T): T {
  const outer = deadline;
  deadline = ms > 0 ? Date.now() + ms : Infinity;
  try {
    return body();
  } finally {
    deadline = outer;
  }
}

/** What is left of the running command's limit (0: no limit), for a cursor to carry over to its getMores. */
export function remainingTime(): number {
  if (deadline === Infinity) return 0;
  return Math.max(1, deadline - Date.now());
}

/** Throws MaxTimeMSExpired once the running command is past its limit. */
export function checkDeadline(): void {
  if (deadline !== Infinity && Date.now() > deadline) throw maxTimeExpired();
}
