import { ObjectId } from 'mongodb';
import { fromCents } from '../money';
import { storedName, type Common, type FieldSpec, type ResourceDeclaration } from './field';
import { outputOf } from './mapping';

/**
 * The result of an operation (a report, a statistic), declared once from the field kinds of resources (`money()`,
 * `day()`, `text()`, `oneOf()`, …) and shapes nested in it. Its GraphQL object type, its REST selection (aliased to
 * the contract's names), its JSON schema for OpenAPI and the mapping from the domain's result (centavos to pesos,
 * ids to text) are derived from it.
 */
export interface ShapeDeclaration {
  /** The GraphQL object type's name. */
  type: string;
  description?: string;
  fields: Record<string, ShapeField>;
  /** A shape whose fields this one has first: its GraphQL type extends the other's (and shares its field resolvers). */
  extends?: ShapeDeclaration;
  /**
   * A view of a declared resource's records: the GraphQL type and the output are the resource's; the fields say
   * which of them the REST answer selects and how it documents them.
   */
  record?: ResourceDeclaration;
  /** Published once as an OpenAPI component under its type's name, which answers and other shapes refer to. */
  component?: boolean;
  /** The domain's result is a stored record: a field is read at its stored name (`_cents` for money) unless it says `read`. */
  stored?: boolean;
}

/** A field of a shape: a field kind, or another shape (one, or a list of them). */
export type ShapeField = FieldSpec | NestedShape;

export interface NestedShape {
  kind: 'shape';
  shape: ShapeDeclaration;
  list: boolean;
  common?: Common;
}

export const nested = (shape: ShapeDeclaration, common: Common = {}): NestedShape => ({ kind: 'shape', shape, list: false, common });
export const listOf = (shape: ShapeDeclaration, common: Common = {}): NestedShape => ({ kind: 'shape', shape, list: true, common });

export function declareShape<const S extends ShapeDeclaration>(shape: S): S {
  return shape;
}

const allFields = new WeakMap<ShapeDeclaration, Record<string, ShapeField>>();

/** The shape's fields, those of the shape it extends first. */
export function shapeFields(shape: ShapeDeclaration): Record<string, ShapeField> {
  let fields = allFields.get(shape);
  if (!fields) {
    fields = { ...(shape.extends ? shapeFields(shape.extends) : {}), ...shape.fields };
    allFields.set(shape, fields);
  }
  return fields;
}

type Row = Record<string, unknown>;

function outputValue(spec: ShapeField, value: unknown): unknown {
  if (value === undefined || value === null) return spec.kind === 'shape' && spec.list ? [] : null;
  switch (spec.kind) {
    case 'shape':
      return spec.list ? (value as unknown[]).map((item) => shapeOutput(spec.shape, item)) : shapeOutput(spec.shape, value);
    case 'money':
      return fromCents(value as number);
    case 'ref':
      return value instanceof ObjectId ? value.toHexString() : value;
    default:
      return value;
  }
}

/**
 * The domain's result in the shape's GraphQL form: each field read where its `read` says (its own name by default),
 * money from centavos to pesos, ids as text, nested shapes likewise; a record view maps as its resource's records.
 */
export function shapeOutput(shape: ShapeDeclaration, source: unknown): Row {
  if (shape.record) return outputOf(shape.record, source as Parameters<typeof outputOf>[1]);
  const output: Row = {};
  for (const [name, spec] of Object.entries(shapeFields(shape))) {
    const read = spec.common?.read as ((source: unknown) => unknown) | undefined;
    const at = shape.stored ? storedName(name, spec as FieldSpec) : name;
    output[name] = outputValue(spec, read ? read(source) : (source as Row)[at]);
  }
  sources.set(output, source as object);
  return output;
}

const sources = new WeakMap<object, unknown>();

/** What a shape's output was mapped from: a field resolver of the shape's type that needs more of the record reads it here. */
export const sourceOf = <T>(output: object): T => sources.get(output) as T;
