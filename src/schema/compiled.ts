import {
  execute,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** One operation of a validated document, compiled to a function by graphql-jit. */
export interface CompiledOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  query: CompiledQuery;
}

/**
 * Compiles the operation `operationName` (or the only one) of a document already validated against `schema`;
 * undefined when graphql-jit cannot. Compiled execution skips graphql-js's per-field, per-item work (argument
 * values, field collection, completion), which is what a long list costs.
 */
export function compileOperation(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): CompiledOperation | undefined {
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  const query = operation ? compileQuery(schema, document, operationName ?? undefined) : undefined;
  return operation && query && isCompiledQuery(query) ? { document, operation, query } : undefined;
}

/**
 * Runs a compiled operation. Variables are coerced by graphql-js first, with the limit its execute uses: a request
 * whose variables do not fit gets exactly graphql-js's errors (clients and the REST layer read their wording).
 * graphql-jit then coerces them again, and refuses one kind of value graphql-js accepts (an omitted non-null input
 * field that has a default, such as `orderBy: {field: name}`): such a request runs on graphql-js instead.
 */
export async function executeCompiled(
  schema: GraphQLSchema,
  { document, operation, query }: CompiledOperation,
  variables: Record<string, unknown> | undefined,
  context: unknown,
): Promise<ExecutionResult> {
  const coercion = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, { maxErrors: 50 });
  if (coercion.errors) return { errors: coercion.errors };
  const result = await query.query(undefined, context, withoutUndefined(variables ?? {}) as Record<string, unknown>);
  if (result.errors && !('data' in result)) {
    return execute({ schema, document, operationName: operation.name?.value, variableValues: variables, contextValue: context });
  }
  return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
}

/**
 * The value with every object key whose value is undefined left out (a copy only where there is one): graphql-js
 * reads such an input field as absent, graphql-jit as null, which in an update means "clear it".
 */
function withoutUndefined(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) {
    const items = value.map(withoutUndefined);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const kept = withoutUndefined(field);
    if (kept === field && field !== undefined) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (field === undefined) delete copy[key];
    else copy[key] = kept;
  }
  return copy ?? value;
}

/**
 * graphql-jit's errors look like graphql-js's but are not built by its constructor (no `extensions` object, which
 * Apollo reads): rebuild each as graphql-js does for a resolver's error, keeping the location graphql-jit computed.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions });
  (rebuilt as { locations?: GraphQLError['locations'] }).locations = error.locations;
  return rebuilt;
}
