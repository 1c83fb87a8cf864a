import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** An account of the chart of accounts as stored: field names are the REST API's. */
export type LedgerAccountFields = {
  code: string;
  name: string;
  account_type: string;
  parent_code?: string;
  level: number;
  is_detail: boolean;
  description?: string;
  afip_code?: string;
  is_active: boolean;
  /** The codes from the root down to this account's own: what its postings roll up into. */
  path: string[];
};
export type LedgerAccountDocument = TenantDocument & LedgerAccountFields;

/** One line of a journal entry: money in centavos, exactly one of debit and credit above zero. */
export type JournalLineDocument = {
  account_code: string;
  account_name?: string;
  debit_cents?: number;
  credit_cents?: number;
  description?: string;
};

export type JournalEntryFields = {
  /** The entry's day, `YYYY-MM-DD`. */
  date: string;
  description: string;
  lines: JournalLineDocument[];
  reference_type?: string;
  reference_id?: string;
  status: string;
  /** Correlative within the fiscal year, assigned when posted. */
  number?: number | null;
  fiscal_year?: number;
  total_debit_cents: number;
  total_credit_cents: number;
  posted_at?: Date;
  reversed_at?: Date;
  /** On a reversed entry: its counter-entry; on a counter-entry: the entry it reverses. */
  reversal_id?: ObjectId;
  reverses_id?: ObjectId;
};
export type JournalEntryDocument = TenantDocument & JournalEntryFields;

/**
 * What was posted to one account on one day, in centavos, with the codes of the account and of every account above
 * it (`ancestors`), so balances roll up to any level by matching one code.
 */
export type LedgerDailyTotalDocument = TenantDocument & {
  account_code: string;
  ancestors: string[];
  day: string;
  debit_cents: number;
  credit_cents: number;
};

/** A fiscal year of the account; a closed one takes no more postings. */
export type FiscalYearDocument = TenantDocument & { year: number; status: 'open' | 'closed'; closed_at?: Date };
