import type { ObjectId } from 'mongodb';
import type { TenantDocument } from './tenant-collection';

/** One upload of a Mis Comprobantes export (Recibidos or Emitidos): what it was and what came of it. */
export type ImportDocument = TenantDocument & {
  /** Which export it was: `received` (Recibidos) or `issued` (Emitidos); absent on records older than the field: received. */
  direction?: 'received' | 'issued';
  file_name: string;
  size: number;
  sha256: string;
  layout: 'G1' | 'G2' | 'G3';
  encoding: string;
  /** As stored; `interrupted` is how a read shows a `running` import its gateway stopped answering for (never stored). */
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  failure?: string;
  rows_total: number;
  rows_imported: number;
  rows_duplicated: number;
  rows_with_errors: number;
  suppliers_created: number;
  /** The first 100 rows refused, with their line in the file. */
  row_errors: RowReport[];
  /** Rows imported that deserve a look (components short of the total), counted, the first 100 kept. */
  rows_with_warnings: number;
  row_warnings: RowReport[];
  /**
   * Rows stored with their VAT rates to review (the stated VAT kept in their lines), counted, the first 100 kept;
   * absent on records older than the field: none.
   */
  rows_needing_review?: number;
  row_reviews?: RowReport[];
  /**
   * The CSV's bytes (unpacked, for a ZIP) and how many the import had read at its last progress write; absent on
   * records older than the fields.
   */
  bytes_total?: number;
  bytes_read?: number;
  user_id: ObjectId | null;
  started_at: Date;
  finished_at: Date | null;
};

/** A row of an import's report: its line in the file and why (`reasons` absent on records older than the codes). */
export interface RowReport {
  line: number;
  messages: string[];
  reasons?: Array<{ code: string; message: string }>;
}
