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
  | { kind: 'money'; min: number; common?: Common }
  /** The id of one record of the account in another collection. */
  | { kind: 'ref'; collection: CollectionName; label: string; common?: Common }
  /**
   * Stock in thousandths (`stock_milli`): given once on create as the opening stock (recorded as a movement by the
   * resource), read everywhere, never written by an update (it moves only through movements).
   */
  | { kind: 'stock'; common?: Common };

interface TextSpec {
  kind: 'text';
  min?: number;
  max: number;
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
}

export const text = (max: number, common: Common & { min?: number } = {}): FieldSpec => ({ kind: 'text', max, min: common.min, common });
export const email = (common: Common = {}): FieldSpec => ({ kind: 'email', common });
export const int = (min: number, max: number, common: Common = {}): FieldSpec => ({ kind: 'int', min, max, common });
export const oneOf = (values: readonly string[], typeName: string, common: Common & { typeDescription?: string } = {}): FieldSpec => ({
  kind: 'enum',
  values,
  typeName,
  description: common.typeDescription,
  common,
});
export const texts = (max: number, itemMax: number, common: Common = {}): FieldSpec => ({ kind: 'texts', max, itemMax, common });
export const refs = (collection: CollectionName, label: string, max: number, common: Common = {}): FieldSpec => ({ kind: 'refs', collection, label, max, common });
export const object = (typeName: string, fields: Record<string, FieldSpec>, common: Common & { typeDescription?: string } = {}): FieldSpec => ({
  kind: 'object',
  typeName,
  fields,
  description: common.typeDescription,
  common,
});
export const address = (common: Common = {}): FieldSpec => ({ kind: 'address', common });
export const money = (min: number, common: Common = {}): FieldSpec => ({ kind: 'money', min, common });
export const ref = (collection: CollectionName, label: string, common: Common = {}): FieldSpec => ({ kind: 'ref', collection, label, common });
export const stock = (common: Common = {}): FieldSpec => ({ kind: 'stock', common });

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The field's REST name. */
export const restName = (name: string, spec: FieldSpec): string => spec.common?.rest ?? snakeCase(name);

/** The field's stored name: the REST name, with the unit of exact numbers (`_cents`, `_milli`) added. */
export function storedName(name: string, spec: FieldSpec): string {
  if (spec.kind === 'money') return `${restName(name, spec)}_cents`;
  if (spec.kind === 'stock') return `${restName(name, spec)}_milli`;
  return restName(name, spec);
}

/** A list field reads as an empty list, never null. */
export const isList = (spec: FieldSpec): boolean => spec.kind === 'texts' || spec.kind === 'refs';

/** Whether the field always has a value on a stored record (required, defaulted or a list). */
export const alwaysPresent = (spec: FieldSpec): boolean =>
  Boolean(spec.common?.required) || spec.common?.default !== undefined || isList(spec) || spec.kind === 'stock';

/** Fields an update may not write (they change through their own operations). */
export const createOnly = (spec: FieldSpec): boolean => spec.kind === 'stock';

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
  rest: { base: string; idName: '_id' | 'id' };
  /** What the create, update and delete mutations do beyond the standard (their descriptions). */
  notes?: { create?: string; update?: string; remove?: string };
}

export function declareResource<const D extends ResourceDeclaration>(declaration: D): D {
  return declaration;
}

/** The fields lists may be ordered by (GraphQL names), creation and update times included. */
export function sortFields(declaration: ResourceDeclaration): string[] {
  return [...Object.entries(declaration.fields).filter(([, spec]) => spec.common?.sort).map(([name]) => name), 'createdAt', 'updatedAt'];
}

/** The equality filters: filter name → the field it compares. */
export function filterFields(declaration: ResourceDeclaration): Array<{ filter: string; name: string; spec: FieldSpec }> {
  return Object.entries(declaration.fields)
    .filter(([, spec]) => spec.common?.filter)
    .map(([name, spec]) => ({ filter: spec.common!.filter!, name, spec }));
}
