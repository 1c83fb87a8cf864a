import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { deliverSchema, invoiceIdSchema } from '../domain/delivery-notes/schema';
import {
  cancelDeliveryNote,
  deliverDeliveryNote,
  deliveryNotes,
  issueDeliveryNote,
  markDeliveryNoteInvoiced,
  notesOfCustomer,
  notesOfProduct,
} from '../domain/delivery-notes/service';
import { fromCents, fromMilli } from '../domain/money';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import { parseInput } from '../domain/validation';
import { ValidationError } from '../domain/errors';
import { BulkDeleteResult } from '../schema/common';
import { Customer } from '../schema/customer';
import {
  CreateDeliveryNoteInput,
  DeliveryNote,
  DeliveryNoteBulkResult,
  DeliveryNoteConnection,
  DeliveryNoteCreateItem,
  DeliveryNoteFilter,
  DeliveryNoteItem,
  DeliveryNoteStatus,
  DeliveryNoteUpdateItem,
  UpdateDeliveryNoteInput,
} from '../schema/delivery-note';
import { Product } from '../schema/product';
import type { CustomerDocument } from '../store/customers';
import { formatNoteNumber, type DeliveryNoteDocument } from '../store/delivery-notes';
import type { ProductDocument } from '../store/products';
import { pageComplexity, toConnection } from './connection';
import { nodeSelection } from './selection';
import { toCustomer } from './customer';
import { toProduct } from './product';

export function toDeliveryNote(doc: DeliveryNoteDocument): DeliveryNote {
  return {
    id: doc._id.toHexString(),
    customerId: doc.customer_id.toHexString(),
    salePoint: doc.sale_point,
    number: doc.number ?? null,
    formattedNumber: formatNoteNumber(doc.sale_point, doc.number ?? null),
    status: doc.status as DeliveryNoteStatus,
    items: doc.items.map((item) => ({
      productId: item.product_id?.toHexString() ?? null,
      productCode: item.product_code ?? null,
      description: item.description,
      quantity: fromMilli(item.quantity_milli),
      unit: item.unit ?? null,
      unitPrice: item.unit_price_cents === undefined ? null : fromCents(item.unit_price_cents),
      subtotal: item.subtotal_cents === undefined ? null : fromCents(item.subtotal_cents),
    })),
    total: fromCents(doc.total_cents),
    deliveryAddress: doc.delivery_address ?? null,
    carrierName: doc.carrier_name ?? null,
    carrierCuit: doc.carrier_cuit ?? null,
    vehiclePlate: doc.vehicle_plate ?? null,
    trailerPlate: doc.trailer_plate ?? null,
    departureDate: doc.departure_date ?? null,
    notes: doc.notes ?? null,
    metadata: doc.metadata ?? {},
    stockDeducted: doc.stock_deducted,
    issuedAt: doc.issued_at ?? null,
    deliveryDate: doc.delivery_date ?? null,
    invoiceId: doc.invoice_id ?? null,
    cancelledAt: doc.cancelled_at ?? null,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

const bulkResult = (outcome: { items: DeliveryNoteDocument[]; errors: DeliveryNoteBulkResult['errors'] }): DeliveryNoteBulkResult => ({
  count: outcome.items.length,
  items: outcome.items.map(toDeliveryNote),
  errors: outcome.errors,
});

/** The newest `first` of a one-to-many list (default 20, at most 100), optionally of one status. */
/** The size of a nested list: `first`, 1 to 100 (default 20). */
function listSize(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new ValidationError(`first must be between 1 and ${MAX_PAGE_SIZE}`, [{ path: 'first', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  }
  return size;
}

@Resolver(() => DeliveryNote)
export class DeliveryNoteResolver {
  @Authorized('delivery_notes:read')
  @Query(() => DeliveryNote, { description: 'One delivery note of the account.' })
  async deliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await deliveryNotes.get(context, id));
  }

  @Authorized('delivery_notes:read')
  @Query(() => DeliveryNoteConnection, { description: 'Delivery notes of the account, newest first (at most 100 a page).', complexity: pageComplexity })
  async deliveryNotes(
    @Ctx() context: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('filter', () => DeliveryNoteFilter, { nullable: true }) filter?: DeliveryNoteFilter,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<DeliveryNoteConnection> {
    const page = await deliveryNotes.list(context, filter ?? undefined, undefined, { first, after, offset }, nodeSelection(info));
    return toConnection(page, toDeliveryNote);
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'Creates a draft, or an issued note (numbered, stock deducted) with status issued.' })
  async createDeliveryNote(@Arg('input', () => CreateDeliveryNoteInput) input: CreateDeliveryNoteInput, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await deliveryNotes.create(context, input as never));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'Changes the given fields (per the editing rules) and may move the status.' })
  async updateDeliveryNote(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateDeliveryNoteInput) input: UpdateDeliveryNoteInput,
    @Ctx() context: RequestContext,
  ): Promise<DeliveryNote> {
    return toDeliveryNote(await deliveryNotes.update(context, id, input as never));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => ID, { description: 'Deletes a draft (other notes are cancelled instead: 409 NOT_EDITABLE).' })
  async deleteDeliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return deliveryNotes.remove(context, id);
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNoteBulkResult, {
    description: 'Creates up to 500 delivery notes. With allOrNone (default) all of them, their numbers and stock deductions are one transaction.',
  })
  async createDeliveryNotes(
    @Arg('inputs', () => [DeliveryNoteCreateItem]) inputs: DeliveryNoteCreateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<DeliveryNoteBulkResult> {
    return bulkResult(await deliveryNotes.createMany(context, inputs, allOrNone));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNoteBulkResult, { description: 'Partially updates up to 500 delivery notes (each item names its id).' })
  async updateDeliveryNotes(
    @Arg('inputs', () => [DeliveryNoteUpdateItem]) inputs: DeliveryNoteUpdateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<DeliveryNoteBulkResult> {
    return bulkResult(await deliveryNotes.updateMany(context, inputs, allOrNone));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => BulkDeleteResult, { description: 'Deletes up to 500 draft delivery notes.' })
  async deleteDeliveryNotes(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<BulkDeleteResult> {
    const outcome = await deliveryNotes.removeMany(context, ids, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map((id) => ({ id, deleted: true })), errors: outcome.errors };
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'draft → issued: takes the next number of its sale point and deducts the stock of its products.' })
  async issueDeliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await issueDeliveryNote(context, id));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'issued → delivered on deliveryDate (YYYY-MM-DD, default today; not before the issue day, not in the future).' })
  async deliverDeliveryNote(
    @Arg('id', () => ID) id: string,
    @Ctx() context: RequestContext,
    @Arg('deliveryDate', () => String, { nullable: true }) deliveryDate?: string,
  ): Promise<DeliveryNote> {
    const parsed = parseInput(deliverSchema, { deliveryDate });
    return toDeliveryNote(await deliverDeliveryNote(context, id, parsed.deliveryDate));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'delivered → invoiced by the invoice invoiceId (1–100 characters).' })
  async markDeliveryNoteInvoiced(
    @Arg('id', () => ID) id: string,
    @Arg('invoiceId', () => String) invoiceId: string,
    @Ctx() context: RequestContext,
  ): Promise<DeliveryNote> {
    const parsed = parseInput(invoiceIdSchema, invoiceId, 'invoiceId');
    return toDeliveryNote(await markDeliveryNoteInvoiced(context, id, parsed));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'draft or issued → cancelled; an issued note gives its stock back and keeps its number.' })
  async cancelDeliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await cancelDeliveryNote(context, id));
  }

  @FieldResolver(() => Customer, { nullable: true, description: 'The customer (null if it was deleted since).' })
  async customer(@Root() note: DeliveryNote, @Ctx() context: RequestContext): Promise<Customer | null> {
    const doc = await context.loaders().byId<CustomerDocument>('customers').load(note.customerId);
    return doc ? toCustomer(doc) : null;
  }
}

@Resolver(() => DeliveryNoteItem)
export class DeliveryNoteItemResolver {
  @FieldResolver(() => Product, { nullable: true, description: 'The product of the line (batched per request).' })
  async product(@Root() item: DeliveryNoteItem, @Ctx() context: RequestContext): Promise<Product | null> {
    if (!item.productId) return null;
    const doc = await context.loaders().byId<ProductDocument>('products').load(item.productId);
    return doc ? toProduct(doc) : null;
  }
}

@Resolver(() => Customer)
export class CustomerDeliveryNotesResolver {
  @Authorized('delivery_notes:read')
  @FieldResolver(() => [DeliveryNote], { description: "The customer's delivery notes, newest first (batched per request).", complexity: pageComplexity })
  async deliveryNotes(
    @Root() customer: Customer,
    @Ctx() context: RequestContext,
    @Arg('status', () => DeliveryNoteStatus, { nullable: true }) status?: DeliveryNoteStatus,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
  ): Promise<DeliveryNote[]> {
    return (await notesOfCustomer(context, customer.id, status, listSize(first))).map(toDeliveryNote);
  }
}

@Resolver(() => Product)
export class ProductDeliveryNotesResolver {
  @Authorized('delivery_notes:read')
  @FieldResolver(() => [DeliveryNote], {
    description: 'Delivery notes with a line of the product, newest first (batched per request).',
    complexity: pageComplexity,
  })
  async deliveryNotes(
    @Root() product: Product,
    @Ctx() context: RequestContext,
    @Arg('status', () => DeliveryNoteStatus, { nullable: true }) status?: DeliveryNoteStatus,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
  ): Promise<DeliveryNote[]> {
    return (await notesOfProduct(context, product.id, status, listSize(first))).map(toDeliveryNote);
  }
}
