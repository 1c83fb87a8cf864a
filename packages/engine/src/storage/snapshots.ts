import type { RootDatabase, Transaction } from 'lmdb';

/**
 * Read snapshots (LMDB read transactions) and what multi-document transactions validate against them: while one
 * is open, the write sequence of each document's last change, so that a transaction writing a document changed
 * since its snapshot is refused (WriteConflict).
 */
export class Snapshots {
  /** Bumped by every write batch; multi-document transactions compare it to detect write conflicts. */
  seq = 0;
  private openTransactions = 0;
  /** Document key → seq of its last change, kept only while a multi-document transaction is open. */
  private readonly changes = new Map<string, number>();

  constructor(private readonly env: RootDatabase) {}

  /** A read snapshot for a multi-document transaction, which also starts recording changes for validation. */
  open(): { snapshot: Transaction; seq: number } {
    this.openTransactions++;
    return { snapshot: this.env.useReadTransaction(), seq: this.seq };
  }

  /** A read snapshot for a cursor read over several requests (`done()` it when the cursor ends). */
  read(): Transaction {
    return this.env.useReadTransaction();
  }

  close(snapshot: Transaction): void {
    snapshot.done();
    if (--this.openTransactions === 0) this.changes.clear();
  }

  /** Notes a change to a document (its LMDB key) by the write batch under way. */
  record(docKey: Buffer): void {
    if (this.openTransactions > 0) this.changes.set(docKey.toString('latin1'), this.seq);
  }

  /** Seq of the last change to a document (0: none since the oldest open transaction began). */
  lastChange(docKey: Buffer): number {
    return this.changes.get(docKey.toString('latin1')) ?? 0;
  }
}
