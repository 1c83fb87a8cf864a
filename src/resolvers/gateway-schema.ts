import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { authChecker } from './auth-checker';
import { pubSub } from './fce-pubsub';
import { presortResolverParams } from './presorted-params';
import { RESOLVERS } from './index';
import { describeErrorCodes } from './operation-errors';
import { simpleWhereUnguarded } from '../schema/simple-fields';
import { validateArgument } from '../schema/validation.types';
import { DateTimeISO } from '../schema/date-time';

let built: Promise<GraphQLSchema> | undefined;

/** The gateway's one schema, built once per process. */
export function gatewaySchema(): Promise<GraphQLSchema> {
  simpleWhereUnguarded();
  built ??= buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    validateFn: validateArgument,
    pubSub,
    scalarsMap: [{ type: Date, scalar: DateTimeISO }],
  }).then((schema) => {
    presortResolverParams();
    return describeErrorCodes(schema);
  });
  return built;
}

/** The SDL committed as schema.graphql (sorted, so it only changes when the schema does). */
export function printGatewaySchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
