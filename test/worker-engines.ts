import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EngineHandle, startEngine } from '../packages/engine/src/index';

/**
 * One embedded engine per jest worker for the whole run, started before the suites and stopped after them: a suite's
 * gateways and databases live on its worker's engine (test/support/store-uri.ts), each on a database of its own that
 * it drops when done, instead of each suite starting and stopping an engine process of its own. A worker runs one
 * suite at a time, so its engine serves one suite at a time, as before. Not started when MONGODB_URI names a server.
 */
const running: Array<{ engine: EngineHandle; dir: string }> = [];

export async function startWorkerEngines(workers: number): Promise<void> {
  if (process.env.MONGODB_URI) return;
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jest-engine-'));
      return { engine: await startEngine({ dbpath: dir }), dir };
    }),
  );
  running.push(...started);
  // Read by the workers, which start after this and inherit the environment; JEST_WORKER_ID picks a worker's own.
  process.env.TEST_WORKER_ENGINES = started.map(({ engine }) => engine.uri).join(' ');
}

export async function stopWorkerEngines(): Promise<void> {
  await Promise.all(
    running.splice(0).map(async ({ engine, dir }) => {
      await engine.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }),
  );
}
