import type { Document } from 'bson';
import { EngineError, noSuchTransaction } from './errors';
import type { Storage } from './storage/contract';
import { Transaction, type LockTable } from './txn';

/** How long a transaction may stay open, as MongoDB's transactionLifetimeLimitSeconds default. */
const TRANSACTION_LIFETIME_MS = 60_000;

interface Session {
  txnNumber: bigint;
  txn?: Transaction;
  status: 'active' | 'committed' | 'aborted';
  startedAt: number;
}

function sessionKey(lsid: unknown): string | undefined {
  const id = (lsid as { id?: { toString(encoding: string): string } } | undefined)?.id;
  return id ? id.toString('hex') : undefined;
}

/** A retryable write: its session and its txnNumber. */
export interface RetryId {
  key: string;
  txnNumber: bigint;
}

/** The retryable write a command is (sent with a session and a txnNumber, outside a transaction), if it is one. */
export function retryOf(command: Document): RetryId | undefined {
  const key = sessionKey(command.lsid);
  if (!key || command.txnNumber === undefined || command.autocommit !== undefined) return undefined;
  return { key, txnNumber: BigInt(command.txnNumber) };
}

/** Logical sessions and their multi-document transactions (commands with `autocommit: false`). */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly locks: LockTable = new Map();
  /** The last retryable write of each session (outside transactions): its txnNumber and its reply. */
  private readonly retryable = new Map<string, { txnNumber: bigint; reply: Promise<Document> }>();

  constructor(private readonly store: Storage) {}

  /** The transaction a command belongs to, or undefined when it runs on its own. */
  transactionFor(command: Document): Transaction | undefined {
    if (command.autocommit !== false) return undefined;
    const key = sessionKey(command.lsid);
    const txnNumber = BigInt(command.txnNumber ?? 0);
    if (!key) return undefined;
    let session = this.sessions.get(key);
    if (command.startTransaction === true) {
      session?.txn?.abort();
      session = {
        txnNumber,
        txn: new Transaction(this.store, this.locks, { lsid: command.lsid as Document, txnNumber }),
        status: 'active',
        startedAt: Date.now(),
      };
      this.sessions.set(key, session);
      return session.txn;
    }
    if (!session || session.txnNumber !== txnNumber || session.status !== 'active' || !session.txn) {
      throw noSuchTransaction(txnNumber);
    }
    return session.txn;
  }

  /**
   * Runs a retryable write once: the driver resends a write with the same session and txnNumber after a network
   * error, and the retry gets the first execution's reply (awaiting it if it is still running) instead of applying
   * the write again. A reply that is a command error is not kept, so the retry runs again as in MongoDB. The reply
   * is also stored with the write's changes (see runStatements), so a retry reaching a restarted engine finds it.
   */
  async once(retry: RetryId, run: () => Promise<Document>): Promise<Document> {
    const { key, txnNumber } = retry;
    const previous = this.retryable.get(key) ?? this.store.loadRetry(key);
    if (previous && previous.txnNumber === txnNumber) return previous.reply;
    // A write older than the session's last one was answered or overtaken: applying it now could apply it twice.
    if (previous && previous.txnNumber > txnNumber) {
      throw new EngineError(
        225,
        'TransactionTooOld',
        `Retryable write with txnNumber ${txnNumber} is prohibited on session because a newer retryable write with txnNumber ${previous.txnNumber} has already started on this session.`,
      );
    }
    const reply = run();
    this.retryable.set(key, { txnNumber, reply });
    try {
      const done = await reply;
      if (done.ok !== 1) this.retryable.delete(key);
      return done;
    } catch (error) {
      this.retryable.delete(key);
      throw error;
    }
  }

  /** A statement of a transaction failed: MongoDB aborts the whole transaction. */
  failed(command: Document): void {
    const session = this.current(command);
    if (session?.status === 'active') this.abortSession(session);
  }

  async commit(command: Document): Promise<Document> {
    const session = this.current(command);
    const txnNumber = BigInt(command.txnNumber ?? 0);
    if (session?.status === 'committed') return { ok: 1 };
    if (session?.status !== 'active' || !session.txn) throw noSuchTransaction(txnNumber);
    try {
      const durable = session.txn.commit();
      session.status = 'committed';
      await durable;
    } catch (error) {
      session.status = 'aborted';
      throw error;
    }
    return { ok: 1 };
  }

  abort(command: Document): Document {
    const session = this.current(command);
    if (session?.status !== 'active') throw noSuchTransaction(BigInt(command.txnNumber ?? 0));
    this.abortSession(session);
    return { ok: 1 };
  }

  end(lsids: unknown[]): void {
    for (const lsid of lsids) {
      const key = sessionKey(lsid);
      if (!key) continue;
      const session = this.sessions.get(key);
      if (session?.status === 'active') this.abortSession(session);
      this.sessions.delete(key);
      this.retryable.delete(key);
    }
  }

  /** Aborts every open transaction (the engine is stopping): their snapshots must end before the store closes. */
  abortAll(): void {
    for (const session of this.sessions.values()) if (session.status === 'active') this.abortSession(session);
  }

  /** Aborts transactions that outlived their limit, so an abandoned one cannot hold its documents forever. */
  sweep(now = Date.now()): void {
    for (const session of this.sessions.values()) {
      if (session.status === 'active' && now - session.startedAt > TRANSACTION_LIFETIME_MS) this.abortSession(session);
    }
  }

  private current(command: Document): Session | undefined {
    const key = sessionKey(command.lsid);
    const session = key ? this.sessions.get(key) : undefined;
    return session && session.txnNumber === BigInt(command.txnNumber ?? 0) ? session : undefined;
  }

  private abortSession(session: Session): void {
    session.txn?.abort();
    session.status = 'aborted';
  }
}
