import { z } from 'zod';
import { DELIVERY_NOTE_STATUSES } from '../../store/delivery-notes';
import { normalizeCuit } from '../cuit';
import { calendarDateSchema } from '../dates';
import { moneySchema, quantitySchema } from '../money';

/**
 * Delivery note (remito) validation. Field names are the GraphQL input's; REST maps its snake_case onto them.
 * Limits: description 1–500, product code ≤ 25 (the COT's own-code length), unit ≤ 20, items 1–1000, sale point
 * 1–99999, delivery address ≤ 500, carrier name ≤ 200, carrier CUIT with a valid check digit, plates in the
 * Argentine formats AAA999 or AA999AA, notes ≤ 2000, metadata ≤ 20 string entries.
 */

export const MAX_NOTE_ITEMS = 1000;
export const MAX_METADATA_ENTRIES = 20;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const id = z.string().trim().min(1, 'must not be empty');

const plate = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => /^(?:[A-Z]{3}\d{3}|[A-Z]{2}\d{3}[A-Z]{2})$/.test(value), { message: 'must be a plate like AAA999 or AA999AA' });

const cuit = z
  .string()
  .refine((value) => normalizeCuit(value) !== null, { message: 'not a valid CUIT (11 digits, módulo 11 check digit)' })
  .transform((value) => normalizeCuit(value) as string);

/** Free-form labels of the caller's own systems: up to 20 keys (letters, digits, `_`, `-`; 1–40) with text values. */
export const metadataSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'keys are 1 to 40 letters, digits, _ or -'),
    z.string({ message: 'values must be text' }).max(500, 'values must be at most 500 characters'),
  )
  .refine((value) => Object.keys(value).length <= MAX_METADATA_ENTRIES, { message: `at most ${MAX_METADATA_ENTRIES} entries` });

export const deliveryNoteItemSchema = z
  .object({
    productId: id.nullish(),
    productCode: text(25).min(1, 'must not be empty').nullish(),
    description: text(500).min(1, 'must not be empty'),
    quantity: quantitySchema({ positive: true }),
    unit: text(20).min(1, 'must not be empty').nullish(),
    unitPrice: moneySchema({ min: 0 }).nullish(),
  })
  .strict();

const items = z.array(deliveryNoteItemSchema).min(1, 'must contain at least 1 item').max(MAX_NOTE_ITEMS, `must contain at most ${MAX_NOTE_ITEMS} items`);

const salePoint = z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(99999, 'must be at most 99999');

/** Fields a note may carry whatever its status (transport, delivery address, notes, metadata). */
const fields = {
  customerId: id,
  items,
  salePoint: salePoint.nullish(),
  deliveryAddress: text(500).nullish(),
  carrierName: text(200).nullish(),
  carrierCuit: cuit.nullish(),
  vehiclePlate: plate.nullish(),
  trailerPlate: plate.nullish(),
  departureDate: calendarDateSchema().nullish(),
  notes: text(2000).nullish(),
  metadata: metadataSchema.nullish(),
};

/** A new note starts as a draft, or is issued at once (numbered, stock deducted). */
export const CREATE_STATUSES = ['draft', 'issued'] as const;

export const createDeliveryNoteSchema = z
  .object({
    ...fields,
    status: z.enum(DELIVERY_NOTE_STATUSES, { message: `must be one of ${DELIVERY_NOTE_STATUSES.join(', ')}` }).nullish(),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.status && !(CREATE_STATUSES as readonly string[]).includes(input.status)) {
      context.addIssue({ code: 'custom', path: ['status'], message: 'a new delivery note is draft or issued' });
    }
  });

export const updateDeliveryNoteSchema = z
  .object({
    ...fields,
    customerId: id.optional(),
    items: items.optional(),
    status: z.enum(DELIVERY_NOTE_STATUSES, { message: `must be one of ${DELIVERY_NOTE_STATUSES.join(', ')}` }).nullish(),
    deliveryDate: calendarDateSchema().nullish(),
    invoiceId: text(100).min(1, 'must not be empty').nullish(),
  })
  .strict();

export const deliveryNoteFilterSchema = z
  .object({
    status: z.enum(DELIVERY_NOTE_STATUSES).nullish(),
    customerId: id.nullish(),
    productId: id.nullish(),
    salePoint: salePoint.nullish(),
    number: z.number().int('must be a whole number').min(1, 'must be at least 1').nullish(),
    deliveryDateFrom: calendarDateSchema().nullish(),
    deliveryDateTo: calendarDateSchema().nullish(),
  })
  .strict()
  .refine((filter) => !(filter.deliveryDateFrom && filter.deliveryDateTo && filter.deliveryDateFrom > filter.deliveryDateTo), {
    message: 'deliveryDateFrom must not be after deliveryDateTo',
    path: ['deliveryDateFrom'],
  });

export const deliverSchema = z.object({ deliveryDate: calendarDateSchema().nullish() }).strict();
export const invoiceIdSchema = text(100).min(1, 'must not be empty');

export type DeliveryNoteItemData = z.infer<typeof deliveryNoteItemSchema>;
export type CreateDeliveryNoteData = z.infer<typeof createDeliveryNoteSchema>;
export type UpdateDeliveryNoteData = z.infer<typeof updateDeliveryNoteSchema>;
export type DeliveryNoteFilterData = z.infer<typeof deliveryNoteFilterSchema>;
