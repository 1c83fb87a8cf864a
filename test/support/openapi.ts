import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** A JSON-pointer reference into the served OpenAPI document. */
const pointer = (...parts: string[]) => `openapi.json#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Validates values against the schemas of a served OpenAPI document: `errorsAgainst` answers the errors (empty: valid). */
export function openApiValidator(doc: Record<string, unknown>): { errorsAgainst(value: unknown, ...parts: string[]): string[] } {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  return {
    errorsAgainst(value, ...parts) {
      const validate = ajv.compile({ $ref: pointer(...parts) });
      return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
    },
  };
}

/** The place of a route's JSON response schema for a status. */
export const responseSchema = (route: string, method: string, status: number) => [
  'paths',
  `/api/v1${route}`,
  method,
  'responses',
  String(status),
  'content',
  'application/json',
  'schema',
];

/** The place of a route's JSON request body schema. */
export const requestSchema = (route: string, method: string) => ['paths', `/api/v1${route}`, method, 'requestBody', 'content', 'application/json', 'schema'];
