import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Double, MongoClient, Timestamp, type ChangeStream, type ChangeStreamDocument, type Document, type ResumeToken } from 'mongodb';
import { startEngine } from '../src';
import { serverError, type Doc } from './helpers';
import { suiteStore } from './support/store';

/**
 * Change streams as the driver uses them (`watch()` on a collection, a database and the deployment): the events of
 * every kind of write in commit order, resuming from a token or a time, pipelines, invalidation on drop, and
 * transactions. Each test reads events through `next()`, which the driver serves with awaiting getMores: an event
 * written after the stream is open wakes the waiting getMore.
 */
const suite = suiteStore('cs');
const embedded = !process.env.MONGODB_URI;

/** The next `n` events of a stream. */
async function take(stream: ChangeStream<Doc>, n: number): Promise<Array<ChangeStreamDocument<Doc>>> {
  const events: Array<ChangeStreamDocument<Doc>> = [];
  while (events.length < n) events.push(await stream.next());
  return events;
}

/** A stream open on the server (its aggregate answered), so that writes made after this resolve are seen. */
async function opened<T extends ChangeStream<Doc>>(stream: T): Promise<T> {
  await stream.tryNext();
  return stream;
}

const brief = (event: ChangeStreamDocument<Doc>) => {
  const out: Document = { operationType: event.operationType };
  if ('ns' in event) out.ns = event.ns;
  if ('documentKey' in event) out.documentKey = event.documentKey;
  if ('fullDocument' in event) out.fullDocument = event.fullDocument;
  if ('updateDescription' in event) out.updateDescription = event.updateDescription;
  return out;
};

describe('a collection stream', () => {
  it('answers insert, update, replace and delete events in commit order, with MongoDB 7.0 fields', async () => {
    const coll = suite.fresh();
    await coll.insertOne({ _id: 0, before: true });
    const stream = await opened(coll.watch());
    await coll.insertOne({ _id: 1, name: 'Acme', tags: ['a', 'b', 'c'], address: { city: 'Rosario', zip: '2000' } });
    await coll.updateOne({ _id: 1 }, { $set: { name: 'Acme SA', 'address.zip': '2001' }, $unset: { tags: '' } });
    await coll.replaceOne({ _id: 1 }, { name: 'Acme SRL' });
    await coll.deleteOne({ _id: 1 });
    const ns = { db: suite.db.databaseName, coll: coll.collectionName };
    const events = await take(stream, 4);
    expect(events.map(brief)).toEqual([
      {
        operationType: 'insert',
        ns,
        documentKey: { _id: 1 },
        fullDocument: { _id: 1, name: 'Acme', tags: ['a', 'b', 'c'], address: { city: 'Rosario', zip: '2000' } },
      },
      {
        operationType: 'update',
        ns,
        documentKey: { _id: 1 },
        updateDescription: { updatedFields: { name: 'Acme SA', 'address.zip': '2001' }, removedFields: ['tags'], truncatedArrays: [] },
      },
      { operationType: 'replace', ns, documentKey: { _id: 1 }, fullDocument: { _id: 1, name: 'Acme SRL' } },
      { operationType: 'delete', ns, documentKey: { _id: 1 } },
    ]);
    for (const event of events) {
      expect(event._id).toEqual({ _data: expect.any(String) });
      expect((event as { clusterTime: unknown }).clusterTime).toBeInstanceOf(Timestamp);
      expect((event as { wallTime: unknown }).wallTime).toBeInstanceOf(Date);
    }
    // Cluster times never go back, and resume tokens are distinct.
    const times = events.map((event) => (event as { clusterTime: Timestamp }).clusterTime);
    for (let i = 1; i < times.length; i++) expect(times[i].comp(times[i - 1])).toBeGreaterThan(0);
    expect(new Set(events.map((event) => (event._id as { _data: string })._data)).size).toBe(4);
    await stream.close();
  });

  it('describes array changes by element and shortened arrays as truncated', async () => {
    const coll = suite.fresh();
    await coll.insertOne({ _id: 1, items: [1, 2, 3], lines: [{ qty: 1 }, { qty: 2 }] });
    const stream = await opened(coll.watch());
    await coll.updateOne({ _id: 1 }, { $push: { items: 4 }, $set: { 'lines.1.qty': 5 } } as Doc);
    await coll.updateOne({ _id: 1 }, { $pop: { items: 1 } });
    const [push, pop] = await take(stream, 2);
    expect(brief(push).updateDescription).toEqual({ updatedFields: { 'items.3': 4, 'lines.1.qty': 5 }, removedFields: [], truncatedArrays: [] });
    expect(brief(pop).updateDescription).toEqual({ updatedFields: {}, removedFields: [], truncatedArrays: [{ field: 'items', newSize: 3 }] });
    await stream.close();
  });

  it('with updateLookup, an update event carries the document as it is when the event is read', async () => {
    const coll = suite.fresh();
    await coll.insertOne({ _id: 1, n: 1 });
    const stream = await opened(coll.watch([], { fullDocument: 'updateLookup' }));
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    await coll.deleteOne({ _id: 1 });
    const [first, second] = await take(stream, 2);
    // Read after the delete: the document is gone, as MongoDB answers a lookup that finds nothing.
    expect(brief(first).fullDocument).toBeNull();
    expect(brief(second).fullDocument).toBeNull();
    await stream.close();

    await coll.insertOne({ _id: 2, n: 1 });
    const live = await opened(coll.watch([], { fullDocument: 'updateLookup' }));
    await coll.updateOne({ _id: 2 }, { $set: { n: 7 } });
    expect(brief((await take(live, 1))[0]).fullDocument).toEqual({ _id: 2, n: 7 });
    await live.close();
  });

  it('keeps the stored number types of a full document', async () => {
    const coll = suite.fresh();
    const stream = await opened(coll.watch([{ $match: { operationType: 'insert' } }]));
    await coll.insertOne({ _id: 1, amount: new Double(5) });
    const raw = suite.client.db(suite.db.databaseName).collection<Doc>(coll.collectionName);
    const [event] = await take(stream, 1);
    expect(brief(event).fullDocument).toEqual({ _id: 1, amount: 5 });
    // Read back with the driver's number types kept: the double that holds a whole number is still a double.
    const typed = await opened(raw.watch([], { startAfter: event._id as ResumeToken, promoteValues: false } as never));
    await raw.insertOne({ _id: 2, amount: new Double(6) });
    const [next] = await take(typed as ChangeStream<Doc>, 1);
    expect((brief(next).fullDocument as Document).amount).toBeInstanceOf(Double);
    await typed.close();
    await stream.close();
  });

  it('sees only its own collection, and a pipeline filters and reshapes its events', async () => {
    const coll = suite.fresh();
    const other = suite.fresh();
    const stream = await opened(coll.watch([{ $match: { 'fullDocument.kind': 'FCE' } }, { $project: { operationType: 1, 'fullDocument.kind': 1 } }]));
    await other.insertOne({ _id: 1, kind: 'FCE' });
    await coll.insertOne({ _id: 2, kind: 'FC' });
    await coll.insertOne({ _id: 3, kind: 'FCE', amount: 10 });
    const [event] = await take(stream, 1);
    expect(event).toEqual({ _id: expect.any(Object), operationType: 'insert', fullDocument: { kind: 'FCE' } });
    await stream.close();
  });

  it('refuses a pipeline that changes the resume token, and stages a change stream cannot run', async () => {
    const coll = suite.fresh();
    const reshaped = coll.watch([{ $project: { _id: 0 } }]);
    await reshaped.tryNext();
    await coll.insertOne({ _id: 1 });
    const fatal = await serverError(reshaped.next());
    expect(fatal.code).toBe(280);
    await reshaped.close();
    const grouped = await serverError(coll.watch([{ $group: { _id: null } }]).tryNext());
    expect(grouped.code).toBeGreaterThan(0);
    const unknown = await serverError(coll.watch([{ $noSuchStage: 1 }]).tryNext());
    expect(unknown.message).toContain("Unrecognized pipeline stage name: '$noSuchStage'");
    const late = await serverError(coll.aggregate([{ $match: {} }, { $changeStream: {} }]).toArray());
    expect(late.code).toBe(40602);
  });
});

describe('resuming', () => {
  it('resumeAfter a token answers the events after it; startAtOperationTime those from that time', async () => {
    const coll = suite.fresh();
    const stream = await opened(coll.watch());
    for (let i = 1; i <= 4; i++) await coll.insertOne({ _id: i });
    const events = await take(stream, 4);
    await stream.close();
    const resumed = coll.watch([], { resumeAfter: events[1]._id });
    expect((await take(resumed, 2)).map((event) => brief(event).documentKey)).toEqual([{ _id: 3 }, { _id: 4 }]);
    await resumed.close();
    const fromTime = coll.watch([], { startAtOperationTime: (events[2] as { clusterTime: Timestamp }).clusterTime });
    expect((await take(fromTime, 2)).map((event) => brief(event).documentKey)).toEqual([{ _id: 3 }, { _id: 4 }]);
    await fromTime.close();
  });

  it('a getMore waits up to maxAwaitTimeMS for a change, and answers the change that comes meanwhile', async () => {
    const coll = suite.fresh();
    const stream = await opened(coll.watch([], { maxAwaitTimeMS: 50 }));
    // Nothing comes: the wait ends empty (not an error), and the stream stays open.
    expect(await stream.tryNext()).toBeNull();
    const next = stream.next();
    await coll.insertOne({ _id: 'woken' });
    expect(brief(await next).documentKey).toEqual({ _id: 'woken' });
    await stream.close();
  });

  it('a token taken while nothing happened resumes at that point', async () => {
    const coll = suite.fresh();
    const stream = await opened(coll.watch());
    await suite.fresh().insertOne({ elsewhere: true });
    expect(await stream.tryNext()).toBeNull();
    const token = stream.resumeToken;
    expect(token).toEqual({ _data: expect.any(String) });
    await stream.close();
    await coll.insertOne({ _id: 'after' });
    const resumed = coll.watch([], { resumeAfter: token });
    expect(brief((await take(resumed, 1))[0]).documentKey).toEqual({ _id: 'after' });
    await resumed.close();
  });

  it('refuses a token it never gave', async () => {
    const coll = suite.fresh();
    const refusal = await serverError(coll.watch([], { resumeAfter: { _data: 'not-a-token' } }).tryNext());
    expect(refusal.code).toBe(embedded ? 260 : refusal.code);
  });
});

describe('drops', () => {
  it('a drop ends a collection stream with drop and invalidate; startAfter the invalidate continues', async () => {
    const coll = suite.fresh();
    await coll.insertOne({ _id: 1 });
    const stream = await opened(coll.watch());
    await coll.drop();
    const [drop, invalidate] = await take(stream, 2);
    expect(drop.operationType).toBe('drop');
    expect(invalidate.operationType).toBe('invalidate');
    expect(stream.closed).toBe(true);
    const refused = await serverError(coll.watch([], { resumeAfter: invalidate._id }).tryNext());
    expect(refused.code).toBe(260);
    const after = coll.watch([], { startAfter: invalidate._id });
    await coll.insertOne({ _id: 'again' });
    expect(brief((await take(after, 1))[0])).toMatchObject({ operationType: 'insert', documentKey: { _id: 'again' } });
    await after.close();
  });

  it('a rename ends a stream on the old name with rename (and its new name) and invalidate', async () => {
    const coll = suite.fresh();
    await coll.insertOne({ _id: 1 });
    const stream = await opened(coll.watch());
    const renamed = `${coll.collectionName}_renamed`;
    await coll.rename(renamed);
    const [rename, invalidate] = await take(stream, 2);
    expect(rename).toMatchObject({
      operationType: 'rename',
      ns: { db: suite.db.databaseName, coll: coll.collectionName },
      to: { db: suite.db.databaseName, coll: renamed },
    });
    expect(invalidate.operationType).toBe('invalidate');
    expect(stream.closed).toBe(true);
  });
});

describe('database and deployment streams', () => {
  it('a database stream sees every collection of its database and no other database', async () => {
    const a = suite.fresh();
    const b = suite.fresh();
    const otherDb = suite.client.db(`${suite.db.databaseName}_other`);
    const stream = await opened(suite.db.watch());
    await a.insertOne({ _id: 'a' });
    await otherDb.collection<Doc>('x').insertOne({ _id: 'elsewhere' });
    await b.insertOne({ _id: 'b' });
    const events = await take(stream, 2);
    expect(events.map((event) => [brief(event).ns.coll, brief(event).documentKey._id])).toEqual([
      [a.collectionName, 'a'],
      [b.collectionName, 'b'],
    ]);
    await stream.close();
    await otherDb.dropDatabase();
  });

  it('a deployment stream sees every database', async () => {
    const otherDb = suite.client.db(`${suite.db.databaseName}_more`);
    const stream = await opened(suite.client.watch());
    await suite.fresh().insertOne({ _id: 'here' });
    await otherDb.collection<Doc>('y').insertOne({ _id: 'there' });
    const ids = (await take(stream, 2)).map((event) => brief(event).documentKey._id);
    expect(ids).toEqual(['here', 'there']);
    await stream.close();
    await otherDb.dropDatabase();
  });

  it('dropDatabase ends a database stream with drop, dropDatabase and invalidate', async () => {
    const db = suite.client.db(`${suite.db.databaseName}_gone`);
    await db.collection<Doc>('c').insertOne({ _id: 1 });
    const stream = await opened(db.watch());
    await db.dropDatabase();
    expect((await take(stream, 3)).map((event) => event.operationType)).toEqual(['drop', 'dropDatabase', 'invalidate']);
  });
});

describe('transactions', () => {
  it('a committed transaction answers its statements in order with its session; an aborted one answers nothing', async () => {
    const coll = await suite.db.createCollection<Doc>(`cs_tx_${Date.now()}`);
    await coll.insertOne({ _id: 'x', n: 1 });
    const stream = await opened(coll.watch());
    const session = suite.client.startSession();
    try {
      session.startTransaction();
      await coll.insertOne({ _id: 'aborted' }, { session });
      await session.abortTransaction();
      await session.withTransaction(async () => {
        await coll.insertOne({ _id: 'y' }, { session });
        await coll.updateOne({ _id: 'x' }, { $inc: { n: 1 } }, { session });
        await coll.deleteOne({ _id: 'y' }, { session });
      });
    } finally {
      await session.endSession();
    }
    await coll.insertOne({ _id: 'z' });
    const events = await take(stream, 4);
    expect(events.map((event) => [event.operationType, brief(event).documentKey._id])).toEqual([
      ['insert', 'y'],
      ['update', 'x'],
      ['delete', 'y'],
      ['insert', 'z'],
    ]);
    const inTransaction = events.slice(0, 3) as Array<{ lsid?: Document; txnNumber?: unknown; clusterTime: Timestamp }>;
    for (const event of inTransaction) {
      expect(String((event.lsid as Document).id.toString('hex'))).toBe(session.id?.id.toString('hex'));
      expect(Number(event.txnNumber)).toBeGreaterThan(0);
    }
    expect(new Set(inTransaction.map((event) => event.clusterTime.toString())).size).toBe(1);
    expect((events[3] as { lsid?: unknown }).lsid).toBeUndefined();
    await stream.close();
  });
});

(embedded ? describe : describe.skip)('the change log of the embedded engine', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-cs-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('survives a restart: a stream resumes after it from a token given before it', async () => {
    const dir = dataDir();
    let engine = await startEngine({ dbpath: dir });
    let client = await MongoClient.connect(engine.uri);
    const coll = client.db('app').collection<Doc>('events');
    const stream = await opened(coll.watch());
    await coll.insertOne({ _id: 1 });
    const [first] = await take(stream, 1);
    await coll.insertOne({ _id: 2 });
    await client.close();
    await engine.stop();

    engine = await startEngine({ dbpath: dir });
    client = await MongoClient.connect(engine.uri);
    const again = client.db('app').collection<Doc>('events');
    await again.insertOne({ _id: 3 });
    const resumed = again.watch([], { resumeAfter: first._id });
    expect((await take(resumed, 2)).map((event) => brief(event).documentKey._id)).toEqual([2, 3]);
    await resumed.close();
    await client.close();
    await engine.stop();
  });

  it('keeps within its size bound: a token from before the oldest kept change answers ChangeStreamHistoryLost', async () => {
    const engine = await startEngine({ dbpath: dataDir(), oplogSizeMB: 1 });
    const client = await MongoClient.connect(engine.uri);
    try {
      const coll = client.db('app').collection<Doc>('big');
      const stream = await opened(coll.watch());
      await coll.insertOne({ _id: 'first' });
      const [first] = await take(stream, 1);
      await stream.close();
      const filler = 'x'.repeat(10_000);
      for (let batch = 0; batch < 3; batch++) {
        await coll.insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: `${batch}-${i}`, filler })));
      }
      await client.db('admin').command({ ping: 1 });
      const lost = await serverError(coll.watch([], { resumeAfter: first._id }).tryNext());
      expect(lost.code).toBe(286);
      // What was written last is still there to resume from.
      const recent = await opened(coll.watch());
      await coll.insertOne({ _id: 'last' });
      expect(brief((await take(recent, 1))[0]).documentKey._id).toBe('last');
      await recent.close();
    } finally {
      await client.close();
      await engine.stop();
    }
  });
});
