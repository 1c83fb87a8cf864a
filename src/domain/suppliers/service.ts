import { MongoServerError, type ClientSession } from 'mongodb';
import type { AddressDocument, SupplierDocument, SupplierFields, SupplierOrderField } from '../../store/suppliers';
import { supplierQuery, supplierSort } from '../../store/suppliers';
import { TenantCollection } from '../../store/tenant-collection';
import { runBulk, type BulkOutcome } from '../bulk';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound, ValidationError } from '../errors';
import { pageWindow, type Connection, type PageArgs } from '../pagination';
import { parseInput } from '../validation';
import {
  createSupplierSchema,
  supplierFilterSchema,
  updateSupplierSchema,
  type CreateSupplierData,
  type SupplierFilterData,
  type UpdateSupplierData,
} from './schema';

function suppliers(context: RequestContext): TenantCollection<SupplierDocument> {
  return new TenantCollection(context.store.collection<SupplierDocument>('suppliers'), requirePrincipal(context).accountId);
}


function addressFields(address: NonNullable<UpdateSupplierData['address']>): string | AddressDocument | undefined {
  if (address.text) return address.text;
  const out: AddressDocument = {};
  if (address.street) out.street = address.street;
  if (address.city) out.city = address.city;
  if (address.state) out.state = address.state;
  if (address.postalCode) out.postal_code = address.postalCode;
  if (address.country) out.country = address.country;
  return Object.keys(out).length ? out : undefined;
}

/** Input (GraphQL names) → stored fields; null or empty means "remove the field". */
function toFields(input: UpdateSupplierData): { set: Partial<SupplierFields>; unset: string[] } {
  const set: Partial<SupplierFields> = {};
  const unset: string[] = [];
  const put = <K extends keyof SupplierFields>(key: K, value: SupplierFields[K] | null | undefined | '') => {
    if (value === undefined) return;
    if (value === null || value === '') unset.push(key);
    else set[key] = value;
  };
  if (input.name !== undefined && input.name !== null) set.name = input.name;
  put('email', input.email);
  put('phone', input.phone);
  put('tax_id', input.taxId);
  put('contact_name', input.contactName);
  if (input.address !== undefined) put('address', input.address === null ? null : (addressFields(input.address) ?? null));
  if (input.fiscalInfo !== undefined) {
    put('fiscal_info', input.fiscalInfo?.condicionIva ? { condicion_iva: input.fiscalInfo.condicionIva } : null);
  }
  put('category', input.category);
  if (input.tags !== undefined) set.tags = [...new Set(input.tags ?? [])];
  put('notes', input.notes);
  if (input.status) set.status = input.status;
  return { set, unset };
}

function conflictOnDuplicate(error: unknown, taxId: string | null | undefined): never {
  if (error instanceof MongoServerError && error.code === 11000) {
    throw new ConflictError(`a supplier with tax_id ${taxId} already exists`, [{ path: 'taxId', message: 'already used by another supplier' }]);
  }
  throw error;
}

export async function getSupplier(context: RequestContext, id: string): Promise<SupplierDocument> {
  const supplier = await context.loaders().byId<SupplierDocument>('suppliers').load(id);
  if (!supplier) throw notFound('supplier', id);
  return supplier;
}

export interface SupplierOrder {
  field?: SupplierOrderField;
  direction?: 'asc' | 'desc';
}

export async function listSuppliers(
  context: RequestContext,
  filter: SupplierFilterData | undefined,
  order: SupplierOrder | undefined,
  page: PageArgs,
): Promise<Connection<SupplierDocument>> {
  const window = pageWindow(page);
  const checked = filter ? parseInput(supplierFilterSchema, filter, 'filter') : undefined;
  const query = supplierQuery(checked);
  const collection = suppliers(context);
  const [nodes, totalCount] = await Promise.all([
    collection.find(query, { ...window, sort: supplierSort(order?.field, order?.direction) }),
    collection.count(query),
  ]);
  context.loaders().prime('suppliers', nodes);
  return { nodes, totalCount, window };
}

export async function createSupplier(context: RequestContext, input: CreateSupplierData, session?: ClientSession): Promise<SupplierDocument> {
  const { set } = toFields(input);
  const fields: SupplierFields = { tags: [], status: 'active', ...set, name: input.name };
  try {
    return await suppliers(context).insert(fields, context.now(), session);
  } catch (error) {
    conflictOnDuplicate(error, input.taxId);
  }
}

export async function updateSupplier(context: RequestContext, id: string, input: UpdateSupplierData, session?: ClientSession): Promise<SupplierDocument> {
  const { set, unset } = toFields(input);
  try {
    const updated = await suppliers(context).update(id, set, unset, context.now(), session);
    if (!updated) throw notFound('supplier', id);
    return updated;
  } catch (error) {
    conflictOnDuplicate(error, input.taxId);
  }
}

export async function deleteSupplier(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
  if (!(await suppliers(context).delete(id, session))) throw notFound('supplier', id);
  return id;
}

export function createSuppliers(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<SupplierDocument>> {
  return runBulk(
    context,
    { name: 'inputs', items, allOrNone },
    (item) => parseInput(createSupplierSchema, item),
    (input, session) => createSupplier(context, input, session),
  );
}

export function updateSuppliers(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<SupplierDocument>> {
  return runBulk(
    context,
    { name: 'inputs', items, allOrNone },
    (item) => {
      const { id, ...fields } = (item ?? {}) as { id?: unknown };
      if (typeof id !== 'string' || !id) throw new ValidationError('id is required', [{ path: 'id', message: 'is required' }]);
      return { id, input: parseInput(updateSupplierSchema, fields) };
    },
    ({ id, input }, session) => updateSupplier(context, id, input, session),
  );
}

export function deleteSuppliers(context: RequestContext, ids: readonly string[], allOrNone: boolean): Promise<BulkOutcome<string>> {
  return runBulk(
    context,
    { name: 'ids', items: ids, allOrNone },
    (id) => id,
    (id, session) => deleteSupplier(context, id, session),
  );
}
