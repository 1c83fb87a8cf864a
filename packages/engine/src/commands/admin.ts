import fs from 'node:fs';
import path from 'node:path';
import { ObjectId, type Document } from 'bson';
import {
  badValue,
  DuplicateKeyError,
  EngineError,
  indexKeySpecsConflict,
  indexNotFound,
  indexOptionsConflict,
  invalidOptions,
  namespaceNotFound,
  notImplemented,
} from '../errors';
import { ID_INDEX_NAME, normalizeIndexSpec, sameIndex } from '../index-spec';
import { compileFilter } from '../matcher';
import { indexSpecs } from '../storage/contract';
import { keyOf } from '../values';
import { MAX_MESSAGE_SIZE } from '../wire';
import { collectionName, type CommandContext, type Handler } from './context';
import { databaseSizes } from './stats';
import { VALIDATION_OPTIONS, validationOptions } from './validation';
import { isView, viewOptions } from './views';

export const REPLICA_SET_NAME = 'embedded';
const ELECTION_ID = new ObjectId('7fffffff0000000000000001');

/** The server describes itself as a one-member replica set primary: the driver only allows transactions there. */
export function helloReply(context: CommandContext, legacy: boolean): Document {
  const me = `${context.address.host}:${context.address.port}`;
  return {
    helloOk: true,
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    secondary: false,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: context.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    setName: REPLICA_SET_NAME,
    setVersion: 1,
    hosts: [me],
    primary: me,
    me,
    electionId: ELECTION_ID,
    ok: 1,
  };
}

export const buildInfo: Handler = () => ({
  version: '7.0.0',
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  maxBsonObjectSize: 16 * 1024 * 1024,
  storageEngines: ['embedded'],
  ok: 1,
});

export const listDatabases: Handler = (command, context) => {
  if (command.nameOnly) return { databases: context.store.databaseNames().map((name) => ({ name })), ok: 1 };
  const databases = databaseSizes(context);
  const totalSize = databases.reduce((sum, db) => sum + db.sizeOnDisk, 0);
  return { databases, totalSize, totalSizeMb: Math.round(totalSize / 1048576), ok: 1 };
};

export const dropDatabase: Handler = async (_command, context) => {
  if (context.store.dropDatabase(context.db)) await context.store.durable();
  return { dropped: context.db, ok: 1 };
};

const SUPPORTED_CREATE_OPTIONS = new Set([
  'create',
  '$db',
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  'writeConcern',
  '$clusterTime',
  '$readPreference',
  'comment',
]);

const CREATE_OPTIONS = new Set<string>(['viewOn', 'pipeline', ...VALIDATION_OPTIONS]);

/** `collMod` of a collection's validation options; other changes (indexes, views, …) are NotImplemented. */
export const collMod: Handler = async (command, context) => {
  const name = collectionName(command, 'collMod');
  const unsupported = Object.keys(command).filter(
    (key) => key !== 'collMod' && !SUPPORTED_CREATE_OPTIONS.has(key) && !(VALIDATION_OPTIONS as readonly string[]).includes(key),
  );
  if (unsupported.length) throw notImplemented(`collMod options are not supported by the embedded engine: ${unsupported.join(', ')}`);
  const collection = requireCollection(context, name);
  if (isView(collection)) throw new EngineError(166, 'CommandNotSupportedOnView', `Namespace ${context.db}.${name} is a view, not a collection`);
  context.store.setOptions(collection, validationOptions(command, collection.options));
  await context.store.durable();
  return { ok: 1 };
};

/** `renameCollection` (on admin): `{renameCollection: 'db.from', to: 'db.to', dropTarget}`. */
export const renameCollection: Handler = async (command, context) => {
  if (context.db !== 'admin') throw new EngineError(13, 'Unauthorized', 'renameCollection may only be run against the admin database.');
  const [from, to] = [command.renameCollection, command.to];
  if (typeof from !== 'string' || typeof to !== 'string') throw new EngineError(14, 'TypeMismatch', "'renameCollection' and 'to' must be namespaces");
  const split = (ns: string) => {
    const dot = ns.indexOf('.');
    if (dot <= 0 || dot === ns.length - 1) throw new EngineError(73, 'InvalidNamespace', `Invalid namespace specified '${ns}'`);
    return [ns.slice(0, dot), ns.slice(dot + 1)] as const;
  };
  const [toDb, toName] = split(to);
  split(from);
  const source = context.store.collections.get(from);
  if (!source) throw namespaceNotFound(`Source collection ${from} does not exist`);
  if (from === to) throw new EngineError(20, 'IllegalOperation', "Can't rename a collection to itself");
  const target = context.store.collections.get(to);
  if (target && command.dropTarget !== true) throw new EngineError(48, 'NamespaceExists', 'target namespace exists');
  // One LMDB transaction: the target is dropped only if the rename happens.
  context.store.write(() => {
    if (target) context.store.dropCollection(target);
    context.store.renameCollection(source, toDb, toName);
  });
  await context.store.durable();
  return { ok: 1 };
};

export const create: Handler = async (command, context) => {
  const name = collectionName(command, 'create');
  // `capped: false` asks for what every collection is.
  const unsupported = Object.keys(command).filter(
    (key) => !SUPPORTED_CREATE_OPTIONS.has(key) && !(key === 'capped' && command.capped === false) && !CREATE_OPTIONS.has(key),
  );
  if (unsupported.length) throw notImplemented(`collection options are not supported by the embedded engine: ${unsupported.join(', ')}`);
  const view = command.viewOn !== undefined || command.pipeline !== undefined;
  if (view && VALIDATION_OPTIONS.some((key) => command[key] !== undefined)) throw invalidOptions('Cannot specify validation options for a view');
  const options: Document = view ? viewOptions(command) : validationOptions(command);
  const existing = context.store.collections.get(`${context.db}.${name}`);
  if (existing) {
    // As MongoDB 7.0: creating a collection that exists with the same options succeeds.
    if (keyOf(existing.options) === keyOf(options)) return { ok: 1 };
    throw new EngineError(48, 'NamespaceExists', `Collection ${context.db}.${name} already exists.`);
  }
  context.store.createCollection(context.db, name, options);
  await context.store.durable();
  return { ok: 1 };
};

export const drop: Handler = async (command, context) => {
  const name = collectionName(command, 'drop');
  const existing = context.store.collections.get(`${context.db}.${name}`);
  if (existing) {
    context.store.dropCollection(existing);
    await context.store.durable();
  }
  return { nIndexesWas: existing ? existing.indexes.size + 1 : 0, ns: `${context.db}.${name}`, ok: 1 };
};

export const listCollections: Handler = (command, context) => {
  const collections = context.store.collectionsOf(context.db).map((collection) => {
    const type = isView(collection) ? 'view' : 'collection';
    if (command.nameOnly) return { name: collection.name, type };
    if (type === 'view') return { name: collection.name, type, options: collection.options, info: { readOnly: true } };
    return {
      name: collection.name,
      type,
      options: collection.options,
      info: { readOnly: false },
      idIndex: { v: 2, key: { _id: 1 }, name: ID_INDEX_NAME },
    };
  });
  const matches = compileFilter(command.filter as Document | undefined);
  return context.cursors.reply(`${context.db}.$cmd.listCollections`, collections.filter(matches), command.cursor?.batchSize);
};

export const createIndexes: Handler = async (command, context) => {
  const name = collectionName(command, 'createIndexes');
  if (!Array.isArray(command.indexes) || command.indexes.length === 0) throw badValue('Must specify at least one index to create');
  const existed = context.store.collections.has(`${context.db}.${name}`);
  const collection = context.store.createCollection(context.db, name);
  const before = collection.indexes.size + 1;
  const fresh: Document[] = [];
  for (const raw of command.indexes as Document[]) {
    const spec = normalizeIndexSpec(raw);
    if (spec.name === ID_INDEX_NAME || keyOf(spec.key) === keyOf({ _id: 1 })) continue;
    const sameName = collection.indexes.get(spec.name)?.spec ?? fresh.find((other) => other.name === spec.name);
    if (sameName) {
      if (sameIndex(sameName, spec)) continue;
      if (keyOf(sameName.key) === keyOf(spec.key))
        throw indexOptionsConflict(
          `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`,
        );
      throw indexKeySpecsConflict(
        `An existing index has the same name as the requested index but different key. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName)}`,
      );
    }
    const sameKey = [...collection.indexes.values()].find((index) => keyOf(index.spec.key) === keyOf(spec.key));
    if (sameKey) {
      if (sameIndex(sameKey.spec, spec)) continue;
      throw indexOptionsConflict(`Index already exists with a different name: ${sameKey.name}`);
    }
    fresh.push(spec);
  }
  if (fresh.length) {
    try {
      // One LMDB transaction: a unique index over duplicated values fails and leaves nothing behind.
      context.store.createIndexes(collection, fresh);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new EngineError(error.code, error.codeName, `Index build failed: ${error.message}`);
      throw error;
    }
    await context.store.durable();
  }
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: collection.indexes.size + 1,
    createdCollectionAutomatically: !existed,
    ok: 1,
  };
  if (!fresh.length) reply.note = 'all indexes already exist';
  return reply;
};

export const listIndexes: Handler = (command, context) => {
  const name = collectionName(command, 'listIndexes');
  const collection = requireCollection(context, name);
  return context.cursors.reply(`${context.db}.${name}`, indexSpecs(collection), command.cursor?.batchSize);
};

function requireCollection(context: CommandContext, name: string) {
  const collection = context.store.collections.get(`${context.db}.${name}`);
  if (!collection) throw namespaceNotFound(`ns not found: ${context.db}.${name}`);
  return collection;
}

export const dropIndexes: Handler = async (command, context) => {
  const name = collectionName(command, 'dropIndexes');
  const collection = requireCollection(context, name);
  const target = command.index;
  let names: string[];
  if (target === '*') names = [...collection.indexes.keys()];
  else if (typeof target === 'string') names = [target];
  else if (Array.isArray(target)) names = target.map(String);
  else if (target && typeof target === 'object') {
    const match = [...collection.indexes.values()].find((index) => keyOf(index.spec.key) === keyOf(target));
    if (!match) throw indexNotFound(`can't find index with key: ${JSON.stringify(target)}`);
    names = [match.name];
  } else throw badValue('dropIndexes needs an index name, a key pattern, a list of names or "*"');
  for (const index of names) {
    if (index === ID_INDEX_NAME) throw invalidOptions('cannot drop _id index');
    if (!collection.indexes.has(index)) throw indexNotFound(`index not found with name [${index}]`);
  }
  const nIndexesWas = collection.indexes.size + 1;
  for (const index of names) context.store.dropIndex(collection, index);
  await context.store.durable();
  return { nIndexesWas, ok: 1 };
};

/**
 * `{backup: 1, to: "/absolute/file"}` on `admin`: a consistent online copy of the embedded store in one file (see
 * Store.backup), never over an existing file. MongoDB has no such command: its backups are mongodump's.
 */
export const backup: Handler = async (command, context) => {
  if (context.db !== 'admin') throw new EngineError(13, 'Unauthorized', 'backup may only be run against the admin database');
  const to = command.to;
  if (typeof to !== 'string' || !path.isAbsolute(to)) throw new EngineError(2, 'BadValue', "backup needs 'to': an absolute file path");
  if (fs.existsSync(to)) throw new EngineError(2, 'BadValue', `backup does not overwrite ${to}: choose a new file`);
  if (!fs.existsSync(path.dirname(to))) throw new EngineError(2, 'BadValue', `the directory of ${to} does not exist`);
  const bytes = await context.store.backup(to);
  return { file: to, bytes, ok: 1 };
};
