import fs from 'node:fs';
import path from 'node:path';
import { MongoServerError } from 'mongodb';

/** Awaits `promise`, which must reject with a MongoServerError, and returns that error for further assertions. */
export async function serverError(promise: Promise<unknown>): Promise<MongoServerError> {
  let outcome: unknown;
  try {
    await promise;
  } catch (err) {
    outcome = err;
  }
  if (outcome === undefined) throw new Error('expected the operation to fail, but it succeeded');
  expect(outcome).toBeInstanceOf(MongoServerError);
  return outcome as MongoServerError;
}

/** Resolves once the process `pid` no longer exists (polls `process.kill(pid, 0)`). */
export async function waitForExit(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(20);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Total size in bytes of every file under `dir`. */
export function dirSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += dirSize(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/** Sorted ascending copy (numbers numerically, everything else by string form). */
export function sorted<T>(values: T[]): T[] {
  return [...values].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
}

/**
 * Schema for test collections. The driver's typed filters assume ObjectId `_id`s; tests use strings, numbers and
 * subdocuments as `_id` too, so collections are left untyped.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = any;
