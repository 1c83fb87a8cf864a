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

/**
 * A domain input schema as the REST body it validates (snake_case). An `address` object with a `text` part is
 * offered in its legacy form: a string, or the object of its parts.
 */
export function restBodySchema(schema: z.ZodType): JsonSchema {
  const json = renameProperties(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) as JsonSchema;
  delete json.$schema;
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  const address = properties?.address;
  if (address) {
    const variants = (address.anyOf as JsonSchema[] | undefined) ?? [address];
    const object = variants.find((variant) => variant.type === 'object');
    if (object?.properties) {
      const { text, ...parts } = object.properties as Record<string, JsonSchema>;
      properties.address = {
        anyOf: [
          { type: 'string', maxLength: (text?.anyOf as JsonSchema[] | undefined)?.[0]?.maxLength ?? 500 },
          { ...object, properties: parts },
          { type: 'null' },
        ],
      };
    }
  }
  return json;
}
