import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { ClientSession, Collection, Db, Document, MongoClient } from 'mongodb';
import type { CollectionName } from './catalog';

export interface CommandTally {
  commands: number;
}

/**
 * The application's handle on MongoDB: named collections, transactions, and a tally of the commands each unit of
 * work (an HTTP request) sends, from the driver's command monitoring.
 */
export class Store {
  private readonly tallies = new AsyncLocalStorage<CommandTally>();
  readonly events = new EventEmitter();

  constructor(
    readonly client: MongoClient,
    readonly db: Db,
  ) {
    client.on('commandStarted', () => {
      const tally = this.tallies.getStore();
      if (tally) tally.commands++;
    });
  }

  /** The application's database on a connection: the one named in MONGODB_URI's path, else `gateway`. */
  static on(client: MongoClient): Store {
    const name = client.options.dbName;
    return new Store(client, client.db(name && name !== 'test' ? name : 'gateway'));
  }

  collection<T extends Document>(name: CollectionName): Collection<T> {
    return this.db.collection<T>(name);
  }

  /** Runs `fn` counting the MongoDB commands it causes (the client must be created with monitorCommands). */
  async tally<T>(fn: () => Promise<T>): Promise<{ result: T; commands: number }> {
    const tally: CommandTally = { commands: 0 };
    const result = await this.tallies.run(tally, fn);
    return { result, commands: tally.commands };
  }

  /** One multi-document transaction; retried by the driver on transient errors. */
  async transaction<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
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
