import { randomBytes } from 'node:crypto';
import { ObjectId, type Collection, type Document } from 'mongodb';
import { createContext, type RequestContext } from '../../src/domain/context';
import { UnauthenticatedError } from '../../src/domain/errors';
import { SecretBox } from '../../src/domain/secrets';
import { createLogger } from '../../src/logger';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';

/**
 * A request may start while its caller's API key is checked again (src/http/authenticate.middleware.ts): its context's store
 * lets reads through and holds every write until the check settles, failing them when the check refuses the caller.
 */
const opened = suiteDatabase('writes-after');
let store: Store;
beforeAll(() => {
  store = opened();
});

function check() {
  let confirm!: () => void;
  let refuse!: (error: unknown) => void;
  const verified = new Promise<void>((resolve, reject) => {
    confirm = resolve;
    refuse = reject;
  });
  return { verified, confirm, refuse };
}

function contextOn(verified?: Promise<void>): RequestContext {
  return createContext({
    requestId: 'writes-after',
    log: createLogger('silent'),
    store,
    principal: null,
    verified,
    now: () => new Date(),
    secrets: new SecretBox(randomBytes(32)),
    platform: { fceMinThresholdArs: 0 },
  });
}

/** Every write method of a collection, each writing one document marked `mark` (or changing the marked one). */
const WRITES: Array<[string, (collection: Collection<Document>, mark: string) => Promise<unknown>]> = [
  ['insertOne', (c, mark) => c.insertOne({ mark })],
  ['insertMany', (c, mark) => c.insertMany([{ mark }])],
  ['updateOne', (c, mark) => c.updateOne({ mark: 'seed' }, { $set: { touched: mark } })],
  ['updateMany', (c, mark) => c.updateMany({ mark: 'seed' }, { $set: { touched: mark } })],
  ['replaceOne', (c, mark) => c.replaceOne({ mark: 'replace-me' }, { mark }, { upsert: true })],
  ['findOneAndUpdate', (c, mark) => c.findOneAndUpdate({ mark: 'seed' }, { $set: { touched: mark } })],
  ['findOneAndReplace', (c, mark) => c.findOneAndReplace({ mark: 'replace-me' }, { mark }, { upsert: true })],
  ['bulkWrite', (c, mark) => c.bulkWrite([{ insertOne: { document: { mark } } }])],
  ['deleteOne', (c, mark) => c.deleteOne({ doomed: mark })],
  ['deleteMany', (c, mark) => c.deleteMany({ doomed: mark })],
  ['findOneAndDelete', (c, mark) => c.findOneAndDelete({ doomed: mark })],
];

/**
 * Whether the write marked `mark` happened: 1 once it has inserted, changed or deleted its document, 0 before.
 * Each test first stores a document `{doomed: mark}` for the deletes.
 */
async function effect(mark: string): Promise<number> {
  const suppliers = store.collection('suppliers');
  const [inserted, changed, spared] = await Promise.all([
    suppliers.countDocuments({ mark }),
    suppliers.countDocuments({ touched: mark }),
    suppliers.countDocuments({ doomed: mark }),
  ]);
  return inserted + changed + (1 - spared);
}

beforeEach(async () => {
  await store.collection('suppliers').deleteMany({});
  await store.collection('suppliers').insertOne({ mark: 'seed' });
});

it.each(WRITES)('%s waits for the check, then writes', async (_name, write) => {
  const mark = new ObjectId().toHexString();
  await store.collection('suppliers').insertOne({ doomed: mark });
  const { verified, confirm } = check();
  const context = contextOn(verified);
  let done = false;
  const writing = write(context.store.collection('suppliers'), mark).then(() => {
    done = true;
  });
  // Round trips to the database later, the write has not been sent.
  expect(await effect(mark)).toBe(0);
  expect(done).toBe(false);
  confirm();
  await writing;
  expect(await effect(mark)).toBe(1);
});

it.each(WRITES)('%s fails with the reason of a check that refuses the caller, and writes nothing', async (_name, write) => {
  const mark = new ObjectId().toHexString();
  await store.collection('suppliers').insertOne({ doomed: mark });
  const { verified, refuse } = check();
  const context = contextOn(verified);
  const writing = write(context.store.collection('suppliers'), mark);
  refuse(new UnauthenticatedError('unknown or revoked API key'));
  await expect(writing).rejects.toThrow('unknown or revoked API key');
  expect(await effect(mark)).toBe(0);
});

it('reads go ahead while the check runs', async () => {
  const { verified, confirm } = check();
  const context = contextOn(verified);
  const suppliers = context.store.collection('suppliers');
  expect(await suppliers.findOne({ mark: 'seed' })).toMatchObject({ mark: 'seed' });
  expect(await suppliers.countDocuments({})).toBe(1);
  expect(await suppliers.aggregate([{ $match: { mark: 'seed' } }, { $count: 'n' }]).toArray()).toEqual([{ n: 1 }]);
  confirm();
});

it('a transaction waits for the check, and fails with its refusal without running', async () => {
  const held = check();
  const context = contextOn(held.verified);
  let ran = 0;
  const committed = context.store.transaction(async (session) => {
    ran++;
    await store.collection('suppliers').insertOne({ mark: 'in a transaction' }, { session });
  });
  expect(await store.collection('suppliers').countDocuments({ mark: 'in a transaction' })).toBe(0);
  expect(ran).toBe(0);
  held.confirm();
  await committed;
  expect(ran).toBe(1);
  expect(await store.collection('suppliers').countDocuments({ mark: 'in a transaction' })).toBe(1);

  const refused = check();
  const other = contextOn(refused.verified);
  const attempt = other.store.transaction(async (session) => {
    ran++;
    await store.collection('suppliers').insertOne({ mark: 'refused' }, { session });
  });
  refused.refuse(new UnauthenticatedError('unknown or revoked API key'));
  await expect(attempt).rejects.toThrow('unknown or revoked API key');
  expect(ran).toBe(1);
  expect(await store.collection('suppliers').countDocuments({ mark: 'refused' })).toBe(0);
});

it('a context made after its caller was checked writes on the store itself', async () => {
  const context = contextOn();
  expect(context.store).toBe(store);
  await expect(context.verified).resolves.toBeUndefined();
});
