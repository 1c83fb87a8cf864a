import type { Document } from 'mongodb';
import { declaredIndexes } from '../../src/domain/declarations';
import { ensureIndexes } from '../../src/store/catalog';
import { suiteDatabase } from './database';

/** Every index name of a plan tree. */
function indexNames(plan: Document | undefined): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const own = typeof plan.indexName === 'string' ? [plan.indexName] : [];
  return [...own, ...[plan.inputStage, ...(plan.inputStages ?? [])].flatMap((child) => indexNames(child))];
}

/** Every stage name of a plan tree. */
function stages(plan: Document | undefined): string[] {
  if (!plan || typeof plan !== 'object') return [];
  const own = typeof plan.stage === 'string' ? [plan.stage] : [];
  return [...own, ...[plan.inputStage, ...(plan.inputStages ?? [])].flatMap((child) => stages(child))];
}

/**
 * A store with the application's indexes on a database of its own (of MONGODB_URI when set, else of an embedded
 * engine), for a suite that asks the server's `explain` which plan a query wins; dropped after the suite.
 */
export function planStore(name: string): {
  winningStages(collection: string, filter: Document, sort?: Document): Promise<string[]>;
  winningIndexes(collection: string, filter: Document, sort?: Document): Promise<string[]>;
} {
  const store = suiteDatabase(name, (opened) => ensureIndexes(opened.db, declaredIndexes()));
  /** The plan the server picks for a page (20) of `filter` in `sort` order. */
  const winning = async (collection: string, filter: Document, sort?: Document) => {
    const cursor = store().db.collection(collection).find(filter);
    if (sort) cursor.sort(sort).limit(20);
    const explained = await cursor.explain('queryPlanner');
    return explained.queryPlanner?.winningPlan?.queryPlan ?? explained.queryPlanner?.winningPlan;
  };
  return {
    winningStages: async (collection, filter, sort) => stages(await winning(collection, filter, sort)),
    winningIndexes: async (collection, filter, sort) => indexNames(await winning(collection, filter, sort)),
  };
}
