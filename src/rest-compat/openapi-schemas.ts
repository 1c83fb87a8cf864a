import { z } from 'zod';
import { camelToSnake } from './naming';

type JsonSchema = Record<string, unknown>;

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
