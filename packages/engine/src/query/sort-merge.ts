import { BSON, type Document } from 'bson';
import { type CollectionMeta, compareOrder, type IndexEntry, type IndexMeta, type ScanRange, type Snapshot, type Storage } from '../storage/contract';
import { DESERIALIZE } from '../stored-fields';
import { sortBy } from './sort';

/**
 * MongoDB's SORT_MERGE: several ranges of one index, each in the sort's order after its own equality prefix (one
 * `$in` value), merged into one stream in that order. Whole keys compare by their bytes after the prefix; entries
 * cut short (long keys, see entry-keys.ts) compare by their documents' sort values, and within one range the entries
 * cut alike are put in that order first, as a single range's scan does.
 */

export interface Entry extends IndexEntry {
  /** The document, read when the entry must be compared by value. */
  doc?: Document;
}

interface Reader {
  store: Storage;
  meta: CollectionMeta;
  snapshot?: Snapshot;
  sort: Document;
}

function documentOf(reader: Reader, entry: Entry): Document {
  if (!entry.doc) {
    const bytes = reader.store.getDoc(reader.meta, entry.id, reader.snapshot);
    entry.doc = bytes ? BSON.deserialize(bytes, DESERIALIZE) : {};
  }
  return entry.doc;
}

/** One range's entries in the sort's order: runs of entries cut alike sorted by their documents. */
function* rangeEntries(reader: Reader, index: IndexMeta, range: ScanRange, reverse: boolean): Generator<Entry> {
  let tied: Entry[] = [];
  let tiedOn: Buffer | undefined;
  for (const entry of reader.store.scanIndex(index, range, { reverse, snapshot: reader.snapshot, rest: true }) as Iterable<Entry>) {
    const group = entry.group;
    if (group) {
      if (tiedOn && !tiedOn.equals(group)) {
        yield* sortBy(tied, (item) => documentOf(reader, item), reader.sort);
        tied = [];
      }
      tiedOn = group;
      tied.push(entry);
      continue;
    }
    if (tied.length) {
      yield* sortBy(tied, (item) => documentOf(reader, item), reader.sort);
      tied = [];
      tiedOn = undefined;
    }
    yield entry;
  }
  if (tied.length) yield* sortBy(tied, (item) => documentOf(reader, item), reader.sort);
}

/**
 * Negative when `a` comes first in the sort's order: whole keys by their bytes (ascending in the key space, so the
 * other way round when walked backwards), else by documents.
 */
function compare(reader: Reader, a: Entry, b: Entry, reverse: boolean): number {
  if (!a.group && !b.group) return reverse ? compareOrder(b.rest!, a.rest!) : compareOrder(a.rest!, b.rest!);
  const aFirst = sortBy([a, b], (item) => documentOf(reader, item), reader.sort)[0] === a;
  const bFirst = sortBy([b, a], (item) => documentOf(reader, item), reader.sort)[0] === b;
  return aFirst && bFirst ? 0 : aFirst ? -1 : 1;
}

/** The ranges' entries merged in the sort's order. */
export function* mergeRanges(reader: Reader, index: IndexMeta, ranges: ScanRange[], reverse: boolean): Generator<Entry> {
  const streams = ranges.map((range) => rangeEntries(reader, index, range, reverse));
  const heads: Array<Entry | undefined> = streams.map((stream) => stream.next().value ?? undefined);
  for (;;) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (!head) continue;
      if (best < 0) best = i;
      else {
        if (compare(reader, head, heads[best]!, reverse) < 0) best = i;
      }
    }
    if (best < 0) return;
    yield heads[best]!;
    heads[best] = streams[best].next().value ?? undefined;
  }
}
