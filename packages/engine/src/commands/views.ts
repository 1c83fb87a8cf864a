import type { Document } from 'bson';
import { EngineError, failedToParse, notImplemented } from '../errors';
import { runPipeline } from '../matcher';
import { pathValues } from '../paths';
import type { CollectionMeta } from '../storage/contract';
import { isPlainObject, keyOf } from '../values';
import { nonNegativeInteger, optionalDocument, reader, refuseCollation, type CommandContext, type Reply } from './context';
import { aggregate, checkPipeline } from './read';

/**
 * Views (`create` with `viewOn` and `pipeline`): a catalog entry whose options name its source and pipeline. A read
 * of a view runs the view's pipeline over its source (itself possibly a view), then the read's own stages, as
 * MongoDB does (see viewCursor). Writes are refused.
 */

export function isView(meta: CollectionMeta | undefined): boolean {
  return typeof meta?.options.viewOn === 'string';
}

/** The options of a view to create, checked as MongoDB checks them. */
export function viewOptions(command: Document): Document {
  if (typeof command.viewOn !== 'string' || command.viewOn === '') throw new EngineError(14, 'TypeMismatch', "'viewOn' option must be a non-empty string");
  const pipeline = command.pipeline ?? [];
  checkPipeline({ aggregate: command.viewOn, pipeline });
  return { viewOn: command.viewOn, pipeline };
}

const notOnView = (ns: string) => new EngineError(166, 'CommandNotSupportedOnView', `Namespace ${ns} is a view, not a collection`);

/** Commands that write into their collection or work on its indexes: refused on a view with MongoDB's error. */
const NOT_ON_VIEW = new Set(['insert', 'update', 'delete', 'findandmodify', 'createindexes', 'listindexes', 'dropindexes', 'collstats']);

/** The documents of a collection or a view, for a stage that joins it. */
function collectionDocuments(context: CommandContext, name: string): Document[] {
  const unit = reader(context);
  const meta = unit.collection(context.db, name);
  if (isView(meta)) return viewDocuments(context, meta!, []);
  return unit.query(meta, {}).matches.map(({ doc }) => doc);
}

function joinsView(pipeline: unknown, context: CommandContext): boolean {
  const unit = reader(context);
  return [...joinedCollections(pipeline)].some((name) => isView(unit.collection(context.db, name)));
}

/** The collection a view reads in the end, and the pipeline over it: a view on a view chains, the innermost first. */
function resolveView(context: CommandContext, view: CollectionMeta, stages: Document[]): { source: string; pipeline: Document[] } {
  const unit = reader(context);
  let pipeline = stages;
  let source: CollectionMeta | undefined = view;
  let name = view.name;
  const seen = new Set<string>();
  while (source && isView(source)) {
    if (seen.has(source.name)) throw new EngineError(160, 'ViewDepthLimitExceeded', 'View depth too deep or view cycle detected');
    seen.add(source.name);
    pipeline = [...(source.options.pipeline as Document[]), ...pipeline];
    name = source.options.viewOn as string;
    source = unit.collection(context.db, name);
  }
  return { source: name, pipeline };
}

/** The documents a view shows, with `stages` applied after its own pipeline. */
function viewDocuments(context: CommandContext, view: CollectionMeta, stages: Document[]): Document[] {
  const { source, pipeline } = resolveView(context, view, stages);
  const input = reader(context)
    .query(reader(context).collection(context.db, source), {})
    .matches.map(({ doc }) => doc);
  return pipeline.length ? runPipeline(input, pipeline, (name) => collectionDocuments(context, name)) : input;
}

/**
 * A cursor over a view's documents. Unless the pipeline joins another view, it is the aggregation of the whole
 * pipeline over the source collection, so its leading `$match`/`$sort`/`$limit` are planned through the source's
 * indexes as any aggregation's.
 */
function viewCursor(context: CommandContext, view: CollectionMeta, stages: Document[], batchSize: number | undefined, singleBatch = false): Reply {
  const { source, pipeline } = resolveView(context, view, stages);
  if (!singleBatch && !joinsView(pipeline, context)) {
    return aggregate({ aggregate: source, pipeline, cursor: batchSize === undefined ? {} : { batchSize } }, context);
  }
  return context.cursors.reply(`${context.db}.${view.name}`, viewDocuments(context, view, stages), batchSize, singleBatch);
}

/** The collections a pipeline reads besides its own (`$lookup`, `$graphLookup`, `$unionWith`, nested ones included). */
function joinedCollections(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) joinedCollections(item, into);
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if ((key === '$lookup' || key === '$graphLookup') && isPlainObject(item) && typeof item.from === 'string') into.add(item.from);
      if (key === '$unionWith') {
        if (typeof item === 'string') into.add(item);
        else if (isPlainObject(item) && typeof item.coll === 'string') into.add(item.coll);
      }
      joinedCollections(item, into);
    }
  }
  return into;
}

/** The stages a find is on a view. */
function findStages(command: Document): Document[] {
  const stages: Document[] = [];
  const filter = optionalDocument(command.filter, 'filter');
  if (filter && Object.keys(filter).length) stages.push({ $match: filter });
  const sort = optionalDocument(command.sort, 'sort');
  if (sort && Object.keys(sort).length) stages.push({ $sort: sort });
  const skip = nonNegativeInteger(command.skip, 'skip');
  if (skip) stages.push({ $skip: skip });
  const limit = Math.abs(nonNegativeInteger(command.limit, 'limit'));
  if (limit) stages.push({ $limit: limit });
  const projection = optionalDocument(command.projection, 'projection');
  if (projection && Object.keys(projection).length) stages.push({ $project: projection });
  return stages;
}

/**
 * The answer to a command on a view, or undefined when the command does not name a view (it then runs as usual).
 * Reads run over the view's documents; writes are CommandNotSupportedOnView.
 */
export function onView(key: string, command: Document, context: CommandContext): Reply | undefined {
  if (key === 'explain' && isPlainObject(command.explain)) {
    const inner = command.explain as Document;
    const innerName = inner[Object.keys(inner)[0]];
    if (typeof innerName === 'string' && isView(reader(context).collection(context.db, innerName))) {
      throw notImplemented('explain of a read of a view is not supported by the embedded engine');
    }
    return undefined;
  }
  const name = command[Object.keys(command)[0]];
  if (typeof name !== 'string') return undefined;
  const meta = reader(context).collection(context.db, name);
  if (key === 'aggregate' && meta && !isView(meta) && !command.explain && joinsView(command.pipeline, context)) {
    // A collection's pipeline that joins a view: run here, where joined views are resolved to their documents.
    const { pipeline } = checkPipeline(command);
    if (!isPlainObject(command.cursor)) throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
    const docs = runPipeline(
      reader(context)
        .query(meta, {})
        .matches.map(({ doc }) => doc),
      pipeline,
      (other) => collectionDocuments(context, other),
    );
    return context.cursors.reply(
      `${context.db}.${name}`,
      docs,
      command.cursor.batchSize === undefined ? undefined : nonNegativeInteger(command.cursor.batchSize, 'batchSize'),
    );
  }
  if (!meta || !isView(meta)) return undefined;
  const ns = `${context.db}.${name}`;
  if (NOT_ON_VIEW.has(key)) throw notOnView(ns);
  refuseCollation(command);
  const batchSize = (value: unknown) => (value === undefined ? undefined : nonNegativeInteger(value, 'batchSize'));
  switch (key) {
    case 'find': {
      const singleBatch = command.singleBatch === true || (typeof command.limit === 'number' && command.limit < 0);
      return viewCursor(context, meta, findStages(command), batchSize(command.batchSize), singleBatch);
    }
    case 'aggregate': {
      if (command.explain) throw notImplemented('explain of a read of a view is not supported by the embedded engine');
      const { pipeline } = checkPipeline(command);
      if (!isPlainObject(command.cursor)) throw failedToParse("The 'cursor' option is required, except for aggregate with the explain argument");
      return viewCursor(context, meta, pipeline, batchSize(command.cursor.batchSize));
    }
    case 'count': {
      const query = optionalDocument(command.query, 'query');
      const stages = findStages({ filter: query, skip: command.skip, limit: command.limit });
      return { n: viewDocuments(context, meta, stages).length, ok: 1 };
    }
    case 'distinct': {
      if (typeof command.key !== 'string') throw failedToParse("BSON field 'distinct.key' is missing but a required field");
      const values = new Map<string, unknown>();
      for (const doc of viewDocuments(context, meta, findStages({ filter: command.query }))) {
        for (const value of pathValues(doc, command.key)) if (value !== undefined) values.set(keyOf(value), value);
      }
      return { values: [...values.values()], ok: 1 };
    }
    default:
      return undefined;
  }
}
