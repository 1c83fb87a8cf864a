import type { Document } from 'bson';
import { badValue, EngineError, failedToParse, notImplemented, unknownPipelineStage } from '../errors';
import { compileFilter, runPipeline, sortAndProject } from '../matcher';
import { pathValues } from '../paths';
import { Txn } from '../txn';
import { isPlainObject, keyOf } from '../values';
import { cursorIdOf } from '../cursors';
import { collectionName, nonNegativeInteger, optionalDocument, refuseCollation, type CommandContext, type Handler } from './context';

/** Reads see the command's transaction (its own writes included) or the committed state. */
function reader(context: CommandContext): Txn {
  return context.txn ?? new Txn(context.state);
}

function matching(context: CommandContext, name: string, filter: Document | undefined): Document[] {
  return reader(context).read(context.state.collection(context.db, name), filter, compileFilter(filter));
}

export const find: Handler = (command, context) => {
  const name = collectionName(command, 'find');
  refuseCollation(command);
  const filter = optionalDocument(command.filter, 'filter');
  const sort = optionalDocument(command.sort, 'sort');
  const projection = optionalDocument(command.projection, 'projection');
  const skip = nonNegativeInteger(command.skip, 'skip');
  const limit = Math.abs(nonNegativeInteger(command.limit, 'limit'));
  if (skip < 0) throw badValue('skip value must be non-negative');
  let docs = matching(context, name, filter);
  if (sort && Object.keys(sort).length) docs = sortAndProject(docs, sort, 0);
  if (skip || limit) docs = docs.slice(skip, limit ? skip + limit : undefined);
  if (projection && Object.keys(projection).length) docs = sortAndProject(docs, undefined, 0, projection);
  const batchSize = command.batchSize === undefined ? undefined : nonNegativeInteger(command.batchSize, 'batchSize');
  const singleBatch = command.singleBatch === true || (typeof command.limit === 'number' && command.limit < 0);
  return context.cursors.reply(`${context.db}.${name}`, docs, batchSize, singleBatch);
};

export const getMore: Handler = (command, context) => {
  const batchSize = command.batchSize === undefined ? undefined : nonNegativeInteger(command.batchSize, 'batchSize');
  return context.cursors.getMore(cursorIdOf(command.getMore), batchSize);
};

export const killCursors: Handler = (command, context) => {
  const ids = Array.isArray(command.cursors) ? command.cursors.map(cursorIdOf) : [];
  return context.cursors.kill(ids);
};

export const count: Handler = (command, context) => {
  const name = collectionName(command, 'count');
  refuseCollation(command);
  const filter = optionalDocument(command.query, 'query');
  const skip = nonNegativeInteger(command.skip, 'skip');
  const limit = Math.abs(nonNegativeInteger(command.limit, 'limit'));
  const collection = context.state.collection(context.db, name);
  let n: number;
  if (!filter || Object.keys(filter).length === 0) {
    n = context.txn ? matching(context, name, undefined).length : (collection?.docs.size ?? 0);
  } else {
    n = matching(context, name, filter).length;
  }
  n = Math.max(0, n - skip);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

export const distinct: Handler = (command, context) => {
  const name = collectionName(command, 'distinct');
  refuseCollation(command);
  if (typeof command.key !== 'string') throw failedToParse("BSON field 'distinct.key' is missing but a required field");
  const values = new Map<string, unknown>();
  for (const doc of matching(context, name, optionalDocument(command.query, 'query'))) {
    for (const value of pathValues(doc, command.key)) {
      if (value !== undefined) values.set(keyOf(value), value);
    }
  }
  return { values: [...values.values()], ok: 1 };
};

/** Stages that would write, or that need machinery the engine does not have. */
const REFUSED_STAGES = new Set([
  '$out', '$merge', '$geoNear', '$search', '$searchMeta', '$vectorSearch', '$changeStream', '$collStats',
  '$indexStats', '$currentOp', '$listSessions', '$listLocalSessions', '$planCacheStats', '$documents',
]);

export const aggregate: Handler = (command, context) => {
  refuseCollation(command);
  if (command.explain) throw notImplemented('explain is not supported by the embedded engine');
  if (typeof command.aggregate !== 'string') throw notImplemented('database-level aggregation is not supported by the embedded engine');
  const name = command.aggregate;
  const pipeline = command.pipeline;
  if (!Array.isArray(pipeline)) throw failedToParse("'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new EngineError(40323, 'Location40323', 'A pipeline stage specification object must contain exactly one field.');
    }
    const stageName = Object.keys(stage)[0];
    if (REFUSED_STAGES.has(stageName)) throw notImplemented(`${stageName} is not supported by the embedded engine`);
    if (!stageName.startsWith('$')) throw unknownPipelineStage(stageName);
  }
  if (!isPlainObject(command.cursor)) throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
  // A leading $match narrows the input through the indexes before the rest of the pipeline runs.
  const leading = pipeline[0]?.$match as Document | undefined;
  const useLeading = leading && isPlainObject(leading) && !('$expr' in leading);
  const input = matching(context, name, useLeading ? leading : undefined);
  const rest = useLeading ? pipeline.slice(1) : pipeline;
  const txn = reader(context);
  const resolved = new Map<string, Document[]>();
  const resolveCollection = (other: string) => {
    let docs = resolved.get(other);
    if (!docs) {
      docs = txn.read(context.state.collection(context.db, other), undefined, () => true);
      resolved.set(other, docs);
    }
    return docs;
  };
  const results = rest.length ? runPipeline(input, rest as Document[], resolveCollection) : input;
  const batchSize = command.cursor.batchSize === undefined ? undefined : nonNegativeInteger(command.cursor.batchSize, 'batchSize');
  return context.cursors.reply(`${context.db}.${name}`, results, batchSize);
};
