import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** One imported statement file of a bank account (its ledger account). */
export type BankStatementDocument = TenantDocument & {
  ledger_account_code: string;
  file_name: string;
  size: number;
  sha256: string;
  format: string;
  preset: string;
  encoding: string;
  /** First and last day of its movements. */
  period_from: string | null;
  period_to: string | null;
  opening_balance_cents: number | null;
  closing_balance_cents: number | null;
  lines_total: number;
  lines_imported: number;
  lines_duplicated: number;
  lines_with_errors: number;
  row_errors: Array<{ line: number; message: string }>;
  /** Whether each running balance equals the previous one plus the movement. */
  balance_check: 'ok' | 'mismatch' | 'absent';
  user_id: ObjectId | null;
};

/** A movement of a statement: +in / −out. Open until matched to posted journal lines of the bank's ledger account. */
export type BankStatementLineDocument = TenantDocument & {
  statement_id: ObjectId;
  ledger_account_code: string;
  /** Line of the file. */
  line: number;
  date: string;
  description: string;
  reference: string | null;
  amount_cents: number;
  balance_cents: number | null;
  /** date|amount|balance or text|ordinal among identical movements: a movement imported twice is stored once. */
  dedup_key: string;
  status: 'open' | 'matched';
  match_kind?: 'auto' | 'manual';
};

/** One journal line a statement line is matched to (a line is matched at most once: unique index). */
export type BankMatchDocument = TenantDocument & {
  statement_id: ObjectId;
  statement_line_id: ObjectId;
  entry_id: ObjectId;
  line_index: number;
  amount_cents: number;
  kind: 'auto' | 'manual';
  /** Why the movement was matched as it was. */
  explanation: string;
  user_id: ObjectId | null;
};
