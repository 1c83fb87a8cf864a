import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from '../resolvers/auth-checker';
import { RESOLVERS } from '../resolvers';
import { simpleWhereUnguarded } from './simple-fields';
import { validateArgument } from './validation';

let built: Promise<GraphQLSchema> | undefined;

/** The gateway's one schema, built once per process. */
export function gatewaySchema(): Promise<GraphQLSchema> {
  simpleWhereUnguarded();
  built ??= buildSchema({ resolvers: RESOLVERS, authChecker, validateFn: validateArgument });
  return built;
}

/** The SDL committed as schema.graphql (sorted, so it only changes when the schema does). */
export function printGatewaySchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
