import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON, type Document } from 'bson';
import { normalizeIndexSpec } from '../index-spec';
import { keyOf } from '../values';
import type { Store } from './store';

/**
 * Data directories written before the engine stored its data in LMDB hold `snapshot-G.bin` (the whole state) and
 * `journal-G.bin` (changes since), both made of records `[uint32 length][uint32 crc32][BSON operations]`. On
 * first open they are replayed into the new store, then moved to `pre-lmdb/` (kept, never read again).
 */

const LEGACY_FILE = /^(snapshot|journal)-(\d+)\.bin$/;
export const LEGACY_BACKUP_DIR = 'pre-lmdb';
const HEADER = 8;
const BATCH = 10_000;

/** Encodes one record of the old format (its tests write old data directories with it). */
export function encodeLegacyRecord(ops: Document[]): Buffer {
  const payload = Buffer.concat(ops.map((op) => BSON.serialize(op)));
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** The operations of a file, up to its first torn or corrupt record (the old format's crash semantics). */
function decodeLegacyFile(file: string): Document[] {
  const data = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
  const ops: Document[] = [];
  let offset = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + HEADER + length;
    if (length === 0 || end > data.length) break;
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) break;
    for (let at = 0; at < payload.length; at += payload.readInt32LE(at)) {
      ops.push(BSON.deserialize(payload.subarray(at, at + payload.readInt32LE(at))));
    }
    offset = end;
  }
  return ops;
}

interface LegacyCollection {
  options: Document;
  indexes: Map<string, Document>;
  docs: Map<string, Document>;
}

/** Replays old-format operations into plain maps: `ns` → collection. */
function replay(ops: Document[]): Map<string, LegacyCollection & { db: string; name: string }> {
  const collections = new Map<string, LegacyCollection & { db: string; name: string }>();
  const get = (db: string, name: string, options: Document = {}) => {
    const ns = `${db}.${name}`;
    let collection = collections.get(ns);
    if (!collection) {
      collection = { db, name, options, indexes: new Map(), docs: new Map() };
      collections.set(ns, collection);
    }
    return collection;
  };
  for (const op of ops) {
    const ns = `${op.db}.${op.c}`;
    switch (op.o) {
      case 'p':
        get(op.db, op.c).docs.set(keyOf(op.d._id), op.d);
        break;
      case 'd':
        collections.get(ns)?.docs.delete(keyOf(op.id));
        break;
      case 'cc':
        get(op.db, op.c, op.opts);
        break;
      case 'dc':
        collections.delete(ns);
        break;
      case 'ci': {
        const spec = normalizeIndexSpec(op.spec);
        get(op.db, op.c).indexes.set(spec.name, spec);
        break;
      }
      case 'di':
        collections.get(ns)?.indexes.delete(op.name);
        break;
      case 'dd':
        for (const [key, collection] of collections) if (collection.db === op.db) collections.delete(key);
        break;
    }
  }
  return collections;
}

export function legacyFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((name) => LEGACY_FILE.test(name));
}

/**
 * Moves an old-format directory's contents into the store. Safe to repeat after a crash: the old files are moved
 * away only once everything is committed, and the store is emptied before each attempt.
 */
export async function migrateLegacy(dir: string, store: Store, reset: () => Promise<Store>): Promise<Store> {
  const files = legacyFiles(dir);
  if (files.length === 0) return store;
  const generation = Math.max(...files.map((name) => Number(LEGACY_FILE.exec(name)![2])));
  const hasSnapshot = files.includes(`snapshot-${generation}.bin`);
  const ops = [
    ...(hasSnapshot ? decodeLegacyFile(path.join(dir, `snapshot-${generation}.bin`)).filter((op) => op.o !== 'end') : []),
    ...decodeLegacyFile(path.join(dir, `journal-${generation}.bin`)),
  ];
  if (!store.isEmpty()) store = await reset();
  for (const collection of replay(ops).values()) {
    const meta = store.createCollection(collection.db, collection.name, collection.options);
    const docs = [...collection.docs.values()];
    for (let at = 0; at < docs.length; at += BATCH) {
      store.write(() => {
        for (const doc of docs.slice(at, at + BATCH)) store.put(meta, doc, undefined);
      });
    }
    if (collection.indexes.size) store.createIndexes(meta, [...collection.indexes.values()]);
  }
  await store.durable();
  const backup = path.join(dir, LEGACY_BACKUP_DIR);
  fs.mkdirSync(backup, { recursive: true });
  for (const name of files) fs.renameSync(path.join(dir, name), path.join(backup, name));
  return store;
}
