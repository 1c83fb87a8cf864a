import type { ClientSession } from 'mongodb';
import { listFilter, listSort } from '../../store/list-query';
import type { TenantDocument } from '../../store/tenant-collection';
import { TenantCollection } from '../../store/tenant-collection';
import { keepRevisions } from '../../store/revisions';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError, type AppError, type ErrorDetail } from '../errors';
import { Resource, type ResourceDefinition } from '../resource';
import { instantOf } from '../dates';
import { filterFields, isInstant, snakeCase, storedName, windowFields, type FieldSpec, type ResourceDeclaration } from './field';
import { projectionOf } from './projection';
import { changesOf, createFieldsOf, fixedFieldChanges, searchFieldsOf, sendsFixedFields, storedFilterValue } from './mapping';
import { createSchemaOf, filterSchemaOf, updateSchemaOf } from './declare.validation';

type Row = Record<string, unknown>;

export interface ListOrder {
  field?: string;
  direction?: 'asc' | 'desc';
}

/** A day window on an instant field covers the whole Argentine days; on a day field the days themselves. */
function windowBounds(spec: FieldSpec, from: string | undefined, to: string | undefined): { from?: Date | string; to?: Date | string } {
  if (!isInstant(spec)) return { from, to };
  return { from: from ? (instantOf(`${from}T00:00:00`) ?? undefined) : undefined, to: to ? (instantOf(`${to}T23:59:59.999`) ?? undefined) : undefined };
}

/** The references an input makes: `[error path, collection, label, id]`, lines' references included. */
function referencesOf(fields: Record<string, FieldSpec>, input: Row, prefix = ''): Array<[string, FieldSpec & { kind: 'ref' | 'refs' }, string]> {
  const found: Array<[string, FieldSpec & { kind: 'ref' | 'refs' }, string]> = [];
  for (const [name, spec] of Object.entries(fields)) {
    const value = input[name];
    if (value === undefined || value === null) continue;
    if (spec.kind === 'ref') found.push([`${prefix}${name}`, spec, value as string]);
    if (spec.kind === 'refs') for (const [index, id] of (value as string[]).entries()) found.push([`${prefix}${name}.${index}`, spec, id]);
    if (spec.kind === 'lines')
      for (const [index, line] of (value as Row[]).entries()) found.push(...referencesOf(spec.fields, line, `${prefix}${name}.${index}.`));
  }
  return found;
}

/**
 * Every id a `ref`/`refs` field names must be a record of the account (another account's reads as missing): each
 * input's problem, or undefined, with one read per referenced collection however many inputs.
 */
async function referenceProblems(declaration: ResourceDeclaration, context: RequestContext, inputs: Row[], session?: ClientSession) {
  const problems: ErrorDetail[][] = inputs.map(() => []);
  const references = inputs.flatMap((input, at) => referencesOf(declaration.fields, input).map((reference) => ({ at, reference })));
  for (const collectionName of new Set(references.map(({ reference: [, spec] }) => spec.collection))) {
    const wanted = references.filter(({ reference: [, spec] }) => spec.collection === collectionName);
    const collection = new TenantCollection<TenantDocument>(context.store.collection(collectionName), requirePrincipal(context).accountId);
    const found = await collection.findByIds(
      wanted.map(({ reference: [, , id] }) => id),
      session,
    );
    found.forEach((doc, index) => {
      const { at, reference } = wanted[index];
      if (!doc) problems[at].push({ path: reference[0], message: `no such ${reference[1].label} in this account` });
    });
  }
  return problems.map((found) => (found.length ? new ValidationError(`unknown references: ${found.map((p) => p.path).join(', ')}`, found) : undefined));
}

export interface DeclaredExtras<D extends TenantDocument> {
  /** Stored sources of GraphQL fields resolved beside the declaration (see projectionOf). */
  projection?: Record<string, readonly string[]>;
  duplicate?: (input: Row) => AppError;
  /** More writes that belong with a new record (e.g. its opening stock movement), in its transaction. */
  afterCreate?: (context: RequestContext, doc: D, input: Row, session: ClientSession) => Promise<D>;
}

/** The domain definition of a declared resource (for resources whose rules extend the standard Resource). */
export function declaredDefinition<D extends TenantDocument>(declaration: ResourceDeclaration, extra: DeclaredExtras<D> = {}) {
  // Its records carry a revision, their entity tag (see domain/preconditions.ts).
  keepRevisions(declaration.collection);
  const createSchema = createSchemaOf(declaration);
  const updateSchema = updateSchemaOf(declaration);
  const filterSchema = filterSchemaOf(declaration);
  const search = searchFieldsOf(declaration);
  const filters = filterFields(declaration);
  const definition: ResourceDefinition<D, Row, Row, Row, ListOrder> = {
    collection: declaration.collection,
    label: declaration.label,
    createSchema: createSchema as never,
    updateSchema: updateSchema as never,
    fieldsForCreate: (input, now) => createFieldsOf(declaration, input, now) as never,
    fieldsForUpdate: (input) => changesOf(declaration, input) as never,
    fixedFields: {
      sent: (input) => sendsFixedFields(declaration, input),
      changed: (current, input) => fixedFieldChanges(declaration, current as never, input),
    },
    prepare: async (context, input, session) => {
      const [problem] = await referenceProblems(declaration, context, [input], session);
      if (problem) throw problem;
    },
    prepareAll: (context, inputs, session) => referenceProblems(declaration, context, inputs, session),
    query: (filter) =>
      listFilter({
        equals: Object.fromEntries(filters.map(({ filter: key, spec, stored }) => [stored, storedFilterValue(spec, filter?.[key])])),
        search: filter?.search ? { fields: search, text: filter.search as string } : undefined,
        windows: [
          { field: 'created_at', from: filter?.createdFrom as Date | undefined, to: filter?.createdTo as Date | undefined },
          ...windowFields(declaration).map(({ from, to, name, spec }) => ({
            field: storedName(name, spec),
            ...windowBounds(spec, filter?.[from] as string | undefined, filter?.[to] as string | undefined),
          })),
        ],
      }) as never,
    sort: (order) => {
      const field = order?.field ?? declaration.defaultSort.field;
      const spec = declaration.fields[field];
      return listSort(spec ? storedName(field, spec) : snakeCase(field), order?.direction ?? declaration.defaultSort.direction);
    },
    projection: projectionOf(declaration, extra.projection),
    duplicate: extra.duplicate,
    afterCreate: extra.afterCreate,
  };
  return { definition, createSchema, updateSchema, filterSchema };
}

/** The domain operations of a declared resource: validation, stored mapping, filters and order all derived. */
export function declaredResource<D extends TenantDocument>(declaration: ResourceDeclaration, extra: DeclaredExtras<D> = {}) {
  const { definition, ...schemas } = declaredDefinition(declaration, extra);
  return { resource: new Resource(definition), ...schemas };
}
