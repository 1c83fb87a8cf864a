import type { Document } from 'bson';
import { badValue } from '../errors';
import type { ExecutionStats } from '../query/execute';
import type { Plan } from '../query/planner';

/** The plan as MongoDB's classic explain shows it: FETCH over IXSCAN, IDHACK, COLLSCAN, SORT when in memory. */
function planStage(plan: Plan, inMemorySort: boolean): Document {
  let stage: Document;
  if (plan.kind === 'ids') stage = { stage: 'IDHACK' };
  else if (plan.kind === 'collscan') stage = { stage: 'COLLSCAN', direction: plan.reverse ? 'backward' : 'forward' };
  else {
    const scan = (): Document => ({
      stage: 'IXSCAN',
      keyPattern: plan.index.spec.key,
      indexName: plan.index.name,
      isMultiKey: plan.index.multikey,
      isUnique: plan.index.unique,
      isSparse: plan.index.sparse,
      isPartial: plan.index.partial !== undefined,
      direction: plan.reverse ? 'backward' : 'forward',
      indexBounds: Object.fromEntries(plan.bounds.map((bound) => bound.split(': '))),
    });
    // SORT_MERGE: one scan per `$in` value of the equality prefix, merged in the sort's order.
    const input = plan.merge ? { stage: 'SORT_MERGE', inputStages: plan.ranges.map(() => scan()) } : scan();
    stage = { stage: 'FETCH', inputStage: input };
  }
  return inMemorySort ? { stage: 'SORT', inputStage: stage } : stage;
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
  const winningPlan = planStage(stats.plan, stats.inMemorySort);
  const rejectedPlans = stats.rejected.map((plan) => planStage(plan, stats.sorting && !plan.sortServed));
  const explained: Document = { queryPlanner: { namespace: ns, winningPlan, rejectedPlans } };
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
