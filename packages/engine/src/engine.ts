import { Timestamp, type Document } from 'bson';
import * as admin from './commands/admin';
import type { CommandContext, Handler, Reply, ServerAddress } from './commands/context';
import * as read from './commands/read';
import * as stats from './commands/stats';
import { ValidationError } from './commands/validation';
import { onView } from './commands/views';
import * as write from './commands/write';
import { CursorStore, cursorIdOf } from './cursors';
import { CloseConnection, type Failure, FailPoints } from './fail-points';
import { maxTimeOf, withinTime } from './deadline';
import { badValue, commandNotFound, DuplicateKeyError, EngineError, operationNotSupportedInTransaction, typeMismatch } from './errors';
import { retryOf, SessionStore } from './sessions';
import { expireDocuments } from './ttl';
import type { Storage } from './storage/contract';
import { clusterTimeFields, nextClusterTime } from './cluster-time';
import { RawReply } from './wire';

const ok: Handler = () => ({ ok: 1 });

/** Every command the engine answers; anything else is CommandNotFound. Keys are lower-cased. */
const HANDLERS: Record<string, Handler> = {
  hello: (_c, context) => admin.helloReply(context, false),
  ismaster: (_c, context) => admin.helloReply(context, true),
  ping: ok,
  buildinfo: admin.buildInfo,
  getparameter: () => ({ featureCompatibilityVersion: { version: '7.0' }, ok: 1 }),
  getcmdlineopts: () => ({ argv: [], parsed: {}, ok: 1 }),
  getlog: () => ({ totalLinesWritten: 0, log: [], ok: 1 }),
  hostinfo: () => ({ system: {}, os: {}, extra: {}, ok: 1 }),
  connectionstatus: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] }, ok: 1 }),
  whatsmyuri: () => ({ you: 'embedded', ok: 1 }),
  insert: write.insert,
  update: write.update,
  delete: write.remove,
  findandmodify: write.findAndModify,
  find: read.find,
  explain: read.explain,
  getmore: read.getMore,
  killcursors: read.killCursors,
  count: read.count,
  distinct: read.distinct,
  aggregate: read.aggregate,
  create: admin.create,
  collmod: admin.collMod,
  renamecollection: admin.renameCollection,
  drop: admin.drop,
  listcollections: admin.listCollections,
  listdatabases: admin.listDatabases,
  dbstats: stats.dbStats,
  collstats: stats.collStats,
  serverstatus: stats.serverStatus,
  dropdatabase: admin.dropDatabase,
  createindexes: admin.createIndexes,
  listindexes: admin.listIndexes,
  dropindexes: admin.dropIndexes,
  deleteindexes: admin.dropIndexes,
  committransaction: (command, context) => context.sessions.commit(command),
  aborttransaction: (command, context) => context.sessions.abort(command),
  endsessions: (command, context) => {
    context.sessions.end(Array.isArray(command.endSessions) ? command.endSessions : []);
    return { ok: 1 };
  },
  refreshsessions: ok,
  killallsessions: ok,
  backup: admin.backup,
};

/** Writes the driver may retry with the same txnNumber (retryable writes). */
const RETRYABLE = new Set(['insert', 'update', 'delete', 'findandmodify']);

/** Commands allowed inside a multi-document transaction (besides commit/abort). */
const IN_TRANSACTION = new Set([
  'insert',
  'update',
  'delete',
  'findandmodify',
  'find',
  'getmore',
  'killcursors',
  'count',
  'distinct',
  'aggregate',
  'committransaction',
  'aborttransaction',
]);

const SWEEP_INTERVAL_MS = 5_000;
/** MongoDB's logical session timeout: a retry record of a session idle for longer is dropped. */
const SESSION_TIMEOUT_MS = 30 * 60_000;
const RETRY_SWEEP_INTERVAL_MS = 60_000;

/** Answers commands against the engine state; transport-agnostic. */
export class Engine {
  readonly cursors = new CursorStore();
  readonly sessions: SessionStore;
  /** Kept current by the server: serverStatus reports it. */
  openConnections = 0;
  private readonly sweeper: NodeJS.Timeout;
  private retriesSweptAt = 0;
  private readonly failPoints: FailPoints;

  constructor(
    readonly store: Storage,
    readonly address: ServerAddress,
    options: { testCommands?: boolean } = {},
  ) {
    this.sessions = new SessionStore(store);
    this.failPoints = new FailPoints(options.testCommands === true);
    this.sweeper = setInterval(() => {
      this.cursors.sweep();
      this.sessions.sweep();
      try {
        expireDocuments(store);
        store.trimChanges();
        const now = Date.now();
        if (now - this.retriesSweptAt >= RETRY_SWEEP_INTERVAL_MS) {
          this.retriesSweptAt = now;
          store.expireRetries(now - SESSION_TIMEOUT_MS);
        }
      } catch (error) {
        process.stderr.write(`TTL pass failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }, SWEEP_INTERVAL_MS).unref();
  }

  close(): void {
    clearInterval(this.sweeper);
    this.cursors.closeAll();
    this.sessions.abortAll();
  }

  /**
   * The reply document for a command; failures become `{ok: 0, errmsg, code, codeName}` replies. `appName`: the
   * application name the connection's client gave in its handshake. Throws CloseConnection when the failCommand
   * fail point closes the connection.
   */
  async execute(command: Document, connectionId: number, appName?: string): Promise<Reply> {
    let reply: Reply;
    const failure = this.failPoints.enabled ? this.failure(command, appName) : undefined;
    if (failure?.blockMs) await new Promise((resolve) => setTimeout(resolve, failure.blockMs));
    if (failure?.closeConnection) throw new CloseConnection();
    try {
      reply = failure?.error ?? (await this.run(command, connectionId));
    } catch (error) {
      reply = errorReply(error);
    }
    if (failure?.writeConcernError && !(reply instanceof RawReply)) reply = { ...reply, writeConcernError: failure.writeConcernError };
    const time = clusterTimeFields(nextClusterTime());
    return reply instanceof RawReply ? reply.withFields(time) : { ...reply, ...time };
  }

  private failure(command: Document, appName: string | undefined): Failure | undefined {
    const name = Object.keys(command)[0] ?? '';
    const key = name.toLowerCase();
    return this.failPoints.take(name, command, appName, {
      retryableWrite: RETRYABLE.has(key) && command.txnNumber !== undefined && command.autocommit === undefined,
      changeStream: key === 'getmore' && this.cursors.isStream(cursorIdOf(command.getMore)),
    });
  }

  private async run(command: Document, connectionId: number): Promise<Reply> {
    const name = Object.keys(command)[0] ?? '';
    const key = name.toLowerCase();
    if (key === 'configurefailpoint' && this.failPoints.enabled) {
      if (command.$db !== 'admin') throw new EngineError(13, 'Unauthorized', 'configureFailPoint may only be run against the admin database.');
      return this.failPoints.configure(command);
    }
    const handler = HANDLERS[key];
    if (!handler) throw commandNotFound(name);
    checkGossipedClusterTime(command.$clusterTime);
    const context: CommandContext = {
      store: this.store,
      cursors: this.cursors,
      sessions: this.sessions,
      address: this.address,
      connectionId,
      openConnections: this.openConnections,
      db: typeof command.$db === 'string' ? command.$db : 'admin',
    };
    if (key !== 'committransaction' && key !== 'aborttransaction') {
      context.txn = this.sessions.transactionFor(command);
      if (context.txn && !IN_TRANSACTION.has(key)) {
        throw operationNotSupportedInTransaction(`Cannot run '${name}' in a multi-document transaction.`);
      }
    }
    // A change stream's getMore takes maxTimeMS as how long to wait for a change (an awaitData cursor's).
    const awaiting = key === 'getmore' && this.cursors.isStream(cursorIdOf(command.getMore));
    const limit = awaiting ? 0 : maxTimeOf(command.maxTimeMS);
    // A cursor's getMores run under what is left of the maxTimeMS of the command that opened it.
    if (limit && key === 'getmore') throw badValue('cannot set maxTimeMS on getMore command for a non-awaitData cursor');
    // A command naming a view is answered over the view's documents (or refused, for a write).
    const viewed: Handler = (c, ctx) => onView(key, c, ctx) ?? handler(c, ctx);
    const timed: Handler = limit ? (c, ctx) => withinTime(limit, () => viewed(c, ctx)) : viewed;
    const retry = RETRYABLE.has(key) ? retryOf(command) : undefined;
    let reply: Reply;
    if (retry) {
      context.retry = retry;
      reply = await this.sessions.once(retry, async () => (await timed(command, context)) as Document);
    } else reply = await timed(command, context);
    const concernError = writeConcernError(command.writeConcern);
    return concernError && !(reply instanceof RawReply) ? { ...reply, writeConcernError: concernError } : reply;
  }
}

/**
 * A one-member replica set cannot satisfy `w` above 1 or a tag set it does not define: as MongoDB, the write is
 * applied and the reply carries a writeConcernError (the driver raises it), rather than pretending it was met.
 */
function writeConcernError(concern: unknown): Document | undefined {
  if (!concern || typeof concern !== 'object') return undefined;
  const w = (concern as Document).w;
  if (typeof w === 'number' && w > 1) return { code: 100, codeName: 'UnsatisfiableWriteConcern', errmsg: 'Not enough data-bearing nodes' };
  if (typeof w === 'string' && w !== 'majority') {
    return { code: 79, codeName: 'UnknownReplWriteConcern', errmsg: `No write concern mode named '${w}' found in replica set configuration` };
  }
  return undefined;
}

/** The cluster time a client sends back must be one a server gave it: a document with a Timestamp. */
function checkGossipedClusterTime(value: unknown): void {
  if (value === undefined) return;
  const time = (value as Document | null)?.clusterTime;
  if (!(time instanceof Timestamp)) {
    throw typeMismatch("BSON field '$clusterTime.clusterTime' is the wrong type, expected type 'timestamp'");
  }
}

export function errorReply(error: unknown): Document {
  if (error instanceof EngineError) {
    const reply: Document = { ok: 0, errmsg: error.message, code: error.code, codeName: error.codeName };
    if (error.labels.length) reply.errorLabels = error.labels;
    if (error instanceof DuplicateKeyError) Object.assign(reply, { keyPattern: error.keyPattern, keyValue: error.keyValue });
    if (error instanceof ValidationError) reply.errInfo = error.errInfo;
    return reply;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: 0, errmsg: `internal error: ${message}`, code: 1, codeName: 'InternalError' };
}
