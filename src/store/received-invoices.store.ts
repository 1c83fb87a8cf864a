import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** A received voucher as stored: field names are the REST API's, money in integer centavos. */
export type ReceivedInvoiceDocument = TenantDocument & {
  tenant_cuit: string;
  supplier_cuit: string;
  supplier_name: string;
  voucher_type: number;
  voucher_class: 'invoice' | 'debit_note' | 'credit_note' | 'receipt' | 'other';
  sale_point: number;
  voucher_number: number;
  cae: string | null;
  cae_expiration: Date | null;
  issue_date: Date;
  processed_date: Date | null;
  currency: string;
  exchange_rate: number;
  total_amount_cents: number;
  net_taxed_cents: number;
  net_untaxed_cents: number;
  exempt_cents: number;
  iva_cents: number;
  other_taxes_cents: number;
  vat_items: Array<{ aliquot: number; base_cents: number; amount_cents: number }>;
  status: 'pending' | 'linked' | 'ignored';
  source: 'wsmtxca' | 'portal_scrape' | 'excel_import';
  linked_journal_entry_id: string | null;
  linked_expense_id: string | null;
  linked_account_id: string | null;
  notes: string | null;
  /** Voucher 066: the 16-character customs dispatch number, set by hand (the export does not list it). */
  customs_dispatch?: string | null;
  /** The net split as imported, kept when a review restated it. */
  stated_net?: { net_taxed_cents: number; net_untaxed_cents: number; exempt_cents: number } | null;
  /**
   * Set when the VAT lines keep the stated VAT but their rates are not what the export's columns explain (the VAT
   * book refuses its period while one is set); null once resolved, or when there was nothing to review.
   */
  rate_review: { reason: string; flagged_at: Date } | null;
  /** Whether rate_review is set, written with it: what the list filter reads. */
  needs_review: boolean;
  /** The import that wrote it. */
  import_id?: ObjectId;
};

export type { ImportDocument } from './voucher-imports.store';
