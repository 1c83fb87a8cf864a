/**
 * The server a suite's databases live on, when it is not an engine of the suite's own: MONGODB_URI when set, else
 * the engine its jest worker was given for the run (test/worker-engines.ts). Undefined outside jest's run (a suite
 * then starts an engine of its own on a temporary directory).
 */
export function sharedStoreUri(): string | undefined {
  if (process.env.MONGODB_URI) return process.env.MONGODB_URI;
  const engines = process.env.TEST_WORKER_ENGINES?.split(' ') ?? [];
  return engines[Number(process.env.JEST_WORKER_ID ?? '1') - 1];
}
