import type { CommandStartedEvent, Db, Document, MongoClient } from 'mongodb';

/** The read commands a request sends (a change stream's aggregate is a subscription, not a read of the request). */
const READS = new Set(['find', 'aggregate', 'count', 'distinct']);

/** Fields of a sent command that belong to its session, transaction, cluster or connection, not to its query. */
const CONTEXT = new Set([
  'lsid',
  'txnNumber',
  'autocommit',
  'startTransaction',
  '$clusterTime',
  '$db',
  'readConcern',
  '$readPreference',
  'readPreference',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  'comment',
]);

/** Collections of the server itself or of the request's credentials check (a key lookup by its unique hash). */
const internal = (collection: string) => collection.startsWith('system.');

/** Records every read command sent over `client` while `run` runs (the client must have command monitoring on). */
export async function readsDuring(client: MongoClient, databaseName: string, run: () => Promise<void>): Promise<Document[]> {
  const sent: Document[] = [];
  const listener = (event: CommandStartedEvent) => {
    if (event.databaseName !== databaseName || !READS.has(event.commandName)) return;
    const command = event.command as Document;
    if (event.commandName === 'aggregate' && command.pipeline?.some((stage: Document) => '$changeStream' in stage)) return;
    if (internal(String(command[event.commandName]))) return;
    sent.push(Object.fromEntries(Object.entries(command).filter(([field]) => !CONTEXT.has(field))));
  };
  client.on('commandStarted', listener);
  try {
    await run();
  } finally {
    client.off('commandStarted', listener);
  }
  return sent;
}

export interface ReadCost {
  command: Document;
  /** Index keys and documents the server examined. */
  keys: number;
  docs: number;
  /** What the query part yields: the documents a find or a pipeline's leading query returns, or a count's count. */
  n: number;
  stages: string[];
  /** Documents an in-memory sort took in (0 without one). */
  sortedInMemory: number;
}

function stagesOf(plan: Document | undefined): Document[] {
  if (!plan || typeof plan !== 'object') return [];
  return [plan, ...[plan.inputStage, ...(plan.inputStages ?? []), plan.queryPlan].flatMap((child) => stagesOf(child))];
}

/** Stages that consume the query's documents rather than find them: their input is what the query yields. */
const CONSUMERS = new Set(['GROUP', 'COUNT', 'PROJECTION_SIMPLE', 'PROJECTION_DEFAULT', 'PROJECTION_COVERED', 'EOF']);

/**
 * The cost of one read as the server's `explain` (executionStats) reports it: the engine and MongoDB alike
 * (a pipeline's query under a leading `$cursor` stage, or the pipeline pushed down as one plan; a count's
 * `nCounted`).
 */
export async function explainedCost(db: Db, command: Document): Promise<ReadCost> {
  const explained = await db.command({ explain: command, verbosity: 'executionStats' });
  const stats: Document = explained.stages?.[0]?.$cursor?.executionStats ?? explained.executionStats;
  const stages = stagesOf(stats.executionStages);
  let n: number = stats.nReturned;
  const counted = stages.find((stage) => typeof stage.nCounted === 'number');
  if (counted) n = Math.max(n, counted.nCounted);
  else if (stages[0] && CONSUMERS.has(stages[0].stage)) {
    const query = stages.find((stage) => !CONSUMERS.has(stage.stage));
    if (query && typeof query.nReturned === 'number') n = Math.max(n, query.nReturned);
  }
  const sort = stages.find((stage) => stage.stage === 'SORT');
  const sortInput = sort ? (sort.inputStage?.nReturned ?? stats.totalDocsExamined) : 0;
  return {
    command,
    keys: stats.totalKeysExamined,
    docs: stats.totalDocsExamined,
    n,
    stages: stages.map((stage) => (stage.indexName ? `${stage.stage}(${stage.indexName})` : String(stage.stage))),
    sortedInMemory: typeof sortInput === 'number' ? sortInput : 0,
  };
}
