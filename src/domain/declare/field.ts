import type { CollectionName } from '../../store/catalog';

/**
 * One field of a resource, declared once. The GraphQL types, the zod validation, the stored mapping, the REST
 * aliases, the OpenAPI schemas and the list parameters are all derived from it.
 */
export type FieldSpec =
  | TextSpec
  | { kind: 'email'; common?: Common }
  | { kind: 'int'; min: number; max: number; common?: Common }
  | { kind: 'enum'; values: readonly string[]; typeName: string; description?: string; common?: Common }
  | { kind: 'texts'; max: number; itemMax: number; common?: Common }
  | { kind: 'refs'; collection: CollectionName; label: string; max: number; common?: Common }
  | { kind: 'object'; typeName: string; fields: Record<string, FieldSpec>; description?: string; common?: Common }
  | { kind: 'address'; common?: Common }
  /** An amount of money (at most 2 decimals), stored exactly as integer centavos in `<rest name>_cents`. */
  | { kind: 'money'; min: number; exclusiveMin?: boolean; max?: number; common?: Common }
  /** The id of one record of the account in another collection. */
  | { kind: 'ref'; collection: CollectionName; label: string; common?: Common }
  /**
   * Stock in thousandths (`stock_milli`): given once on create as the opening stock (recorded as a movement by the
   * resource), read everywhere, never written by an update (it moves only through movements).
   */
  | { kind: 'stock'; common?: Common }
  /** A number from a fixed list (a VAT rate; `integer` for codes such as AFIP's aliquot ids). */
  | { kind: 'rate'; values: readonly number[]; integer?: boolean; common?: Common }
  /** A calendar day, `YYYY-MM-DD`; with `today`, a create that leaves it out gets today in Argentina. */
  | { kind: 'date'; today?: boolean; common?: Common }
  | { kind: 'boolean'; common?: Common }
  /** An absolute http(s) URL. */
  | { kind: 'url'; max: number; common?: Common }
  /** A list of objects (lines), at most `max`; `refine` adds rules across a line's fields or across lines. */
  | {
      kind: 'lines';
      typeName: string;
      fields: Record<string, FieldSpec>;
      max: number;
      min?: number;
      description?: string;
      refine?: LinesRefinement;
      common?: Common;
    }
  /** An instant the resource sets itself (e.g. when a status was reached): read-only. */
  | { kind: 'instant'; common?: Common }
  /** An instant a client may write: an ISO 8601 date-time (without a zone: Argentine time) or a day (its start). */
  | { kind: 'dateTime'; common?: Common }
  /** A quantity greater than 0 with at most 3 decimals, stored exactly in thousandths in `<rest name>_milli`. */
  | { kind: 'quantity'; common?: Common }
  /** A plain decimal number the resource sets itself (an exchange rate, kept as given: not money). */
  | { kind: 'decimal'; common?: Common }
  /** A percentage from 0 to 100 inclusive with at most 2 decimals (10.5, 0.65), stored as given. */
  | { kind: 'percent'; common?: Common }
  /** A free-form JSON object, stored as given (no key may start with `$` or contain `.`), at most `maxChars` as JSON. */
  | { kind: 'json'; maxChars: number; common?: Common };

/** Extra rules of a lines field: problems as `[line index, field name, message]`. */
export type LinesRefinement = (lines: Array<Record<string, unknown>>) => Array<[number, string, string]>;

interface TextSpec {
  kind: 'text';
  min?: number;
  max: number;
  /** Only the digits 0–9 (a code a tax authority assigns, such as a CAI). */
  digits?: boolean;
  /** In a result shape: the values it takes, published as the JSON schema's enum (a String in GraphQL). */
  values?: readonly string[];
  common?: Common;
}

/** What every kind of field may say besides its type. */
export interface Common {
  /** Required on create (and never cleared by an update). */
  required?: boolean;
  /** Stored when a create leaves the field out. */
  default?: unknown;
  /** The REST (and stored) name, when it is not the snake_case of the GraphQL name. */
  rest?: string;
  description?: string;
  /** An equality filter of lists under this name (GraphQL filter field; REST query parameter in snake_case). */
  filter?: string;
  /** Lists may be ordered by it. */
  sort?: boolean;
  /** The stored name, when it is not derived from the REST name. */
  stored?: string;
  /** For a date: list filters for an inclusive window on it, under these names. */
  window?: { from: string; to: string };
  /** For an enum: the only values a create may give (others are reached through moves). */
  createValues?: readonly string[];
  /** Set by the resource itself (a number it assigns, a total it computes): read, never written by an input. */
  readOnly?: boolean;
  /** Written by inputs, never read back (a secret such as a private key, which the resource keeps encrypted). */
  writeOnly?: boolean;
  /** A value an Argentine business would store here (the OpenAPI examples are derived from it); else its kind's. */
  example?: unknown;
  /** In a result shape: the field may be null (a shape's fields are non-null otherwise). */
  nullable?: boolean;
  /** In a result shape: where the domain's result holds the value (default: its property of the field's name). */
  read?: (source: never) => unknown;
  /** In a result shape: the OpenAPI description, where it says otherwise than the GraphQL one. */
  restDescription?: string;
  /** In an operation's input: the text's form, published as its JSON schema's pattern (the operation checks it). */
  pattern?: string;
}

export const text = (max: number, common: Common & { min?: number; digits?: boolean; values?: readonly string[] } = {}): FieldSpec => ({
  kind: 'text',
  max,
  min: common.min,
  digits: common.digits,
  values: common.values,
  common,
});
export const email = (common: Common = {}): FieldSpec => ({ kind: 'email', common });
export const int = (min: number, max: number, common: Common = {}): FieldSpec => ({ kind: 'int', min, max, common });
/** A whole number a result carries, without bounds to publish. */
export const whole = (common: Common = {}): FieldSpec => int(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, common);
export const oneOf = (values: readonly string[], typeName: string, common: Common & { typeDescription?: string } = {}): FieldSpec => ({
  kind: 'enum',
  values,
  typeName,
  description: common.typeDescription,
  common,
});
export const texts = (max: number, itemMax: number, common: Common = {}): FieldSpec => ({ kind: 'texts', max, itemMax, common });
export const refs = (collection: CollectionName, label: string, max: number, common: Common = {}): FieldSpec => ({
  kind: 'refs',
  collection,
  label,
  max,
  common,
});
export const object = (typeName: string, fields: Record<string, FieldSpec>, common: Common & { typeDescription?: string } = {}): FieldSpec => ({
  kind: 'object',
  typeName,
  fields,
  description: common.typeDescription,
  common,
});
export const address = (common: Common = {}): FieldSpec => ({ kind: 'address', common });
export const money = (min: number, common: Common & { exclusiveMin?: boolean; max?: number } = {}): FieldSpec => ({
  kind: 'money',
  min,
  exclusiveMin: common.exclusiveMin,
  max: common.max,
  common,
});
export const ref = (collection: CollectionName, label: string, common: Common = {}): FieldSpec => ({ kind: 'ref', collection, label, common });
export const stock = (common: Common = {}): FieldSpec => ({ kind: 'stock', common });
export const rate = (values: readonly number[], common: Common & { integer?: boolean } = {}): FieldSpec => ({
  kind: 'rate',
  values,
  integer: common.integer,
  common,
});
export const day = (common: Common & { today?: boolean } = {}): FieldSpec => ({ kind: 'date', today: common.today, common });
export const flag = (common: Common = {}): FieldSpec => ({ kind: 'boolean', common });
export const url = (max: number, common: Common = {}): FieldSpec => ({ kind: 'url', max, common });
export const lines = (
  typeName: string,
  fields: Record<string, FieldSpec>,
  max: number,
  common: Common & { typeDescription?: string; refine?: LinesRefinement; min?: number } = {},
): FieldSpec => ({ kind: 'lines', typeName, fields, max, min: common.min, description: common.typeDescription, refine: common.refine, common });
export const instant = (common: Common = {}): FieldSpec => ({ kind: 'instant', common });
export const dateTime = (common: Common = {}): FieldSpec => ({ kind: 'dateTime', common });
export const quantity = (common: Common = {}): FieldSpec => ({ kind: 'quantity', common });
export const decimal = (common: Common = {}): FieldSpec => ({ kind: 'decimal', common });
export const percent = (common: Common = {}): FieldSpec => ({ kind: 'percent', common });
export const json = (maxChars: number, common: Common = {}): FieldSpec => ({ kind: 'json', maxChars, common });

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The field's REST name. */
export const restName = (name: string, spec: { common?: Common }): string => spec.common?.rest ?? snakeCase(name);

/** The field's stored name: the REST name, with the unit of exact numbers (`_cents`, `_milli`) added. */
export function storedName(name: string, spec: FieldSpec): string {
  if (spec.common?.stored) return spec.common.stored;
  if (spec.kind === 'money') return `${restName(name, spec)}_cents`;
  if (spec.kind === 'stock' || spec.kind === 'quantity') return `${restName(name, spec)}_milli`;
  return restName(name, spec);
}

export interface NamedField {
  name: string;
  spec: FieldSpec;
  rest: string;
  stored: string;
}

const namedFieldsOf = new WeakMap<Record<string, FieldSpec>, NamedField[]>();

/** Declared fields with their REST and stored names, worked out once: every record of every list is mapped by them. */
export function namedFields(fields: Record<string, FieldSpec>): NamedField[] {
  let named = namedFieldsOf.get(fields);
  if (!named) {
    named = Object.entries(fields).map(([name, spec]) => ({ name, spec, rest: restName(name, spec), stored: storedName(name, spec) }));
    namedFieldsOf.set(fields, named);
  }
  return named;
}

/** A list field reads as an empty list, never null. */
export const isList = (spec: FieldSpec): boolean => spec.kind === 'texts' || spec.kind === 'refs' || spec.kind === 'lines';

/** Whether the field always has a value on a stored record (required, defaulted or a list). */
export const alwaysPresent = (spec: FieldSpec): boolean =>
  Boolean(spec.common?.required) || spec.common?.default !== undefined || isList(spec) || spec.kind === 'stock';

/** Fields an update may not write (they change through their own operations). */
export const createOnly = (spec: FieldSpec): boolean => spec.kind === 'stock';

/** Fields no input writes. */
export const readOnly = (spec: FieldSpec): boolean => spec.kind === 'instant' || Boolean(spec.common?.readOnly);

/** Never in an output type, a record or its schema. */
export const writeOnly = (spec: FieldSpec): boolean => Boolean(spec.common?.writeOnly);

/** Fields that hold an instant (read as zoned date-times in GraphQL, Argentine date-times in REST). */
export const isInstant = (spec: FieldSpec): boolean => spec.kind === 'instant' || spec.kind === 'dateTime';

/** A resource declared once: its names, scopes, collection, fields, text search and list order. */
export interface ResourceDeclaration {
  /** GraphQL type name (`Supplier`), and the singular and plural field names (`supplier`, `suppliers`). */
  type: string;
  one: string;
  many: string;
  /** Singular label for messages (`supplier`). */
  label: string;
  description: string;
  collection: CollectionName;
  scopes: { read: string; write: string };
  fields: Record<string, FieldSpec>;
  /** GraphQL names of the fields a `search` filter looks in (case-insensitive, literal). */
  search?: { fields: string[]; description: string };
  /** The default order of lists. */
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Its REST routes (none: GraphQL only). */
  rest?: { base: string; idName: '_id' | 'id' };
  /** What the create, update and delete mutations do beyond the standard (their descriptions). */
  notes?: { create?: string; update?: string; remove?: string };
  /**
   * Standard operations it has besides get and list (default: all; `create: false` for records only the service makes,
   * `remove: false` for records nobody deletes through the API).
   */
  operations?: { create?: boolean; update?: boolean; bulk?: boolean; remove?: boolean };
  /** Rules across fields of a create or an update, among the fields given (problems as `[field name, message]`). */
  refine?: (input: Record<string, unknown>) => Array<[string, string]>;
  /** Rules across fields of a create (problems as `[field name, message]`). */
  refineCreate?: (input: Record<string, unknown>) => Array<[string, string]>;
}

export function declareResource<const D extends ResourceDeclaration>(declaration: D): D {
  return declaration;
}

/** The fields lists may be ordered by (GraphQL names), creation and update times included. */
export function sortFields(declaration: ResourceDeclaration): string[] {
  return [
    ...Object.entries(declaration.fields)
      .filter(([, spec]) => spec.common?.sort)
      .map(([name]) => name),
    'createdAt',
    'updatedAt',
  ];
}

/** The date windows of list filters. */
export function windowFields(declaration: ResourceDeclaration): Array<{ from: string; to: string; name: string; spec: FieldSpec }> {
  return Object.entries(declaration.fields)
    .filter(([, spec]) => spec.common?.window)
    .map(([name, spec]) => ({ ...spec.common!.window!, name, spec }));
}

/**
 * The equality filters: filter name → the field it compares and its stored path. A field of a list's lines may be
 * a filter too (records with a line carrying the value).
 */
export function filterFields(declaration: ResourceDeclaration): Array<{ filter: string; name: string; spec: FieldSpec; stored: string }> {
  return Object.entries(declaration.fields).flatMap(([name, spec]) => {
    const own = spec.common?.filter ? [{ filter: spec.common.filter, name, spec, stored: storedName(name, spec) }] : [];
    const inLines =
      spec.kind === 'lines'
        ? Object.entries(spec.fields)
            .filter(([, sub]) => sub.common?.filter)
            .map(([subName, sub]) => ({
              filter: sub.common!.filter!,
              name: subName,
              spec: sub,
              stored: `${storedName(name, spec)}.${storedName(subName, sub)}`,
            }))
        : [];
    return [...own, ...inLines];
  });
}
