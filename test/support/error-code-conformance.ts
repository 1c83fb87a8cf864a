import { Kind, type OperationDefinitionNode, parse } from 'graphql';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { errorCodesOf } from '../../src/resolvers/operation-errors';

type Json = Record<string, any>;

/**
 * Holds every GraphQL error answer of a test to the published codes: an error raised by an operation (it has a path)
 * must carry one of the codes that operation declares; an error of the request itself, one of the known codes. The
 * same declaration gives REST its per-route enums, so a code that one surface would answer undeclared fails here too.
 */
export function graphqlErrorCodeProblems(query: string, operationName: string | undefined, body: unknown): string[] {
  const errors = (body as Json | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  let operation: OperationDefinitionNode | undefined;
  try {
    operation = parse(query).definitions.find(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION && (operationName === undefined || definition.name?.value === operationName),
    );
  } catch {
    // A document that does not parse has only request errors.
  }
  const fieldOf = new Map<string, string>();
  for (const selection of operation?.selectionSet.selections ?? [])
    if (selection.kind === Kind.FIELD) fieldOf.set(selection.alias?.value ?? selection.name.value, selection.name.value);
  const problems: string[] = [];
  for (const error of errors as Json[]) {
    const code = error.extensions?.code;
    const root = Array.isArray(error.path) ? fieldOf.get(String(error.path[0])) : undefined;
    if (root && operation && operation.operation !== 'subscription') {
      const allowed: string[] = errorCodesOf(root, operation.operation);
      if (!allowed.includes(code)) problems.push(`${root} answered ${code}, which it does not declare (src/resolvers/operation-errors.ts): ${error.message}`);
    } else if (!(code in ERROR_CODES)) problems.push(`the request answered ${code}, which is no published code (src/domain/error-codes.ts): ${error.message}`);
  }
  return problems;
}
