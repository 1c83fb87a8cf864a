import type { Document } from 'bson';
import type { FieldName } from '../stored-fields';
import type { CollectionMeta, Snapshot, Storage } from '../storage/contract';

/** Where a statement reads: the store (at a snapshot, or the latest state) plus a transaction's pending writes. */
export interface Source {
  store: Storage;
  meta: CollectionMeta | undefined;
  snapshot?: Snapshot;
  /** Pending writes of a transaction, by `_id` sort key (latin1): the new document, or null for a delete. */
  pending?: Map<string, Document | null>;
  /**
   * The pending documents a scan of `index` (by name; '' for a collection scan) may miss: new ones, and those whose
   * keys in that index differ from their stored version's. Without it, every pending document is checked.
   */
  moved?: (index: string) => Iterable<string>;
}

/** What a statement asks of its source. */
export interface QueryOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  /** 0: no limit. */
  limit?: number;
  hint?: unknown;
  /** Decode only these top-level fields of the stored documents (what a filter, sort or pipeline reads; see decodeFields). */
  fields?: FieldName[];
  /** Plan afresh, without the plan cache (explain). */
  fresh?: boolean;
}
