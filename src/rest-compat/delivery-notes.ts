import { createDeliveryNoteSchema, updateDeliveryNoteSchema } from '../domain/delivery-notes/schema';
import { DELIVERY_NOTE_STATUSES } from '../store/delivery-notes';
import { BULK_ERRORS, crudRoutes } from './crud';
import { bodyToInput } from './naming';
import type { QueryReader } from './query';

/** The record as the legacy API names it (identifier `id`, snake_case fields). */
const RECORD = /* GraphQL */ `
  fragment DeliveryNoteRecord on DeliveryNote {
    id
    customer_id: customerId
    sale_point: salePoint
    number
    formatted_number: formattedNumber
    status
    items { product_id: productId product_code: productCode description quantity unit unit_price: unitPrice subtotal }
    total
    delivery_address: deliveryAddress
    carrier_name: carrierName
    carrier_cuit: carrierCuit
    vehicle_plate: vehiclePlate
    trailer_plate: trailerPlate
    departure_date: departureDate
    notes
    metadata
    stock_deducted: stockDeducted
    issued_at: issuedAt
    delivery_date: deliveryDate
    invoice_id: invoiceId
    cancelled_at: cancelledAt
    created_at: createdAt
    updated_at: updatedAt
  }
`;

type Row = Record<string, unknown>;

/** Fields the server computes: ignored in a body, so a record sent back as read is accepted. */
const COMPUTED = ['number', 'formatted_number', 'total', 'stock_deducted', 'issued_at', 'cancelled_at'];

/** A REST body as GraphQL input: computed fields dropped, metadata keys kept exactly as the client wrote them. */
function toInput(fields: Row): Row {
  const rest: Row = { ...fields };
  for (const key of COMPUTED) delete rest[key];
  if (Array.isArray(rest.items)) {
    rest.items = rest.items.map((item) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
      const { subtotal: _subtotal, ...line } = item as Row;
      return line;
    });
  }
  const hasMetadata = 'metadata' in rest;
  const { metadata } = rest;
  delete rest.metadata;
  const input = bodyToInput(rest) as Row;
  if (hasMetadata) input.metadata = metadata;
  return input;
}

/** A whole number from the query string; anything else is passed on for the operation to refuse, naming it. */
function wholeNumber(params: QueryReader, name: string): number | string | undefined {
  const raw = params.string(name);
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
}

export const { routes: DELIVERY_NOTE_ROUTES, components } = crudRoutes({
  base: '/delivery_notes',
  label: 'delivery note',
  plural: 'delivery notes',
  read: 'delivery_notes:read',
  write: 'delivery_notes:write',
  idName: 'id',
  documents: {
    list: /* GraphQL */ `
      query RestListDeliveryNotes($filter: DeliveryNoteFilter, $first: Int, $offset: Int) {
        deliveryNotes(filter: $filter, first: $first, offset: $offset) { totalCount nodes { ...DeliveryNoteRecord } }
      }
      ${RECORD}`,
    get: /* GraphQL */ `
      query RestGetDeliveryNote($id: ID!) { deliveryNote(id: $id) { ...DeliveryNoteRecord } }
      ${RECORD}`,
    create: /* GraphQL */ `
      mutation RestCreateDeliveryNote($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { ...DeliveryNoteRecord } }
      ${RECORD}`,
    update: /* GraphQL */ `
      mutation RestUpdateDeliveryNote($id: ID!, $input: UpdateDeliveryNoteInput!) { updateDeliveryNote(id: $id, input: $input) { ...DeliveryNoteRecord } }
      ${RECORD}`,
    remove: /* GraphQL */ `mutation RestDeleteDeliveryNote($id: ID!) { deleteDeliveryNote(id: $id) }`,
    createMany: /* GraphQL */ `
      mutation RestCreateDeliveryNotes($inputs: [DeliveryNoteCreateItem!]!, $allOrNone: Boolean!) {
        createDeliveryNotes(inputs: $inputs, allOrNone: $allOrNone) { count items { ...DeliveryNoteRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    updateMany: /* GraphQL */ `
      mutation RestUpdateDeliveryNotes($inputs: [DeliveryNoteUpdateItem!]!, $allOrNone: Boolean!) {
        updateDeliveryNotes(inputs: $inputs, allOrNone: $allOrNone) { count items { ...DeliveryNoteRecord } errors { ...BulkErrors } }
      }
      ${RECORD}
      ${BULK_ERRORS}`,
    removeMany: /* GraphQL */ `
      mutation RestDeleteDeliveryNotes($ids: [ID!]!, $allOrNone: Boolean!) {
        deleteDeliveryNotes(ids: $ids, allOrNone: $allOrNone) { count items { id deleted } errors { ...BulkErrors } }
      }
      ${BULK_ERRORS}`,
  },
  toRecord: (record) => record,
  toInput,
  listVariables(params) {
    return {
      filter: {
        status: params.string('status'),
        customerId: params.string('customer_id'),
        productId: params.string('product_id'),
        salePoint: wholeNumber(params, 'sale_point'),
        number: wholeNumber(params, 'number'),
        deliveryDateFrom: params.string('delivery_date_from'),
        deliveryDateTo: params.string('delivery_date_to'),
      },
    };
  },
  listParameters: [
    { name: 'status', description: 'Only notes with this status.', schema: { type: 'string', enum: [...DELIVERY_NOTE_STATUSES] } },
    { name: 'customer_id', description: 'Only notes of this customer.', schema: { type: 'string' } },
    { name: 'product_id', description: 'Only notes with a line of this product.', schema: { type: 'string' } },
    { name: 'sale_point', description: 'Only notes of this sale point (1–99999).', schema: { type: 'integer', minimum: 1, maximum: 99999 } },
    { name: 'number', description: 'Only the note with this number.', schema: { type: 'integer', minimum: 1 } },
    { name: 'delivery_date_from', description: 'Delivered on or after (YYYY-MM-DD).', schema: { type: 'string', format: 'date' } },
    { name: 'delivery_date_to', description: 'Delivered on or before (YYYY-MM-DD).', schema: { type: 'string', format: 'date' } },
  ],
  recordComponent: 'DeliveryNote',
  createSchema: createDeliveryNoteSchema,
  updateSchema: updateDeliveryNoteSchema,
});

const nullable = (type: string, extra: Row = {}) => ({ type: [type, 'null'], ...extra });

/** OpenAPI components the delivery note routes refer to. */
export const DELIVERY_NOTE_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...components,
  DeliveryNote: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      customer_id: { type: 'string' },
      sale_point: { type: 'integer', minimum: 1, maximum: 99999 },
      number: nullable('integer'),
      formatted_number: nullable('string'),
      status: { type: 'string', enum: [...DELIVERY_NOTE_STATUSES] },
      items: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            product_id: nullable('string'),
            product_code: nullable('string'),
            description: { type: 'string' },
            quantity: { type: 'number' },
            unit: nullable('string'),
            unit_price: nullable('number'),
            subtotal: nullable('number'),
          },
          required: ['description', 'quantity'],
        },
      },
      total: { type: 'number' },
      delivery_address: nullable('string'),
      carrier_name: nullable('string'),
      carrier_cuit: nullable('string'),
      vehicle_plate: nullable('string'),
      trailer_plate: nullable('string'),
      departure_date: nullable('string'),
      notes: nullable('string'),
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      stock_deducted: { type: 'boolean' },
      issued_at: nullable('string', { format: 'date-time' }),
      delivery_date: nullable('string'),
      invoice_id: nullable('string'),
      cancelled_at: nullable('string', { format: 'date-time' }),
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
    required: ['id', 'customer_id', 'sale_point', 'number', 'status', 'items', 'total', 'metadata', 'stock_deducted', 'created_at', 'updated_at'],
  },
};
