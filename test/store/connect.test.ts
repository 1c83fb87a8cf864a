import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEngine } from '@ar-admin/engine';
import { connectStore } from '../../src/store/connect';

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'connect-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** connectStore picks the server: MONGODB_URI, else a local mongod, else the embedded engine on DATA_DIR. */
describe('connectStore', () => {
  const saved = { PATH: process.env.PATH, MONGOMS_SYSTEM_BINARY: process.env.MONGOMS_SYSTEM_BINARY };

  beforeAll(() => {
    // No mongod anywhere: the embedded engine must be chosen.
    process.env.PATH = '/nonexistent';
    delete process.env.MONGOMS_SYSTEM_BINARY;
  });

  afterAll(() => {
    process.env.PATH = saved.PATH;
    if (saved.MONGOMS_SYSTEM_BINARY !== undefined) process.env.MONGOMS_SYSTEM_BINARY = saved.MONGOMS_SYSTEM_BINARY;
  });

  it('uses MONGODB_URI when it is given, and says so in one log line', async () => {
    const engine = process.env.MONGODB_URI ? undefined : await startEngine({ dbpath: tempDir() });
    const uri = process.env.MONGODB_URI ?? engine!.uri;
    const lines: string[] = [];
    const store = await connectStore({ mongodbUri: uri, dataDir: tempDir(), log: (line) => lines.push(line) });
    try {
      expect(store.kind).toBe('uri');
      expect(store.uri).toBe(uri);
      expect(lines).toEqual(['store: MongoDB at MONGODB_URI']);
      expect(await store.client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    } finally {
      await store.close();
      await engine?.stop();
    }
  });

  it('starts the embedded engine on the data directory, which keeps the data across restarts', async () => {
    const dataDir = tempDir();
    const lines: string[] = [];
    const first = await connectStore({ dataDir, log: (line) => lines.push(line) });
    expect(first.kind).toBe('embedded');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^store: embedded engine at mongodb:\/\/127\.0\.0\.1:\d+\/\?directConnection=true/);
    await first.client
      .db('app')
      .collection('notes')
      .insertOne({ _id: 'n1' as never, text: 'kept' });

    // A second process on the same directory (the admin CLI beside the server) joins the running engine.
    const second = await connectStore({ dataDir, log: (line) => lines.push(line) });
    expect(second.kind).toBe('embedded');
    expect(second.uri).toBe(first.uri);
    expect(lines[1]).toMatch(/already serving/);
    expect(
      await second.client
        .db('app')
        .collection('notes')
        .findOne({ _id: 'n1' as never }),
    ).toEqual({ _id: 'n1', text: 'kept' });
    await second.close();
    // Closing the joiner leaves the owner's engine running.
    expect(await first.client.db('app').collection('notes').countDocuments()).toBe(1);
    await first.close();

    const again = await connectStore({ dataDir });
    try {
      expect(
        await again.client
          .db('app')
          .collection('notes')
          .findOne({ _id: 'n1' as never }),
      ).toEqual({ _id: 'n1', text: 'kept' });
    } finally {
      await again.close();
    }
  });
});
