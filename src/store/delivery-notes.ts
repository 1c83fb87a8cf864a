import type { Filter, ObjectId, Sort } from 'mongodb';
import { parseId } from './ids';
import type { ProjectionSpec } from './projection';
import type { TenantDocument } from './tenant-collection';

export const DELIVERY_NOTE_STATUSES = ['draft', 'issued', 'delivered', 'invoiced', 'cancelled'] as const;
export type DeliveryNoteStatus = (typeof DELIVERY_NOTE_STATUSES)[number];

/** One line of a delivery note: quantities in thousandths, money in centavos. */
export type DeliveryNoteItemDocument = {
  product_id?: ObjectId;
  /** The seller's own product code (defaults to the product's sku). */
  product_code?: string;
  description: string;
  quantity_milli: number;
  unit?: string;
  /** Declared unit value, when given; `subtotal_cents` is quantity × unit price rounded to the centavo. */
  unit_price_cents?: number;
  subtotal_cents?: number;
};

/** Fields of a note that transport data may change after it is issued. */
export const TRANSPORT_FIELDS = ['carrier_name', 'carrier_cuit', 'vehicle_plate', 'trailer_plate', 'departure_date'] as const;

/** A delivery note (remito) as stored: field names are the REST API's. */
export type DeliveryNoteFields = {
  customer_id: ObjectId;
  sale_point: number;
  /** Assigned when the note is issued; null while it is a draft. */
  number: number | null;
  status: DeliveryNoteStatus;
  items: DeliveryNoteItemDocument[];
  /** Sum of the priced items' subtotals (the declared value). */
  total_cents: number;
  delivery_address?: string;
  carrier_name?: string;
  carrier_cuit?: string;
  vehicle_plate?: string;
  trailer_plate?: string;
  departure_date?: string;
  notes?: string;
  metadata: Record<string, string>;
  stock_deducted: boolean;
  issued_at?: Date;
  delivery_date?: string;
  invoice_id?: string;
  cancelled_at?: Date;
};

export type DeliveryNoteDocument = TenantDocument & DeliveryNoteFields;

export interface DeliveryNoteFilterValues {
  status?: DeliveryNoteStatus | null;
  customerId?: string | null;
  productId?: string | null;
  salePoint?: number | null;
  number?: number | null;
  deliveryDateFrom?: string | null;
  deliveryDateTo?: string | null;
}

/** The Mongo filter for a validated filter; a malformed id matches nothing. */
export function deliveryNoteQuery(filter: DeliveryNoteFilterValues | undefined): Filter<DeliveryNoteDocument> {
  const query: Record<string, unknown> = {};
  if (!filter) return query;
  if (filter.status) query.status = filter.status;
  if (filter.customerId) query.customer_id = parseId(filter.customerId) ?? { $in: [] };
  if (filter.productId) query['items.product_id'] = parseId(filter.productId) ?? { $in: [] };
  if (filter.salePoint) query.sale_point = filter.salePoint;
  if (filter.number) query.number = filter.number;
  if (filter.deliveryDateFrom || filter.deliveryDateTo) {
    query.delivery_date = {
      ...(filter.deliveryDateFrom ? { $gte: filter.deliveryDateFrom } : {}),
      ...(filter.deliveryDateTo ? { $lte: filter.deliveryDateTo } : {}),
    };
  }
  return query as Filter<DeliveryNoteDocument>;
}

/**
 * The stored fields behind each GraphQL field of a delivery note (relations read their reference). The mapping to
 * GraphQL always reads the customer reference and walks the items, so those are always read.
 */
export const DELIVERY_NOTE_PROJECTION: ProjectionSpec = {
  always: ['customer_id', 'items.quantity_milli'],
  sources: {
    id: ['_id'],
    customerId: ['customer_id'],
    customer: ['customer_id'],
    salePoint: ['sale_point'],
    number: ['number'],
    formattedNumber: ['sale_point', 'number'],
    status: ['status'],
    items: {
      path: 'items',
      sources: {
        productId: ['product_id'],
        product: ['product_id'],
        productCode: ['product_code'],
        description: ['description'],
        quantity: ['quantity_milli'],
        unit: ['unit'],
        unitPrice: ['unit_price_cents'],
        subtotal: ['subtotal_cents'],
      },
    },
    total: ['total_cents'],
    deliveryAddress: ['delivery_address'],
    carrierName: ['carrier_name'],
    carrierCuit: ['carrier_cuit'],
    vehiclePlate: ['vehicle_plate'],
    trailerPlate: ['trailer_plate'],
    departureDate: ['departure_date'],
    notes: ['notes'],
    metadata: ['metadata'],
    stockDeducted: ['stock_deducted'],
    issuedAt: ['issued_at'],
    deliveryDate: ['delivery_date'],
    invoiceId: ['invoice_id'],
    cancelledAt: ['cancelled_at'],
    createdAt: ['created_at'],
    updatedAt: ['updated_at'],
  },
};

export const DELIVERY_NOTE_SORT: Sort = { created_at: -1, _id: -1 };

/** `PPPPP-NNNNNNNN`, the printed form of a sale point and number. */
export function formatNoteNumber(salePoint: number, number: number | null): string | null {
  return number === null ? null : `${String(salePoint).padStart(5, '0')}-${String(number).padStart(8, '0')}`;
}
