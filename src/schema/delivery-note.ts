import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { createDeliveryNoteSchema, deliveryNoteFilterSchema, updateDeliveryNoteSchema } from '../domain/delivery-notes/schema';
import { BulkResult, Connection } from './common';
import { validatedBy } from './validation';

export enum DeliveryNoteStatus {
  draft = 'draft',
  issued = 'issued',
  delivered = 'delivered',
  invoiced = 'invoiced',
  cancelled = 'cancelled',
}
registerEnumType(DeliveryNoteStatus, {
  name: 'DeliveryNoteStatus',
  description:
    'draft → issued → delivered → invoiced; draft or issued → cancelled. Issuing numbers the note and deducts stock; cancelling an issued note restores it and keeps the number. Any other move is 409 INVALID_TRANSITION.',
});

@ObjectType({ description: 'One line of a delivery note.' })
export class DeliveryNoteItem {
  @Field(() => ID, { nullable: true, description: 'The product delivered, when the line names one (its stock moves with the note).' })
  productId!: string | null;

  @Field(() => String, { nullable: true, description: "The seller's product code (defaults to the product's sku)." })
  productCode!: string | null;

  @Field(() => String)
  description!: string;

  @Field(() => Float, { description: 'Quantity delivered (> 0, at most 3 decimals).' })
  quantity!: number;

  @Field(() => String, { nullable: true, description: "Unit of measure (defaults to the product's unit)." })
  unit!: string | null;

  @Field(() => Float, { nullable: true, description: 'Declared unit value (2 decimals), when given.' })
  unitPrice!: number | null;

  @Field(() => Float, { nullable: true, description: 'quantity × unit price, exact to the centavo (null without a price).' })
  subtotal!: number | null;
}

@ObjectType({ description: 'A delivery note (remito R): goods handed to a customer. Not an invoice.' })
export class DeliveryNote {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  customerId!: string;

  @Field(() => Int, { description: 'Point of sale (1–99999).' })
  salePoint!: number;

  @Field(() => Int, { nullable: true, description: 'Correlative per sale point, assigned when issued (null while draft); kept when cancelled.' })
  number!: number | null;

  @Field(() => String, { nullable: true, description: 'PPPPP-NNNNNNNN (null while draft).' })
  formattedNumber!: string | null;

  @Field(() => DeliveryNoteStatus)
  status!: DeliveryNoteStatus;

  @Field(() => [DeliveryNoteItem])
  items!: DeliveryNoteItem[];

  @Field(() => Float, { description: "Declared value: the sum of the priced items' subtotals (exact)." })
  total!: number;

  @Field(() => String, { nullable: true })
  deliveryAddress!: string | null;

  @Field(() => String, { nullable: true })
  carrierName!: string | null;

  @Field(() => String, { nullable: true, description: "The carrier's CUIT (11 digits)." })
  carrierCuit!: string | null;

  @Field(() => String, { nullable: true, description: 'AAA999 or AA999AA.' })
  vehiclePlate!: string | null;

  @Field(() => String, { nullable: true, description: 'AAA999 or AA999AA.' })
  trailerPlate!: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  departureDate!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => GraphQLJSONObject, { description: 'Free-form text labels (up to 20 keys).' })
  metadata!: Record<string, string>;

  @Field(() => Boolean, { description: 'Whether the stock of its products is currently deducted (issued and not cancelled).' })
  stockDeducted!: boolean;

  @Field(() => Date, { nullable: true })
  issuedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, set when delivered.' })
  deliveryDate!: string | null;

  @Field(() => String, { nullable: true, description: 'The invoice covering the note, set when invoiced.' })
  invoiceId!: string | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class DeliveryNoteConnection extends Connection(DeliveryNote, 'DeliveryNote') {}

@ObjectType({ description: 'Outcome of a bulk create or update of delivery notes.' })
export class DeliveryNoteBulkResult extends BulkResult(DeliveryNote, 'DeliveryNote') {}

@InputType({ description: 'One line of a delivery note.' })
export class DeliveryNoteItemInput {
  @Field(() => ID, { nullable: true, description: 'A product of the account; its stock is deducted when the note is issued.' })
  productId?: string | null;

  @Field(() => String, { nullable: true, description: "At most 25 characters (default: the product's sku)." })
  productCode?: string | null;

  @Field(() => String, { nullable: true, description: 'Required: 1 to 500 characters.' })
  description?: string | null;

  @Field(() => Float, { nullable: true, description: 'Required: > 0, at most 3 decimals.' })
  quantity?: number | null;

  @Field(() => String, { nullable: true, description: "At most 20 characters (default: the product's unit)." })
  unit?: string | null;

  @Field(() => Float, { nullable: true, description: 'Declared unit value, ≥ 0, at most 2 decimals.' })
  unitPrice?: number | null;
}

@InputType('DeliveryNoteFieldsInput')
abstract class DeliveryNoteFieldsInput {
  @Field(() => Int, { nullable: true, description: 'Point of sale, 1 to 99999 (default 1).' })
  salePoint?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  deliveryAddress?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 200 characters. Transport fields stay editable once issued.' })
  carrierName?: string | null;

  @Field(() => String, { nullable: true, description: 'A CUIT with a valid check digit.' })
  carrierCuit?: string | null;

  @Field(() => String, { nullable: true, description: 'AAA999 or AA999AA (spaces and hyphens ignored).' })
  vehiclePlate?: string | null;

  @Field(() => String, { nullable: true, description: 'AAA999 or AA999AA.' })
  trailerPlate?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, a real calendar date.' })
  departureDate?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  notes?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Up to 20 keys (1–40 of A–Z a–z 0–9 _ -), text values ≤ 500; replaces the whole object.' })
  metadata?: Record<string, string> | null;
}

@validatedBy(createDeliveryNoteSchema)
@InputType({ description: 'A new delivery note: a draft (default) or issued at once.' })
export class CreateDeliveryNoteInput extends DeliveryNoteFieldsInput {
  @Field(() => ID, { description: 'A customer of the account.' })
  customerId!: string;

  @Field(() => [DeliveryNoteItemInput], { description: '1 to 1000 lines.' })
  items!: DeliveryNoteItemInput[];

  @Field(() => DeliveryNoteStatus, { nullable: true, description: 'draft (default) or issued.' })
  status?: DeliveryNoteStatus | null;
}

@InputType({ description: 'One item of createDeliveryNotes (required fields are checked per item).' })
export class DeliveryNoteCreateItem extends DeliveryNoteFieldsInput {
  @Field(() => ID, { nullable: true, description: 'Required: a customer of the account.' })
  customerId?: string | null;

  @Field(() => [DeliveryNoteItemInput], { nullable: true, description: 'Required: 1 to 1000 lines.' })
  items?: DeliveryNoteItemInput[] | null;

  @Field(() => DeliveryNoteStatus, { nullable: true, description: 'draft (default) or issued.' })
  status?: DeliveryNoteStatus | null;
}

@validatedBy(updateDeliveryNoteSchema)
@InputType({
  description:
    'A partial update. Drafts accept every field; issued notes only transport fields, notes and metadata; delivered, invoiced and cancelled ones only notes and metadata (409 NOT_EDITABLE otherwise). A value equal to the stored one is no change. `status` moves the note (with deliveryDate / invoiceId).',
})
export class UpdateDeliveryNoteInput extends DeliveryNoteFieldsInput {
  @Field(() => ID, { nullable: true })
  customerId?: string;

  @Field(() => [DeliveryNoteItemInput], { nullable: true, description: 'Replaces every line.' })
  items?: DeliveryNoteItemInput[];

  @Field(() => DeliveryNoteStatus, { nullable: true, description: 'A new status (see DeliveryNoteStatus for the allowed moves).' })
  status?: DeliveryNoteStatus | null;

  @Field(() => String, { nullable: true, description: 'With status delivered: the delivery day (default today).' })
  deliveryDate?: string | null;

  @Field(() => String, { nullable: true, description: 'With status invoiced (required then): the invoice.' })
  invoiceId?: string | null;
}

@InputType({ description: 'One item of updateDeliveryNotes.' })
export class DeliveryNoteUpdateItem extends UpdateDeliveryNoteInput {
  @Field(() => ID)
  id!: string;
}

@validatedBy(deliveryNoteFilterSchema)
@InputType()
export class DeliveryNoteFilter {
  @Field(() => DeliveryNoteStatus, { nullable: true })
  status?: DeliveryNoteStatus | null;

  @Field(() => ID, { nullable: true })
  customerId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Notes with a line of this product.' })
  productId?: string | null;

  @Field(() => Int, { nullable: true })
  salePoint?: number | null;

  @Field(() => Int, { nullable: true })
  number?: number | null;

  @Field(() => String, { nullable: true, description: 'Delivered on or after (YYYY-MM-DD).' })
  deliveryDateFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'Delivered on or before (YYYY-MM-DD).' })
  deliveryDateTo?: string | null;
}
