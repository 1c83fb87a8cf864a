import { AsyncLocalStorage } from 'node:async_hooks';
import { DateTimeISOResolver } from 'graphql-scalars';
import { GraphQLScalarType } from 'graphql';
import { argentineDateTime } from '../domain/dates';

/**
 * The zone a GraphQL request asked its date-times in. Carried by the request's async context rather than by a
 * field argument: an argument needs a resolver on every date-time field, and plain fields stay resolver-free (graphql-jit
 * reads them as properties; see test/gateway/execution-overhead.test.ts).
 */
const zoneOfRequest = new AsyncLocalStorage<'ARGENTINA'>();

/**
 * Runs `next` (the rest of the request) with its date-times written in Argentine time when the request's `Time-Zone`
 * header names an Argentine zone (`America/Argentina/…`, all UTC−3 all year); any other value, or none, keeps UTC.
 */
export function runInTimeZone(header: string | undefined, next: () => void): void {
  if (header && /^America\/Argentina\/[A-Za-z_]+$/.test(header.trim())) zoneOfRequest.run('ARGENTINA', next);
  else next();
}

/**
 * The gateway's `DateTimeISO`: an instant written as ISO 8601 with its zone, in UTC (`Z`) or, for a request that asked
 * for it, in Argentine wall-clock time with `-03:00`. Both name the same instant; input is read as graphql-scalars'
 * DateTimeISO reads it.
 */
export const DateTimeISO = new GraphQLScalarType({
  name: 'DateTimeISO',
  description:
    'A date-time as ISO 8601 with its zone: in UTC (`2026-11-23T12:14:22.123Z`), or, when the request carries the header `Time-Zone: America/Argentina/Buenos_Aires`, the same instant in Argentine time (`2026-11-23T09:14:22.123-03:00`), the wall-clock time the REST API writes without a zone.',
  serialize: (value) =>
    value instanceof Date && zoneOfRequest.getStore() === 'ARGENTINA' ? `${argentineDateTime(value)}-03:00` : DateTimeISOResolver.serialize(value),
  parseValue: (value) => DateTimeISOResolver.parseValue(value),
  parseLiteral: (ast, variables) => DateTimeISOResolver.parseLiteral(ast, variables),
});
