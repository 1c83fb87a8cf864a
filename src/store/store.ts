import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { ClientSession, Collection, Db, Document, MongoClient } from 'mongodb';
import type { CollectionName } from './catalog';
import { conditionRestarts, keepsRevisions, revisioned } from './revisions';

const DUPLICATE_KEY_ATTEMPTS = 5;

/** MongoDB's duplicate key error (E11000), from a single write or a bulk write. */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}

/** A transaction that lost a write conflict (or another transient failure) and may run again. */
export function isTransientTransactionError(error: unknown): boolean {
  const labelled = error as { hasErrorLabel?: (label: string) => boolean; errorLabels?: string[] } | null;
  return Boolean(labelled?.hasErrorLabel?.('TransientTransactionError') || labelled?.errorLabels?.includes('TransientTransactionError'));
}

/**
 * How long a transaction that lost a write conflict waits before its next run: exponential with full jitter
 * (at most 2^attempt ms, capped at 200 ms), so many writers of one hot document (a stock level, a numbering
 * counter) spread out instead of retrying in lock-step and losing again.
 */
function conflictBackoff(attempt: number): Promise<void> {
  const cap = Math.min(200, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * cap));
}

/** The driver's collection methods that write. */
const WRITES = new Set<PropertyKey>([
  'insertOne',
  'insertMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'bulkWrite',
  'createIndex',
  'createIndexes',
  'dropIndex',
  'dropIndexes',
  'drop',
  'rename',
]);

/** The collection with its writes held until `ready` settles (and failing with its error); reads untouched. */
function writesWaitFor<T extends Document>(collection: Collection<T>, ready: Promise<void>): Collection<T> {
  return new Proxy(collection, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (!WRITES.has(property) || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await ready;
        return value.apply(target, args);
      };
    },
  });
}

export interface CommandTally {
  commands: number;
}

/**
 * One tally context and one listener per client, however many Stores share it. The driver sends every command of
 * an operation (getMores, every batch of a bulk write, a transaction's commit) by checking a connection out of its
 * pool for it, and announces each check-out with a small event, on the caller's async path. Counting those is
 * counting commands. Command monitoring would say the same but costs far more: it copies each command and decodes
 * each reply a second time to build its events (the application's own reads decode lazily).
 * Only load-balanced deployments pin a session's connection and skip the check-out; this application runs against
 * a replica set or its embedded engine.
 */
const talliesOfClient = new WeakMap<MongoClient, AsyncLocalStorage<CommandTally>>();
const queuesOfClient = new WeakMap<MongoClient, Map<string, Promise<void>>>();
const backgroundOfClient = new WeakMap<MongoClient, Set<Promise<void>>>();

function talliesOf(client: MongoClient): AsyncLocalStorage<CommandTally> {
  let tallies = talliesOfClient.get(client);
  if (!tallies) {
    const storage = new AsyncLocalStorage<CommandTally>();
    client.on('connectionCheckOutStarted', () => {
      const tally = storage.getStore();
      if (tally) tally.commands++;
    });
    talliesOfClient.set(client, storage);
    tallies = storage;
  }
  return tallies;
}

/**
 * The application's handle on MongoDB: named collections, transactions, and a tally of the commands each unit of
 * work (an HTTP request) sends.
 */
export class Store {
  private readonly tallies: AsyncLocalStorage<CommandTally>;
  readonly events = new EventEmitter();

  constructor(
    readonly client: MongoClient,
    readonly db: Db,
  ) {
    this.tallies = talliesOf(client);
  }

  /** The application's database on a connection: the one named in MONGODB_URI's path, else `gateway`. */
  static on(client: MongoClient): Store {
    const name = client.options.dbName;
    return new Store(client, client.db(name && name !== 'test' ? name : 'gateway'));
  }

  collection<T extends Document>(name: CollectionName): Collection<T> {
    const collection = this.db.collection<T>(name);
    return keepsRevisions(name) ? revisioned(collection) : collection;
  }

  /**
   * This store for work that may read before `ready` settles but not write: the write methods of its collections and
   * its transactions wait for `ready` and fail with its error. A request whose caller is still being authenticated
   * runs on it (src/http/authenticate.middleware.ts). Writes through `db` directly are not covered: in request paths they only
   * happen inside a transaction.
   */
  writesAfter(ready: Promise<void>): Store {
    const gated = Object.create(this) as Store;
    gated.collection = <T extends Document>(name: CollectionName) => writesWaitFor(this.collection<T>(name), ready);
    gated.transaction = async <T>(fn: (session: ClientSession) => Promise<T>, options?: { queue?: string }) => {
      await ready;
      return this.transaction(fn, options);
    };
    return gated;
  }

  /** Runs `fn` counting the MongoDB commands it causes. */
  async tally<T>(fn: () => Promise<T>): Promise<{ result: T; commands: number }> {
    const tally: CommandTally = { commands: 0 };
    const result = await this.tallies.run(tally, fn);
    return { result, commands: tally.commands };
  }

  /**
   * One multi-document transaction; retried by the driver on transient errors (write conflicts), and by us when it
   * fails on a duplicate key nobody handled: two transactions that each created the same document (e.g. the first
   * counter of a sequence) collide on its unique index, and a run on a fresh snapshot then finds the winner's
   * document. A real duplicate fails every run and is thrown after the last one.
   */
  async transaction<T>(fn: (session: ClientSession) => Promise<T>, options: { queue?: string } = {}): Promise<T> {
    if (options.queue) return this.queued(options.queue, () => this.transaction(fn));
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTransaction(fn);
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= DUPLICATE_KEY_ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Runs `run` after every earlier run queued under `key` in this process has settled. Transactions that all write
   * one hot document (the numbering counter of a sale point) would otherwise abort each other in a storm of write
   * conflicts; queued, they commit one after another. Other processes still meet only the transactions' own checks.
   */
  queued<T>(key: string, run: () => Promise<T>): Promise<T> {
    const queues = queuesOfClient.get(this.client) ?? new Map<string, Promise<void>>();
    queuesOfClient.set(this.client, queues);
    const next = (queues.get(key) ?? Promise.resolve()).then(run);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return next;
  }

  /**
   * Work that outlives the request that started it (the days an import leaves to recount). Its failure is handed to
   * `onError`, never left unhandled; `idle()` waits for it, so that stopping does not close the client under it.
   */
  inBackground(work: () => Promise<void>, onError: (error: unknown) => void): void {
    const running = backgroundOfClient.get(this.client) ?? new Set<Promise<void>>();
    backgroundOfClient.set(this.client, running);
    const done: Promise<void> = work()
      .catch(onError)
      .finally(() => running.delete(done));
    running.add(done);
  }

  /** Resolves once no background work of this client is running. */
  async idle(): Promise<void> {
    const running = backgroundOfClient.get(this.client);
    while (running?.size) await Promise.allSettled([...running]);
  }

  private async runTransaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      let result!: T;
      let attempt = 0;
      await session.withTransaction(async () => {
        try {
          conditionRestarts();
          result = await fn(session);
        } catch (error) {
          // The driver runs the transaction again on a transient error; waiting first is ours.
          if (isTransientTransactionError(error)) await conflictBackoff(++attempt);
          throw error;
        }
      });
      return result;
    } finally {
      await session.endSession();
    }
  }

  async ping(): Promise<boolean> {
    try {
      await this.db.command({ ping: 1 });
      return true;
    } catch {
      return false;
    }
  }
}
