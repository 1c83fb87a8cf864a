import type { Document } from 'bson';
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

export function explainReply(ns: string, stats: ExecutionStats): Document {
  const winningPlan = planStage(stats);
  return {
    explainVersion: '1',
    queryPlanner: { namespace: ns, winningPlan, rejectedPlans: [] },
    executionStats: {
      executionSuccess: true,
      nReturned: stats.nReturned,
      executionTimeMillis: 0,
      totalKeysExamined: stats.keysExamined,
      totalDocsExamined: stats.docsExamined,
      executionStages: winningPlan,
    },
    ok: 1,
  };
}
