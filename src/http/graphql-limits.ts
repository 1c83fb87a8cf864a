import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerPlugin } from '@apollo/server';
import {
  getVariableValues,
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { RequestContext } from '../domain/context';
import { operationCost, type CostStats } from './graphql-cost';

/**
 * Limits against abusive documents, checked before anything executes. Introspection (`__schema`) is exempt from the
 * depth limit — its `ofType` chains are the schema's shape, not the client's choice — and bounded instead by
 * graphql-js's own MaxIntrospectionDepthRule (at most three nested `fields`/`interfaces`/`possibleTypes`/
 * `inputFields`: what multiplies its answer), by the token limit and by the cost limit.
 */
export const LIMITS = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 10_000,
  maxTokens: 5_000,
  maxDirectives: 50,
} as const;

export function tooComplex(message: string): GraphQLError {
  // `http.status` makes Apollo answer 400 for a refusal raised by a plugin (it would otherwise say 500).
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });
}

/** GraphQL Armor's validation rules report through this: the refusal becomes ours (stable code, no "Syntax Error:"). */
const refuse = [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, '')))];

/** graphql-js stops parsing a document with more tokens than this (Apollo's `parseOptions`). */
export const PARSE_OPTIONS = { maxTokens: LIMITS.maxTokens };

/** GraphQL Armor's validation rules (depth, aliases, directives) with our limits and our error code. */
export function armorValidationRules(): ValidationRule[] {
  return new ApolloArmor({
    maxDepth: { n: LIMITS.maxDepth, flattenFragments: true, ignoreIntrospection: true, propagateOnRejection: false, onReject: refuse },
    maxAliases: { n: LIMITS.maxAliases, allowList: [], propagateOnRejection: false, onReject: refuse },
    maxDirectives: { n: LIMITS.maxDirectives, propagateOnRejection: false, onReject: refuse },
    // Armor's token plugin throws from a hook (Apollo would answer 500); graphql-js's own parser limit is used.
    maxTokens: { enabled: false },
    // Our cost model knows page sizes (see `operationCost`); Armor's does not.
    costLimit: { enabled: false },
    // Suggestions are hidden from unauthenticated callers only (see `hideSuggestionsPlugin`).
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules as ValidationRule[];
}

/** A key for variables made only of plain values (cost is cached for those); undefined when one is a list or object. */
function plainVariablesKey(operationName: string | undefined, variables: Record<string, unknown>): string | undefined {
  if (Object.values(variables).some((value) => value !== null && typeof value === 'object')) return undefined;
  return JSON.stringify([operationName ?? null, variables]);
}

/** The cost of an operation with coerced variables; one that cannot be computed is refused (QUERY_TOO_COMPLEX). */
export function checkedCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  onCost?: (cost: number, stats: CostStats) => void,
): number {
  const stats: CostStats = { nodesVisited: 0 };
  let cost: number;
  try {
    cost = operationCost(schema, document, operation, variables, stats);
  } catch {
    throw tooComplex('the cost of this document could not be computed');
  }
  onCost?.(cost, stats);
  return cost;
}

/** Throws QUERY_TOO_COMPLEX for a cost over maxCost. */
export function refuseCostly(cost: number): void {
  if (!(cost <= LIMITS.maxCost)) throw tooComplex(`query cost ${cost} exceeds the maximum of ${LIMITS.maxCost}`);
}

/**
 * Refuses, before execution, an operation costing more than maxCost (its page sizes may come from variables, so this
 * runs once the operation and its variables are known). A cost that cannot be computed refuses the operation.
 */
export function costLimitPlugin(schema: GraphQLSchema, onCost?: (cost: number, stats: CostStats) => void): ApolloServerPlugin<RequestContext> {
  // Apollo hands the same parsed document to every request with the same text, so a repeated request with the same
  // plain variables reuses its cost (refusals included: they are re-raised from the cached cost).
  const costs = new WeakMap<DocumentNode, Map<string, number>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation }) {
          if (!operation) return;
          const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          // Variables that do not fit their types stop execution before any resolver runs (BAD_USER_INPUT).
          if (coerced.errors) return;
          const key = plainVariablesKey(request.operationName ?? undefined, coerced.coerced);
          let cost = key === undefined ? undefined : costs.get(document)?.get(key);
          if (cost === undefined) {
            cost = checkedCost(schema, document, operation, coerced.coerced, onCost);
            if (key !== undefined) {
              if (!costs.has(document)) costs.set(document, new Map());
              const known = costs.get(document)!;
              // A document sent with ever-new values must not grow without bound.
              if (known.size < 100) known.set(key, cost);
            }
          }
          refuseCostly(cost);
        },
      };
    },
  };
}

/** "Did you mean …?" reveals the schema's names: unauthenticated callers do not get it. */
export function hideSuggestionsPlugin(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ contextValue }) {
      if (contextValue.principal) return;
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) error.message = error.message.replace(/ ?Did you mean .+\?$/, '');
        },
      };
    },
  };
}
