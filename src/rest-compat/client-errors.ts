import { GraphQLError } from 'graphql';
import { ERROR_CODES } from '../domain/error-codes';
import { AppError, type ErrorDetail, isDuplicateKeyError, isTransientTransactionError } from '../domain/errors';

/** What a client may see of a failure; the same for GraphQL (`extensions`) and REST (the error envelope). */
export interface ClientError {
  code: string;
  message: string;
  details: ErrorDetail[];
  status: number;
}

const statusOf = (code: string): number => (ERROR_CODES as Record<string, { status: number }>)[code]?.status ?? 400;

/**
 * graphql-js reports a variable that does not fit its input type in prose; turn it into a field path so both
 * surfaces can name the failing field (e.g. an unknown field, or a missing required one).
 */
export function coercionDetails(message: string): ErrorDetail[] {
  // `... at "inputs[3].address"; Field "zip" is not defined by type "AddressInput".`
  const at = /at "([^"]+)"/.exec(message);
  const base = at
    ? at[1]
        .replace(/\[(\d+)\]/g, '.$1')
        .split('.')
        .slice(1)
        .join('.')
    : '';
  const field = /Field "([^"]+)" (?:is not defined|of required type)/.exec(message);
  const path = [base, field?.[1]].filter(Boolean).join('.');
  const reason = message.slice(message.lastIndexOf(';') + 1).trim();
  const text = /is not defined by type/.test(reason) ? 'unknown field' : /of required type/.test(reason) ? 'is required' : reason;
  return [{ path, message: text }];
}

/**
 * graphql-js enforces two of our limits itself (the parser's token limit, `parseOptions.maxTokens`, and the
 * introspection nesting rule) with messages of its own: they are reported like the other limits.
 */
function graphqlJsLimit(message: string): string | undefined {
  const tokens = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/.exec(message);
  if (tokens) return `the document has more than ${tokens[1]} tokens; the maximum is ${tokens[1]}`;
  if (message === 'Maximum introspection depth exceeded') return 'introspection nests more than 3 lists of fields, interfaces, possible types or input fields';
  return undefined;
}

/** Any thrown value as a client error; anything unexpected becomes an opaque internal error (and is reported). */
export function toClientError(error: unknown, report: (error: unknown) => void): ClientError {
  // Resolver failures arrive wrapped in a GraphQLError; graphql-js's own errors may wrap a shorter GraphQLError.
  // Apollo wraps a validation rule's own error (e.g. a limit's QUERY_TOO_COMPLEX) in one coded GRAPHQL_VALIDATION_FAILED.
  const inner = error instanceof GraphQLError ? error.originalError : undefined;
  const original = inner && (!(inner instanceof GraphQLError) || typeof inner.extensions?.code === 'string') ? inner : error;
  if (original instanceof AppError) {
    return { code: original.code, message: original.message, details: original.details, status: original.status };
  }
  if (original instanceof GraphQLError) {
    // Variables that do not fit their types: Apollo labels them BAD_USER_INPUT; plain graphql-js execution does not.
    const coercion = /^Variable "\$\w+" (?:got invalid value|of required type|of non-null type)/.test(original.message);
    const limit = graphqlJsLimit(original.message);
    if (limit) return { code: 'QUERY_TOO_COMPLEX', message: limit, details: [], status: 400 };
    const code = typeof original.extensions?.code === 'string' ? original.extensions.code : coercion ? 'BAD_USER_INPUT' : 'GRAPHQL_VALIDATION_FAILED';
    if (code !== 'INTERNAL_SERVER_ERROR') {
      const details = coercion ? coercionDetails(original.message) : [];
      return { code, message: original.message, details, status: statusOf(code) };
    }
  }
  // A duplicate key no rule turned into a precise conflict (the store already retried races): still the client's 409.
  if (isDuplicateKeyError(original))
    return { code: 'CONFLICT', message: 'the record conflicts with one written at the same time; retry', details: [], status: 409 };
  // Write conflicts the store kept losing for the driver's whole retry window: the records are busy, nothing was written.
  if (isTransientTransactionError(original))
    return { code: 'CONFLICT', message: 'too many changes to the same records at once; nothing was written: retry', details: [], status: 409 };
  report(original);
  return { code: 'INTERNAL_SERVER_ERROR', message: 'internal error', details: [], status: 500 };
}

/** The errors of one GraphQL result as one client error; several input problems are reported together. */
export function toClientErrorOf(errors: readonly GraphQLError[], report: (error: unknown) => void): ClientError {
  const all = errors.map((error) => toClientError(error, report));
  if (all.length > 1 && all.every((error) => error.code === 'BAD_USER_INPUT')) {
    return { ...all[0], message: all.map((error) => error.message).join('\n'), details: all.flatMap((error) => error.details) };
  }
  return all[0];
}
