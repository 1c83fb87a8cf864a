import type { ObjectId } from 'mongodb';
import type { Stocked } from './stock.store';

/** A supply (insumo) as stored: field names are the REST API's, money in centavos, stock in thousandths. */
export type SupplyFields = {
  name: string;
  default_amount_cents: number;
  description?: string;
  unit?: string;
  /** Absent: no price of its own (consumptions cost it at default_amount). */
  unit_price_cents?: number;
  status: 'active' | 'inactive';
  supplier_id?: ObjectId;
  tags: string[];
};

export type SupplyDocument = Stocked & SupplyFields;
