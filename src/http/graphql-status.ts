import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { type RequestContext, refusalOf } from '../domain/context';

/** Document problems found before execution (the GraphQL-over-HTTP spec's "request errors"). */
const REQUEST_ERROR_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'QUERY_TOO_COMPLEX']);

/** A client that names `application/json` and not the newer `application/graphql-response+json` media type. */
function acceptsOnlyJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0].trim().toLowerCase());
  return types.includes('application/json') && !types.includes('application/graphql-response+json');
}

/**
 * The HTTP status of a GraphQL response, one rule for every request:
 * - an operation that needed credentials the request lacked (or whose key/session is invalid) → 401, like REST;
 * - a request error (parse, validation, limits, variables) → 400, except for clients that accept only
 *   `application/json`, which get 200 as the GraphQL-over-HTTP spec asks of that media type;
 * - an upload past the size limit → 413, like REST: the file is refused whole, whichever mutation took it;
 * - anything else → 200 (field errors such as FORBIDDEN or NOT_FOUND travel in `errors`, next to partial data).
 *
 * A query may run while the caller's API key is checked again (see src/http/authenticate.middleware.ts); a mutation waits for
 * that check, and no answer leaves before it: a key the store no longer accepts gets its 401 instead of the result.
 */
export function statusPlugin(format: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart({ request }) {
      const onlyJson = acceptsOnlyJson(request.http?.headers.get('accept'));
      return {
        async didResolveOperation({ operation, contextValue }) {
          if (operation?.operation !== 'query') await contextValue.verified;
        },
        async willSendResponse({ response, contextValue }) {
          const refusal = await refusalOf(contextValue);
          if (refusal) response.body = { kind: 'single', singleResult: { errors: [format({ message: (refusal as Error).message }, refusal)] } };
          if (response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          const codes = (errors ?? []).map((error) => error.extensions?.code);
          if (codes.includes('UNAUTHENTICATED')) {
            response.http.status = 401;
          } else if (codes.includes('PAYLOAD_TOO_LARGE')) {
            response.http.status = 413;
          } else if (onlyJson && data === undefined && codes.length > 0 && codes.every((code) => REQUEST_ERROR_CODES.has(code as string))) {
            response.http.status = 200;
          }
        },
      };
    },
  };
}
