import { BSON, type Document } from 'bson';
import { ChangeStream, parseChangeStream, waitForChange } from '../change-stream';
import { badValue, EngineError, failedToParse, notImplemented, operationNotSupportedInTransaction, unknownPipelineStage } from '../errors';
import { runPipeline } from '../matcher';
import { pipelineFields, queryReads } from '../query/dependencies';
import { copyFields, DESERIALIZE, fieldName, type FieldName } from '../stored-fields';
import { checkProjection, compileInclusion, project, topLevelInclusion } from '../query/projection';
import { pathValues } from '../paths';
import type { Match, QueryOptions } from '../query/execute';
import { mentionsType, registerTwin } from '../typed-twins';
import { isPlainObject, keyOf } from '../values';
import { cursorIdOf } from '../cursors';
import { explainReply, explainVerbosity } from './explain';
import { join, joinOf } from './lookup';
import { collStatsDocument } from './stats';
import { collectionName, nonNegativeInteger, optionalDocument, reader, refuseCollation, type CommandContext, type Handler, type Reply } from './context';

function collectionOf(context: CommandContext, name: string) {
  return reader(context).collection(context.db, name);
}

/**
 * The documents of a reply, one by one: stored BSON as is when there is no projection (whatever part of it the query
 * decoded), else projected; an inclusion of top-level fields (`copied`) is cut from the stored BSON without decoding
 * it. Documents a transaction wrote and has not committed have no stored BSON: they are projected whole.
 */
function* replyDocs(
  matches: Iterable<Match>,
  projection: Document | undefined,
  filter: Document | undefined,
  copied: FieldName[] | undefined,
): Generator<Document | Uint8Array> {
  // A plain inclusion is compiled once for the reply, if a document needs it; anything else goes through the
  // general projection.
  let compiled: ((doc: Document) => Document) | undefined | null = null;
  const include = () => {
    if (compiled === null) compiled = compileInclusion(projection);
    return compiled;
  };
  for (const { doc, record } of matches) {
    if (copied && record) {
      // Repeated names or unknown types: the decoder settles them.
      yield copyFields(record, copied) ?? include()!(BSON.deserialize(record, DESERIALIZE));
    } else if (!projection) yield record ?? doc;
    else yield include()?.(doc) ?? project([doc], projection, filter)[0];
  }
}

function findOptions(command: Document) {
  const skip = nonNegativeInteger(command.skip, 'skip');
  if (skip < 0) throw badValue('skip value must be non-negative');
  return {
    filter: optionalDocument(command.filter, 'filter'),
    sort: optionalDocument(command.sort, 'sort'),
    skip,
    limit: Math.abs(nonNegativeInteger(command.limit, 'limit')),
    hint: command.hint,
  };
}

export const find: Handler = (command, context) => {
  const name = collectionName(command, 'find');
  refuseCollation(command);
  // Capped collections are refused at creation, so no collection here can be tailed.
  if (command.tailable === true) {
    throw badValue(`error processing query: ns=${context.db}.${name} :: caused by :: tailable cursor requested on non capped collection`);
  }
  const asked = optionalDocument(command.projection, 'projection');
  checkProjection(asked);
  // An empty projection keeps every field, as none does.
  const projection = asked && Object.keys(asked).length > 0 ? asked : undefined;
  const options = findOptions(command);
  const unit = reader(context);
  const meta = collectionOf(context, name);
  const batchSize = command.batchSize === undefined ? undefined : nonNegativeInteger(command.batchSize, 'batchSize');
  const singleBatch = command.singleBatch === true || (typeof command.limit === 'number' && command.limit < 0);
  // Read lazily when the plan gives the order: a large result is never held whole, only batch by batch.
  // A reply copied from the stored BSON (whole or cut) decodes only what the filter and the order read.
  const copied = topLevelInclusion(projection);
  const fields = (copied || !projection) && !mentionsType(options.filter) ? queryReads(options.filter, options.sort) : undefined;
  const query = fields ? { ...options, fields: [...fields].map(fieldName) } : options;
  const stream = unit.stream(meta, query);
  const matches = stream?.matches ?? unit.query(meta, query).matches;
  return context.cursors.reply(
    `${context.db}.${name}`,
    replyDocs(matches, projection, options.filter, copied),
    batchSize,
    singleBatch,
    stream?.close,
    options.limit,
  );
};

/**
 * `explain` of a read, or of the query part of a write (the write is not performed): the plan the engine chose
 * and what it examined running it.
 */
export const explain: Handler = (command, context) => {
  const inner = optionalDocument(command.explain, 'explain');
  const verbosity = explainVerbosity(command.verbosity);
  const verb = inner ? Object.keys(inner)[0] : undefined;
  if (!inner || !verb) throw failedToParse('explain must name a command');
  if (verb.toLowerCase() === 'aggregate') return explainAggregate(inner, context, verbosity);
  const query = explainedQuery(verb.toLowerCase(), inner);
  if (!query) throw notImplemented(`explain of ${verb} is not supported by the embedded engine`);
  const name = collectionName(inner, verb);
  const unit = reader(context);
  const meta = collectionOf(context, name);
  const ns = `${context.db}.${name}`;
  if (query === 'count') return explainReply(ns, unit.count(meta, optionalDocument(inner.query, 'query'), inner.hint, true).stats, verbosity);
  return explainReply(ns, unit.query(meta, { ...query, fresh: true }).stats, verbosity);
};

/** The query a command runs: its filter, order, limit and hint. */
function explainedQuery(verb: string, inner: Document): QueryOptions | 'count' | undefined {
  const statement = (list: unknown) => (Array.isArray(list) && isPlainObject(list[0]) ? (list[0] as Document) : {});
  switch (verb) {
    case 'find':
      return findOptions(inner);
    case 'count':
      return 'count';
    case 'distinct':
      return { filter: optionalDocument(inner.query, 'query'), hint: inner.hint };
    case 'update': {
      const update = statement(inner.updates);
      return { filter: optionalDocument(update.q, 'q'), sort: optionalDocument(update.sort, 'sort'), limit: update.multi ? 0 : 1, hint: update.hint };
    }
    case 'delete': {
      const remove = statement(inner.deletes);
      return { filter: optionalDocument(remove.q, 'q'), limit: remove.limit === 1 ? 1 : 0, hint: remove.hint };
    }
    case 'findandmodify':
      return { filter: optionalDocument(inner.query, 'query'), sort: optionalDocument(inner.sort, 'sort'), limit: 1, hint: inner.hint };
    default:
      return undefined;
  }
}

/** How long a change stream's getMore waits for a change when the command gives no maxTimeMS (MongoDB's default). */
const DEFAULT_AWAIT_MS = 1000;

export const getMore: Handler = (command, context) => {
  const batchSize = command.batchSize === undefined ? undefined : nonNegativeInteger(command.batchSize, 'batchSize');
  const id = cursorIdOf(command.getMore);
  if (context.cursors.isStream(id)) {
    const awaitMs = command.maxTimeMS === undefined ? DEFAULT_AWAIT_MS : nonNegativeInteger(command.maxTimeMS, 'maxTimeMS');
    const deadline = Date.now() + awaitMs;
    return context.cursors.getMoreStream(id, batchSize, (wake) => waitForChange(context.store, deadline - Date.now(), wake));
  }
  return context.cursors.getMore(id, batchSize);
};

export const killCursors: Handler = (command, context) => {
  const ids = Array.isArray(command.cursors) ? command.cursors.map(cursorIdOf) : [];
  return context.cursors.kill(ids);
};

export const count: Handler = (command, context) => {
  const name = collectionName(command, 'count');
  refuseCollation(command);
  const skip = nonNegativeInteger(command.skip, 'skip');
  const limit = Math.abs(nonNegativeInteger(command.limit, 'limit'));
  let { n } = reader(context).count(collectionOf(context, name), optionalDocument(command.query, 'query'), command.hint);
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

export const distinct: Handler = (command, context) => {
  const name = collectionName(command, 'distinct');
  refuseCollation(command);
  if (typeof command.key !== 'string') throw failedToParse("BSON field 'distinct.key' is missing but a required field");
  const values = new Map<string, unknown>();
  const { matches } = reader(context).query(collectionOf(context, name), { filter: optionalDocument(command.query, 'query') });
  for (const { doc } of matches) {
    for (const value of pathValues(doc, command.key)) {
      if (value !== undefined) values.set(keyOf(value), value);
    }
  }
  return { values: [...values.values()], ok: 1 };
};

/** Stages that would write, or that need machinery the engine does not have. */
const REFUSED_STAGES = new Set([
  '$out',
  '$merge',
  '$geoNear',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$indexStats',
  '$currentOp',
  '$listSessions',
  '$listLocalSessions',
  '$planCacheStats',
  '$documents',
]);

/** `countDocuments` is `$match`, optional `$skip`/`$limit`, then `$group: {_id: 1, n: {$sum: 1}}`. */
function countShape(pipeline: Document[]): { filter: Document; skip: number; limit: number } | undefined {
  const [match, ...rest] = pipeline;
  if (!match || !isPlainObject(match.$match)) return undefined;
  const group = rest.pop();
  const sum = group?.$group as Document | undefined;
  if (!sum || Object.keys(sum).length !== 2 || sum._id !== 1 || keyOf(sum.n) !== keyOf({ $sum: 1 })) return undefined;
  let skip = 0;
  let limit = 0;
  for (const stage of rest) {
    if (typeof stage.$skip === 'number') skip = stage.$skip;
    else if (typeof stage.$limit === 'number' && !limit) limit = stage.$limit;
    else return undefined;
  }
  if (rest.length === 2 && rest[0].$limit !== undefined) return undefined;
  return { filter: match.$match as Document, skip, limit };
}

/** The part of a pipeline the planner runs: a leading `$match`, then a `$sort` and a `$limit` right after it. */
function leadingQuery(pipeline: Document[]): { options: QueryOptions; rest: Document[] } {
  const leading = pipeline[0]?.$match as Document | undefined;
  const useLeading = leading !== undefined && isPlainObject(leading) && !('$expr' in leading);
  let rest = useLeading ? pipeline.slice(1) : pipeline;
  const sort = isPlainObject(rest[0]?.$sort) ? (rest[0].$sort as Document) : undefined;
  if (sort) rest = rest.slice(1);
  const limit = sort && typeof rest[0]?.$limit === 'number' ? (rest[0].$limit as number) : 0;
  if (limit) rest = rest.slice(1);
  return { options: { filter: useLeading ? leading : undefined, sort, limit }, rest };
}

/** An aggregate's `cursor: {batchSize}`; the `cursor` option itself is required. */
function aggregateBatchSize(command: Document): number | undefined {
  if (!isPlainObject(command.cursor)) throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
  return command.cursor.batchSize === undefined ? undefined : nonNegativeInteger(command.cursor.batchSize, 'batchSize');
}

/** Opens a change stream: an aggregate whose pipeline starts with `$changeStream`. */
function openChangeStream(command: Document, context: CommandContext, pipeline: Document[]): Reply {
  if (context.txn) throw operationNotSupportedInTransaction('$changeStream cannot be used in a transaction');
  if (command.explain) throw notImplemented('explain of a $changeStream is not supported by the embedded engine');
  const batchSize = aggregateBatchSize(command);
  const { scope, spec, stages } = parseChangeStream(context.store, command.aggregate, context.db, pipeline);
  const ns = scope.coll === undefined ? `${context.db}.$cmd.aggregate` : `${context.db}.${scope.coll}`;
  return context.cursors.openStream(ns, new ChangeStream(context.store, scope, spec, stages), batchSize);
}

export function checkPipeline(command: Document): { name: string; pipeline: Document[] } {
  if (typeof command.aggregate !== 'string') throw notImplemented('database-level aggregation is not supported by the embedded engine');
  const pipeline = command.pipeline;
  if (!Array.isArray(pipeline)) throw failedToParse("'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new EngineError(40323, 'Location40323', 'A pipeline stage specification object must contain exactly one field.');
    }
    const stageName = Object.keys(stage)[0];
    if (REFUSED_STAGES.has(stageName)) throw notImplemented(`${stageName} is not supported by the embedded engine`);
    if (stageName === '$changeStream') throw new EngineError(40602, 'Location40602', '$changeStream is only valid as the first stage in a pipeline.');
    if (!stageName.startsWith('$')) throw unknownPipelineStage(stageName);
  }
  return { name: command.aggregate, pipeline: pipeline as Document[] };
}

/** The plan of the pipeline's leading part (or of its count), as `explain` shows a pipeline pushed down to a query. */
function explainAggregate(command: Document, context: CommandContext, verbosity: string): Document {
  const { name, pipeline } = checkPipeline(command);
  const unit = reader(context);
  const meta = collectionOf(context, name);
  const counting = countShape(pipeline);
  if (counting) return explainReply(`${context.db}.${name}`, unit.count(meta, counting.filter, undefined, true).stats, verbosity);
  const { options, rest } = leadingQuery(pipeline);
  return explainReply(`${context.db}.${name}`, unit.query(meta, { ...options, fresh: true }).stats, verbosity, rest);
}

export const aggregate: Handler = (command, context) => {
  refuseCollation(command);
  const stages = command.pipeline;
  if (Array.isArray(stages) && isPlainObject(stages[0]) && '$changeStream' in stages[0]) return openChangeStream(command, context, stages as Document[]);
  if (command.explain) return explainAggregate(command, context, 'queryPlanner');
  const { name, pipeline } = checkPipeline(command);
  const batchSize = aggregateBatchSize(command);
  const unit = reader(context);
  const meta = collectionOf(context, name);
  if (isPlainObject(pipeline[0]?.$collStats)) {
    const stats = collStatsDocument(context, meta, `${context.db}.${name}`, pipeline[0].$collStats as Document);
    const rest = pipeline.slice(1) as Document[];
    return context.cursors.reply(`${context.db}.${name}`, rest.length ? runPipeline([stats], rest, () => []) : [stats], batchSize);
  }
  const counting = countShape(pipeline as Document[]);
  if (counting && !('$expr' in counting.filter)) {
    // Counted from index ranges when they decide the filter exactly; never materialises the documents.
    let { n } = unit.count(meta, counting.filter);
    n = Math.max(0, n - counting.skip);
    if (counting.limit) n = Math.min(n, counting.limit);
    return context.cursors.reply(`${context.db}.${name}`, n ? [{ _id: 1, n }] : [], batchSize);
  }
  const { options, rest } = leadingQuery(pipeline as Document[]);
  const typed = mentionsType(rest);
  // Only the fields the pipeline reads are decoded, when it tells them (see pipelineFields).
  const fields = typed || mentionsType(options.filter) ? undefined : pipelineFields(options.filter, options.sort, rest);
  const matches = unit.query(meta, fields ? { ...options, fields: [...fields].map(fieldName) } : options).matches;
  if (typed) for (const { doc, bytes } of matches) if (bytes) registerTwin(doc, bytes);
  // Nothing after the query: the stored documents are the answer, sent as stored (numbers keep their BSON types).
  if (rest.length === 0)
    return context.cursors.reply(
      `${context.db}.${name}`,
      matches.map(({ doc, record }) => record ?? doc),
      batchSize,
    );
  const input = matches.map(({ doc }) => doc);
  const resolved = new Map<string, Document[]>();
  const resolveCollection = (other: string) => {
    let docs = resolved.get(other);
    if (!docs) {
      docs = unit.query(unit.collection(context.db, other), {}).matches.map(({ doc }) => doc);
      resolved.set(other, docs);
    }
    return docs;
  };
  const branch = (coll: string, branchPipeline: Document[]): Document[] => {
    const { options: branchOptions, rest: branchRest } = leadingQuery(branchPipeline);
    const docs = unit.query(collectionOf(context, coll), branchOptions).matches.map(({ doc }) => doc);
    return withPlannedStages(docs, branchRest, { branch, lookUp, resolveCollection });
  };
  const lookUp = (coll: string, filter: Document) => unit.query(collectionOf(context, coll), { filter }).matches.map(({ doc }) => doc);
  const results = typed
    ? runPipeline(input, rest as Document[], resolveCollection)
    : withPlannedStages(input, rest as Document[], { branch, lookUp, resolveCollection });
  return context.cursors.reply(`${context.db}.${name}`, results, batchSize);
};

interface PlannedStages {
  /** A `$unionWith` branch's documents, its leading query planned like a find. */
  branch: (coll: string, pipeline: Document[]) => Document[];
  /** The documents of a collection matching a filter, through its indexes. */
  lookUp: (coll: string, filter: Document) => Document[];
  resolveCollection: (name: string) => Document[];
}

/**
 * Runs a pipeline whose stages that read another collection do it through that collection's indexes, as MongoDB
 * does: a `$unionWith` branch opening with a query (`$match`, then `$sort` and `$limit`) is planned like a find, and
 * a `$lookup` by join fields reads the foreign documents matching the input's join values (see lookup.ts), instead
 * of handing the whole collection to the stage. Other stages run as they are.
 */
function withPlannedStages(input: Document[], stages: Document[], planned: PlannedStages): Document[] {
  const { branch, lookUp, resolveCollection } = planned;
  let docs = input;
  let from = 0;
  const upTo = (index: number) => {
    const before = stages.slice(from, index);
    from = index + 1;
    return before.length ? runPipeline(docs, before, resolveCollection) : docs;
  };
  stages.forEach((stage, index) => {
    const union = stage.$unionWith;
    if (isPlainObject(union) && typeof union.coll === 'string' && Array.isArray(union.pipeline)) {
      docs = upTo(index).concat(branch(union.coll, union.pipeline as Document[]));
      return;
    }
    const joining = joinOf(stage);
    if (joining) docs = join(upTo(index), joining, lookUp, resolveCollection);
  });
  const after = stages.slice(from);
  return after.length ? runPipeline(docs, after, resolveCollection) : docs;
}
