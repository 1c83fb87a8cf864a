import type { Database, Transaction } from 'lmdb';
import { type KeyBounds, prefix, prefixKey } from './backend';
import { LMDB_MAX_KEY } from './entry-keys';

/**
 * The `counts` database: per collection its number of documents, per index how many entries begin with each
 * distinct leading part of one or two fields (index-keys.ts). A write batch adds up its changes in memory and saves
 * them once at its end; reads inside the batch see them.
 */
export class Counters {
  /** Per index id, the last counter key made at each position of its leading parts (see countKey). */
  private readonly recentCountKeys = new Map<number, Array<{ bytes: Buffer; key: string }>>();
  /** Counter changes of the write batch under way, saved once at its end (latin1 key → delta). */
  private deltas: Map<string, number> | undefined;

  constructor(private readonly counts: Database<number, Buffer>) {}

  /** Whether a write batch is under way. */
  get writing(): boolean {
    return this.deltas !== undefined;
  }

  begin(): void {
    this.deltas = new Map();
  }

  /** Saves the batch's changes (inside its LMDB transaction, at its end). */
  save(): void {
    for (const [name, delta] of this.deltas!) {
      if (delta === 0) continue;
      const key = Buffer.from(name, 'latin1');
      const next = (this.counts.get(key) ?? 0) + delta;
      if (next > 0) this.counts.putSync(key, next);
      else this.counts.removeSync(key);
    }
  }

  /** Ends the batch, saved or aborted. */
  clear(): void {
    this.deltas = undefined;
  }

  /** `name`: the counter's key as a latin1 string. */
  add(name: string, delta: number): void {
    this.deltas!.set(name, (this.deltas!.get(name) ?? 0) + delta);
  }

  addDocs(collectionId: number, delta: number): void {
    this.add(prefixKey(collectionId), delta);
  }

  /** Counts one more (or one less) entry beginning with `leading` in an index. */
  addLeading(indexId: number, leading: Buffer, delta: number): void {
    this.add(prefixKey(indexId) + leading.toString('latin1'), delta);
  }

  /**
   * The counter key (latin1) of an index's leading part. Consecutive documents mostly share their leading parts
   * (one account's documents), so the last key made at each position is reused when the bytes are the same: the
   * same string object, whose hash the counter map has already computed, instead of a new string per document.
   */
  countKey(indexId: number, position: number, leading: Buffer): string {
    let recent = this.recentCountKeys.get(indexId);
    if (!recent) {
      recent = [];
      this.recentCountKeys.set(indexId, recent);
    }
    const last = recent[position];
    if (last && last.bytes.length === leading.length) {
      let i = 0;
      while (i < leading.length && last.bytes[i] === leading[i]) i++;
      if (i === leading.length) return last.key;
    }
    const key = prefixKey(indexId) + leading.toString('latin1');
    recent[position] = { bytes: Buffer.from(leading), key };
    return key;
  }

  docs(collectionId: number, snapshot?: Transaction): number {
    return this.read(prefix(collectionId), snapshot);
  }

  /** How many entries of the index begin with these leading fields (fewer than all of the index's fields). */
  prefix(indexId: number, leading: Buffer, snapshot?: Transaction): number {
    return this.read(Buffer.concat([prefix(indexId), leading]), snapshot);
  }

  private read(key: Buffer, snapshot?: Transaction): number {
    const stored = key.length > LMDB_MAX_KEY ? 0 : (this.counts.get(key, { transaction: snapshot }) ?? 0);
    return snapshot ? stored : stored + (this.deltas?.get(key.toString('latin1')) ?? 0);
  }

  /**
   * How many entries are within `range` (index key bytes) from the counters of the index's two-field leading parts,
   * when those are at most `most` (else undefined: stepping over the entries costs less). The caller knows that the
   * range bounds only its first two fields and that every entry in it has a counter (see countersFor).
   */
  sum(indexId: number, range: KeyBounds, most: number, snapshot?: Transaction): number | undefined {
    if (this.deltas) return undefined;
    const base = prefix(indexId);
    const bounds = { start: Buffer.concat([base, range.start]), end: Buffer.concat([base, range.end]), transaction: snapshot };
    if (this.counts.getKeysCount({ ...bounds, limit: most + 1 }) > most) return undefined;
    let n = 0;
    for (const { value } of this.counts.getRange(bounds)) n += value;
    return n;
  }

  removeCollection(collectionId: number): void {
    this.counts.removeSync(prefix(collectionId));
  }
}
