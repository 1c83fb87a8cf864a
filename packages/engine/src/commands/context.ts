import type { Document } from 'bson';
import type { CursorStore } from '../cursors';
import { badValue, notImplemented } from '../errors';
import type { SessionStore } from '../sessions';
import type { EngineState } from '../state';
import { Txn } from '../txn';
import type { RawReply } from '../wire';

export interface ServerAddress {
  host: string;
  port: number;
}

/** What a command handler works with. */
export interface CommandContext {
  state: EngineState;
  cursors: CursorStore;
  sessions: SessionStore;
  address: ServerAddress;
  connectionId: number;
  /** Database the command was sent to (`$db`). */
  db: string;
  /** The multi-document transaction the command belongs to, if any. */
  txn?: Txn;
  /** The client asked for journaled durability: acknowledge only once the journal is on disk. */
  journaled: boolean;
}

/** `j: true`, and `w: "majority"` (journaled by default in MongoDB), wait for the journal's fdatasync. */
export function wantsJournal(command: Document): boolean {
  const concern = command.writeConcern as Document | undefined;
  return concern?.j === true || concern?.w === 'majority';
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
  if (typeof value !== 'object' || Array.isArray(value)) throw badValue(`${what} must be an object`);
  return value as Document;
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

/**
 * Runs one statement in the command's transaction, or in a unit of its own that commits at once (its durability
 * promise goes to `durable`, which the command awaits before answering).
 */
export function runStatement<T>(context: CommandContext, durable: Promise<void>[], statement: (txn: Txn) => T): T {
  if (context.txn) return statement(context.txn);
  const txn = new Txn(context.state);
  const result = statement(txn);
  durable.push(txn.commit(context.journaled));
  return result;
}
