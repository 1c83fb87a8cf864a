import type { ClientSession } from 'mongodb';
import type { CustomerDocument } from '../../store/customers.store';
import type { SupplyDocument } from '../../store/supplies.store';
import type { SupplyConsumptionDocument, SupplyConsumptionItem } from '../../store/supply-consumptions.store';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { ConflictError, ForbiddenError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { lineTotalCents } from '../money';
import { Resource } from '../resource';
import { assertTransition, type StateMachine } from '../state-machine';
import { applyStockChanges, type StockChange } from '../stock/stock.service';
import { SUPPLY_CONSUMPTION, type SupplyConsumptionStatus } from './supply-consumptions.declaration';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/**
 * Supply consumptions (contract §2.7, §3.4, §4.3): registering one deducts the stock of its supplies in the same
 * transaction (no expense is created); its author may delete it within 24 hours (the stock comes back); a web-panel
 * session may revert it (confirmed → reverted, compensating movements) at any time.
 */

export const SUPPLY_CONSUMPTION_MACHINE: StateMachine<SupplyConsumptionStatus> = { confirmed: ['reverted'], reverted: [] };

/** How long after registering it the author may still delete a consumption. */
export const DELETE_WINDOW_MS = 24 * 60 * 60 * 1000;

const {
  definition: declared,
  createSchema: createSupplyConsumptionSchema,
  updateSchema: updateSupplyConsumptionSchema,
  filterSchema: supplyConsumptionFilterSchema,
} = declaredDefinition<SupplyConsumptionDocument>(SUPPLY_CONSUMPTION, {
  projection: { customer: ['customer_id'], createdBy: ['created_by'], revertedBy: ['reverted_by'], 'items.supply': ['supply_id'] },
});
export { createSupplyConsumptionSchema, supplyConsumptionFilterSchema, updateSupplyConsumptionSchema };

type Row = Record<string, unknown>;
type Input = { items: Array<{ supplyId: string; quantity: number; notes?: string | null }>; date?: string | null; customerId?: string | null } & Row;

/** The stock changes that give back (sign 1) or take (sign −1) a consumption's quantities. */
function stockChanges(doc: Pick<SupplyConsumptionDocument, 'items'>, sign: 1 | -1): StockChange[] {
  return doc.items.map((item) => ({ itemType: 'supply', itemId: item.supply_id.toHexString(), deltaMilli: sign * item.quantity_milli }));
}

/**
 * Registers a consumption: every item snapshots its supply's name, unit and unit cost (unit_price, else
 * default_amount) and its subtotal (rounded to the centavo); the total is their exact sum. The document and the stock
 * deductions commit together; short stock (negative stock off) fails the whole consumption with 409
 * INSUFFICIENT_STOCK naming every short supply.
 */
async function create(resource: SupplyConsumptionResource, context: RequestContext, input: Input, session: ClientSession): Promise<SupplyConsumptionDocument> {
  const principal = requirePrincipal(context);
  {
    const supplies = new TenantCollection(context.store.collection<SupplyDocument>('supplies'), principal.accountId);
    const ids = [...new Set(input.items.map((item) => item.supplyId))];
    const found = new Map(
      (await supplies.findByIds(ids, session)).filter((doc): doc is SupplyDocument => doc !== null).map((doc) => [doc._id.toHexString(), doc]),
    );
    const problems: ErrorDetail[] = [];
    const items: SupplyConsumptionItem[] = [];
    input.items.forEach((item, index) => {
      const supply = found.get(item.supplyId);
      if (!supply) {
        problems.push({ path: `items.${index}.supplyId`, message: 'no such supply in this account' });
        return;
      }
      if (supply.status === 'inactive') {
        problems.push({ path: `items.${index}.supplyId`, message: `${supply.name} is inactive: activate it before consuming it` });
        return;
      }
      const unitCost = supply.unit_price_cents ?? supply.default_amount_cents;
      items.push({
        supply_id: supply._id,
        supply_name: supply.name,
        unit: supply.unit ?? null,
        quantity_milli: item.quantity,
        unit_cost_cents: unitCost,
        subtotal_cents: lineTotalCents(item.quantity, unitCost),
        ...(item.notes ? { notes: item.notes } : {}),
      });
    });
    let customer: CustomerDocument | null = null;
    if (input.customerId) {
      const customers = new TenantCollection(context.store.collection<CustomerDocument>('customers'), principal.accountId);
      customer = await customers.findById(input.customerId, session);
      if (!customer) problems.push({ path: 'customerId', message: 'no such customer in this account' });
    }
    if (problems.length) {
      throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
    }
    const total = items.reduce((sum, item) => sum + item.subtotal_cents, 0);
    if (!Number.isSafeInteger(total)) throw new ValidationError('total cost too large', [{ path: 'items', message: 'the total cost is too large' }]);

    const fields = {
      ...declared.fieldsForCreate({ ...input, items: [] }, context.now()),
      items,
      total_cost_cents: total,
      created_by: principal.userId,
    } as Omit<SupplyConsumptionDocument, '_id' | 'account_id' | 'created_at' | 'updated_at'>;
    if (customer) fields.customer_name = customer.name;
    const doc = await resource.collection(context).insert(fields, context.now(), session);
    await applyStockChanges(context, stockChanges(doc, -1), { type: 'supply_consumption', id: doc._id }, session);
    return doc;
  }
}

async function requireConsumption(context: RequestContext, id: string, session: ClientSession): Promise<SupplyConsumptionDocument> {
  const doc = await supplyConsumptions.collection(context).findById(id, session);
  if (!doc) throw notFound('supply consumption', id);
  return doc;
}

/**
 * Deletes a consumption: only its author (the user behind the key or session that registered it), within 24 hours
 * of registering it. A confirmed consumption gives its stock back; a reverted one already did.
 */
async function remove(context: RequestContext, id: string, session: ClientSession): Promise<string> {
  const principal = requirePrincipal(context);
  {
    const doc = await requireConsumption(context, id, session);
    if (!principal.userId || !doc.created_by?.equals(principal.userId)) {
      throw new ForbiddenError('only the user who registered this consumption may delete it', [], 'NOT_AUTHOR');
    }
    if (context.now().getTime() - doc.created_at.getTime() > DELETE_WINDOW_MS) {
      throw new ForbiddenError('a consumption may be deleted only within 24 hours of registering it: revert it instead', [], 'DELETE_WINDOW_EXPIRED');
    }
    if (!(await supplyConsumptions.collection(context).delete(id, session, { status: doc.status })))
      throw new ConflictError('the consumption changed meanwhile: try again');
    if (doc.status === 'confirmed') {
      await applyStockChanges(context, stockChanges(doc, 1), { type: 'supply_consumption_delete', id: doc._id }, session);
    }
    return doc._id.toHexString();
  }
}

/** Consumptions: the declared list and reads, with their own create (snapshots, stock) and delete (author, window). */
class SupplyConsumptionResource extends Resource<SupplyConsumptionDocument, Row, Row, Row, ListOrder> {
  override create(context: RequestContext, input: Row, session?: ClientSession): Promise<SupplyConsumptionDocument> {
    if (!session) return context.store.transaction((own) => this.create(context, input, own));
    return create(this, context, input as Input, session);
  }

  override remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    if (!session) return context.store.transaction((own) => this.remove(context, id, own));
    return remove(context, id, session);
  }
}

export const supplyConsumptions = new SupplyConsumptionResource({
  ...declared,
  fieldsForUpdate: () => {
    throw new Error('supply consumptions are never edited');
  },
});

/**
 * Reverts a confirmed consumption from a web-panel session (an API key → 403 SESSION_REQUIRED): its stock comes
 * back through compensating movements and it records who reverted it and when. A second revert → 409.
 */
export async function revertSupplyConsumption(context: RequestContext, id: string): Promise<SupplyConsumptionDocument> {
  const principal = requirePrincipal(context);
  return context.store.transaction(async (session) => {
    const doc = await requireConsumption(context, id, session);
    if (principal.via !== 'session') {
      throw new ForbiddenError('reverting a consumption needs a web-panel session (cookie and X-CSRF-Token), not an API key', [], 'SESSION_REQUIRED');
    }
    assertTransition(SUPPLY_CONSUMPTION_MACHINE, 'supply consumption', doc.status as SupplyConsumptionStatus, 'reverted');
    const now = context.now();
    const collection = supplyConsumptions.collection(context);
    const updated = await collection.collection.findOneAndUpdate(
      collection.scope({ _id: doc._id, status: 'confirmed' }),
      { $set: { status: 'reverted', reverted_at: now, reverted_by: principal.userId, updated_at: now } },
      { session, returnDocument: 'after' },
    );
    if (!updated) throw new ConflictError('the consumption changed meanwhile: try again');
    await applyStockChanges(context, stockChanges(doc, 1), { type: 'supply_consumption_revert', id: doc._id }, session);
    await recordChanges(context, [actionOn('supply_consumptions', 'supply consumption', 'updated', updated, 'reverted')], session);
    return updated as SupplyConsumptionDocument;
  });
}

/** A supply consumption as stored (what resolvers map to their GraphQL shape). */
export type SupplyConsumptionRecord = SupplyConsumptionDocument;
