import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { servingEngine, startEngine } from '@ar-admin/engine';

export type StoreKind = 'uri' | 'mongod' | 'embedded';

export interface StoreConnection {
  client: MongoClient;
  uri: string;
  kind: StoreKind;
  /** Closes the client and stops any server this process started. */
  close(): Promise<void>;
}

export interface StoreOptions {
  mongodbUri?: string;
  dataDir: string;
  log?: (message: string) => void;
  /**
   * The driver's command monitoring (`commandStarted` and the other events, for tests that read the commands
   * themselves). Off by default: it copies every command and decodes every reply a second time.
   */
  monitorCommands?: boolean;
}

function mongodOnPath(): string | undefined {
  if (process.env.MONGOMS_SYSTEM_BINARY) return process.env.MONGOMS_SYSTEM_BINARY;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'mongod');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/**
 * The MongoDB the application talks to: MONGODB_URI when set; otherwise a real mongod (a one-member replica set,
 * so transactions work) when one is installed; otherwise the embedded engine on the data directory.
 */
export async function connectStore(options: StoreOptions): Promise<StoreConnection> {
  const log = options.log ?? (() => undefined);
  const clientOptions = { monitorCommands: options.monitorCommands ?? false };
  if (options.mongodbUri) {
    const client = await MongoClient.connect(options.mongodbUri, clientOptions);
    log('store: MongoDB at MONGODB_URI');
    return { client, uri: options.mongodbUri, kind: 'uri', close: () => client.close() };
  }

  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const mongod = mongodOnPath();
  if (mongod) {
    const { MongoMemoryReplSet } = await import('mongodb-memory-server-core');
    const dbPath = path.join(dataDir, 'mongod');
    fs.mkdirSync(dbPath, { recursive: true });
    const replSet = await MongoMemoryReplSet.create({
      binary: { systemBinary: mongod },
      replSet: { count: 1, storageEngine: 'wiredTiger' },
      instanceOpts: [{ dbPath }],
    });
    const uri = replSet.getUri();
    const client = await MongoClient.connect(uri, clientOptions);
    log(`store: local mongod ${mongod} (replica set, data in ${dbPath})`);
    return {
      client,
      uri,
      kind: 'mongod',
      close: async () => {
        await client.close();
        await replSet.stop({ doCleanup: false });
      },
    };
  }

  // An engine already serving this data directory (the gateway's, when the admin CLI runs beside it) is joined.
  const running = servingEngine(dataDir);
  if (running) {
    const client = await MongoClient.connect(running, clientOptions);
    log(`store: embedded engine already serving ${dataDir} at ${running}`);
    return { client, uri: running, kind: 'embedded', close: () => client.close() };
  }
  const engine = await startEngine({ dbpath: dataDir });
  const client = await MongoClient.connect(engine.uri, clientOptions);
  log(`store: embedded engine at ${engine.uri} (data in ${dataDir})`);
  return {
    client,
    uri: engine.uri,
    kind: 'embedded',
    close: async () => {
      await client.close();
      await engine.stop();
    },
  };
}
