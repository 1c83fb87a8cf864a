import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
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

/** Nesting deeper than maxDepth fields is refused. */
export const depthLimit: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  Document(document) {
    const fragments = new Map(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
    );
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const depth = depthOf(definition.selectionSet, fragments, new Set());
      if (depth > LIMITS.maxDepth) {
        context.reportError(tooComplex(`query depth ${depth} exceeds the maximum of ${LIMITS.maxDepth}`));
      }
    }
  },
});

/** More than maxAliases aliases in one document is refused (aliases multiply work without deepening the query). */
export const aliasLimit: ValidationRule = (context: ValidationContext): ASTVisitor => {
  let aliases = 0;
  return {
    Field(node) {
      if (node.alias) aliases++;
    },
    Document: {
      leave() {
        if (aliases > LIMITS.maxAliases) context.reportError(tooComplex(`the document uses ${aliases} aliases; the maximum is ${LIMITS.maxAliases}`));
      },
    },
  };
};

/** The cost of an operation: 1 per field, list fields multiplied by their page size (see `complexity` on fields). */
export function costPlugin(schema: GraphQLSchema): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          let cost: number;
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
          if (cost > LIMITS.maxCost) throw tooComplex(`query cost ${cost} exceeds the maximum of ${LIMITS.maxCost}`);
        },
      };
    },
  };
}
