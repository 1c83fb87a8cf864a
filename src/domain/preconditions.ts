import { parseId } from '../store/ids';
import { onCondition, type RevisionCondition } from '../store/revisions';
import { requirePrincipal, type RequestContext } from './context';
import { NotFoundError, PreconditionFailedError, PreconditionRequiredError, ValidationError } from './errors';

/**
 * Conditional requests on records (RFC 9110 §13): a record's entity tag is its revision, which every write of it
 * increments; `If-Match` makes a write conditional on the revision the client read, `If-None-Match` lets a reader
 * keep the copy it has (304).
 */

/** A record's revision; one written before revisions existed has none and is revision 0. */
export const revisionOf = (doc: { revision?: number }): number => doc.revision ?? 0;

/** The strong entity tag of a revision. */
export const entityTag = (revision: number): string => `"${revision}"`;

/** An `If-Match` or `If-None-Match` value: `*`, or its entity tags (`weak` for `W/"…"`). */
export type EntityTags = '*' | ReadonlyArray<{ weak: boolean; opaque: string }>;

const TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/** Parses the header's value (`*` or a comma-separated list of entity tags; empty elements are allowed, RFC 9110 §5.6.1). */
export function parseEntityTags(value: string, name: 'If-Match' | 'If-None-Match'): EntityTags {
  if (value.trim() === '*') return '*';
  const tags: Array<{ weak: boolean; opaque: string }> = [];
  for (const element of value.split(',')) {
    const text = element.trim();
    if (!text) continue;
    const found = TAG.exec(text);
    if (!found)
      throw new ValidationError(`${name} must be * or a list of entity tags ("…" or W/"…")`, [{ path: name, message: 'malformed' }], 'PRECONDITION_INVALID');
    tags.push({ weak: Boolean(found[1]), opaque: found[2] });
  }
  if (!tags.length) throw new ValidationError(`${name} names no entity tag`, [{ path: name, message: 'malformed' }], 'PRECONDITION_INVALID');
  return tags;
}

/** The revisions a list of tags names: strong tags only for `If-Match` (strong comparison), any for `If-None-Match` (weak). */
function revisionsNamed(tags: Exclude<EntityTags, '*'>, strong: boolean): number[] {
  return tags.filter((tag) => !(strong && tag.weak) && /^(0|[1-9]\d{0,14})$/.test(tag.opaque)).map((tag) => Number(tag.opaque));
}

/** Whether `If-None-Match` holds for a record whose tag is `tag`: false means the client's copy is current (304). */
export function noneMatch(value: string, tag: string): boolean {
  const tags = parseEntityTags(value, 'If-None-Match');
  // Weak comparison (RFC 9110 §13.1.2): W/"3" names the same version as "3", whichever of the two is the current tag.
  const current = tag.startsWith('W/') ? tag.slice(2) : tag;
  return tags !== '*' && !tags.some(({ opaque }) => `"${opaque}"` === current);
}

export interface ConditionalTarget {
  collection: string;
  label: string;
  /** The field the record is named by in its routes: `_id` (the default), or e.g. a billing system's `name`. */
  key?: string;
}

/**
 * Runs `write`, a write of one record, under `ifMatch` (an `If-Match` value, or none): the record's first write
 * carries the revisions in its filter (see store/revisions.ts), so of concurrent writers holding one tag exactly one
 * writes and the others get 412 PRECONDITION_FAILED — no lost update. `*` holds for any existing record. Without
 * `ifMatch`, the write runs as it always has, unless the platform requires the tag (REQUIRE_IF_MATCH): 428.
 */
export async function conditionalWrite<T>(
  context: RequestContext,
  target: ConditionalTarget,
  id: string,
  ifMatch: string | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (ifMatch === null || ifMatch === undefined) {
    if (context.platform.requireIfMatch)
      throw new PreconditionRequiredError(`a write of a ${target.label} needs If-Match (GraphQL: ifMatch) with the ETag it was read with`);
    return write();
  }
  const tags = parseEntityTags(ifMatch, 'If-Match');
  const changed = () => new PreconditionFailedError(`the ${target.label} ${id} changed since it was read (or is not there for *): read it again`);
  if (tags === '*') {
    try {
      return await write();
    } catch (error) {
      if (error instanceof NotFoundError) throw changed();
      throw error;
    }
  }
  const key = target.key ?? '_id';
  const value = key === '_id' ? parseId(id) : id;
  // A malformed id names no record: the write answers it as not found.
  if (!value) return write();
  const condition: RevisionCondition = { collection: target.collection, key, value, revisions: revisionsNamed(tags, true), consumed: false, missed: false };
  const current = () =>
    context.store.collection<{ revision?: number }>(target.collection as never).findOne({ [key]: value, account_id: requirePrincipal(context).accountId });
  let result: T;
  try {
    result = await onCondition(condition, write);
  } catch (error) {
    if (condition.missed && (await current())) throw changed();
    throw error;
  }
  if (condition.missed) throw changed();
  // A write that left the record as it was sent nothing to check the revision with: it is checked now.
  if (!condition.consumed) {
    const doc = await current();
    if (doc && !condition.revisions.includes(revisionOf(doc))) throw changed();
  }
  return result;
}
