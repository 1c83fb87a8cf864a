import { BSON, type Document } from 'bson';
import { isPlainObject } from './values';

/**
 * Documents are matched decoded with BSON numbers as JavaScript numbers, which lose whether a value was an Int32,
 * an Int64 or a Double (5 and 5.0 are the same number). `$type` needs that: for a document read from storage, the
 * same BSON decoded with its number types kept is its typed twin, and so is each embedded document or array of it
 * (an `$elemMatch` tests those on their own). A document built since (by a pipeline stage, or written inside an
 * open transaction) has no twin.
 */
const twins = new WeakMap<object, unknown>();

const TYPED = { promoteValues: false } as const;

/** Registers the typed twin of a document decoded from `bytes` (and of its embedded documents and arrays). */
export function registerTwin(doc: Document, bytes: Uint8Array): void {
  if (twins.has(doc)) return;
  pair(doc, BSON.deserialize(bytes, TYPED));
}

function pair(value: unknown, typed: unknown): void {
  if (Array.isArray(value)) {
    if (!Array.isArray(typed)) return;
    twins.set(value, typed);
    for (let i = 0; i < value.length; i++) pair(value[i], typed[i]);
  } else if (isPlainObject(value) && isPlainObject(typed)) {
    twins.set(value, typed);
    for (const key of Object.keys(value)) pair(value[key], typed[key]);
  }
}

/** The typed twin of a document (or embedded document or array) read from storage, if it is one. */
export function twinOf(value: object): unknown {
  return twins.get(value);
}

/** Whether a filter or pipeline names `$type` anywhere (only then are typed twins worth decoding). */
export function mentionsType(spec: unknown): boolean {
  if (Array.isArray(spec)) return spec.some(mentionsType);
  if (!isPlainObject(spec)) return false;
  return Object.keys(spec).some((key) => key === '$type' || mentionsType(spec[key]));
}
