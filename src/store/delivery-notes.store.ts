import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** One line of a delivery note as stored: quantities in thousandths, money in centavos. */
export type DeliveryNoteItemDocument = {
  description: string;
  quantity_milli: number;
  product_id?: ObjectId;
  variant_id?: string;
  sku?: string;
  unit?: string;
  unit_price_cents?: number;
  subtotal_cents?: number;
  metadata?: Record<string, unknown>;
};

/** A delivery note (remito) as stored: field names are the REST API's (the delivery note declaration's). */
export type DeliveryNoteFields = {
  customer_id: ObjectId;
  items: DeliveryNoteItemDocument[];
  customer_name?: string;
  customer_document?: string;
  sale_point: number;
  /** Assigned when the note is issued; null while it is a draft. */
  number: number | null;
  formatted_number?: string;
  status: string;
  reference?: string;
  origin_address?: string;
  destination_address?: string;
  carrier_name?: string;
  carrier_document?: string;
  carrier_address?: string;
  driver_name?: string;
  vehicle_plate?: string;
  trailer_plate?: string;
  departure_date?: string;
  notes?: string;
  metadata: Record<string, unknown>;
  issue_date: Date;
  delivery_date?: Date;
  invoice_id?: string;
  cae?: string;
  cai?: string;
  cai_expiry?: string;
  stock_deducted: boolean;
  /** Sum of the lines' subtotals (the declared value). */
  total_cents: number;
  cancelled_at?: Date;
};

export type DeliveryNoteDocument = TenantDocument & DeliveryNoteFields;
