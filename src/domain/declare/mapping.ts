import { ObjectId } from 'mongodb';
import type { StoredAddress } from '../../store/address.store';
import { storedAddress } from '../address';
import { fieldChanges } from '../resource';
import { fromCents, fromMilli } from '../money';
import { argentineDay } from '../dates';
import { entityTag, revisionOf } from '../preconditions';
import { createOnly, isList, namedFields, readOnly, storedName, writeOnly, type FieldSpec, type ResourceDeclaration } from './field';

type Row = Record<string, unknown>;

/** A validated, non-null input value as stored; undefined when nothing is left to store (an empty object). */
function storedValue(spec: FieldSpec, value: unknown): unknown {
  switch (spec.kind) {
    case 'texts':
      return [...new Set(value as string[])];
    case 'refs':
      return [...new Set(value as string[])].map((id) => new ObjectId(id));
    case 'ref':
      return new ObjectId(value as string);
    case 'lines':
      return (value as Row[]).map((line) => storedValue({ kind: 'object', typeName: spec.typeName, fields: spec.fields }, line) ?? {});
    case 'object': {
      const stored: Row = {};
      for (const [name, sub] of Object.entries(spec.fields)) {
        const part = (value as Row)[name];
        if (part !== undefined && part !== null && part !== '') stored[storedName(name, sub)] = storedValue(sub, part);
      }
      return Object.keys(stored).length ? stored : undefined;
    }
    case 'address':
      return storedAddress(value as Parameters<typeof storedAddress>[0]);
    default:
      return value;
  }
}

/** `$set` and `$unset` of a validated partial update: left out keeps, null or "" clears, a value replaces. */
export function changesOf(declaration: ResourceDeclaration, input: Row): { set: Row; unset: string[] } {
  const { set, unset, put } = fieldChanges<Row>();
  for (const [name, spec] of Object.entries(declaration.fields)) {
    const value = input[name];
    if (value === undefined || createOnly(spec) || readOnly(spec)) continue;
    // A field that is always present (required or defaulted) goes back to its default rather than away.
    const cleared = value === null || value === '' ? (spec.common?.default ?? null) : null;
    put(storedName(name, spec), value === null || value === '' ? (cleared as never) : ((storedValue(spec, value) ?? null) as never));
  }
  return { set, unset };
}

/** Whether a validated update sends a create-only field (a record sent back as read carries its stock). */
export function sendsFixedFields(declaration: ResourceDeclaration, input: Row): boolean {
  return Object.entries(declaration.fields).some(([name, spec]) => createOnly(spec) && input[name] !== undefined && input[name] !== null);
}

/**
 * The create-only fields an update sends with another value than the stored one. The stock (the only such field)
 * changes through movements: sent back unchanged it is no change, sent different it is refused, never ignored.
 */
export function fixedFieldChanges(declaration: ResourceDeclaration, current: Row, input: Row): Array<{ path: string; message: string }> {
  return Object.entries(declaration.fields)
    .filter(([name, spec]) => createOnly(spec) && input[name] !== undefined && input[name] !== null)
    .filter(([name, spec]) => ((current[storedName(name, spec)] as number | undefined) ?? 0) !== input[name])
    .map(([name, spec]) => ({
      path: name,
      message: `is ${outputValue(spec, current[storedName(name, spec)])}: it changes through stock adjustments, consumptions and delivery notes, not an update`,
    }));
}

/** A field's stored value when a create leaves it out; undefined: none. */
function defaultOf(spec: FieldSpec, now: Date): unknown {
  if (spec.common?.default !== undefined) return spec.common.default;
  if (isList(spec)) return [];
  if (spec.kind === 'stock') return 0;
  if (spec.kind === 'date' && spec.today) return argentineDay(now);
  return undefined;
}

/** The stored fields of a new record: the declared defaults, then what the input gives. */
export function createFieldsOf(declaration: ResourceDeclaration, input: Row, now: Date): Row {
  const defaults = Object.entries(declaration.fields)
    .map(([name, spec]) => [storedName(name, spec), defaultOf(spec, now)] as const)
    .filter(([, value]) => value !== undefined);
  return { ...Object.fromEntries(defaults), ...changesOf(declaration, input).set };
}

function outputValue(spec: FieldSpec, stored: unknown): unknown {
  switch (spec.kind) {
    case 'texts':
      return stored ?? [];
    case 'refs':
      return ((stored as ObjectId[] | undefined) ?? []).map((id) => id.toHexString());
    case 'ref':
      return (stored as ObjectId | undefined)?.toHexString() ?? null;
    case 'money':
      return stored === undefined || stored === null ? null : fromCents(stored as number);
    case 'stock':
      return fromMilli((stored as number | undefined) ?? 0);
    case 'quantity':
      return stored === undefined || stored === null ? null : fromMilli(stored as number);
    case 'lines':
      return ((stored as Row[] | undefined) ?? []).map((line) => (line ? outputObject(spec.fields, line) : null));
    case 'object':
      return stored ? outputObject(spec.fields, stored as Row) : null;
    case 'address':
      return addressOutput(stored as StoredAddress | undefined);
    default:
      return stored ?? null;
  }
}

/** The stored record (or line) an output reads from. */
const STORED = Symbol('stored');
type Output = Row & { [STORED]: Row };

/** A getter per declared field, mapping the stored value when it is read. */
function fieldGetters(fields: Record<string, FieldSpec>): PropertyDescriptorMap {
  const getters: PropertyDescriptorMap = {};
  for (const { name, spec, stored } of namedFields(fields))
    if (!writeOnly(spec))
      getters[name] = {
        enumerable: true,
        get(this: Output) {
          return outputValue(spec, this[STORED][stored]);
        },
      };
  return getters;
}

/**
 * Outputs read their fields through getters on a prototype made once per declaration (or per line shape): GraphQL
 * reads only the fields a query selects, so a page of records maps only those, and each record costs one small
 * object instead of one holding every declared field. Outputs are read, never written to or spread.
 */
const linePrototypes = new WeakMap<Record<string, FieldSpec>, object>();
const recordPrototypes = new WeakMap<ResourceDeclaration, object>();

function outputObject(fields: Record<string, FieldSpec>, stored: Row): Row {
  let prototype = linePrototypes.get(fields);
  if (!prototype) {
    prototype = Object.create(Object.prototype, fieldGetters(fields)) as object;
    linePrototypes.set(fields, prototype);
  }
  const out = Object.create(prototype) as Output;
  out[STORED] = stored;
  return out;
}

/** A stored address in its GraphQL shape (`text` for the one-line form). */
export function addressOutput(address: StoredAddress | undefined): Row | null {
  if (typeof address === 'string') return { text: address };
  if (!address) return null;
  return { street: address.street, city: address.city, state: address.state, postalCode: address.postal_code, country: address.country };
}

/** A stored record in its GraphQL shape: `id`, every declared field, creation and update times (see outputObject). */
export function outputOf(declaration: ResourceDeclaration, doc: Row & { _id: ObjectId; created_at: Date; updated_at: Date }): Row {
  let prototype = recordPrototypes.get(declaration);
  if (!prototype) {
    const getters = fieldGetters(declaration.fields);
    const own = (get: (stored: Row) => unknown): PropertyDescriptor => ({
      enumerable: true,
      get(this: Output) {
        return get(this[STORED]);
      },
    });
    getters.id = own((stored) => (stored._id as ObjectId).toHexString());
    getters.createdAt = own((stored) => stored.created_at);
    getters.updatedAt = own((stored) => stored.updated_at);
    getters.revision = own((stored) => revisionOf(stored));
    getters.etag = own((stored) => entityTag(revisionOf(stored)));
    prototype = Object.create(Object.prototype, getters) as object;
    recordPrototypes.set(declaration, prototype);
  }
  const out = Object.create(prototype) as Output;
  out[STORED] = doc;
  return out;
}

/** Stored names of the fields a text search looks in. */
export const searchFieldsOf = (declaration: ResourceDeclaration): string[] =>
  (declaration.search?.fields ?? []).map((name) => storedName(name, declaration.fields[name]));

/** The input (GraphQL) name of a stored field, for error paths. */
export function inputNameOf(declaration: ResourceDeclaration, stored: string): string {
  return Object.entries(declaration.fields).find(([name, spec]) => storedName(name, spec) === stored)?.[0] ?? stored;
}

/** A validated filter value as stored (ids become ObjectIds). */
export const storedFilterValue = (spec: FieldSpec, value: unknown): unknown =>
  value === undefined || value === null ? undefined : spec.kind === 'ref' ? new ObjectId(value as string) : value;
