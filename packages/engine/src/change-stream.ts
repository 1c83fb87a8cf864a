import { BSON, type Document, Timestamp } from 'bson';
import { EngineError, badValue, failedToParse, notImplemented, unknownPipelineStage } from './errors';
import { runPipeline } from './matcher';
import { CHANGE_KEY_LENGTH as KEY_LENGTH, docKeyOf, keyAtTime, type LoggedChange, type Storage } from './storage/contract';
import { isPlainObject } from './values';

/**
 * Change streams (`aggregate` opening with `$changeStream`), read from the store's change log: a cursor that stays
 * open, whose getMore answers the changes committed since its last batch, waiting for one up to `maxTimeMS`.
 * Resume tokens are positions in the log, so a stream resumes on any connection, after a restart of the engine too,
 * as long as the log still holds its position (it is kept within a size; see change-log.ts).
 */

/** Which changes a stream sees: one collection's, one database's, or the whole deployment's. */
export interface StreamScope {
  db?: string;
  coll?: string;
}

type FullDocument = 'default' | 'updateLookup' | 'whenAvailable' | 'required';
type BeforeChange = 'off' | 'whenAvailable' | 'required';

interface StreamSpec {
  fullDocument: FullDocument;
  beforeChange: BeforeChange;
  start: { after?: Buffer; from?: Buffer };
}

/** Stages a change stream's pipeline may use after `$changeStream` (MongoDB's list). */
const ALLOWED_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith', '$redact']);
/** The other stages MongoDB knows: refused as not permitted here, where an unknown name is an unknown stage. */
const OTHER_STAGES = new Set([
  '$bucket',
  '$bucketAuto',
  '$changeStreamSplitLargeEvent',
  '$collStats',
  '$count',
  '$currentOp',
  '$densify',
  '$documents',
  '$facet',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$group',
  '$indexStats',
  '$limit',
  '$listLocalSessions',
  '$listSessions',
  '$lookup',
  '$merge',
  '$out',
  '$planCacheStats',
  '$sample',
  '$search',
  '$searchMeta',
  '$setWindowFields',
  '$skip',
  '$sort',
  '$sortByCount',
  '$unionWith',
  '$unwind',
  '$vectorSearch',
]);
const SPEC_FIELDS = new Set([
  'fullDocument',
  'fullDocumentBeforeChange',
  'resumeAfter',
  'startAfter',
  'startAtOperationTime',
  'allChangesForCluster',
  'showExpandedEvents',
]);
const INTERNAL_DATABASES = new Set(['admin', 'config', 'local']);

const TOKEN_EVENT = 0;
const TOKEN_INVALIDATE = 1;
const TOKEN_HIGH_WATER = 2;

const invalidResumeToken = (message: string) => new EngineError(260, 'InvalidResumeToken', message);
const historyLost = () =>
  new EngineError(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');

export function token(key: Buffer, kind: number): Document {
  return {
    _data: Buffer.concat([key, Buffer.from([kind])])
      .toString('hex')
      .toUpperCase(),
  };
}

function parseToken(value: unknown): { key: Buffer; kind: number } {
  const data = isPlainObject(value) ? value._data : undefined;
  if (typeof data !== 'string' || !/^[0-9A-Fa-f]+$/.test(data) || data.length !== (KEY_LENGTH + 1) * 2) {
    throw invalidResumeToken('the resume token is not one this server gave');
  }
  const bytes = Buffer.from(data, 'hex');
  const kind = bytes[KEY_LENGTH];
  if (kind > TOKEN_HIGH_WATER) throw invalidResumeToken('the resume token is not one this server gave');
  return { key: bytes.subarray(0, KEY_LENGTH), kind };
}

/** Where a stream opened on `aggregate` with `pipeline` reads, and what the rest of its pipeline is. */
export function parseChangeStream(
  store: Storage,
  target: unknown,
  db: string,
  pipeline: Document[],
): { scope: StreamScope; spec: StreamSpec; stages: Document[] } {
  const options = pipeline[0].$changeStream;
  if (!isPlainObject(options)) throw failedToParse('the $changeStream stage takes an object');
  for (const key of Object.keys(options)) {
    if (!SPEC_FIELDS.has(key)) throw new EngineError(40415, 'Location40415', `BSON field '$changeStream.${key}' is an unknown field.`);
  }
  const stages = pipeline.slice(1);
  for (const stage of stages) {
    const name = Object.keys(stage)[0];
    if (name === '$changeStream') throw new EngineError(40602, 'Location40602', '$changeStream is only valid as the first stage in a pipeline.');
    if (!ALLOWED_STAGES.has(name) && !OTHER_STAGES.has(name)) throw unknownPipelineStage(name);
    if (!ALLOWED_STAGES.has(name)) throw new EngineError(20, 'IllegalOperation', `${name} is not permitted in a $changeStream pipeline`);
  }
  if (options.showExpandedEvents === true) {
    throw notImplemented('showExpandedEvents is not supported by the embedded engine: it logs no DDL events but drop and dropDatabase');
  }
  return { scope: scopeOf(target, db, options), spec: specOf(store, options), stages };
}

function scopeOf(target: unknown, db: string, options: Document): StreamScope {
  if (typeof target === 'string') {
    if (INTERNAL_DATABASES.has(db) || target.startsWith('system.')) {
      throw new EngineError(73, 'InvalidNamespace', `$changeStream may not be opened on the internal ${db}.${target} collection`);
    }
    return { db, coll: target };
  }
  if (target !== 1) throw failedToParse("the 'aggregate' field of a $changeStream must be a collection name or 1");
  if (options.allChangesForCluster === true) {
    if (db !== 'admin') throw new EngineError(73, 'InvalidNamespace', '$changeStream with allChangesForCluster must be run against the admin database');
    return {};
  }
  if (INTERNAL_DATABASES.has(db)) throw new EngineError(73, 'InvalidNamespace', `$changeStream may not be opened on the internal ${db} database`);
  return { db };
}

function specOf(store: Storage, options: Document): StreamSpec {
  const fullDocument = options.fullDocument ?? 'default';
  if (!['default', 'updateLookup', 'whenAvailable', 'required'].includes(fullDocument)) {
    throw badValue(`'${String(fullDocument)}' is not a valid value for $changeStream.fullDocument`);
  }
  const beforeChange = options.fullDocumentBeforeChange ?? 'off';
  if (!['off', 'whenAvailable', 'required'].includes(beforeChange)) {
    throw badValue(`'${String(beforeChange)}' is not a valid value for $changeStream.fullDocumentBeforeChange`);
  }
  const given = ['resumeAfter', 'startAfter', 'startAtOperationTime'].filter((name) => options[name] !== undefined);
  if (given.length > 1) throw new EngineError(40674, 'Location40674', 'Only one type of resume option is allowed, but multiple were found.');
  const trimmedTo = store.changeLog.trimmedTo();
  let start: StreamSpec['start'];
  if (options.startAtOperationTime !== undefined) {
    if (!(options.startAtOperationTime instanceof Timestamp)) throw badValue('$changeStream.startAtOperationTime must be a timestamp');
    const from = keyAtTime(options.startAtOperationTime);
    if (trimmedTo && Buffer.compare(from, trimmedTo) <= 0) throw historyLost();
    start = { from };
  } else if (given.length) {
    const { key, kind } = parseToken(options[given[0]]);
    if (kind === TOKEN_INVALIDATE && given[0] === 'resumeAfter') {
      throw invalidResumeToken('cannot resume a stream after an invalidate event: open it with startAfter');
    }
    if (trimmedTo && Buffer.compare(key, trimmedTo) <= 0) throw historyLost();
    start = { after: key };
  } else start = { after: store.changeLog.highWaterKey() };
  return { fullDocument, beforeChange, start };
}

/** An open change stream: its position in the log and what it still has to answer. */
export class ChangeStream {
  private position: { after?: Buffer; from?: Buffer };
  /** Events taken from the log but not answered yet (a batch filled up after a drop, before its invalidate). */
  private readonly queue: Array<{ bytes: Uint8Array; token: Document }> = [];
  /** Set once the invalidate event is queued: the stream ends when the queue is answered. */
  private invalidated = false;
  private lastToken: Document;
  /** The pipeline only drops events: an answered event is the logged one, whole. */
  private readonly filtersOnly: boolean;

  constructor(
    private readonly store: Storage,
    private readonly scope: StreamScope,
    private readonly spec: StreamSpec,
    private readonly stages: Document[],
  ) {
    this.position = spec.start;
    this.filtersOnly = stages.every((stage) => '$match' in stage);
    this.lastToken = token(spec.start.after ?? store.changeLog.highWaterKey(), TOKEN_HIGH_WATER);
  }

  /** The next events, up to `size`, and the token to resume after them; `ended`: the stream was invalidated. */
  take(size: number): { batch: Uint8Array[]; resumeToken: Document; ended: boolean } {
    if (!this.invalidated) this.read(size);
    const batch: Uint8Array[] = [];
    while (this.queue.length && batch.length < size) {
      const next = this.queue.shift()!;
      batch.push(next.bytes);
      this.lastToken = next.token;
    }
    return { batch, resumeToken: this.lastToken, ended: this.invalidated && this.queue.length === 0 };
  }

  private read(size: number): void {
    // Taken before reading, so that a change committed while reading is never skipped by the high-water mark.
    const highWater = this.store.changeLog.highWaterKey();
    let reachedEnd = true;
    for (const change of this.store.changeLog.read(this.position, undefined, (db, coll) => this.sees(db, coll))) {
      if (this.queue.length >= size) {
        reachedEnd = false;
        break;
      }
      this.position = { after: change.key12 };
      this.enqueue(change);
      if (this.invalidated) return;
    }
    if (reachedEnd && this.queue.length === 0) {
      this.position = { after: highWater };
      this.lastToken = token(highWater, TOKEN_HIGH_WATER);
    }
  }

  private enqueue(change: LoggedChange): void {
    if (!this.sees(change.db, change.coll)) return;
    if (change.op === 'dropDatabase' && this.scope.coll !== undefined) return;
    const typed: { fullDocument?: Document | null } = {};
    this.emit(this.event(change, typed), change.key12, TOKEN_EVENT, typed.fullDocument);
    const ends =
      ((change.op === 'drop' || change.op === 'rename') && this.scope.coll !== undefined) || (change.op === 'dropDatabase' && this.scope.db !== undefined);
    if (ends) {
      this.emit({ operationType: 'invalidate', clusterTime: change.time, wallTime: change.wall }, change.key12, TOKEN_INVALIDATE);
      this.invalidated = true;
    }
  }

  private sees(db: string, coll: string | undefined): boolean {
    if (this.scope.db === undefined) return !INTERNAL_DATABASES.has(db);
    if (db !== this.scope.db) return false;
    if (coll?.startsWith('system.')) return false;
    return this.scope.coll === undefined || coll === undefined || coll === this.scope.coll;
  }

  /**
   * The event as MongoDB 7.0 answers it, `_id` (its token) set by emit. `typed` receives its full document decoded
   * with its number types kept (a double holding a whole number stays a double), answered when no stage reshapes it.
   */
  private event(change: LoggedChange, typed: { fullDocument?: Document | null }): Document {
    const { time, doc } = change;
    const ns = change.coll === undefined ? { db: change.db } : { db: change.db, coll: change.coll };
    const event: Document = { operationType: change.op, clusterTime: time, wallTime: change.wall };
    const full = (bytes: Buffer | undefined) => {
      typed.fullDocument = bytes ? BSON.deserialize(bytes, { promoteValues: false }) : null;
      return bytes ? BSON.deserialize(bytes) : null;
    };
    if (change.op === 'insert' || change.op === 'replace') event.fullDocument = full(doc);
    else if (change.op === 'update') {
      if (this.spec.fullDocument === 'updateLookup') event.fullDocument = full(this.lookUp(change.db, change.coll!, change.key?._id));
      else if (this.spec.fullDocument === 'whenAvailable') event.fullDocument = null;
      else if (this.spec.fullDocument === 'required') throw noImage('post-image');
    }
    event.ns = ns;
    if (change.to) event.to = change.to;
    if (change.key) event.documentKey = change.key;
    if (change.ud) event.updateDescription = change.ud;
    if (['update', 'replace', 'delete'].includes(change.op)) {
      if (this.spec.beforeChange === 'whenAvailable') event.fullDocumentBeforeChange = null;
      else if (this.spec.beforeChange === 'required') throw noImage('pre-image');
    }
    if (change.lsid) {
      event.lsid = change.lsid;
      event.txnNumber = change.txnNumber;
    }
    return event;
  }

  private lookUp(db: string, coll: string, id: unknown): Buffer | undefined {
    const meta = this.store.collections.get(`${db}.${coll}`);
    return meta ? this.store.getDoc(meta, docKeyOf(id)) : undefined;
  }

  /** Queues an event through the stream's pipeline, which may drop it but not change its token. */
  private emit(event: Document, key: Buffer, kind: number, typedFullDocument?: Document | null): void {
    const id = token(key, kind);
    const whole = { _id: id, ...event };
    const results = this.stages.length ? runPipeline([whole], this.stages, () => []) : [whole];
    if (this.filtersOnly && typedFullDocument !== undefined) {
      for (const _ of results) this.queue.push({ bytes: BSON.serialize({ ...whole, fullDocument: typedFullDocument }), token: id });
      return;
    }
    for (const result of results) {
      if (!isPlainObject(result._id) || result._id._data !== id._data) {
        throw new EngineError(
          280,
          'ChangeStreamFatalError',
          'Encountered an event whose _id field, which contains the resume token, was modified by the pipeline. Modifying the _id field of an event makes it impossible to resume the stream from that point. Only transformations that retain the unmodified _id field are allowed.',
        );
      }
      this.queue.push({ bytes: BSON.serialize(result), token: id });
    }
  }
}

function noImage(what: string): EngineError {
  return new EngineError(
    47,
    'NoMatchingDocument',
    `Change stream was configured to require a ${what} for all update, delete and replace events, but the ${what} was not found for this event (the embedded engine keeps no pre- or post-images).`,
  );
}

/**
 * Resolves true once a change is committed, false when `ms` have passed or when the function handed to `wake` is
 * called (the cursor was killed).
 */
export function waitForChange(store: Storage, ms: number, wake: (resolve: () => void) => void): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (changed: boolean) => {
      clearTimeout(timer);
      stop();
      resolve(changed);
    };
    const timer = setTimeout(() => finish(false), ms);
    const stop = store.onChange(() => finish(true));
    wake(() => finish(false));
  });
}
