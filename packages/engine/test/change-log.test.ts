/**
 * Engine-only (the change log is this engine's oplog): what a stream reads of the log. A stream that sees none of a
 * record's namespaces passes the record on its header; records written before headers listed their namespaces are
 * read change by change, as before.
 */
import { BSON } from 'bson';
import type { Database } from 'lmdb';
import { ChangeLog } from '../src/storage/change-log';
import { closeStore, openStore } from '../src/storage/open';
import type { Store } from '../src/storage/store';
import { tempDir } from './support/store';

describe('the change log read by a stream', () => {
  let dir: string;
  let store: Store;

  beforeAll(async () => {
    dir = tempDir('engine-change-log-');
    store = await openStore(dir);
  });

  afterAll(() => closeStore(dir, store));

  /** One write transaction of `n` inserts into `app.<coll>`. */
  function insertMany(coll: string, n: number, tag: string): void {
    const meta = store.createCollection('app', coll);
    store.write(() => {
      for (let i = 0; i < n; i++) store.insert(meta, { _id: `${tag}-${i}`, i });
    });
  }

  const watched = (db: string, coll: string | undefined) => db === 'app' && (coll === undefined || coll === 'watched');

  /** The key of the last record written, as a position from which a read starts (inclusive). */
  const lastRecord = () => {
    const changes = (store as unknown as { changeLog: { db: Database<Buffer, Buffer> } }).changeLog.db;
    const [{ key }] = [...changes.getRange({ reverse: true, limit: 1 })];
    return { from: Buffer.concat([key, Buffer.alloc(4)]) };
  };

  it('passes over a record of other collections without reading its changes', () => {
    insertMany('bulk', 500, 'a');
    const start = lastRecord();
    insertMany('watched', 1, 'a');
    const changesOf = jest.spyOn(ChangeLog.prototype as unknown as { changesOf: () => Iterable<unknown> }, 'changesOf');
    try {
      const seen = [...store.changeLog.read(start, undefined, watched)];
      expect(seen.map((change) => [change.coll, change.key])).toEqual([['watched', { _id: 'a-0' }]]);
      expect(changesOf).toHaveBeenCalledTimes(1);
      // Without a stream's view every change of both records is read.
      expect([...store.changeLog.read(start)].map((change) => change.coll)).toEqual([...Array(500).fill('bulk'), 'watched']);
      expect(changesOf).toHaveBeenCalledTimes(3);
    } finally {
      changesOf.mockRestore();
    }
  });

  it('reads each change of a record whose header does not list its namespaces (written before headers did)', () => {
    insertMany('bulk', 3, 'b');
    // The last record, its header rewritten as it was before `n`.
    const changes = (store as unknown as { changeLog: { db: Database<Buffer, Buffer> } }).changeLog.db;
    const [{ key, value }] = [...changes.getRange({ reverse: true, limit: 1 })];
    const headLength = value.readInt32LE(0);
    const { n, ...head } = BSON.deserialize(value.subarray(0, headLength));
    expect(n).toEqual([{ d: 'app', c: 'bulk' }]);
    store.write(() => changes.putSync(Buffer.from(key), Buffer.concat([BSON.serialize(head), value.subarray(headLength)])));
    const last = [...store.changeLog.read({ from: Buffer.concat([key, Buffer.alloc(4)]) })];
    expect(last.map((change) => change.key)).toEqual([{ _id: 'b-0' }, { _id: 'b-1' }, { _id: 'b-2' }]);
    // A stream's view cannot pass it over: its changes are read, and the view's caller drops them.
    const changesOf = jest.spyOn(ChangeLog.prototype as unknown as { changesOf: () => Iterable<unknown> }, 'changesOf');
    try {
      expect([...store.changeLog.read({ from: Buffer.concat([key, Buffer.alloc(4)]) }, undefined, watched)]).toHaveLength(3);
      expect(changesOf).toHaveBeenCalledTimes(1);
    } finally {
      changesOf.mockRestore();
    }
  });
});
