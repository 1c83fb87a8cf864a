import type { ClientSession } from 'mongodb';
import { listFilter, listSort } from '../../store/list-query';
import type { TenantDocument } from '../../store/tenant-collection';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError, type AppError, type ErrorDetail } from '../errors';
import { Resource, type ResourceDefinition } from '../resource';
import { filterFields, snakeCase, storedName, windowFields, type ResourceDeclaration } from './field';
import { changesOf, createFieldsOf, searchFieldsOf, storedFilterValue } from './mapping';
import { createSchemaOf, filterSchemaOf, updateSchemaOf } from './validation';

type Row = Record<string, unknown>;

export interface ListOrder {
  field?: string;
  direction?: 'asc' | 'desc';
}

/** Every id a `refs` field names must be a record of the account (another account's reads as missing). */
async function checkReferences(declaration: ResourceDeclaration, context: RequestContext, input: Row, session?: ClientSession): Promise<void> {
  const problems: ErrorDetail[] = [];
  for (const [name, spec] of Object.entries(declaration.fields)) {
    const value = input[name];
    if ((spec.kind !== 'refs' && spec.kind !== 'ref') || value === undefined || value === null) continue;
    const ids = spec.kind === 'ref' ? [value as string] : (value as string[]);
    const collection = new TenantCollection<TenantDocument>(context.store.collection(spec.collection), requirePrincipal(context).accountId);
    const found = await collection.findByIds(ids, session);
    found.forEach((doc, index) => {
      if (!doc) problems.push({ path: spec.kind === 'ref' ? name : `${name}.${index}`, message: `no such ${spec.label} in this account` });
    });
  }
  if (problems.length) throw new ValidationError(`unknown references: ${problems.map((p) => p.path).join(', ')}`, problems);
}

export interface DeclaredExtras<D extends TenantDocument> {
  duplicate?: (input: Row) => AppError;
  /** More writes that belong with a new record (e.g. its opening stock movement), in its transaction. */
  afterCreate?: (context: RequestContext, doc: D, input: Row, session: ClientSession) => Promise<D>;
}

/** The domain definition of a declared resource (for resources whose rules extend the standard Resource). */
export function declaredDefinition<D extends TenantDocument>(declaration: ResourceDeclaration, extra: DeclaredExtras<D> = {}) {
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
    prepare: (context, input, session) => checkReferences(declaration, context, input, session),
    query: (filter) =>
      listFilter({
        equals: Object.fromEntries(filters.map(({ filter: key, name, spec }) => [storedName(name, spec), storedFilterValue(spec, filter?.[key])])),
        search: filter?.search ? { fields: search, text: filter.search as string } : undefined,
        windows: [
          { field: 'created_at', from: filter?.createdFrom as Date | undefined, to: filter?.createdTo as Date | undefined },
          ...windowFields(declaration).map(({ from, to, name, spec }) => ({
            field: storedName(name, spec),
            from: filter?.[from] as string | undefined,
            to: filter?.[to] as string | undefined,
          })),
        ],
      }) as never,
    sort: (order) => {
      const field = order?.field ?? declaration.defaultSort.field;
      const spec = declaration.fields[field];
      return listSort(spec ? storedName(field, spec) : snakeCase(field), order?.direction ?? declaration.defaultSort.direction);
    },
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
