/**
 * Engine-only: these tests always start their own embedded engine on a temporary directory (MONGODB_URI is ignored),
 * because they kill the server process and inspect its data files.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BSON, Long, MongoClient, UUID, type Document, type Filter } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';
import { encodeLegacyRecord } from '../src/storage/legacy';
import { exchange, opMsg } from './support/raw-wire';
import { tempDir } from './support/store';
import { dirSize, serverError, waitForExit, type Doc } from './helpers';

interface Running {
  engine: EngineHandle;
  client: MongoClient;
}

const running = new Set<Running>();

async function open(dir: string, oplogSizeMB?: number): Promise<Running> {
  const engine = await startEngine({ dbpath: dir, oplogSizeMB });
  // A short server selection timeout keeps client.close() quick once the engine has been killed.
  const client = await MongoClient.connect(engine.uri, { serverSelectionTimeoutMS: 3000 });
  const r = { engine, client };
  running.add(r);
  return r;
}

/** Simulates a crash: SIGKILL right away, wait for the process to be gone, then drop the client. */
async function crash(r: Running): Promise<void> {
  process.kill(r.engine.pid, 'SIGKILL');
  await waitForExit(r.engine.pid);
  running.delete(r);
  await r.client.close().catch(() => undefined);
  await r.engine.stop();
}

async function stop(r: Running): Promise<void> {
  running.delete(r);
  await r.client.close();
  await r.engine.stop();
}

afterEach(async () => {
  for (const r of [...running]) {
    running.delete(r);
    await r.client.close().catch(() => undefined);
    await r.engine.stop().catch(() => undefined);
  }
});

function byId(id: unknown): Filter<Doc> {
  return { _id: id };
}

describe('crash safety (kill -9)', () => {
  it('every acknowledged write survives SIGKILL right after its acknowledgement', async () => {
    const dir = tempDir('engine-dur-');
    const first = await open(dir);
    const db = first.client.db('dur');
    const items = db.collection<Doc>('items');
    const other = await db.createCollection<Doc>('other');
    await items.createIndex({ sku: 1 }, { unique: true });

    const expected = new Map<number, Document>();
    for (let i = 0; i < 500; i++) {
      const doc = { _id: i, sku: `S${i}`, qty: i, cents: 123_456_789_000 + i, at: new Date(1_700_000_000_000 + i) };
      await items.insertOne(doc as Document);
      expected.set(i, { ...doc });
    }
    await items.updateOne(byId(10), { $set: { qty: -1 }, $push: { history: 'adjusted' } as Document });
    expected.set(10, { ...expected.get(10)!, qty: -1, history: ['adjusted'] });
    await items.updateMany({ _id: { $lt: 5 } }, { $inc: { qty: 1000 } });
    for (let i = 0; i < 5; i++) expected.get(i)!.qty += 1000;
    await items.deleteOne(byId(499));
    expected.delete(499);
    await items.deleteMany({ _id: { $gte: 490, $lt: 495 } });
    for (let i = 490; i < 495; i++) expected.delete(i);
    await items.replaceOne(byId(20), { sku: 'S20', replaced: true });
    expected.set(20, { _id: 20, sku: 'S20', replaced: true });

    const session = first.client.startSession();
    try {
      await session.withTransaction(async () => {
        await items.insertOne({ _id: 1000, sku: 'TX', qty: 1 }, { session });
        await items.updateOne(byId(30), { $set: { inTx: true } }, { session });
        await other.insertOne({ _id: 'o1', v: 1 }, { session });
      });
    } finally {
      await session.endSession();
    }
    expected.set(1000, { _id: 1000, sku: 'TX', qty: 1 });
    expected.get(30)!.inTx = true;

    // The last acknowledged write, then the crash.
    await items.updateOne(byId(499 - 1), { $set: { last: true } });
    expected.get(498)!.last = true;
    await crash(first);

    const second = await open(dir);
    const db2 = second.client.db('dur');
    const restored = await db2.collection<Doc>('items').find({}).sort({ _id: 1 }).toArray();
    expect(restored.length).toBe(expected.size);
    expect(restored).toEqual([...expected.values()].sort((a, b) => a._id - b._id));
    expect(restored.find((d) => d._id === 7)!.at).toBeInstanceOf(Date);
    expect(await db2.collection<Doc>('other').find({}).toArray()).toEqual([{ _id: 'o1', v: 1 }]);

    // The unique index is still there and enforced.
    const names = (await db2.collection<Doc>('items').listIndexes().toArray()).map((i) => i.name);
    expect(names).toContain('sku_1');
    const err = await serverError(db2.collection<Doc>('items').insertOne({ _id: 5000, sku: 'S1' }));
    expect(err.code).toBe(11000);
    await stop(second);
  }, 120_000);

  it('a kill -9 in the middle of a write burst loses no acknowledged write', async () => {
    const dir = tempDir('engine-burst-');
    const first = await open(dir);
    const items = first.client.db('burst').collection<Doc>('items');
    await items.createIndex({ account: 1, n: 1 }, { unique: true });
    const acknowledged: number[] = [];
    let killed = false;
    // Four writers of single inserts and one of batches of 50 keep writing until the engine dies under them.
    const writer = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        const id = lane * 1_000_000 + i;
        try {
          if (lane === 4) {
            const ids = Array.from({ length: 50 }, (_, k) => id * 100 + k);
            await items.insertMany(
              ids.map((_id) => ({ _id, account: 'b', n: _id, payload: 'x'.repeat(200) })),
              { writeConcern: { w: 'majority', j: true } },
            );
            acknowledged.push(...ids);
          } else {
            await items.insertOne({ _id: id, account: 'a', n: id, payload: 'y'.repeat(200) });
            acknowledged.push(id);
          }
        } catch {
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3, 4].map(writer);
    while (acknowledged.length < 2_000) await new Promise((resolve) => setTimeout(resolve, 5));
    killed = true;
    await crash(first);
    await Promise.all(writers);

    const second = await open(dir);
    const restored = second.client.db('burst').collection<Doc>('items');
    const found = new Set((await restored.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => doc._id as number));
    const lost = acknowledged.filter((id) => !found.has(id));
    expect(lost).toEqual([]);
    // The index entries were committed with their documents: the index finds every one of them.
    expect(await restored.countDocuments({ account: 'a' })).toBe([...found].filter((id) => id < 4_000_000).length);
    await stop(second);
  }, 120_000);

  it('a retryable write committed just before a crash is answered from its record when retried after the restart', async () => {
    const dir = tempDir('engine-dur-');
    const first = await open(dir);
    // Raw commands: the driver would put its own session id on them, and the retry must carry the same one.
    const lsid = { id: new UUID() };
    const insert = { insert: 'items', documents: [{ _id: 'once', v: 1 }], lsid, txnNumber: Long.fromNumber(3), $db: 'dur' };
    const withoutTimes = ({ operationTime, $clusterTime, ...reply }: Document) => reply;
    const [reply] = await exchange(first.engine.port, [opMsg(1, BSON.serialize(insert))]);
    expect(withoutTimes(reply)).toEqual({ n: 1, ok: 1 });
    await crash(first);

    const second = await open(dir);
    const [retried] = await exchange(second.engine.port, [opMsg(1, BSON.serialize(insert))]);
    expect(withoutTimes(retried)).toEqual(withoutTimes(reply));
    const items = second.client.db('dur').collection<Doc>('items');
    expect(await items.find({}).toArray()).toEqual([{ _id: 'once', v: 1 }]);

    // The session's next txnNumber is a new write, and is itself answered once across a restart.
    const update = { update: 'items', updates: [{ q: { _id: 'once' }, u: { $inc: { v: 1 } } }], lsid, txnNumber: Long.fromNumber(4), $db: 'dur' };
    const [updated] = await exchange(second.engine.port, [opMsg(1, BSON.serialize(update))]);
    expect(withoutTimes(updated)).toEqual({ n: 1, nModified: 1, ok: 1 });
    await crash(second);
    const third = await open(dir);
    const [again] = await exchange(third.engine.port, [opMsg(1, BSON.serialize(update))]);
    expect(withoutTimes(again)).toEqual(withoutTimes(updated));
    expect(await third.client.db('dur').collection<Doc>('items').find({}).toArray()).toEqual([{ _id: 'once', v: 2 }]);
    await stop(third);
  });
});

describe('data directory lock', () => {
  it('a second engine on a directory in use is refused; after a crash the stale lock does not block', async () => {
    const dir = tempDir('engine-lock-');
    const first = await open(dir);
    await first.client.db('lock').collection<Doc>('c').insertOne({ _id: 1 });
    expect(fs.existsSync(path.join(dir, 'mongod.lock'))).toBe(true);

    let intruder: EngineHandle | undefined;
    const refusal = await startEngine({ dbpath: dir }).then(
      (handle) => {
        intruder = handle;
        return undefined;
      },
      (err: unknown) => err,
    );
    await intruder?.stop();
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/lock/i);

    // The first engine is unaffected.
    expect(await first.client.db('lock').collection<Doc>('c').find({}).toArray()).toEqual([{ _id: 1 }]);
    await first.client.db('lock').collection<Doc>('c').insertOne({ _id: 2 });

    await crash(first);
    expect(fs.existsSync(path.join(dir, 'mongod.lock'))).toBe(true);

    const second = await open(dir);
    expect(await second.client.db('lock').collection<Doc>('c').find({}).sort({ _id: 1 }).toArray()).toEqual([{ _id: 1 }, { _id: 2 }]);
    await stop(second);

    // And after a clean stop too.
    const third = await open(dir);
    expect(await third.client.db('lock').collection<Doc>('c').countDocuments()).toBe(2);
    await stop(third);
  });

  it('restarts at once after kill -9, while the killed engine is not yet reaped by its parent', async () => {
    const dir = tempDir('engine-zombie-');
    // `exec sleep` replaces the shell: the engine's parent is then a process that never reaps its children.
    const main = require.resolve('../src/main.ts');
    const register = require.resolve('@swc-node/register');
    const shell = spawn('sh', ['-c', `node --require ${register} ${main} --dbpath ${dir} --port 0 & echo $!; exec sleep 120`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const output: string[] = [];
      shell.stdout.setEncoding('utf8');
      shell.stdout.on('data', (chunk: string) => output.push(chunk));
      while (!/listening on (mongodb:\/\/\S+)/.test(output.join(''))) await new Promise((resolve) => setTimeout(resolve, 20));
      const pid = Number(output.join('').split('\n')[0]);
      const uri = /listening on (mongodb:\/\/\S+)/.exec(output.join(''))![1];
      const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 3000 });
      await client.db('z').collection<Doc>('c').insertOne({ _id: 1, v: 'acknowledged' });
      await client.close();

      process.kill(pid, 'SIGKILL');
      let state = '';
      while (state !== 'Z') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      }

      const second = await open(dir);
      expect(await second.client.db('z').collection<Doc>('c').find({}).toArray()).toEqual([{ _id: 1, v: 'acknowledged' }]);
      await stop(second);
    } finally {
      shell.kill('SIGKILL');
    }
  });
});

describe('the data directory', () => {
  it('may be named with a dot, and holds its files for its owner only', async () => {
    const dir = path.join(tempDir('engine-perm-'), 'app.data');
    const first = await open(dir);
    await first.client.db('perm').collection<Doc>('c').insertOne({ _id: 1, v: 'kept' });
    await stop(first);
    const again = await open(dir);
    expect(await again.client.db('perm').collection<Doc>('c').findOne({ _id: 1 })).toEqual({ _id: 1, v: 'kept' });
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of ['data.mdb', 'lock.mdb']) expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    await stop(again);
  });
});

describe('data directories of the old format', () => {
  it('are migrated on first open: documents, indexes and options survive; the old files are kept aside', async () => {
    const dir = tempDir('engine-legacy-');
    const ops = (list: Document[]) => encodeLegacyRecord(list);
    const snapshot = Buffer.concat([
      ops([
        { o: 'cc', db: 'old', c: 'items' },
        { o: 'ci', db: 'old', c: 'items', spec: { key: { sku: 1 }, name: 'sku_1', unique: true } },
        ...Array.from({ length: 20 }, (_, i) => ({ o: 'p', db: 'old', c: 'items', d: { _id: i, sku: `S${i}`, qty: i } })),
      ]),
      ops([{ o: 'end' }]),
    ]);
    const journal = Buffer.concat([
      ops([{ o: 'p', db: 'old', c: 'items', d: { _id: 3, sku: 'S3', qty: 300 } }]),
      ops([{ o: 'd', db: 'old', c: 'items', id: 19 }]),
      ops([
        { o: 'cc', db: 'old', c: 'gone' },
        { o: 'p', db: 'old', c: 'gone', d: { _id: 1 } },
      ]),
      ops([{ o: 'dc', db: 'old', c: 'gone' }]),
      Buffer.from([0x10, 0x00, 0x00]), // a torn tail, which the old format ignored
    ]);
    fs.writeFileSync(path.join(dir, 'snapshot-4.bin'), snapshot);
    fs.writeFileSync(path.join(dir, 'journal-4.bin'), journal);

    const first = await open(dir);
    const items = first.client.db('old').collection<Doc>('items');
    const docs = await items.find({}).sort({ _id: 1 }).toArray();
    expect(docs.map((doc) => doc._id)).toEqual(Array.from({ length: 19 }, (_, i) => i));
    expect(docs[3]).toEqual({ _id: 3, sku: 'S3', qty: 300 });
    expect((await first.client.db('old').listCollections().toArray()).map((c) => c.name)).toEqual(['items']);
    expect((await items.listIndexes().toArray()).map((index) => index.name)).toEqual(['_id_', 'sku_1']);
    expect((await serverError(items.insertOne({ _id: 100, sku: 'S5' }))).code).toBe(11000);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.bin'))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'pre-lmdb')).sort()).toEqual(['journal-4.bin', 'snapshot-4.bin']);
    await stop(first);

    // Opened again, it is an ordinary LMDB directory.
    const second = await open(dir);
    expect(await second.client.db('old').collection<Doc>('items').countDocuments()).toBe(19);
    await stop(second);
  });
});

describe('space reuse', () => {
  it('keeps the data directory bounded under many updates of the same documents, its change log within its bound', async () => {
    const dir = tempDir('engine-compact-');
    const DOCS = 10;
    const ROUNDS = 300; // 3,000 updates in all
    // Every update is also logged for change streams, with its 2 KB value: 6 MB, kept within 1 MB.
    const LOG_MB = 1;
    const first = await open(dir, LOG_MB);
    const coll = first.client.db('compact').collection<Doc>('hot');
    await coll.insertMany(Array.from({ length: DOCS }, (_, i) => ({ _id: i, v: -1, blob: '' })));

    let written = 0;
    const last = new Map<number, Document>();
    await Promise.all(
      Array.from({ length: DOCS }, async (_, id) => {
        for (let v = 0; v < ROUNDS; v++) {
          const blob = crypto.randomBytes(1024).toString('hex'); // 2 KB, incompressible
          await coll.updateOne(byId(id), { $set: { v, blob } });
          written += blob.length;
          last.set(id, { _id: id, v, blob });
        }
      }),
    );
    const expected = [...last.values()].sort((a, b) => a._id - b._id);
    expect(written).toBeGreaterThanOrEqual(3000 * 2048);
    await crash(first);

    const second = await open(dir, LOG_MB);
    expect(await second.client.db('compact').collection<Doc>('hot').find({}).sort({ _id: 1 }).toArray()).toEqual(expected);
    await stop(second);

    const third = await open(dir, LOG_MB);
    expect(await third.client.db('compact').collection<Doc>('hot').find({}).sort({ _id: 1 }).toArray()).toEqual(expected);
    const size = dirSize(dir);
    expect(size).toBeLessThan(written * 0.25 + LOG_MB * 1024 * 1024);
    await stop(third);
  }, 180_000);
});
