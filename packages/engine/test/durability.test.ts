/**
 * Engine-only: these tests always start their own embedded engine on a temporary directory (MONGODB_URI is ignored),
 * because they kill the server process and inspect its data files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient, type Document, type Filter } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';
import { tempDir } from './support/store';
import { dirSize, serverError, waitForExit, type Doc } from './helpers';

interface Running {
  engine: EngineHandle;
  client: MongoClient;
}

const running = new Set<Running>();

async function open(dir: string): Promise<Running> {
  const engine = await startEngine({ dbpath: dir });
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

const JOURNAL = /^journal-(\d+)\.bin$/;

/** Journal files of `dir`, oldest generation first. */
function journals(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => JOURNAL.test(f))
    .sort((a, b) => Number(JOURNAL.exec(a)![1]) - Number(JOURNAL.exec(b)![1]))
    .map((f) => path.join(dir, f));
}

function newestJournal(dir: string): string {
  const all = journals(dir);
  expect(all.length).toBeGreaterThan(0);
  return all[all.length - 1];
}

interface JournalRecord {
  /** Offset of the record header in the file. */
  offset: number;
  /** The whole record: header and payload. */
  bytes: Buffer;
  payload: Buffer;
}

/**
 * Splits a journal into records: [uint32 LE length][uint32 LE crc32][BSON payload]. The length may count the payload
 * alone or the whole record; the embedded BSON document's own size tells which.
 */
function parseJournal(file: string): JournalRecord[] {
  const buf = fs.readFileSync(file);
  const records: JournalRecord[] = [];
  let offset = 0;
  while (offset + 8 <= buf.length) {
    const length = buf.readUInt32LE(offset);
    if (offset + 12 > buf.length) break;
    const bsonSize = buf.readInt32LE(offset + 8);
    let payloadLength: number;
    if (bsonSize === length) payloadLength = length;
    else if (bsonSize === length - 8) payloadLength = length - 8;
    else break;
    if (offset + 8 + payloadLength > buf.length) break;
    records.push({
      offset,
      bytes: buf.subarray(offset, offset + 8 + payloadLength),
      payload: buf.subarray(offset + 8, offset + 8 + payloadLength),
    });
    offset += 8 + payloadLength;
  }
  return records;
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
});

describe('torn journal tail', () => {
  async function writeAndCrash(dir: string, count: number): Promise<void> {
    const r = await open(dir);
    const coll = r.client.db('torn').collection<Doc>('docs');
    for (let i = 0; i < count; i++) await coll.insertOne({ _id: i, marker: `marker-${String(i).padStart(4, '0')}` });
    await crash(r);
  }

  async function expectDocs(dir: string, ids: number[]): Promise<Running> {
    const r = await open(dir);
    const docs = await r.client.db('torn').collection<Doc>('docs').find({}).sort({ _id: 1 }).toArray();
    expect(docs).toEqual(ids.map((i) => ({ _id: i, marker: `marker-${String(i).padStart(4, '0')}` })));
    return r;
  }

  function range(n: number, from = 0): number[] {
    return Array.from({ length: n }, (_, i) => from + i);
  }

  /** After recovery: new writes work and survive another crash and restart. */
  async function expectWritableAndDurable(dir: string, r: Running): Promise<void> {
    const coll = r.client.db('torn').collection<Doc>('docs');
    for (let i = 50; i < 60; i++) await coll.insertOne({ _id: i, marker: `marker-${String(i).padStart(4, '0')}` });
    await crash(r);
    const again = await expectDocs(dir, range(60));
    await stop(again);
  }

  it('a partial record (length header promising 1000 bytes, then 10 bytes) is ignored', async () => {
    const dir = tempDir('engine-torn-');
    await writeAndCrash(dir, 50);
    const length = Buffer.alloc(4);
    length.writeUInt32LE(1000, 0);
    fs.appendFileSync(newestJournal(dir), Buffer.concat([length, crypto.randomBytes(10)]));

    const r = await expectDocs(dir, range(50));
    await expectWritableAndDurable(dir, r);
  });

  it('a complete record whose crc does not match its payload is not applied', async () => {
    const dir = tempDir('engine-crc-');
    await writeAndCrash(dir, 50);
    // Find the record carrying the last insert, copy it with its payload altered but its old crc kept.
    const original = Buffer.from('marker-0049');
    let source: JournalRecord | undefined;
    for (const file of journals(dir)) {
      for (const record of parseJournal(file)) if (record.payload.includes(original)) source = record;
    }
    expect(source).toBeDefined();
    const forged = Buffer.from(source!.bytes);
    const at = forged.indexOf(original, 8);
    Buffer.from('MARKER-0049').copy(forged, at);
    fs.appendFileSync(newestJournal(dir), forged);

    const r = await expectDocs(dir, range(50));
    await expectWritableAndDurable(dir, r);
  });

  it('random garbage after the last record is ignored', async () => {
    const dir = tempDir('engine-garbage-');
    await writeAndCrash(dir, 50);
    fs.appendFileSync(newestJournal(dir), crypto.randomBytes(3));
    const r = await expectDocs(dir, range(50));
    await expectWritableAndDurable(dir, r);
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
});

describe('compaction', () => {
  it('keeps the data directory bounded under many updates of the same documents', async () => {
    const dir = tempDir('engine-compact-');
    const DOCS = 10;
    const ROUNDS = 300; // 3,000 updates in all
    const first = await open(dir);
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

    const second = await open(dir);
    expect(await second.client.db('compact').collection<Doc>('hot').find({}).sort({ _id: 1 }).toArray()).toEqual(expected);
    await stop(second);

    const third = await open(dir);
    expect(await third.client.db('compact').collection<Doc>('hot').find({}).sort({ _id: 1 }).toArray()).toEqual(expected);
    const size = dirSize(dir);
    expect(size).toBeLessThan(written * 0.25);
    await stop(third);
  }, 180_000);
});
