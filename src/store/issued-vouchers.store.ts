import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** An issued voucher as stored: field names are the REST API's, money in integer centavos. */
export type IssuedVoucherDocument = TenantDocument & {
  issuer_cuit: string;
  voucher_type: number;
  voucher_type_name: string | null;
  voucher_class: 'invoice' | 'debit_note' | 'credit_note' | 'receipt' | 'other';
  sale_point: number;
  voucher_number: number;
  voucher_number_to: number | null;
  issue_date: Date;
  receiver_doc_type: number | null;
  receiver_doc: string;
  receiver_name: string | null;
  currency: string;
  exchange_rate: number;
  total_amount_cents: number;
  net_taxed_cents: number;
  net_untaxed_cents: number;
  exempt_cents: number;
  iva_cents: number;
  other_taxes_cents: number;
  vat_items: Array<{ aliquot: number; base_cents: number; amount_cents: number }>;
  cae: string | null;
  authorization_kind: 'CAE' | 'CAEA' | null;
  source: 'excel_import';
  /**
   * Set when the VAT lines keep the stated VAT but their rates are not what the export's columns explain; null when
   * there was nothing to review (absent on vouchers imported before the mark: none).
   */
  rate_review?: { reason: string; flagged_at: Date } | null;
  needs_review?: boolean;
  /** The net split as imported, kept when a review restated it. */
  stated_net?: { net_taxed_cents: number; net_untaxed_cents: number; exempt_cents: number } | null;
  /** The import that wrote it. */
  import_id: ObjectId;
};
