import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { DELIVERY_NOTE, type DeliveryNoteStatus as Status } from '../domain/delivery-notes/delivery-notes.declaration';
import {
  cancelDeliveryNote,
  deliverDeliveryNote,
  issueDeliveryNote,
  markDeliveryNoteInvoiced,
  notesOfCustomer,
  notesOfProduct,
  type DeliveryNoteRecord,
} from '../domain/delivery-notes/delivery-notes.service';
import { outputOf } from '../domain/declare/mapping';
import { valueSchema } from '../domain/declare/declare.validation';
import { customers } from '../domain/customers/customers.service';
import { ValidationError } from '../domain/errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/pagination';
import { products } from '../domain/products/products.service';
import { parseInput } from '../domain/validation';
import { DeliveryNote, DeliveryNoteItem, DeliveryNoteRemito, DeliveryNoteStatus } from '../schema/delivery-note.types';
import { remitoOf } from '../domain/delivery-notes/remito-pdf';
import { pageComplexity } from './connection';
import { fieldSelection } from './selection';
import { toProduct } from './product.resolver';
import { CUSTOMER } from '../domain/customers/customers.declaration';
import { PRODUCT } from '../domain/products/products.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Customer = typesOf(CUSTOMER).Record;
type Customer = DeclaredRecord;
const Product = typesOf(PRODUCT).Record;
type Product = DeclaredRecord;

/** Stored delivery note → its GraphQL shape. */
export const toDeliveryNote = (doc: DeliveryNoteRecord): DeliveryNote => outputOf(DELIVERY_NOTE, doc) as DeliveryNote;

const deliveryDateSchema = valueSchema(DELIVERY_NOTE.fields.deliveryDate);
const invoiceIdSchema = valueSchema(DELIVERY_NOTE.fields.invoiceId);

/** The size of a nested list: `first`, 1 to 100 (default 20). */
function listSize(first: number | null | undefined): number {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new ValidationError(`first must be between 1 and ${MAX_PAGE_SIZE}`, [{ path: 'first', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  }
  return size;
}

/** The explicit status moves of a delivery note, and its customer. */
@Resolver(() => DeliveryNote)
export class DeliveryNoteMovesResolver {
  @Authorized('delivery_notes:read')
  @Query(() => DeliveryNoteRemito, { description: 'A delivery note printed as a remito (PDF, base64), with the required data it lacks.' })
  async deliveryNoteRemito(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNoteRemito> {
    const remito = await remitoOf(context, id);
    return { fileName: remito.fileName, pdfBase64: remito.pdf.toString('base64'), missingFields: remito.missing };
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'draft → issued: takes the next number of its sale point and deducts the stock of its products.' })
  async issueDeliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await issueDeliveryNote(context, id));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, {
    description:
      'issued → delivered at deliveryDate (an ISO 8601 date-time, Argentine time without a zone, or a day; default now; not before the issue day, not in the future).',
  })
  async deliverDeliveryNote(
    @Arg('id', () => ID) id: string,
    @Ctx() context: RequestContext,
    @Arg('deliveryDate', () => String, { nullable: true }) deliveryDate?: string,
  ): Promise<DeliveryNote> {
    const parsed = deliveryDate === undefined || deliveryDate === null ? null : parseInput(deliveryDateSchema, deliveryDate, 'deliveryDate');
    return toDeliveryNote(await deliverDeliveryNote(context, id, parsed as Date | null));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'delivered → invoiced by the invoice invoiceId (1–100 characters).' })
  async markDeliveryNoteInvoiced(
    @Arg('id', () => ID) id: string,
    @Arg('invoiceId', () => String) invoiceId: string,
    @Ctx() context: RequestContext,
  ): Promise<DeliveryNote> {
    return toDeliveryNote(await markDeliveryNoteInvoiced(context, id, parseInput(invoiceIdSchema, invoiceId, 'invoiceId') as string));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => DeliveryNote, { description: 'draft or issued → cancelled; an issued note gives its stock back and keeps its number.' })
  async cancelDeliveryNote(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<DeliveryNote> {
    return toDeliveryNote(await cancelDeliveryNote(context, id));
  }

  @FieldResolver(() => Customer, { nullable: true, description: 'The customer (null if it was deleted since).' })
  async customer(@Parent() note: DeliveryNote, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Customer | null> {
    const doc = await customers.load(context, note.customerId, fieldSelection(info));
    return doc ? (outputOf(CUSTOMER, doc) as Customer) : null;
  }
}

@Resolver(() => DeliveryNoteItem)
export class DeliveryNoteItemResolver {
  @FieldResolver(() => Product, { nullable: true, description: 'The product of the line (batched per request).' })
  async product(@Parent() item: DeliveryNoteItem, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Product | null> {
    if (!item.productId) return null;
    const doc = await products.load(context, item.productId, fieldSelection(info));
    return doc ? toProduct(doc) : null;
  }
}

@Resolver(() => Customer)
export class CustomerDeliveryNotesResolver {
  @Authorized('delivery_notes:read')
  @FieldResolver(() => [DeliveryNote], { description: "The customer's delivery notes, newest first (batched per request).", complexity: pageComplexity })
  async deliveryNotes(
    @Parent() customer: Customer,
    @Ctx() context: RequestContext,
    @Arg('status', () => DeliveryNoteStatus, { nullable: true }) status?: Status,
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
    @Parent() product: Product,
    @Ctx() context: RequestContext,
    @Arg('status', () => DeliveryNoteStatus, { nullable: true }) status?: Status,
    @Arg('first', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) first?: number,
  ): Promise<DeliveryNote[]> {
    return (await notesOfProduct(context, product.id, status, listSize(first))).map(toDeliveryNote);
  }
}
