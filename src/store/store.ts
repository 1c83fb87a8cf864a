import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { ClientSession, Collection, Db, Document, MongoClient } from 'mongodb';
import type { CollectionName } from './catalog';

const DUPLICATE_KEY_ATTEMPTS = 5;

/** MongoDB's duplicate key error (E11000), from a single write or a bulk write. */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
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
    return this.db.collection<T>(name);
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
  async transaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.runTransaction(fn);
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt >= DUPLICATE_KEY_ATTEMPTS) throw error;
      }
    }
  }

  private async runTransaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
    const session = this.client.startSession();
    try {
      let result!: T;
      await session.withTransaction(async () => {
        result = await fn(session);
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
