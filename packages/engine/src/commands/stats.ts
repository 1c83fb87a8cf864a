import os from 'node:os';
import type { Document } from 'bson';
import { namespaceNotFound } from '../errors';
import type { CollectionMeta } from '../storage/contract';
import { collectionName, type CommandContext, type Handler } from './context';

/** What mongosh's db.stats()/collection.stats() and Compass's overview read, from the store's counts. */

const startedAt = Date.now();

function scaleOf(command: Document): number {
  return typeof command.scale === 'number' && command.scale > 0 ? command.scale : 1;
}

function collectionFigures(context: CommandContext, meta: CollectionMeta) {
  const { count, dataBytes, indexBytes } = context.store.sizes(meta);
  const totalIndexSize = [...indexBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { count, dataBytes, indexBytes, totalIndexSize };
}

export const dbStats: Handler = (command, context) => {
  const scale = scaleOf(command);
  let objects = 0;
  let dataSize = 0;
  let indexes = 0;
  let indexSize = 0;
  const collections = context.store.collectionsOf(context.db);
  for (const meta of collections) {
    const figures = collectionFigures(context, meta);
    objects += figures.count;
    dataSize += figures.dataBytes;
    indexes += figures.indexBytes.size;
    indexSize += figures.totalIndexSize;
  }
  return {
    db: context.db,
    collections: collections.length,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize: dataSize / scale,
    storageSize: dataSize / scale,
    indexes,
    indexSize: indexSize / scale,
    totalSize: (dataSize + indexSize) / scale,
    scaleFactor: scale,
    fsUsedSize: context.store.fileBytes() / scale,
    fsTotalSize: context.store.fileBytes() / scale,
    ok: 1,
  };
};

/** The `storageStats` of `$collStats` and the deprecated `collStats` command. */
export function storageStats(context: CommandContext, meta: CollectionMeta, scale = 1): Document {
  const { count, dataBytes, indexBytes, totalIndexSize } = collectionFigures(context, meta);
  return {
    ns: `${meta.db}.${meta.name}`,
    count,
    size: dataBytes / scale,
    avgObjSize: count ? dataBytes / count : 0,
    storageSize: dataBytes / scale,
    nindexes: indexBytes.size,
    indexSizes: Object.fromEntries([...indexBytes].map(([name, bytes]) => [name, bytes / scale])),
    totalIndexSize: totalIndexSize / scale,
    totalSize: (dataBytes + totalIndexSize) / scale,
    scaleFactor: scale,
    capped: false,
  };
}

export const collStats: Handler = (command, context) => {
  const name = collectionName(command, 'collStats');
  const meta = context.store.collections.get(`${context.db}.${name}`);
  if (!meta) throw namespaceNotFound(`Collection [${context.db}.${name}] not found.`);
  return { ...storageStats(context, meta, scaleOf(command)), ok: 1 };
};

/** listDatabases with the sizes tools show. */
export function databaseSizes(context: CommandContext): Array<{ name: string; sizeOnDisk: number; empty: boolean }> {
  return context.store.databaseNames().map((name) => {
    let sizeOnDisk = 0;
    for (const meta of context.store.collectionsOf(name)) {
      const figures = collectionFigures(context, meta);
      sizeOnDisk += figures.dataBytes + figures.totalIndexSize;
    }
    return { name, sizeOnDisk, empty: sizeOnDisk === 0 };
  });
}

/** The single document a leading `$collStats` stage produces. */
export function collStatsDocument(context: CommandContext, meta: CollectionMeta | undefined, ns: string, spec: Document): Document {
  if (!meta) throw namespaceNotFound(`Unable to retrieve storageStats in $collStats stage :: caused by :: Collection [${ns}] not found.`);
  const out: Document = { ns, host: os.hostname(), localTime: new Date() };
  if (spec.storageStats) out.storageStats = storageStats(context, meta, scaleOf(spec.storageStats as Document));
  if (spec.count) out.count = context.store.countDocs(meta);
  return out;
}

export const serverStatus: Handler = (_command, context) => {
  const memory = process.memoryUsage();
  return {
    host: os.hostname(),
    version: '7.0.0',
    process: 'mongod',
    pid: process.pid,
    uptime: Math.floor((Date.now() - startedAt) / 1000),
    uptimeMillis: Date.now() - startedAt,
    localTime: new Date(),
    connections: { current: context.openConnections, available: 1000, totalCreated: context.connectionId },
    mem: { bits: 64, resident: Math.round(memory.rss / 1048576), virtual: Math.round(memory.rss / 1048576), supported: true },
    // Not a MongoDB field: the engine's JavaScript heap, which must not grow with the data (the bench reads it).
    engine: { heapUsedBytes: memory.heapUsed, rssBytes: memory.rss, storage: 'lmdb' },
    storageEngine: { name: 'lmdb', supportsCommittedReads: true, persistent: true },
    metrics: { document: { ...context.store.documentMetrics }, queryExecutor: { ...context.store.queryMetrics } },
    ok: 1,
  };
};
