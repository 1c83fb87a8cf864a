import type { Document } from 'bson';
import { badValue } from '../errors';
import type { ExecutionStats } from '../query/execute';

/** The plan as MongoDB's classic explain shows it: FETCH over IXSCAN, IDHACK, COLLSCAN, SORT when in memory. */
function planStage(stats: ExecutionStats): Document {
  const { plan } = stats;
  let stage: Document;
  if (plan.kind === 'ids') stage = { stage: 'IDHACK' };
  else if (plan.kind === 'collscan') stage = { stage: 'COLLSCAN', direction: plan.reverse ? 'backward' : 'forward' };
  else {
    stage = {
      stage: 'FETCH',
      inputStage: {
        stage: 'IXSCAN',
        keyPattern: plan.index.spec.key,
        indexName: plan.index.name,
        isMultiKey: plan.index.multikey,
        isUnique: plan.index.unique,
        isSparse: plan.index.sparse,
        isPartial: plan.index.partial !== undefined,
        direction: plan.reverse ? 'backward' : 'forward',
        indexBounds: Object.fromEntries(plan.bounds.map((bound) => bound.split(': '))),
      },
    };
  }
  return stats.inMemorySort ? { stage: 'SORT', inputStage: stage } : stage;
}

const VERBOSITIES = new Set(['queryPlanner', 'executionStats', 'allPlansExecution']);

/** The verbosity of an explain command; MongoDB refuses any other value. */
export function explainVerbosity(value: unknown): string {
  if (value === undefined) return 'allPlansExecution';
  if (typeof value !== 'string' || !VERBOSITIES.has(value)) {
    throw badValue("verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}");
  }
  return value;
}

/**
 * MongoDB's explain shape; `stages` (the pipeline after the part the planner ran) makes it an aggregation's, whose
 * plan MongoDB 7.0 shows under a leading `$cursor` stage.
 */
export function explainReply(ns: string, stats: ExecutionStats, verbosity = 'allPlansExecution', stages?: Document[]): Document {
  const winningPlan = planStage(stats);
  const explained: Document = { queryPlanner: { namespace: ns, winningPlan, rejectedPlans: [] } };
  if (verbosity !== 'queryPlanner') {
    explained.executionStats = {
      executionSuccess: true,
      nReturned: stats.nReturned,
      executionTimeMillis: 0,
      totalKeysExamined: stats.keysExamined,
      totalDocsExamined: stats.docsExamined,
      executionStages: winningPlan,
      ...(verbosity === 'allPlansExecution' ? { allPlansExecution: [] } : {}),
    };
  }
  if (stages?.length) return { explainVersion: '1', stages: [{ $cursor: explained }, ...stages], ok: 1 };
  return { explainVersion: '1', ...explained, ok: 1 };
}
