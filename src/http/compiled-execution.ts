import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileOperation, executeCompiled, type CompiledOperation } from '../schema/compiled';

/**
 * Runs before an operation is compiled. Compiling costs from a few to a hundred milliseconds (graphql-jit generates
 * code for every field and input type), far more than one execution, so only operations a client keeps repeating
 * are worth it, and a stream of distinct documents must not turn into a stream of compilations.
 */
const RUNS_BEFORE_COMPILING = 10;

/**
 * Apollo runs GraphQL documents through this instead of graphql-js's execute: an operation that keeps running is
 * compiled by graphql-jit and reused while Apollo keeps the parsed document in its cache (a repeated query string
 * gets the same DocumentNode back), like parsing and validation. Apollo's hook for an executor of one's own is its
 * gateway interface; the schema is ours and never changes.
 */
export function compiledExecution(schema: GraphQLSchema): GatewayInterface {
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledOperation | number | null>>();
  const compiledFor = (document: DocumentNode, operationName: string | null): CompiledOperation | null => {
    let byName = compiled.get(document);
    if (!byName) {
      byName = new Map();
      compiled.set(document, byName);
    }
    const key = operationName ?? '';
    const known = byName.has(key) ? byName.get(key)! : 0;
    if (typeof known !== 'number') return known;
    const operation = known + 1 < RUNS_BEFORE_COMPILING ? known + 1 : (compileOperation(schema, document, operationName) ?? null);
    byName.set(key, operation);
    return typeof operation === 'number' ? null : operation;
  };
  const executor: GatewayExecutor = async ({ document, operationName, request, context }) => {
    const operation = compiledFor(document, operationName);
    if (!operation) return execute({ schema, document, operationName, variableValues: request.variables, contextValue: context });
    return executeCompiled(schema, operation, request.variables, context);
  };
  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    async stop() {},
  };
}
