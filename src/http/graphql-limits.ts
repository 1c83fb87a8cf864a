import { GraphQLError, Kind, visit, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import { getComplexity, fieldExtensionsEstimator, simpleEstimator } from 'graphql-query-complexity';

/** Limits against abusive documents, checked before anything executes. */
export const LIMITS = { maxDepth: 10, maxAliases: 30, maxCost: 10_000 } as const;

function tooComplex(message: string): GraphQLError {
  // `http.status` makes Apollo answer 400 for a refusal raised by a plugin (it would otherwise say 500).
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 } } });
}

function depthOf(selectionSet: SelectionSetNode | undefined, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): number {
  if (!selectionSet) return 0;
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen) : 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const fragment = fragments.get(selection.name.value);
      if (fragment && !seen.has(fragment.name.value)) {
        deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value])));
      }
    }
  }
  return deepest;
}

/** The deepest field nesting of the document's operations (fragments expanded). */
export function documentDepth(document: DocumentNode): number {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  let deepest = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) deepest = Math.max(deepest, depthOf(definition.selectionSet, fragments, new Set()));
  }
  return deepest;
}

export function aliasCount(document: DocumentNode): number {
  let aliases = 0;
  visit(document, {
    Field(node) {
      if (node.alias) aliases++;
    },
  });
  return aliases;
}

interface Measures {
  depth: number;
  aliases: number;
  /** Cost by operation name and variables, for variables that are a few plain values (bounded). */
  costs: Map<string, number>;
}

/**
 * Measures of documents already seen. Apollo hands back the same parsed DocumentNode for a repeated query string
 * (its document cache), so a client repeating a query pays for walking it once, like for parsing and validation.
 */
const measured = new WeakMap<DocumentNode, Measures>();
const MAX_COSTS_PER_DOCUMENT = 100;

function measuresOf(document: DocumentNode): Measures {
  let measures = measured.get(document);
  if (!measures) {
    measures = { depth: documentDepth(document), aliases: aliasCount(document), costs: new Map() };
    measured.set(document, measures);
  }
  return measures;
}

/** A key for the cost when the variables are a few short plain values (page sizes, ids); objects are not keyed. */
function costKey(operationName: string | null | undefined, variables: Record<string, unknown> | undefined): string | undefined {
  const values = Object.values(variables ?? {});
  const plain = values.every((value) => value === null || ['number', 'boolean'].includes(typeof value) || (typeof value === 'string' && value.length <= 200));
  return plain && values.length <= 10 ? `${operationName ?? ''}\n${JSON.stringify(variables ?? {})}` : undefined;
}

/**
 * Refuses, before execution, documents nested deeper than maxDepth, with more than maxAliases aliases, or costing
 * more than maxCost: 1 per field, list fields multiplied by their page size (see `complexity` on fields).
 */
export function limitsPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const { depth, aliases, costs } = measuresOf(document);
          if (depth > LIMITS.maxDepth) throw tooComplex(`query depth ${depth} exceeds the maximum of ${LIMITS.maxDepth}`);
          if (aliases > LIMITS.maxAliases) throw tooComplex(`the document uses ${aliases} aliases; the maximum is ${LIMITS.maxAliases}`);
          const key = costKey(request.operationName, request.variables);
          let cost = key === undefined ? undefined : costs.get(key);
          if (cost === undefined) {
            try {
              cost = getComplexity({
                schema,
                query: document,
                operationName: request.operationName,
                variables: request.variables,
                estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
              });
            } catch {
              // Variables that do not fit their types: execution reports them as BAD_USER_INPUT (400).
              return;
            }
            if (key !== undefined && costs.size < MAX_COSTS_PER_DOCUMENT) costs.set(key, cost);
          }
          if (cost > LIMITS.maxCost) throw tooComplex(`query cost ${cost} exceeds the maximum of ${LIMITS.maxCost}`);
        },
      };
    },
  };
}
