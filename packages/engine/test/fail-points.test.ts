import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { type EngineHandle, startEngine } from '../src';
import { serverError, type Doc } from './helpers';

/**
 * The failCommand fail point, with test commands enabled (as mongod's `enableTestCommands`): what the driver's own
 * tests set up to check retries and resumption, checked here through the driver. Without the option the command
 * does not exist. Engine only: a MongoDB server offers it only when started for tests.
 */
const describeEngine = process.env.MONGODB_URI ? describe.skip : describe;

describeEngine('the failCommand fail point', () => {
  let engine: EngineHandle;
  let plain: EngineHandle;
  let client: MongoClient;
  const dirs: string[] = [];
  const dir = () => {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-failpoints-'));
    dirs.push(made);
    return made;
  };

  beforeAll(async () => {
    engine = await startEngine({ dbpath: dir(), testCommands: true });
    plain = await startEngine({ dbpath: dir() });
    client = await MongoClient.connect(engine.uri, { appName: 'fail-points-suite' });
  });
  afterAll(async () => {
    await client.close();
    await engine.stop();
    await plain.stop();
    for (const made of dirs) fs.rmSync(made, { recursive: true, force: true });
  });
  afterEach(async () => {
    await client.db('admin').command({ configureFailPoint: 'failCommand', mode: 'off' });
  });

  const failOnce = (data: Doc) => client.db('admin').command({ configureFailPoint: 'failCommand', mode: { times: 1 }, data });

  it('does not exist without test commands', async () => {
    const other = await MongoClient.connect(plain.uri);
    try {
      const refusal = await serverError(other.db('admin').command({ configureFailPoint: 'failCommand', mode: 'alwaysOn', data: {} }));
      expect(refusal.code).toBe(59);
    } finally {
      await other.close();
    }
  });

  it('fails the named command once with the error asked for, labelled so the driver retries the write once', async () => {
    const coll = client.db('fp').collection<Doc>('writes');
    await failOnce({ failCommands: ['insert'], errorCode: 91 });
    await coll.insertOne({ _id: 'once' });
    expect(await coll.countDocuments({ _id: 'once' })).toBe(1);
    // Without retryable writes, the error reaches the caller with its code, and nothing was written.
    const noRetry = new MongoClient(engine.uri, { retryWrites: false });
    try {
      await failOnce({ failCommands: ['insert'], errorCode: 91 });
      const failed = await serverError(noRetry.db('fp').collection<Doc>('writes').insertOne({ _id: 'never' }));
      expect(failed.code).toBe(91);
      expect(await coll.countDocuments({ _id: 'never' })).toBe(0);
    } finally {
      await noRetry.close();
    }
  });

  it('maxTimeAlwaysTimeOut fails what sets maxTimeMS, and nothing else', async () => {
    const coll = client.db('fp').collection<Doc>('timed');
    await coll.insertOne({ _id: 1 });
    await client.db('admin').command({ configureFailPoint: 'maxTimeAlwaysTimeOut', mode: 'alwaysOn' });
    try {
      const expired = await serverError(coll.find({}).maxTimeMS(10_000).toArray());
      expect(expired.code).toBe(50);
      expect(await coll.find({}).toArray()).toEqual([{ _id: 1 }]);
    } finally {
      await client.db('admin').command({ configureFailPoint: 'maxTimeAlwaysTimeOut', mode: 'off' });
    }
  });

  it('closes the connection of a read, which the driver retries on another', async () => {
    const coll = client.db('fp').collection<Doc>('reads');
    await coll.insertOne({ _id: 1 });
    await failOnce({ failCommands: ['find'], closeConnection: true });
    expect(await coll.find({}).toArray()).toEqual([{ _id: 1 }]);
  });

  it('a change stream whose getMore fails with a resumable error resumes, and misses and repeats nothing', async () => {
    const coll = client.db('fp').collection<Doc>('watched');
    const stream = coll.watch();
    await stream.tryNext();
    await coll.insertOne({ _id: 1 });
    expect((await stream.next()).operationType).toBe('insert');
    await failOnce({ failCommands: ['getMore'], errorCode: 6 });
    await coll.insertOne({ _id: 2 });
    const next = await stream.next();
    expect(next).toMatchObject({ operationType: 'insert', documentKey: { _id: 2 } });
    await coll.insertOne({ _id: 3 });
    expect(await stream.next()).toMatchObject({ documentKey: { _id: 3 } });
    // The same through the fail point that fails getMore alone (the driver's tests use it on servers other than 4.2).
    // Its data takes no message: the driver sees mongod's own, whatever the test asks.
    await client.db('admin').command({
      configureFailPoint: 'failGetMoreAfterCursorCheckout',
      mode: { times: 1 },
      data: { errorCode: 6, errmsg: 'not this one' },
    });
    await coll.insertOne({ _id: 4 });
    expect(await stream.next()).toMatchObject({ documentKey: { _id: 4 } });
    await stream.close();
  });
});
