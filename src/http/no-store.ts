import type { ApolloServerPlugin } from '@apollo/server';

/**
 * `Cache-Control: no-store` on every GraphQL response, as Apollo's cache-control plugin answers for a schema without
 * cache hints (ours has none: every answer depends on the caller's account). That plugin is disabled because it
 * instruments every resolver of the schema to collect hints, which costs a wrapper call per field per item and
 * also slows the REST routes, which execute the same schema.
 */
export function noStorePlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}
