import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** One line of a consumption, with what the supply was when it was consumed (name, unit, cost). */
export type SupplyConsumptionItem = {
  supply_id: ObjectId;
  supply_name: string;
  unit: string | null;
  quantity_milli: number;
  unit_cost_cents: number;
  /** quantity × unit_cost, rounded to the centavo. */
  subtotal_cents: number;
  notes?: string;
};

export type SupplyConsumptionDocument = TenantDocument & {
  /** The day the supplies were used (YYYY-MM-DD). */
  date: string;
  items: SupplyConsumptionItem[];
  /** The exact sum of the items' subtotals. */
  total_cost_cents: number;
  status: string;
  customer_id?: ObjectId;
  /** The customer's name when consumed (kept if the customer is later renamed or deleted). */
  customer_name?: string;
  /** The caller's own reference (a work order, a job number). */
  reference?: string;
  notes?: string;
  /** The user behind the key or session that registered it (null: a key acting for no user). */
  created_by: ObjectId | null;
  reverted_at?: Date;
  reverted_by?: ObjectId | null;
};
