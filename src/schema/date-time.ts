import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { DateTimeISOResolver } from 'graphql-scalars';
import { defaultFieldResolver, getNamedType, GraphQLEnumType, type GraphQLFieldConfig, GraphQLScalarType, type GraphQLSchema } from 'graphql';
import { argentineDateTime } from '../domain/dates';

/** An instant to be written in Argentine time, with its offset (see `zone` below). */
class ArgentineInstant {
  constructor(readonly instant: Date) {}
}

/**
 * The gateway's `DateTimeISO`: an instant written as ISO 8601 with its zone. In UTC (`Z`) by default; an
 * ArgentineInstant in Argentine wall-clock time with `-03:00` (Argentina is UTC−3 all year). Both name the same
 * instant, so any ISO 8601 reader parses either; input is read as graphql-scalars' DateTimeISO reads it.
 */
export const DateTimeISO = new GraphQLScalarType({
  name: 'DateTimeISO',
  description:
    'A date-time as ISO 8601 with its zone: UTC (`2026-11-23T12:14:22.123Z`) unless the field is asked with `zone: ARGENTINA` (`2026-11-23T09:14:22.123-03:00`, the wall-clock time the REST API writes without a zone).',
  serialize: (value) => (value instanceof ArgentineInstant ? `${argentineDateTime(value.instant)}-03:00` : DateTimeISOResolver.serialize(value)),
  parseValue: (value) => DateTimeISOResolver.parseValue(value),
  parseLiteral: (ast, variables) => DateTimeISOResolver.parseLiteral(ast, variables),
});

const DateTimeZone = new GraphQLEnumType({
  name: 'DateTimeZone',
  description: 'How a date-time field writes its instant.',
  values: {
    UTC: { description: 'In UTC, with `Z` (the default).' },
    ARGENTINA: { description: 'In Argentine time (UTC−3), with `-03:00`: the time an Argentine user reads, as REST writes it.' },
  },
});

/**
 * Every date-time field of the schema takes `zone` (UTC by default, or ARGENTINA), so a dashboard can show the same
 * wall-clock time a REST client does without converting; declared once here rather than on each of the fields.
 */
export function withDateTimeZones(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field): GraphQLFieldConfig<unknown, unknown> => {
      if (getNamedType(field.type).name !== DateTimeISO.name) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        args: { ...field.args, zone: { type: DateTimeZone, defaultValue: 'UTC', description: 'UTC (default) or ARGENTINA (UTC−3, with its offset).' } },
        resolve: async (source, args, context, info) => {
          const value = await resolve(source, args, context, info);
          return (args as { zone?: string }).zone === 'ARGENTINA' ? inZone(value) : value;
        },
      };
    },
  });
}

/** A date (or a list of them) in Argentine time; anything else as it is. */
const inZone = (value: unknown): unknown => (value instanceof Date ? new ArgentineInstant(value) : Array.isArray(value) ? value.map(inZone) : value);
