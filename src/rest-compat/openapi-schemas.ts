import { z } from 'zod';
import { camelToSnake } from './naming';

type JsonSchema = Record<string, unknown>;

/** The id of a record as the API writes it (its store id in hex). */
export const RECORD_ID = { type: 'string', examples: ['6650a1c2e4b0d5a7c8e9f012'] };

/** An instant as the API writes it. */
export const REST_DATE_TIME = { type: 'string', description: 'Argentine time (UTC−3), ISO 8601 without a zone.', examples: ['2025-03-14T10:32:05.120'] };

/** Renames property names of a JSON schema from GraphQL input names to REST names, deeply. */
function renameProperties(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(renameProperties);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [camelToSnake(name), renameProperties(sub)]));
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => camelToSnake(String(name)));
    } else out[key] = renameProperties(value);
  }
  return out;
}

/** A domain input schema as the REST body it validates (snake_case names). */
export function restBodySchema(schema: z.ZodType): JsonSchema {
  const json = renameProperties(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) as JsonSchema;
  delete json.$schema;
  return json;
}
