import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

export type WithholdingTax = 'ganancias' | 'iva' | 'iibb';
export type Jurisdiction = 'ARBA' | 'AGIP';
export type GananciasCondition = 'inscripto' | 'no_inscripto';

/** One provincial designation of the account (IIBB): rates are the padrón's default when a request gives none. */
export type IibbDesignation = {
  jurisdiction: Jurisdiction;
  withholding_agent: boolean;
  perception_agent: boolean;
  withholding_rate: number | null;
  perception_rate: number | null;
  minimum_cents: number;
};

/** The account's agent designations and the accounts its payments post to (one per account). */
export type WithholdingConfigDocument = TenantDocument & {
  agent_name: string | null;
  agent_cuit: string | null;
  agent_address: string | null;
  ganancias_agent: boolean;
  iva_withholding_agent: boolean;
  iva_perception_agent: boolean;
  iibb: IibbDesignation[];
  accounts: Partial<Record<'payment' | 'suppliers' | WithholdingTax, string>>;
};

/** A dated version of a regime the account added (the seeded RG 830 table lives in code). */
export type WithholdingRegimeDocument = TenantDocument & {
  code: string;
  tax: WithholdingTax;
  sicore_code: string | null;
  description: string;
  norm: string;
  valid_from: string;
  /** Percent with up to 2 decimals; null where the scale applies. */
  rate_registered: number | null;
  rate_unregistered: number | null;
  uses_scale: boolean;
  non_taxable_cents: number;
  minimum_cents: number;
  minimum_unregistered_cents: number | null;
};

/** One regime's withholding of one payment: what was computed and why, with the entry and certificate it made. */
export type WithholdingDocument = TenantDocument & {
  payment_id: string;
  supplier_id: ObjectId;
  supplier_name: string;
  supplier_cuit: string | null;
  supplier_address: string | null;
  condition: GananciasCondition;
  tax: WithholdingTax;
  regime_code: string;
  regime_description: string;
  sicore_code: string | null;
  jurisdiction: Jurisdiction | null;
  date: string;
  period: string;
  invoices: string[];
  amount_paid_cents: number;
  vat_cents: number;
  base_cents: number;
  accumulated_base_cents: number;
  non_taxable_cents: number;
  taxable_cents: number;
  rate: number | null;
  scale_applied: boolean;
  exclusion_percent: number;
  computed_total_cents: number;
  previously_withheld_cents: number;
  /** What the regime determined for this payment before the cap (absent on records from before the cap: = amount). */
  assessed_cents?: number;
  /** Pending of earlier payments to the supplier under the regime, owed with this one. */
  carried_in_cents?: number;
  /** Withheld now: never more than the payment still had after the withholdings before it. */
  amount_cents: number;
  /** What did not fit in the payment: withheld on the supplier's next payment. */
  pending_cents?: number;
  below_minimum: boolean;
  journal_entry_id: ObjectId;
  certificate_id: ObjectId | null;
  certificate_number: number | null;
};

/**
 * What a supplier's payments could not withhold under one regime (the withholding exceeded what was paid): owed with
 * the supplier's next payment, which withholds it (one per account, supplier and regime; zero once withheld).
 */
export type WithholdingPendingDocument = TenantDocument & {
  supplier_id: ObjectId;
  regime_code: string;
  tax: WithholdingTax;
  regime_description: string;
  sicore_code: string | null;
  jurisdiction: Jurisdiction | null;
  pending_cents: number;
  /** The payment that left the amount pending. */
  payment_id: string;
};

/** A numbered certificate: a snapshot of what the subject needs to compute the withholding as a payment on account. */
export type WithholdingCertificateDocument = TenantDocument & {
  number: number;
  tax: WithholdingTax;
  withholding_id: ObjectId;
  supplier_id: ObjectId;
  date: string;
  period: string;
  agent: { name: string; cuit: string; address: string | null };
  subject: { name: string; cuit: string | null; address: string | null; condition: GananciasCondition };
  regime_code: string;
  regime_description: string;
  payment_id: string;
  invoices: string[];
  amount_paid_cents: number;
  base_cents: number;
  accumulated_base_cents: number;
  non_taxable_cents: number;
  taxable_cents: number;
  rate: number | null;
  scale_applied: boolean;
  exclusion_percent: number;
  amount_cents: number;
};

/** A perception the account charged on one of its sales (one per voucher and regime). */
export type PerceptionDocument = TenantDocument & {
  tax: 'iva' | 'iibb';
  regime_code: string;
  jurisdiction: Jurisdiction | null;
  date: string;
  period: string;
  customer_name: string;
  customer_cuit: string;
  voucher_type: number;
  sale_point: number;
  voucher_number: number;
  base_cents: number;
  rate: number | null;
  lines: Array<{ vat_rate: number | null; base_cents: number; rate: number; amount_cents: number }>;
  computed_cents: number;
  amount_cents: number;
  below_minimum: boolean;
};
