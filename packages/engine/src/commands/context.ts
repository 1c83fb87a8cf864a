import type { Document } from 'bson';
import type { CursorStore } from '../cursors';
import { badValue, notImplemented, typeMismatch } from '../errors';
import type { RetryId, SessionStore } from '../sessions';
import { isPlainObject } from '../values';
import type { Storage } from '../storage/contract';
import { DirectUnit, type Transaction, type Unit } from '../txn';
import type { RawReply } from '../wire';

export interface ServerAddress {
  host: string;
  port: number;
}

/** What a command handler works with. */
export interface CommandContext {
  store: Storage;
  cursors: CursorStore;
  sessions: SessionStore;
  address: ServerAddress;
  connectionId: number;
  /** Connections open now. */
  openConnections: number;
  /** Database the command was sent to (`$db`). */
  db: string;
  /** The multi-document transaction the command belongs to, if any. */
  txn?: Transaction;
  /** A retryable write (session and txnNumber, outside a transaction): its reply is stored with its writes. */
  retry?: RetryId;
}

export type Reply = Document | RawReply;

export type Handler = (command: Document, context: CommandContext) => Reply | Promise<Reply>;

export function collectionName(command: Document, name: string): string {
  const value = command[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw badValue(`collection name has invalid type ${typeof value}`);
  }
  return value;
}

export function optionalDocument(value: unknown, what: string): Document | undefined {
  if (value === undefined || value === null) return undefined;
  // An ObjectId or a Date is an object in JavaScript, not a document: MongoDB refuses it by its BSON type.
  if (!isPlainObject(value)) throw typeMismatch(`BSON field '${what}' is the wrong type '${bsonTypeName(value)}', expected type 'object'`);
  return value;
}

function bsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  const type = (value as { _bsontype?: string } | null)?._bsontype;
  return type ? type.charAt(0).toLowerCase() + type.slice(1) : typeof value;
}

export function nonNegativeInteger(value: unknown, what: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badValue(`${what} must be an integer`);
  return value;
}

/** Collation would change comparison semantics the engine does not implement: refuse rather than answer wrongly. */
export function refuseCollation(spec: Document | undefined): void {
  const collation = spec?.collation as Document | undefined;
  if (collation && collation.locale !== 'simple') throw notImplemented('collation is not supported by the embedded engine');
}

/** Reads see the command's transaction (its own writes included) or the latest committed state. */
export function reader(context: CommandContext): Unit {
  return context.txn ?? new DirectUnit(context.store);
}

/**
 * Runs a write command's statements in its transaction, or else all of them in one LMDB write transaction, and
 * answers only once that is on disk: every acknowledged write survives a crash, whatever the write concern. The
 * body returns the command's reply, which a retryable write stores with its writes.
 */
export async function runStatements(context: CommandContext, body: (unit: Unit) => Document): Promise<Document> {
  if (context.txn) return body(context.txn);
  const { retry } = context;
  const result = context.store.write(() => {
    const reply = body(new DirectUnit(context.store));
    // In the same LMDB transaction as the writes: a retry after a crash finds the reply if and only if they happened.
    if (retry) context.store.saveRetry(retry.key, retry.txnNumber, reply);
    return reply;
  });
  await context.store.durable();
  return result;
}
