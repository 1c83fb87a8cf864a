import { MongoServerError, type ClientSession, type Collection, type Document, type Filter } from 'mongodb';
import { suiteStore } from './support/store';
import { serverError, sleep, type Doc } from './helpers';

const store = suiteStore('transactions');
let seq = 0;

function byId(id: unknown): Filter<Doc> {
  return { _id: id };
}

/** Two collections that exist before any transaction touches them (real MongoDB prefers that). */
async function pair(...seedA: Document[]): Promise<[Collection<Doc>, Collection<Doc>]> {
  const n = seq++;
  const a = await store.db.createCollection<Doc>(`tx_a_${n}`);
  const b = await store.db.createCollection<Doc>(`tx_b_${n}`);
  if (seedA.length) await a.insertMany(seedA);
  return [a, b];
}

async function withSession<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
  const session = store.client.startSession();
  try {
    return await fn(session);
  } finally {
    await session.endSession();
  }
}

describe('commit and abort', () => {
  it('withTransaction commits writes across two collections', async () => {
    const [accounts, ledger] = await pair({ _id: 'a', balance: 500 }, { _id: 'b', balance: 0 });
    await withSession((session) =>
      session.withTransaction(async () => {
        await accounts.updateOne(byId('a'), { $inc: { balance: -100 } }, { session });
        await accounts.updateOne(byId('b'), { $inc: { balance: 100 } }, { session });
        await ledger.insertOne({ _id: 'l1', from: 'a', to: 'b', amount: 100 }, { session });
      }),
    );
    expect(await accounts.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', balance: 400 },
      { _id: 'b', balance: 100 },
    ]);
    expect(await ledger.find({}).toArray()).toEqual([{ _id: 'l1', from: 'a', to: 'b', amount: 100 }]);
  });

  it('a callback that throws leaves nothing behind and the error propagates', async () => {
    const [accounts, ledger] = await pair({ _id: 'a', balance: 500 });
    const boom = new Error('boom: business rule violated');
    await expect(
      withSession((session) =>
        session.withTransaction(async () => {
          await accounts.updateOne(byId('a'), { $inc: { balance: -100 } }, { session });
          await ledger.insertOne({ _id: 'l1', amount: 100 }, { session });
          await accounts.insertOne({ _id: 'new' }, { session });
          throw boom;
        }),
      ),
    ).rejects.toBe(boom);
    expect(await accounts.find({}).toArray()).toEqual([{ _id: 'a', balance: 500 }]);
    expect(await ledger.countDocuments()).toBe(0);
  });

  it('startTransaction then abortTransaction discards every write', async () => {
    const [a, b] = await pair({ _id: 1, v: 'original' });
    await withSession(async (session) => {
      session.startTransaction();
      await a.updateOne(byId(1), { $set: { v: 'changed' } }, { session });
      await a.insertOne({ _id: 2 }, { session });
      await a.deleteOne(byId(1), { session });
      await b.insertOne({ _id: 'x' }, { session });
      await session.abortTransaction();
    });
    expect(await a.find({}).toArray()).toEqual([{ _id: 1, v: 'original' }]);
    expect(await b.countDocuments()).toBe(0);
  });

  it('a collection first written inside an aborted transaction does not survive; one committed does', async () => {
    const n = seq++;
    await withSession(async (session) => {
      session.startTransaction();
      await store.db.collection<Doc>(`tx_new_${n}`).insertOne({ _id: 1 }, { session });
      expect(await store.db.collection<Doc>(`tx_new_${n}`).findOne({ _id: 1 }, { session })).toEqual({ _id: 1 });
      await session.abortTransaction();
    });
    const names = async () => (await store.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(await names()).not.toContain(`tx_new_${n}`);
    await withSession((session) => session.withTransaction(() => store.db.collection<Doc>(`tx_kept_${n}`).insertOne({ _id: 2 }, { session })));
    expect(await names()).toContain(`tx_kept_${n}`);
    expect(await store.db.collection<Doc>(`tx_kept_${n}`).find({}).toArray()).toEqual([{ _id: 2 }]);
  });

  it('startTransaction then commitTransaction applies updates, inserts and deletes together', async () => {
    const [a] = await pair({ _id: 1, v: 1 }, { _id: 2, v: 2 });
    await withSession(async (session) => {
      session.startTransaction();
      await a.updateOne(byId(1), { $set: { v: 10 } }, { session });
      await a.deleteOne(byId(2), { session });
      await a.insertOne({ _id: 3, v: 3 }, { session });
      await session.commitTransaction();
    });
    expect(await a.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, v: 10 },
      { _id: 3, v: 3 },
    ]);
  });
});

describe('isolation', () => {
  it('reads inside a transaction see its own uncommitted writes; reads outside do not', async () => {
    const [coll] = await pair({ _id: 1, k: 'x', v: 1 });
    await withSession(async (session) => {
      session.startTransaction();
      await coll.insertOne({ _id: 2, k: 'x', v: 2 }, { session });
      await coll.updateOne(byId(1), { $set: { v: 100 } }, { session });

      // Inside.
      expect(await coll.find({ k: 'x' }, { session }).sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, k: 'x', v: 100 },
        { _id: 2, k: 'x', v: 2 },
      ]);
      expect(await coll.findOne(byId(2), { session })).toEqual({ _id: 2, k: 'x', v: 2 });
      expect(await coll.countDocuments({ k: 'x' }, { session })).toBe(2);
      expect(await coll.aggregate([{ $group: { _id: null, total: { $sum: '$v' } } }], { session }).toArray()).toEqual([{ _id: null, total: 102 }]);

      // Outside.
      expect(await coll.find({ k: 'x' }).toArray()).toEqual([{ _id: 1, k: 'x', v: 1 }]);
      expect(await coll.findOne(byId(2))).toBeNull();
      expect(await coll.countDocuments({ k: 'x' })).toBe(1);
      expect(await coll.aggregate([{ $group: { _id: null, total: { $sum: '$v' } } }]).toArray()).toEqual([{ _id: null, total: 1 }]);

      await session.commitTransaction();
    });
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, k: 'x', v: 100 },
      { _id: 2, k: 'x', v: 2 },
    ]);
  });

  it('a snapshot transaction does not see a write committed by others after its snapshot was taken', async () => {
    const [coll] = await pair({ _id: 1, v: 1 });
    await withSession(async (session) => {
      session.startTransaction({ readConcern: { level: 'snapshot' } });
      expect(await coll.findOne(byId(1), { session })).toEqual({ _id: 1, v: 1 });
      await coll.updateOne(byId(1), { $set: { v: 2 } }); // outside, auto-committed
      await coll.insertOne({ _id: 2, v: 1 }); // outside, auto-committed
      expect(await coll.findOne(byId(1), { session })).toEqual({ _id: 1, v: 1 });
      expect(await coll.countDocuments({}, { session })).toBe(1);
      await session.commitTransaction();
    });
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, v: 2 },
      { _id: 2, v: 1 },
    ]);
  });
});

describe('write conflicts', () => {
  it('the second of two transactions writing the same document gets WriteConflict (112), TransientTransactionError', async () => {
    const [coll] = await pair({ _id: 'c', n: 0 });
    const a = store.client.startSession();
    const b = store.client.startSession();
    try {
      a.startTransaction();
      b.startTransaction();
      await coll.updateOne(byId('c'), { $inc: { n: 1 } }, { session: a });
      const err = await serverError(coll.updateOne(byId('c'), { $inc: { n: 10 } }, { session: b }));
      expect(err.code).toBe(112);
      expect(err.codeName).toBe('WriteConflict');
      expect(err.hasErrorLabel('TransientTransactionError')).toBe(true);
      await b.abortTransaction();
      await a.commitTransaction();
    } finally {
      await a.endSession();
      await b.endSession();
    }
    expect(await coll.findOne(byId('c'))).toEqual({ _id: 'c', n: 1 });
  });

  it('two concurrent withTransaction $inc of one counter both commit (the loser retries)', async () => {
    const [counters] = await pair({ _id: 'c', n: 0 });
    const bump = () =>
      withSession((session) =>
        session.withTransaction(async () => {
          await counters.findOne(byId('c'), { session });
          await sleep(30);
          await counters.updateOne(byId('c'), { $inc: { n: 1 } }, { session });
          await sleep(30);
        }),
      );
    await Promise.all([bump(), bump()]);
    expect(await counters.findOne(byId('c'))).toEqual({ _id: 'c', n: 1 + 1 });
  });

  it('concurrent read-modify-write snapshot transactions do not lose an update', async () => {
    const [counters] = await pair({ _id: 'c', n: 0 });
    // Each reads n, waits, writes n + 1: a transaction whose snapshot predates another's commit must conflict.
    const bump = () =>
      withSession((session) =>
        session.withTransaction(
          async () => {
            const doc = await counters.findOne(byId('c'), { session });
            await sleep(30);
            await counters.updateOne(byId('c'), { $set: { n: (doc!.n as number) + 1 } }, { session });
            await sleep(30);
          },
          { readConcern: { level: 'snapshot' } },
        ),
      );
    await Promise.all([bump(), bump(), bump()]);
    expect(await counters.findOne(byId('c'))).toEqual({ _id: 'c', n: 3 });
  });
});

describe('errors inside a transaction', () => {
  it('a unique index violation fails with 11000 and the transaction aborts cleanly', async () => {
    const [users, audit] = await pair({ _id: 1, email: 'a@x' });
    await users.createIndex({ email: 1 }, { unique: true });
    await withSession(async (session) => {
      session.startTransaction();
      await audit.insertOne({ _id: 'before-dup' }, { session });
      await users.insertOne({ _id: 2, email: 'b@x' }, { session });
      const err = await serverError(users.insertOne({ _id: 3, email: 'a@x' }, { session }));
      expect(err).toBeInstanceOf(MongoServerError);
      expect(err.code).toBe(11000);
      await session.abortTransaction();

      // The session is usable for a fresh transaction afterwards.
      await session.withTransaction(async () => {
        await users.insertOne({ _id: 4, email: 'd@x' }, { session });
      });
    });
    expect(await users.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, email: 'a@x' },
      { _id: 4, email: 'd@x' },
    ]);
    expect(await audit.countDocuments()).toBe(0);
  });
});

describe('many writes in one transaction', () => {
  it('unique keys follow the pending writes: a key freed by an update is free, a key taken by one is taken, also after a delete', async () => {
    const [users] = await pair({ _id: 1, email: 'a@x' }, { _id: 2, email: 'b@x' });
    await users.createIndex({ email: 1 }, { unique: true });
    await withSession(async (session) => {
      session.startTransaction();
      await users.insertOne({ _id: 3, email: 'c@x' }, { session });
      expect((await serverError(users.insertOne({ _id: 4, email: 'c@x' }, { session }))).code).toBe(11000);
      await session.abortTransaction();
      session.startTransaction();
      await users.updateOne(byId(1), { $set: { email: 'z@x' } }, { session });
      // a@x was freed by the pending update; z@x is now held by _id 1.
      await users.insertOne({ _id: 5, email: 'a@x' }, { session });
      expect((await serverError(users.updateOne(byId(2), { $set: { email: 'z@x' } }, { session }))).code).toBe(11000);
      await session.abortTransaction();
    });
    await withSession(async (session) => {
      await session.withTransaction(async () => {
        await users.insertOne({ _id: 6, email: 'f@x' }, { session });
        await users.deleteOne(byId(6), { session });
        await users.insertOne({ _id: 7, email: 'f@x' }, { session });
        await users.updateOne(byId(7), { $set: { email: 'g@x' } }, { session });
        await users.insertOne({ _id: 8, email: 'f@x' }, { session });
      });
    });
    expect(
      await users
        .find({ _id: { $gte: 6 } })
        .sort({ _id: 1 })
        .toArray(),
    ).toEqual([
      { _id: 7, email: 'g@x' },
      { _id: 8, email: 'f@x' },
    ]);
  });

  it('index scans inside a transaction find pending documents whose keys moved into range, not those that moved out', async () => {
    const [items] = await pair(...Array.from({ length: 50 }, (_, i) => ({ _id: i, group: i % 2 ? 'odd' : 'even', n: i })));
    await items.createIndex({ group: 1, n: 1 });
    await withSession((session) =>
      session.withTransaction(async () => {
        // Many writes that leave the index keys as they were, then a few that move documents between groups.
        for (let i = 0; i < 50; i++) await items.updateOne(byId(i), { $set: { touched: true } }, { session });
        await items.updateOne(byId(1), { $set: { group: 'even' } }, { session });
        await items.updateOne(byId(2), { $set: { group: 'odd' } }, { session });
        await items.insertOne({ _id: 100, group: 'even', n: 100 }, { session });
        const even = await items
          .find({ group: 'even' }, { session, projection: { _id: 1 } })
          .sort({ n: 1 })
          .toArray();
        expect(even.map((doc) => doc._id)).toEqual([0, 1, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 100]);
        expect(await items.countDocuments({ group: 'odd', touched: true }, { session })).toBe(25);
        expect(await items.countDocuments({ group: 'odd', n: { $lt: 3 } }, { session })).toBe(1);
        expect(await items.countDocuments({}, { session })).toBe(51);
      }),
    );
  });
});
