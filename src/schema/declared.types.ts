import { GraphQLJSONObject } from 'graphql-scalars';
import { type Arg, Field, Float, ID, InputType, Int, ObjectType, registerEnumType, type ClassType } from 'type-graphql';
import {
  alwaysPresent,
  createOnly,
  filterFields,
  readOnly,
  sortFields,
  windowFields,
  writeOnly,
  type FieldSpec,
  type ResourceDeclaration,
} from '../domain/declare/field';
import { createSchemaOf, filterSchemaOf, updateSchemaOf } from '../domain/declare/declare.validation';
import { DECLARATIONS } from '../domain/declarations';
import { Address, BulkResult, Connection, ETAG_DESCRIPTION, REVISION_DESCRIPTION, SortDirection } from './common';
import { validatedBy } from './validation.types';

/** The GraphQL types of a declared resource. */
export interface DeclaredTypes {
  Record: ClassType;
  Connection: ClassType;
  BulkResult: ClassType;
  CreateInput: ClassType;
  UpdateInput: ClassType;
  CreateItem: ClassType;
  UpdateItem: ClassType;
  Filter: ClassType;
  OrderBy: ClassType;
}

const enums = new Map<string, Record<string, string>>();
const objects = new Map<string, { output: ClassType; input: ClassType }>();
const records = new Map<string, ClassType>();

export function named(name: string, base?: ClassType): ClassType {
  const made = base ? { [name]: class extends base {} } : { [name]: class {} };
  return made[name];
}

function enumOf(values: readonly string[], name: string, description?: string): Record<string, string> {
  let registered = enums.get(name);
  if (!registered) {
    registered = Object.fromEntries(values.map((value) => [value, value]));
    registerEnumType(registered, { name, description });
    enums.set(name, registered);
  }
  return registered;
}

/** The field's bounds in words, for the schema's descriptions. */
function bounds(spec: FieldSpec): string | undefined {
  if (spec.kind === 'text') return spec.min ? `${spec.min} to ${spec.max} characters.` : `At most ${spec.max} characters.`;
  if (spec.kind === 'int') return `${spec.min} to ${spec.max}.`;
  if (spec.kind === 'texts') return `At most ${spec.max} items of at most ${spec.itemMax} characters.`;
  if (spec.kind === 'refs') return `Ids of ${spec.label}s of the account (at most ${spec.max}).`;
  if (spec.kind === 'email') return 'A valid email address.';
  if (spec.kind === 'money')
    return `${spec.exclusiveMin ? 'Greater than' : 'At least'} ${spec.min}${spec.max ? ` and less than ${spec.max.toLocaleString('en')}` : ''}, at most 2 decimals.`;
  if (spec.kind === 'percent') return 'A percentage, 0 to 100, at most 2 decimals.';
  if (spec.kind === 'rate') return `One of ${spec.values.join(', ')}.`;
  if (spec.kind === 'date') return spec.today ? 'YYYY-MM-DD (default: today in Argentina).' : 'YYYY-MM-DD.';
  if (spec.kind === 'url') return `An http(s) URL of at most ${spec.max} characters.`;
  if (spec.kind === 'lines') return spec.min ? `${spec.min} to ${spec.max} lines.` : `At most ${spec.max} lines.`;
  if (spec.kind === 'quantity') return 'Greater than 0, at most 3 decimals.';
  if (spec.kind === 'dateTime') return 'An ISO 8601 date-time (without a zone: Argentine time) or a day YYYY-MM-DD (its start).';
  if (spec.kind === 'json') return `A free-form JSON object of at most ${spec.maxChars} characters; no key may be empty, start with $ or contain a dot.`;
  if (spec.kind === 'stock') return 'The opening stock (at least 0, at most 3 decimals); afterwards it moves only through stock movements.';
  return undefined;
}

const describe = (spec: FieldSpec, input: boolean) => [spec.common?.description, input ? bounds(spec) : undefined].filter(Boolean).join(' ') || undefined;

/** What TypeGraphQL's decorators take as a type: a function answering it (in brackets for a list). */
export type TypeFunction = Parameters<typeof Arg>[1];

/** The GraphQL type of a field's value (a list type for list fields). */
export function typeOf(spec: FieldSpec, input: boolean): TypeFunction {
  switch (spec.kind) {
    case 'text':
    case 'email':
      return () => String;
    case 'int':
      return () => Int;
    case 'enum': {
      const type = enumOf(spec.values, spec.typeName, spec.description);
      return () => type;
    }
    case 'texts':
      return () => [String];
    case 'refs':
      return () => [ID];
    case 'object': {
      const pair = objectTypes(spec.typeName, spec.fields, spec.description);
      return () => (input ? pair.input : pair.output);
    }
    case 'address':
      return () => Address;
    case 'money':
    case 'stock':
    case 'decimal':
    case 'percent':
      return () => Float;
    case 'ref':
      return () => ID;
    case 'rate':
      return () => (spec.integer ? Int : Float);
    case 'date':
    case 'url':
      return () => String;
    case 'boolean':
      return () => Boolean;
    case 'lines': {
      const pair = objectTypes(spec.typeName, spec.fields, spec.description, true);
      return () => [input ? pair.input : pair.output];
    }
    case 'instant':
      return () => Date;
    case 'dateTime':
      // Written as text (a day or a date-time, zone optional), read as a zoned DateTime.
      return input ? () => String : () => Date;
    case 'quantity':
      return () => Float;
    case 'json':
      return () => GraphQLJSONObject;
  }
}

/** An object's output and input types; `strict`: its required fields are non-null (lines of a list). */
function objectTypes(typeName: string, fields: Record<string, FieldSpec>, description?: string, strict = false) {
  let pair = objects.get(typeName);
  if (!pair) {
    const output = named(typeName);
    const input = named(`${typeName}Input`);
    for (const [name, spec] of Object.entries(fields)) {
      const nullable = !(strict && spec.common?.required);
      if (!writeOnly(spec)) Field(typeOf(spec, false), { nullable, description: describe(spec, false) })(output.prototype, name);
      if (!readOnly(spec)) Field(typeOf(spec, true), { nullable, description: describe(spec, true) })(input.prototype, name);
    }
    ObjectType(typeName, { description })(output);
    InputType(`${typeName}Input`, { description })(input);
    pair = { output, input };
    objects.set(typeName, pair);
  }
  return pair;
}

/** The output type of a declared object or lines field (for resolvers of fields beside the declaration). */
export function declaredObjectType(typeName: string): ClassType {
  const pair = objects.get(typeName);
  if (!pair) throw new Error(`no declared object type ${typeName}`);
  return pair.output;
}

/** The object type of a declared resource's records (for results that list them). */
export function declaredRecordType(typeName: string): ClassType {
  const record = records.get(typeName);
  if (!record) throw new Error(`no declared resource ${typeName}`);
  return record;
}

/** A declared enum type (for arguments beside the declaration). */
export function declaredEnum(name: string): Record<string, string> {
  const registered = enums.get(name);
  if (!registered) throw new Error(`no declared enum ${name}`);
  return registered;
}

/** Input fields: `required` ones are non-null only where the input demands them (create). */
function inputClass(name: string, declaration: ResourceDeclaration, requiredOnCreate: boolean, description: string, create: boolean): ClassType {
  const cls = named(name);
  for (const [field, spec] of Object.entries(declaration.fields)) {
    if (readOnly(spec)) continue;
    const required = requiredOnCreate && Boolean(spec.common?.required);
    // An update takes a create-only field (the stock) only with its current value: a record sent back as read.
    const fixed = !create && createOnly(spec) ? ' Set at creation: an update may send it only with its current value (409 NOT_EDITABLE otherwise).' : '';
    Field(typeOf(spec, true), { nullable: !required, description: `${describe(spec, true) ?? ''}${fixed}`.trim() || undefined })(cls.prototype, field);
  }
  InputType(name, { description })(cls);
  return cls;
}

/** Derives the GraphQL object, connection, bulk result, input, filter and order types of a declared resource. */
function declaredTypes(declaration: ResourceDeclaration): DeclaredTypes {
  const { type } = declaration;

  const Record = named(type);
  Field(() => ID)(Record.prototype, 'id');
  for (const [name, spec] of Object.entries(declaration.fields)) {
    if (writeOnly(spec)) continue;
    Field(typeOf(spec, false), { nullable: !alwaysPresent(spec), description: spec.common?.description })(Record.prototype, name);
  }
  Field(() => Date)(Record.prototype, 'createdAt');
  Field(() => Date)(Record.prototype, 'updatedAt');
  Field(() => Int, { description: REVISION_DESCRIPTION })(Record.prototype, 'revision');
  Field(() => String, { description: ETAG_DESCRIPTION })(Record.prototype, 'etag');
  ObjectType(type, { description: declaration.description })(Record);
  records.set(type, Record);

  const ConnectionType = named(`${type}Connection`, Connection(Record, type) as ClassType);
  ObjectType(`${type}Connection`)(ConnectionType);
  const BulkResultType = named(`${type}BulkResult`, BulkResult(Record, type) as ClassType);
  ObjectType(`${type}BulkResult`, { description: 'Outcome of a bulk create or update.' })(BulkResultType);

  const CreateInput = inputClass(`Create${type}Input`, declaration, true, `A new ${declaration.label}. Fields left null are not stored.`, true);
  validatedBy(createSchemaOf(declaration))(CreateInput);
  const UpdateInput = inputClass(
    `Update${type}Input`,
    declaration,
    false,
    'A partial update: fields left out keep their values; null clears an optional field.',
    false,
  );
  validatedBy(updateSchemaOf(declaration))(UpdateInput);
  const CreateItem = inputClass(
    `${type}CreateItem`,
    declaration,
    false,
    `One item of create${declaration.many[0].toUpperCase()}${declaration.many.slice(1)}. Required fields are checked per item, so one incomplete item does not fail the others.`,
    true,
  );
  const UpdateItem = named(`${type}UpdateItem`, UpdateInput);
  Field(() => ID)(UpdateItem.prototype, 'id');
  InputType(`${type}UpdateItem`, { description: `One item of update${declaration.many[0].toUpperCase()}${declaration.many.slice(1)}.` })(UpdateItem);

  const Filter = named(`${type}Filter`);
  for (const { filter, spec } of filterFields(declaration)) {
    const valueType = spec.kind === 'texts' ? () => String : typeOf(spec, true);
    Field(valueType, { nullable: true, description: spec.kind === 'texts' ? `Only ${declaration.many} carrying this value.` : undefined })(
      Filter.prototype,
      filter,
    );
  }
  for (const { from, to, name } of windowFields(declaration)) {
    Field(() => String, { nullable: true, description: `${name} on or after this day (YYYY-MM-DD, in Argentina).` })(Filter.prototype, from);
    Field(() => String, { nullable: true, description: `${name} on or before this day (YYYY-MM-DD, in Argentina).` })(Filter.prototype, to);
  }
  if (declaration.search) Field(() => String, { nullable: true, description: declaration.search.description })(Filter.prototype, 'search');
  Field(() => Date, { nullable: true, description: 'Created at or after this instant.' })(Filter.prototype, 'createdFrom');
  Field(() => Date, { nullable: true, description: 'Created at or before this instant.' })(Filter.prototype, 'createdTo');
  InputType(`${type}Filter`)(Filter);
  validatedBy(filterSchemaOf(declaration))(Filter);

  const orderFields = enumOf(sortFields(declaration), `${type}OrderField`);
  const OrderBy = named(`${type}OrderBy`);
  Field(() => orderFields, { defaultValue: declaration.defaultSort.field })(OrderBy.prototype, 'field');
  Field(() => SortDirection, { defaultValue: declaration.defaultSort.direction })(OrderBy.prototype, 'direction');
  InputType(`${type}OrderBy`)(OrderBy);

  return { Record, Connection: ConnectionType, BulkResult: BulkResultType, CreateInput, UpdateInput, CreateItem, UpdateItem, Filter, OrderBy };
}

/** The GraphQL types of every declared resource (domain/declarations.ts), by type name. */
export const DECLARED_TYPES: Readonly<Record<string, DeclaredTypes>> = Object.fromEntries(
  DECLARATIONS.map((declaration) => [declaration.type, declaredTypes(declaration)]),
);

/** The GraphQL types of a declared resource. */
export function typesOf(declaration: ResourceDeclaration): DeclaredTypes {
  const types = DECLARED_TYPES[declaration.type];
  if (!types) throw new Error(`${declaration.type} is not in DECLARATIONS`);
  return types;
}

/** A declared record as its resolvers pass it (see outputOf). */
export type DeclaredRecord = Record<string, unknown> & { id: string };
