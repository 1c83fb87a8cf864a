import type { ClientSession, ObjectId } from 'mongodb';
import type { SupplierDocument } from '../../store/suppliers';
import { supplyQuery, supplySort, type SupplyDocument, type SupplyFields, type SupplyOrderField } from '../../store/supplies';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { ValidationError } from '../errors';
import { fieldChanges, Resource } from '../resource';
import { openStock } from '../stock/service';
import { createSupplySchema, updateSupplySchema, type CreateSupplyData, type SupplyFilterData, type UpdateSupplyData } from './schema';

/** Input (GraphQL names) → stored fields; null or empty means "remove the field". */
function toFields(input: UpdateSupplyData): { set: Partial<SupplyFields>; unset: string[] } {
  const { set, unset, put } = fieldChanges<SupplyFields>();
  if (input.name !== undefined && input.name !== null) set.name = input.name;
  // default_amount is always present: null puts it back to 0.
  if (input.defaultAmount !== undefined) set.default_amount_cents = input.defaultAmount ?? 0;
  put('description', input.description);
  put('unit', input.unit);
  put('unit_price_cents', input.unitPrice);
  if (input.status) set.status = input.status;
  put('supplier_id', input.supplierId);
  return { set, unset };
}

export interface SupplyOrder {
  field?: SupplyOrderField;
  direction?: 'asc' | 'desc';
}

/** A supplier named by a supply must be one of the account's. */
async function checkSupplier(context: RequestContext, supplierId: ObjectId | null | undefined, session?: ClientSession): Promise<void> {
  if (!supplierId) return;
  const collection = new TenantCollection(context.store.collection<SupplierDocument>('suppliers'), requirePrincipal(context).accountId);
  if (!(await collection.findById(supplierId.toHexString(), session))) {
    throw new ValidationError(`supplier ${supplierId.toHexString()} not found`, [{ path: 'supplierId', message: 'no such supplier in this account' }]);
  }
}

/** Supplies: the standard resource, plus the supplier check on every write and the opening stock on create. */
class SupplyResource extends Resource<SupplyDocument, CreateSupplyData, UpdateSupplyData, SupplyFilterData, SupplyOrder> {
  override async create(context: RequestContext, input: CreateSupplyData, session?: ClientSession): Promise<SupplyDocument> {
    // Without a session the base class opens the transaction (for the opening stock) and comes back here with it.
    if (!session) return super.create(context, input);
    await checkSupplier(context, input.supplierId, session);
    return super.create(context, input, session);
  }

  override async update(context: RequestContext, id: string, input: UpdateSupplyData, session?: ClientSession): Promise<SupplyDocument> {
    await checkSupplier(context, input.supplierId, session);
    return super.update(context, id, input, session);
  }
}

export const supplies = new SupplyResource({
  collection: 'supplies',
  label: 'supply',
  createSchema: createSupplySchema,
  updateSchema: updateSupplySchema,
  fieldsForCreate: (input) => ({ status: 'active', ...toFields(input).set, default_amount_cents: input.defaultAmount ?? 0, name: input.name, stock_milli: 0 }),
  fieldsForUpdate: toFields,
  query: supplyQuery,
  sort: (order) => supplySort(order?.field, order?.direction),
  afterCreate: (context, doc, input, session) => openStock(context, 'supply', doc, input.stock ?? 0, session),
});
