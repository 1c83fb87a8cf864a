/**
 * Engine-only (MONGODB_URI is ignored): the storage format of index entries. Short keys are stored exactly as before
 * long keys were accepted (so older directories open, and stay readable by older engines until a long key is
 * stored); the first long key marks the directory format 2, which an engine reading format 1 only refuses.
 */
import { open } from 'lmdb';
import { indexMeta } from '../src/storage/catalog';
import { closeStore, openStore } from '../src/storage/open';
import { encodeComponents, encodeValue } from '../src/storage/sort-key';
import { tempDir } from './support/store';

function readLmdb<T>(dir: string, read: (db: { meta: { get(key: string): unknown }; entries: Array<{ key: Buffer; value: Buffer }> }) => T): T {
  const env = open({ path: dir, noSubdir: false, maxDbs: 8 });
  try {
    const meta = env.openDB<unknown, string>('meta', { encoding: 'msgpack' });
    const entries = [...env.openDB<Buffer, Buffer>('entries', { keyEncoding: 'binary', encoding: 'binary' }).getRange()].map(({ key, value }) => ({
      key: Buffer.from(key),
      value: Buffer.from(value),
    }));
    return read({ meta, entries });
  } finally {
    env.close();
  }
}

describe('storage format of index entries', () => {
  it('short keys are stored as before (format 1); a long key makes the directory format 2, which reopens', async () => {
    const dir = tempDir('engine-format-');
    let store = await openStore(dir);
    const meta = store.createCollection('db', 'c');
    store.createIndexes(meta, [{ key: { k: 1 }, name: 'k_1' }]);
    store.write(() => store.insert(meta, { _id: 1, k: 'short' }));
    await closeStore(dir, store);

    const index = [...meta.indexes.values()][0];
    const prefix = Buffer.alloc(4);
    prefix.writeUInt32BE(index.id);
    readLmdb(dir, ({ meta: info, entries }) => {
      expect(info.get('format')).toBe(1);
      // The layout of every entry before long keys: index id, key, `_id` sort key → `_id` sort key.
      expect(entries).toEqual([{ key: Buffer.concat([prefix, encodeComponents(['short'], [false]).key, encodeValue(1)]), value: encodeValue(1) }]);
    });

    store = await openStore(dir);
    const reopened = store.collections.get('db.c')!;
    store.write(() => store.insert(reopened, { _id: 2, k: 'l'.repeat(5000) }));
    await closeStore(dir, store);
    readLmdb(dir, ({ meta: info, entries }) => {
      expect(info.get('format')).toBe(2);
      // The long key cut to 1,900 bytes and a 0x00 mark; its value flagged by a leading 0x00. The short one unchanged.
      const cut = encodeComponents(['l'.repeat(5000)], [false]).key.subarray(0, 1900);
      expect(entries).toEqual([
        { key: Buffer.concat([prefix, cut, Buffer.from([0]), encodeValue(2)]), value: Buffer.concat([Buffer.from([0]), encodeValue(2)]) },
        { key: Buffer.concat([prefix, encodeComponents(['short'], [false]).key, encodeValue(1)]), value: encodeValue(1) },
      ]);
    });

    store = await openStore(dir);
    expect(store.countDocs(store.collections.get('db.c')!)).toBe(2);
    await closeStore(dir, store);
  });

  it('a directory of a format this engine does not read is refused, naming the formats it reads', async () => {
    const dir = tempDir('engine-format-');
    const store = await openStore(dir);
    store.createCollection('db', 'c');
    await closeStore(dir, store);
    const env = open({ path: dir, noSubdir: false, maxDbs: 8 });
    env.openDB<unknown, string>('meta', { encoding: 'msgpack' }).putSync('format', 3);
    await env.close();
    await expect(openStore(dir)).rejects.toThrow(`data directory ${dir} has storage format 3; this engine reads formats 1 and 2`);
  });
});

describe('multikey fields in the catalog', () => {
  it('an index keeps which of its fields have held an array across a reopen; a catalog from before them marks them all', async () => {
    const dir = tempDir('engine-multikey-');
    let store = await openStore(dir);
    const meta = store.createCollection('db', 'j');
    store.createIndexes(meta, [{ key: { a: 1, 'lines.code': 1, date: 1 }, name: 'a_lines_date' }]);
    store.write(() => store.insert(meta, { _id: 1, a: 1, lines: [{ code: 'x' }, { code: 'y' }], date: '2026-01-01' }));
    await closeStore(dir, store);
    store = await openStore(dir);
    const index = [...store.collections.get('db.j')!.indexes.values()][0];
    expect({ multikey: index.multikey, fields: index.multikeyFields }).toEqual({ multikey: true, fields: [false, true, false] });
    await closeStore(dir, store);
    expect(indexMeta(7, { key: { a: 1, b: 1 }, name: 'a_b' }, true).multikeyFields).toEqual([true, true]);
    expect(indexMeta(7, { key: { a: 1, b: 1 }, name: 'a_b' }, false).multikeyFields).toEqual([false, false]);
  });
});
