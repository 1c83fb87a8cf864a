/**
 * The benches measure the gateway as it is deployed (NODE_ENV=production). Imported first: graphql-js reads it
 * when loaded, and in development mode it adds a cross-realm check to every failed type test during execution.
 */
process.env.NODE_ENV = 'production';
