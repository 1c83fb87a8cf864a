import { recordChanges } from '../activity/changes';
import { ObjectId, type ClientSession, type Filter } from 'mongodb';
import { nextSequenceValue } from '../../store/counters';
import type { CustomerDocument } from '../../store/customers.store';
import type { DeliveryNoteDocument, DeliveryNoteFields } from '../../store/delivery-notes.store';
import type { ProductDocument } from '../../store/products.store';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { changesOf } from '../declare/mapping';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { AppError, ConflictError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { lineTotalCents } from '../money';
import { ItemFailure, runBulk, type BulkOutcome } from '../bulk';
import { Resource, splitId } from '../resource';
import { parseInput } from '../validation';
import { assertTransition, type StateMachine } from '../state-machine';
import { applyStockChanges, type StockChange } from '../stock/stock.service';
import { DELIVERY_NOTE, type DeliveryNoteStatus } from './delivery-notes.declaration';

/**
 * Delivery notes (remitos). A note is written as a draft (no number, no stock effect) and then:
 *
 *   draft ──issue──► issued ──deliver──► delivered ──invoice──► invoiced
 *     └──cancel──►  cancelled ◄──cancel──┘ (from issued)
 *
 * Issuing takes the next number of the note's sale point (an atomic per-account counter, in the same transaction)
 * and deducts the stock of every line that names a product; cancelling an issued note gives that stock back and
 * keeps its number. Drafts are fully editable; an issued note accepts changes to its transport data, reference,
 * notes and metadata only; delivered, invoiced and cancelled notes to their notes and metadata only.
 */
export const DELIVERY_NOTE_MACHINE: StateMachine<DeliveryNoteStatus> = {
  draft: ['issued', 'cancelled'],
  issued: ['delivered', 'cancelled'],
  delivered: ['invoiced'],
  invoiced: [],
  cancelled: [],
};

/** The moves a new note makes to reach the status it is created with. */
const PATH_FROM_DRAFT: Record<DeliveryNoteStatus, DeliveryNoteStatus[]> = {
  draft: [],
  issued: ['issued'],
  delivered: ['issued', 'delivered'],
  invoiced: ['issued', 'delivered', 'invoiced'],
  cancelled: ['cancelled'],
};

type Field = keyof DeliveryNoteFields;
const TRANSPORT: Field[] = ['carrier_name', 'carrier_document', 'carrier_address', 'driver_name', 'vehicle_plate', 'trailer_plate', 'departure_date'];
/** The printing authorization: a note issued before it was recorded can still print it. */
const AUTHORIZATION: Field[] = ['cai', 'cai_expiry'];
const ALWAYS_EDITABLE: Field[] = ['notes', 'metadata'];
const EDITABLE: Record<DeliveryNoteStatus, ReadonlySet<Field> | 'all'> = {
  draft: 'all',
  issued: new Set<Field>([...TRANSPORT, ...AUTHORIZATION, 'reference', ...ALWAYS_EDITABLE]),
  delivered: new Set(ALWAYS_EDITABLE),
  invoiced: new Set(ALWAYS_EDITABLE),
  cancelled: new Set(ALWAYS_EDITABLE),
};

/** Stored field name → the input's (error paths). */
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, letter: string) => letter.toUpperCase());

type Row = Record<string, unknown>;
/** What a move into delivered or invoiced takes. */
type MoveExtra = { deliveryDate?: Date | null; invoiceId?: string | null };

function throwProblems(problems: ErrorDetail[]): void {
  if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
}

/**
 * The input with the references it names checked (customer and products of the account) and the defaults they give:
 * the printed customer name and document, each line's sku and unit, and its subtotal from the unit price. Values
 * are already exact (centavos, thousandths).
 */
async function completed(context: RequestContext, input: Row, customerChanged: boolean): Promise<Row> {
  const problems: ErrorDetail[] = [];
  const out: Row = { ...input };
  const loaders = context.loaders();
  const [customer, products] = await Promise.all([
    input.customerId ? loaders.byId<CustomerDocument>('customers').load(input.customerId as string) : null,
    Array.isArray(input.items)
      ? Promise.all((input.items as Row[]).map((item) => (item.productId ? loaders.byId<ProductDocument>('products').load(item.productId as string) : null)))
      : [],
  ]);
  if (input.customerId && !customer) problems.push({ path: 'customerId', message: 'no such customer in this account' });
  if (customer && customerChanged) {
    out.customerName ??= customer.name;
    if (customer.document_number) out.customerDocument ??= customer.document_number;
  }
  if (Array.isArray(input.items)) {
    out.items = (input.items as Row[]).map((item, index) => {
      const product = products[index];
      if (item.productId && !product) problems.push({ path: `items.${index}.productId`, message: 'no such product in this account' });
      const line: Row = { ...item };
      if (product) {
        line.sku ??= product.sku;
        line.unit ??= product.unit;
      }
      if ((line.subtotal === undefined || line.subtotal === null) && typeof line.unitPrice === 'number')
        line.subtotal = lineTotalCents(line.quantity as number, line.unitPrice);
      return line;
    });
  }
  throwProblems(problems);
  return out;
}

const totalOf = (items: Array<{ subtotal_cents?: number }>) => items.reduce((sum, item) => sum + (item.subtotal_cents ?? 0), 0);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const {
  definition: declared,
  createSchema: createDeliveryNoteSchema,
  updateSchema: updateDeliveryNoteSchema,
  filterSchema: deliveryNoteFilterSchema,
} = declaredDefinition<DeliveryNoteDocument>(DELIVERY_NOTE, {
  projection: { customer: ['customer_id'], 'items.product': ['product_id'] },
});
export { createDeliveryNoteSchema, deliveryNoteFilterSchema, updateDeliveryNoteSchema };

/**
 * The fields a move to `to` writes, after its effects (number, stock) are applied inside `session`. `note` is the
 * note as it will stand (for an update: with the update's changes).
 */
async function transitionFields(
  context: RequestContext,
  note: DeliveryNoteDocument,
  to: DeliveryNoteStatus,
  extra: MoveExtra,
  session: ClientSession,
): Promise<Partial<DeliveryNoteFields>> {
  assertTransition(DELIVERY_NOTE_MACHINE, 'delivery note', note.status as DeliveryNoteStatus, to);
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
      return { status: 'issued', number, formatted_number: formatNoteNumber(note.sale_point, number), stock_deducted: true, issue_date: now };
    }
    case 'delivered': {
      const delivered = extra.deliveryDate ?? now;
      if (delivered > now)
        throw new ValidationError('the delivery date is in the future', [{ path: 'deliveryDate', message: `must not be after now (${argentineDay(now)})` }]);
      const issuedOn = argentineDay(note.issue_date);
      if (argentineDay(delivered) < issuedOn)
        throw new ValidationError('the delivery date is before the issue date', [
          { path: 'deliveryDate', message: `must not be before the issue date (${issuedOn})` },
        ]);
      return { status: 'delivered', delivery_date: delivered };
    }
    case 'invoiced':
      // Contract §2.2: invoice_id is "string or null" on an invoiced note: the move takes it when given.
      return extra.invoiceId ? { status: 'invoiced', invoice_id: extra.invoiceId } : { status: 'invoiced' };
    case 'cancelled': {
      if (note.stock_deducted) {
        const changes = stockOf(1);
        if (changes.length) await applyStockChanges(context, changes, { type: 'delivery_note_cancel', id: note._id }, session);
      }
      return { status: 'cancelled', stock_deducted: false, cancelled_at: now };
    }
    default:
      // draft: assertTransition refuses every move back to draft.
      throw new Error(`unreachable: ${to}`);
  }
}

/** Applies moves in turn to the note (as it stands in memory), answering every field they write. */
async function walk(context: RequestContext, note: DeliveryNoteDocument, moves: DeliveryNoteStatus[], extra: MoveExtra, session: ClientSession) {
  let fields: Partial<DeliveryNoteFields> = {};
  for (const to of moves) {
    const moved = await transitionFields(context, { ...note, ...fields } as DeliveryNoteDocument, to, extra, session);
    fields = { ...fields, ...moved };
  }
  return fields;
}

/** deliveryDate and invoiceId are written by the moves into delivered and invoiced, never on their own. */
function movesOnlyProblems(extra: MoveExtra, moves: DeliveryNoteStatus[], current: Partial<DeliveryNoteFields> = {}): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (extra.deliveryDate && !same(extra.deliveryDate, current.delivery_date) && !moves.includes('delivered'))
    problems.push({ path: 'deliveryDate', message: 'is written by the move to delivered only' });
  if (extra.invoiceId && extra.invoiceId !== current.invoice_id && !moves.includes('invoiced'))
    problems.push({ path: 'invoiceId', message: 'is written by the move to invoiced only' });
  return problems;
}

/** The stored fields of a new note as a draft, from its completed input. */
function draftFields(full: Row, now: Date): DeliveryNoteFields {
  const fields = { ...declared.fieldsForCreate({ ...full, deliveryDate: undefined, invoiceId: undefined }, now) } as DeliveryNoteFields;
  return Object.assign(fields, { status: 'draft' as const, number: null, issue_date: now, total_cents: totalOf(fields.items) });
}

/** What creating one note takes: its draft's fields and the moves to the status asked for; or why it cannot be. */
async function creationOf(
  context: RequestContext,
  input: Row,
  now: Date,
): Promise<{ fields: DeliveryNoteFields; moves: DeliveryNoteStatus[]; extra: MoveExtra } | AppError> {
  const moves = PATH_FROM_DRAFT[(input.status as DeliveryNoteStatus | null) ?? 'draft'];
  const extra: MoveExtra = { deliveryDate: input.deliveryDate as Date | null, invoiceId: input.invoiceId as string | null };
  const problems = movesOnlyProblems(extra, moves);
  if (problems.length) return new ConflictError('these fields belong to a status move', problems, 'NOT_EDITABLE');
  try {
    return { fields: draftFields(await completed(context, input, true), now), moves, extra };
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

class DeliveryNoteResource extends Resource<DeliveryNoteDocument, Row, Row, Row, ListOrder> {
  /** Checks the customer and products, writes the draft, then walks it to the status asked for, in one transaction. */
  override async create(context: RequestContext, input: Row, session?: ClientSession): Promise<DeliveryNoteDocument> {
    if (!session) {
      const issuing = input.status !== undefined && input.status !== null && input.status !== 'draft';
      const queue = issuing ? issuingQueue(context) : undefined;
      return context.store.transaction((own) => this.create(context, input, own), { queue });
    }
    const now = context.now();
    const creation = await creationOf(context, input, now);
    if (creation instanceof AppError) throw creation;
    const { fields, moves, extra } = creation;
    const collection = this.collection(context);
    const draft = await collection.insert(fields as never, now, session);
    if (!moves.length) return draft;
    const moved = await walk(context, draft, moves, extra, session);
    return (await collection.update(draft._id.toHexString(), moved, [], now, session))!;
  }

  /**
   * A partial update, in one transaction with the status move it may carry (`status`, with `deliveryDate` or
   * `invoiceId`). A value equal to the stored one is no change, so a record sent back as read is accepted.
   */
  override async update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<DeliveryNoteDocument> {
    if (!session) {
      const queue = input.status === 'issued' ? issuingQueue(context) : undefined;
      return context.store.transaction((own) => this.update(context, id, input, own), { queue });
    }
    const notes = this.collection(context);
    const note = await notes.findById(id, session);
    if (!note) throw notFound('delivery note', id);

    const customerChanged = input.customerId !== undefined && input.customerId !== note.customer_id.toHexString();
    const full = await completed(context, input, customerChanged);
    const { set, unset } = changesOf(DELIVERY_NOTE, { ...full, status: undefined, deliveryDate: undefined, invoiceId: undefined });
    if (set.items) set.total_cents = totalOf(set.items as DeliveryNoteFields['items']);
    const doc = note as unknown as Row;
    for (const key of Object.keys(set)) if (same(doc[key], set[key])) delete set[key];
    const removed = unset.filter((key) => doc[key] !== undefined);

    const target = (input.status as DeliveryNoteStatus | null | undefined) ?? note.status;
    const moves = target === note.status ? [] : [target as DeliveryNoteStatus];
    const extra: MoveExtra = { deliveryDate: input.deliveryDate as Date | null, invoiceId: input.invoiceId as string | null };
    const editable = EDITABLE[note.status as DeliveryNoteStatus];
    const locked = [...Object.keys(set), ...removed].filter((key) => editable !== 'all' && !editable.has(key as Field) && key !== 'total_cents');
    const problems = [
      ...locked.map((key) => ({ path: camel(key), message: `cannot change once the note is ${note.status}` })),
      ...movesOnlyProblems(extra, moves, note),
    ];
    if (problems.length) {
      const allowed = editable === 'all' ? [] : [...editable].map(camel);
      throw new ConflictError(`a ${note.status} delivery note accepts changes to ${allowed.join(', ') || 'every field'} only`, problems, 'NOT_EDITABLE');
    }

    let moved: Partial<DeliveryNoteFields> = {};
    if (moves.length) {
      const edited = { ...note, ...set } as Row;
      for (const key of removed) delete edited[key];
      moved = await walk(context, edited as unknown as DeliveryNoteDocument, moves, extra, session);
    }
    const updated = await notes.update(id, { ...(set as Partial<DeliveryNoteDocument>), ...moved }, removed, context.now(), session);
    if (!updated) throw notFound('delivery note', id);
    return updated;
  }

  /**
   * Bulk create: the references of every note are read together (the request's loaders batch them), every note is
   * written as a draft with one insertMany, and the notes created in another status then make their moves one after
   * the other, so each issue takes the next number and the stock the notes before it left; their final fields are
   * written with one bulkWrite. A note that cannot make its moves (e.g. short of stock) may have begun writing stock,
   * so it loses the transaction: runBulk reports it and writes the batch again without it.
   */
  override createMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<DeliveryNoteDocument>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => parseInput(this.definition.createSchema, item),
      (input, session) => this.create(context, input, session),
      (inputs, session, allOrNone) => this.createAll(context, inputs, session, allOrNone),
    );
  }

  private async createAll(context: RequestContext, inputs: Row[], session: ClientSession, allOrNone: boolean): Promise<Array<DeliveryNoteDocument | AppError>> {
    const now = context.now();
    const creations = await Promise.all(inputs.map((input) => creationOf(context, input, now)));
    const outcomes: Array<DeliveryNoteDocument | AppError | undefined> = creations.map((creation) => (creation instanceof AppError ? creation : undefined));
    const passing = creations.flatMap((creation, at) => (creation instanceof AppError ? [] : [{ ...creation, at }]));
    if (!passing.length || (allOrNone && passing.length < inputs.length)) return outcomes as Array<DeliveryNoteDocument | AppError>;
    const collection = this.collection(context);
    const drafts = await collection.insertMany(
      passing.map(({ fields }) => fields as never),
      now,
      session,
    );
    const moved: Array<{ at: number; id: string; fields: Partial<DeliveryNoteFields> }> = [];
    for (const [written, { moves, extra, at }] of passing.entries()) {
      const draft = drafts[written];
      if (!moves.length) {
        outcomes[at] = draft;
        continue;
      }
      try {
        moved.push({ at, id: draft._id.toHexString(), fields: await walk(context, draft, moves, extra, session) });
      } catch (error) {
        if (error instanceof AppError) throw new ItemFailure(at, error);
        throw error;
      }
    }
    if (moved.length) {
      await collection.collection.bulkWrite(
        moved.map(({ id, fields }) => ({
          updateOne: { filter: collection.scope({ _id: new ObjectId(id) }), update: { $set: { ...fields, updated_at: now } } },
        })),
        { session, ordered: true },
      );
      const stored = await collection.findByIds(
        moved.map(({ id }) => id),
        session,
      );
      moved.forEach(({ at, id }, index) => {
        outcomes[at] = stored[index] ?? notFound('delivery note', id);
      });
    }
    const created = passing.flatMap(({ at }) => (outcomes[at] instanceof AppError || !outcomes[at] ? [] : [outcomes[at]]));
    await recordChanges(context, this.changes('created', created), session);
    return outcomes as Array<DeliveryNoteDocument | AppError>;
  }

  /**
   * Bulk update item by item inside the batch's transaction: an item may move its note (numbering, stock), and each
   * item's editing rules depend on the status the items before it left.
   */
  override updateMany(context: RequestContext, items: readonly unknown[], allOrNone: boolean): Promise<BulkOutcome<DeliveryNoteDocument>> {
    return runBulk(
      context,
      { name: 'inputs', items, allOrNone },
      (item) => splitId(item, (fields) => parseInput(this.definition.updateSchema, fields)),
      ({ id, input }, session) => this.update(context, id, input, session),
    );
  }

  /** Only drafts are deleted; an issued note is cancelled instead, so its number stays on record. */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const notes = this.collection(context);
    const deleted = await notes.delete(id, session, { status: 'draft' });
    if (deleted) return id;
    const note = await notes.findById(id, session);
    if (!note) throw notFound('delivery note', id);
    throw this.refuseRemoval(note) ?? notFound('delivery note', id);
  }

  override refuseRemoval(note: DeliveryNoteDocument): ConflictError | undefined {
    if (note.status === 'draft') return undefined;
    return new ConflictError(
      `only draft delivery notes can be deleted; this one is ${note.status} (cancel it instead: its number is kept)`,
      [{ path: 'status', message: `is ${note.status}` }],
      'NOT_EDITABLE',
    );
  }

  override removalGuard(): Filter<DeliveryNoteDocument> {
    return { status: 'draft' };
  }
}

export const deliveryNotes = new DeliveryNoteResource({
  ...declared,
  fieldsForUpdate: () => {
    throw new Error('delivery notes are updated by their own rules');
  },
});

/** `PPPPP-NNNNNNNN`, the printed form of a sale point and number. */
export function formatNoteNumber(salePoint: number, number: number): string {
  return `${String(salePoint).padStart(5, '0')}-${String(number).padStart(8, '0')}`;
}

/**
 * The in-process queue of the account's issuing transactions: they all write a numbering counter and the stock of
 * the same products, so run at once they abort each other; queued, they commit one after another.
 */
function issuingQueue(context: RequestContext): string {
  return `delivery_notes:issue:${requirePrincipal(context).accountId.toHexString()}`;
}

/** Runs one status move in its own transaction (issues queued per account, see issuingQueue). */
function move(context: RequestContext, id: string, to: DeliveryNoteStatus, extra: MoveExtra = {}) {
  const queue = to === 'issued' ? issuingQueue(context) : undefined;
  return context.store.transaction(
    async (session) => {
      const notes = deliveryNotes.collection(context);
      const note = await notes.findById(id, session);
      if (!note) throw notFound('delivery note', id);
      const moved = await transitionFields(context, note, to, extra, session);
      const updated = await notes.update(id, moved, [], context.now(), session);
      if (!updated) throw notFound('delivery note', id);
      await recordChanges(context, deliveryNotes.changes('updated', [updated], [note]), session);
      return updated;
    },
    { queue },
  );
}

/** draft → issued: numbered, stock deducted. */
export const issueDeliveryNote = (context: RequestContext, id: string) => move(context, id, 'issued');
/** issued → delivered at `deliveryDate` (default: now). */
export const deliverDeliveryNote = (context: RequestContext, id: string, deliveryDate?: Date | null) => move(context, id, 'delivered', { deliveryDate });
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

/** A delivery note as stored (what resolvers map to their GraphQL shape). */
export type DeliveryNoteRecord = DeliveryNoteDocument;
