import { ApolloServer, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '../domain/context';
import type { Logger } from '../logger';
import { toClientError } from '../rest-compat/client-errors';
import { compiledExecution } from './compiled-execution';
import { armorValidationRules, costLimitPlugin, hideSuggestionsPlugin, PARSE_OPTIONS } from './graphql-limits';
import { statusPlugin } from './graphql-status';
import { noStorePlugin } from './no-store';

/** Error shape for GraphQL clients: message, locations, path, and `extensions.code` (+ `details`); never a stack. */
export function formatGraphQLError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const client = toClientError(error, (cause) => log.error({ err: cause }, 'unexpected error in a GraphQL operation'));
    const extensions: Record<string, unknown> = { code: client.code };
    if (client.details.length) extensions.details = client.details;
    return { message: client.message, locations: formatted.locations, path: formatted.path, extensions };
  };
}

/**
 * A subscription sent over HTTP is refused (400) rather than run as a query: its resolver expects an event, and
 * subscriptions are served over WebSocket on the same path (src/http/subscriptions.ts).
 */
function subscriptionsOverWebSocket(): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation?.operation !== 'subscription') return;
          throw new GraphQLError('subscriptions are served over WebSocket at /graphql (graphql-transport-ws protocol), not over HTTP', {
            extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
          });
        },
      };
    },
  };
}

export function createApolloServer(schema: GraphQLSchema, log: Logger): ApolloServer<RequestContext & BaseContext> {
  return new ApolloServer<RequestContext & BaseContext>({
    gateway: compiledExecution(schema),
    introspection: true,
    parseOptions: PARSE_OPTIONS,
    validationRules: armorValidationRules(),
    plugins: [
      subscriptionsOverWebSocket(),
      costLimitPlugin(schema),
      hideSuggestionsPlugin(),
      statusPlugin(formatGraphQLError(log)),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      noStorePlugin(),
    ],
    // The gateway drains and stops Apollo itself on SIGTERM/SIGINT (Apollo would re-send the signal and kill it).
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError(log),
    includeStacktraceInErrorResponses: false,
    // Cross-site requests are handled by our own rules: keys travel in a header a browser never adds by itself, and
    // a session cookie needs X-CSRF-Token on every POST. Apollo's check would also refuse plain GET queries.
    csrfPrevention: false,
  });
}
