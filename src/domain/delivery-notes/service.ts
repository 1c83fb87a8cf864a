import type { ClientSession, ObjectId } from 'mongodb';
import { nextSequenceValue } from '../../store/counters';
import type { CustomerDocument } from '../../store/customers';
import {
  DELIVERY_NOTE_PROJECTION,
  DELIVERY_NOTE_SORT,
  deliveryNoteQuery,
  TRANSPORT_FIELDS,
  type DeliveryNoteDocument,
  type DeliveryNoteFields,
  type DeliveryNoteItemDocument,
  type DeliveryNoteStatus,
} from '../../store/delivery-notes';
import { parseId } from '../../store/ids';
import type { ProductDocument } from '../../store/products';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { ConflictError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { lineTotalCents } from '../money';
import { fieldChanges, Resource, type FieldsOf } from '../resource';
import { assertTransition, type StateMachine } from '../state-machine';
import { applyStockChanges, type StockChange } from '../stock/service';
import {
  createDeliveryNoteSchema,
  updateDeliveryNoteSchema,
  type CreateDeliveryNoteData,
  type DeliveryNoteFilterData,
  type DeliveryNoteItemData,
  type UpdateDeliveryNoteData,
} from './schema';

/**
 * Delivery notes (remitos). A note is written as a draft (no number, no stock effect) and then:
 *
 *   draft ──issue──► issued ──deliver──► delivered ──invoice──► invoiced
 *     └──cancel──►  cancelled ◄──cancel──┘ (from issued)
 *
 * Issuing takes the next number of the note's sale point (an atomic per-account counter, in the same transaction)
 * and deducts the stock of every item that names a product; cancelling an issued note gives that stock back and
 * keeps its number. Drafts are fully editable; an issued note accepts changes to its transport data, notes and
 * metadata only; delivered, invoiced and cancelled notes to their notes and metadata only.
 */
export const DELIVERY_NOTE_MACHINE: StateMachine<DeliveryNoteStatus> = {
  draft: ['issued', 'cancelled'],
  issued: ['delivered', 'cancelled'],
  delivered: ['invoiced'],
  invoiced: [],
  cancelled: [],
};

type Field = keyof DeliveryNoteFields;
const ALWAYS_EDITABLE: Field[] = ['notes', 'metadata'];
const EDITABLE: Record<DeliveryNoteStatus, ReadonlySet<Field> | 'all'> = {
  draft: 'all',
  issued: new Set<Field>([...TRANSPORT_FIELDS, ...ALWAYS_EDITABLE]),
  delivered: new Set(ALWAYS_EDITABLE),
  invoiced: new Set(ALWAYS_EDITABLE),
  cancelled: new Set(ALWAYS_EDITABLE),
};

/** Stored field name → the GraphQL input's (error paths). */
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, letter: string) => letter.toUpperCase());

/** A create input once its references are checked: the items as stored (product code and unit defaulted). */
type Resolved = { customerId: ObjectId; items: DeliveryNoteItemDocument[] };
type CreateInput = CreateDeliveryNoteData & { resolved?: Resolved };

async function resolveCustomer(context: RequestContext, customerId: string, problems: ErrorDetail[]): Promise<ObjectId | null> {
  const customer = await context.loaders().byId<CustomerDocument>('customers').load(customerId);
  if (!customer) problems.push({ path: 'customerId', message: 'no such customer in this account' });
  return customer?._id ?? null;
}

/**
 * The items as stored: each product must be one of the account's; the product code defaults to its sku and the
 * unit to its unit; a priced item carries its exact subtotal.
 */
async function resolveItems(context: RequestContext, items: DeliveryNoteItemData[], problems: ErrorDetail[]): Promise<DeliveryNoteItemDocument[]> {
  const loader = context.loaders().byId<ProductDocument>('products');
  const products = await Promise.all(items.map((item) => (item.productId ? loader.load(item.productId) : null)));
  return items.map((item, index) => {
    const product = products[index];
    if (item.productId && !product) problems.push({ path: `items.${index}.productId`, message: 'no such product in this account' });
    const stored: DeliveryNoteItemDocument = { description: item.description, quantity_milli: item.quantity };
    if (product) stored.product_id = product._id;
    const code = item.productCode ?? product?.sku;
    if (code) stored.product_code = code;
    const unit = item.unit ?? product?.unit;
    if (unit) stored.unit = unit;
    if (item.unitPrice !== undefined && item.unitPrice !== null) {
      stored.unit_price_cents = item.unitPrice;
      stored.subtotal_cents = lineTotalCents(item.quantity, item.unitPrice);
    }
    // A fixed key order, so an unchanged item compares equal to the stored one.
    return Object.fromEntries(
      (['product_id', 'product_code', 'description', 'quantity_milli', 'unit', 'unit_price_cents', 'subtotal_cents'] as const)
        .filter((key) => stored[key] !== undefined)
        .map((key) => [key, stored[key]]),
    ) as DeliveryNoteItemDocument;
  });
}

const totalOf = (items: DeliveryNoteItemDocument[]) => items.reduce((sum, item) => sum + (item.subtotal_cents ?? 0), 0);

function throwProblems(problems: ErrorDetail[]): void {
  if (problems.length) {
    throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  }
}

/** The fields every status may change (transport, address, notes, metadata): `$set` and `$unset`. */
function optionalFields(input: UpdateDeliveryNoteData): { set: Partial<DeliveryNoteFields>; unset: Field[] } {
  const { set, unset, put } = fieldChanges<DeliveryNoteFields>();
  if (input.salePoint !== undefined) set.sale_point = input.salePoint ?? 1;
  put('delivery_address', input.deliveryAddress);
  put('carrier_name', input.carrierName);
  put('carrier_cuit', input.carrierCuit);
  put('vehicle_plate', input.vehiclePlate);
  put('trailer_plate', input.trailerPlate);
  put('departure_date', input.departureDate);
  put('notes', input.notes);
  if (input.metadata !== undefined) set.metadata = input.metadata ?? {};
  return { set, unset };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function collection(context: RequestContext): TenantCollection<DeliveryNoteDocument> {
  return new TenantCollection(context.store.collection<DeliveryNoteDocument>('delivery_notes'), requirePrincipal(context).accountId);
}

/**
 * The fields a move to `to` writes, after its effects (number, stock) are applied inside `session`. `note` is the
 * note as it will stand (for an update: with the update's changes).
 */
async function transitionFields(
  context: RequestContext,
  note: DeliveryNoteDocument,
  to: DeliveryNoteStatus,
  extra: { deliveryDate?: string | null; invoiceId?: string | null },
  session: ClientSession,
): Promise<Partial<DeliveryNoteFields>> {
  assertTransition(DELIVERY_NOTE_MACHINE, 'delivery note', note.status, to);
  const now = context.now();
  const stockOf = (sign: 1 | -1): StockChange[] =>
    note.items
      .filter((item) => item.product_id)
      .map((item) => ({ itemType: 'product', itemId: item.product_id!.toHexString(), deltaMilli: sign * item.quantity_milli }));
  switch (to) {
    case 'issued': {
      const changes = stockOf(-1);
      if (changes.length) await applyStockChanges(context, changes, { type: 'delivery_note_issue', id: note._id }, session);
      // The counter is written last, so concurrent issues hold it for the shortest time.
      const number = await nextSequenceValue(context.store, requirePrincipal(context).accountId, `delivery_notes:${note.sale_point}`, now, session);
      return { status: 'issued', number, stock_deducted: changes.length > 0, issued_at: now };
    }
    case 'delivered': {
      const today = argentineDay(now);
      const issuedOn = note.issued_at ? argentineDay(note.issued_at) : today;
      const day = extra.deliveryDate ?? today;
      if (day > today)
        throw new ValidationError('the delivery date is in the future', [{ path: 'deliveryDate', message: `must not be after today (${today})` }]);
      if (day < issuedOn)
        throw new ValidationError('the delivery date is before the issue date', [
          { path: 'deliveryDate', message: `must not be before the issue date (${issuedOn})` },
        ]);
      return { status: 'delivered', delivery_date: day };
    }
    case 'invoiced': {
      if (!extra.invoiceId)
        throw new ValidationError('invoiceId is required to mark a delivery note invoiced', [{ path: 'invoiceId', message: 'is required' }]);
      return { status: 'invoiced', invoice_id: extra.invoiceId };
    }
    case 'cancelled': {
      if (note.stock_deducted) await applyStockChanges(context, stockOf(1), { type: 'delivery_note_cancel', id: note._id }, session);
      return { status: 'cancelled', stock_deducted: false, cancelled_at: now };
    }
    default:
      // draft: assertTransition refuses every move back to draft.
      throw new Error(`unreachable: ${to}`);
  }
}

class DeliveryNoteResource extends Resource<DeliveryNoteDocument, CreateInput, UpdateDeliveryNoteData, DeliveryNoteFilterData, undefined> {
  /** Checks the customer and products, then writes the note (and issues it, when asked, in the same transaction). */
  override async create(context: RequestContext, input: CreateInput, session?: ClientSession): Promise<DeliveryNoteDocument> {
    if (!input.resolved) {
      const problems: ErrorDetail[] = [];
      const [customerId, items] = await Promise.all([resolveCustomer(context, input.customerId, problems), resolveItems(context, input.items, problems)]);
      throwProblems(problems);
      input = { ...input, resolved: { customerId: customerId!, items } };
    }
    return super.create(context, input, session);
  }

  /**
   * A partial update, in one transaction with the status move it may carry (`status`, with `deliveryDate` or
   * `invoiceId`). A value equal to the stored one is no change, so a record sent back as read is accepted.
   */
  override async update(context: RequestContext, id: string, input: UpdateDeliveryNoteData, session?: ClientSession): Promise<DeliveryNoteDocument> {
    if (!session) return context.store.transaction((own) => this.update(context, id, input, own));
    const notes = this.collection(context);
    const note = await notes.findById(id, session);
    if (!note) throw notFound('delivery note', id);

    const { set, unset } = optionalFields(input);
    const problems: ErrorDetail[] = [];
    const [customerId, items] = await Promise.all([
      input.customerId !== undefined ? resolveCustomer(context, input.customerId, problems) : null,
      input.items !== undefined ? resolveItems(context, input.items, problems) : null,
    ]);
    throwProblems(problems);
    if (customerId) set.customer_id = customerId;
    if (items) {
      set.items = items;
      set.total_cents = totalOf(items);
    }
    for (const key of Object.keys(set) as Field[]) if (same(note[key], set[key])) delete set[key];
    const removed = unset.filter((key) => note[key] !== undefined);

    const editable = EDITABLE[note.status];
    const locked = [...Object.keys(set), ...removed].filter((key) => editable !== 'all' && !editable.has(key as Field) && key !== 'total_cents');
    // deliveryDate and invoiceId belong to the moves into delivered and invoiced; elsewhere only their stored value.
    const moving = input.status && input.status !== note.status ? input.status : null;
    if (input.deliveryDate && input.deliveryDate !== note.delivery_date && moving !== 'delivered') locked.push('delivery_date');
    if (input.invoiceId && input.invoiceId !== note.invoice_id && moving !== 'invoiced') locked.push('invoice_id');
    if (locked.length) {
      const allowed = editable === 'all' ? [] : [...editable].map(camel);
      throw new ConflictError(
        `a ${note.status} delivery note accepts changes to ${allowed.join(', ')} only`,
        locked.map((key) => ({ path: camel(key), message: `cannot change once the note is ${note.status}` })),
        'NOT_EDITABLE',
      );
    }

    let moved: Partial<DeliveryNoteFields> = {};
    if (moving) {
      const edited = { ...note, ...set } as DeliveryNoteDocument;
      for (const key of removed) delete (edited as Partial<DeliveryNoteDocument>)[key];
      moved = await transitionFields(context, edited, moving, input, session);
    }
    const updated = await notes.update(id, { ...set, ...moved }, removed, context.now(), session);
    if (!updated) throw notFound('delivery note', id);
    return updated;
  }

  /** Only drafts are deleted; an issued note is cancelled instead, so its number stays on record. */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const notes = this.collection(context);
    const _id = parseId(id);
    if (!_id) throw notFound('delivery note', id);
    const result = await notes.collection.deleteOne(notes.scope({ _id, status: 'draft' }), { session });
    if (result.deletedCount === 1) return id;
    const note = await notes.findById(id, session);
    if (!note) throw notFound('delivery note', id);
    throw new ConflictError(
      `only draft delivery notes can be deleted; this one is ${note.status} (cancel it instead: its number is kept)`,
      [{ path: 'status', message: `is ${note.status}` }],
      'NOT_EDITABLE',
    );
  }
}

export const deliveryNotes: DeliveryNoteResource = new DeliveryNoteResource({
  collection: 'delivery_notes',
  label: 'delivery note',
  createSchema: createDeliveryNoteSchema,
  updateSchema: updateDeliveryNoteSchema,
  fieldsForCreate(input) {
    if (!input.resolved) throw new Error('delivery note references not resolved');
    const { set } = optionalFields(input);
    return {
      metadata: {},
      ...set,
      sale_point: input.salePoint ?? 1,
      customer_id: input.resolved.customerId,
      items: input.resolved.items,
      total_cents: totalOf(input.resolved.items),
      number: null,
      status: 'draft',
      stock_deducted: false,
    } as FieldsOf<DeliveryNoteDocument>;
  },
  fieldsForUpdate: () => {
    throw new Error('delivery notes are updated by their own rules');
  },
  query: deliveryNoteQuery,
  projection: DELIVERY_NOTE_PROJECTION,
  sort: () => DELIVERY_NOTE_SORT,
  async afterCreate(context, doc, input, session): Promise<DeliveryNoteDocument> {
    if (input.status !== 'issued') return doc;
    const moved = await transitionFields(context, doc, 'issued', {}, session);
    const updated: DeliveryNoteDocument | null = await collection(context).update(doc._id.toHexString(), moved, [], context.now(), session);
    return updated!;
  },
});

/** Runs one status move in its own transaction. */
async function move(context: RequestContext, id: string, to: DeliveryNoteStatus, extra: { deliveryDate?: string | null; invoiceId?: string | null } = {}) {
  return context.store.transaction(async (session) => {
    const notes = collection(context);
    const note = await notes.findById(id, session);
    if (!note) throw notFound('delivery note', id);
    const moved = await transitionFields(context, note, to, extra, session);
    const updated = await notes.update(id, moved, [], context.now(), session);
    if (!updated) throw notFound('delivery note', id);
    return updated;
  });
}

/** draft → issued: numbered, stock deducted. */
export const issueDeliveryNote = (context: RequestContext, id: string) => move(context, id, 'issued');
/** issued → delivered on `deliveryDate` (default: today in Argentina). */
export const deliverDeliveryNote = (context: RequestContext, id: string, deliveryDate?: string | null) => move(context, id, 'delivered', { deliveryDate });
/** delivered → invoiced by the invoice `invoiceId`. */
export const markDeliveryNoteInvoiced = (context: RequestContext, id: string, invoiceId: string) => move(context, id, 'invoiced', { invoiceId });
/** draft or issued → cancelled; an issued note's stock comes back, its number is kept. */
export const cancelDeliveryNote = (context: RequestContext, id: string) => move(context, id, 'cancelled');

/** The newest delivery notes of a customer (batched: one query for every customer of the request). */
export function notesOfCustomer(
  context: RequestContext,
  customerId: string,
  status: DeliveryNoteStatus | null | undefined,
  limit: number,
): Promise<DeliveryNoteDocument[]> {
  return context
    .loaders()
    .latestBy<DeliveryNoteDocument>('delivery_notes', 'customer_id', { limit, where: status ? { status } : {} })
    .load(customerId);
}

/** The newest delivery notes with a line of a product (batched: one query for every product of the request). */
export function notesOfProduct(
  context: RequestContext,
  productId: string,
  status: DeliveryNoteStatus | null | undefined,
  limit: number,
): Promise<DeliveryNoteDocument[]> {
  return context
    .loaders()
    .latestBy<DeliveryNoteDocument>('delivery_notes', 'items.product_id', { limit, where: status ? { status } : {} })
    .load(productId);
}
