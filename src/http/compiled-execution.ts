import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, printSchema, type DocumentNode, type GraphQLSchema } from 'graphql';
import { compileOperation, executeCompiled, type CompiledOperation } from '../schema/compiled';

/**
 * Apollo runs GraphQL documents through this instead of graphql-js's execute: an operation that runs a second time
 * is compiled by graphql-jit and reused while Apollo keeps the parsed document in its cache (a repeated query
 * string gets the same DocumentNode back), like parsing and validation. A document seen once runs on graphql-js,
 * so a stream of distinct documents costs no compilation. Apollo's hook for an executor of one's own is its gateway
 * interface; the schema is ours and never changes.
 */
export function compiledExecution(schema: GraphQLSchema): GatewayInterface {
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledOperation | 'seen once' | null>>();
  const compiledFor = (document: DocumentNode, operationName: string | null): CompiledOperation | null => {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const known = byName.get(operationName ?? '');
    if (known === undefined) {
      byName.set(operationName ?? '', 'seen once');
      return null;
    }
    if (known !== 'seen once') return known;
    const operation = compileOperation(schema, document, operationName) ?? null;
    byName.set(operationName ?? '', operation);
    return operation;
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
