import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, any>;

/** One documented operation: its path as a pattern, and its document entry. */
interface Operation {
  template: string;
  pattern: RegExp;
  params: number;
  method: string;
  entry: Json;
}

/** Text fields are trimmed before they are checked (the document's convention, stated in its description). */
const trimmed = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.trim()
    : Array.isArray(value)
      ? value.map(trimmed)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimmed(item)]))
        : value;

const pointer = (...parts: string[]) => `openapi.json#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * The schemas of an OpenAPI document, compiled on demand by their place in it (`validator('paths', …, 'schema')`), as
 * ajv with the 2020-12 dialect reads them; `errorsOf` lists a value's problems (empty: valid).
 */
export function documentSchemas(doc: Json): {
  validator(...parts: string[]): ValidateFunction;
  errorsOf(validate: ValidateFunction, value: unknown): string[];
} {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Amounts are documented as multiples of 0.01 (quantities of 0.001): decimal places. A double is never exactly such
  // a multiple, and dividing a large one (999999999.999 by 0.001) errs by more than any fixed epsilon, so the places
  // are checked in decimal: the value written with that many places is the value itself.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    validate: (step: number, value: number) => {
      const places = Math.max(0, -Math.floor(Math.log10(step)));
      return Number(value.toFixed(places)) === value && Math.round(value * 10 ** places) % Math.round(step * 10 ** places) === 0;
    },
  });
  ajv.addSchema(doc, 'openapi.json');
  const compiled = new Map<string, ValidateFunction>();
  const validator = (...parts: string[]) => {
    const key = pointer(...parts);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: key });
      compiled.set(key, validate);
    }
    return validate;
  };
  const errorsOf = (validate: ValidateFunction, value: unknown) =>
    validate(value)
      ? []
      : (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(root)'} ${error.message} ${JSON.stringify(error.params)}`);

  return { validator, errorsOf };
}

/**
 * Holds every REST exchange of a test to the published OpenAPI document (served at /api/v1/openapi.json): the answer
 * must be one the operation documents, for its status, in its media type and schema; and a request the gateway
 * accepted (2xx) must be one the document allows (its JSON body, its query parameters). A drift between what the
 * gateway does and what it publishes is a list of problems (empty: none).
 */
export function openApiConformance(
  doc: Json,
): (exchange: { method: string; url: string; requestBody?: unknown; status: number; contentType: string | null; body: unknown }) => string[] {
  const { validator, errorsOf } = documentSchemas(doc);

  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths as Json)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
    for (const [method, entry] of Object.entries(methods as Json))
      operations.push({ template, pattern, params: (template.match(/\{/g) ?? []).length, method, entry });
  }
  // A fixed segment wins over a parameter (as the router matches them).
  operations.sort((a, b) => a.params - b.params);

  return ({ method, url, requestBody, status, contentType, body }) => {
    const [path, query = ''] = url.split('?');
    const operation = operations.find((candidate) => candidate.method === method.toLowerCase() && candidate.pattern.test(path));
    if (!operation) return [];
    const where = `${method} ${operation.template} → ${status}`;
    const problems: string[] = [];
    const response = operation.entry.responses?.[String(status)];
    if (!response) problems.push(`${where}: the status is not documented`);
    else {
      const media = (contentType ?? '').split(';')[0].trim();
      const documented = Object.keys(response.content ?? {});
      if (media && documented.length && !documented.includes(media)) problems.push(`${where}: answered ${media}, documented ${documented.join(', ')}`);
      else if (media === 'application/json' && response.content?.['application/json']?.schema)
        problems.push(
          ...errorsOf(validator('paths', operation.template, operation.method, 'responses', String(status), 'content', 'application/json', 'schema'), body).map(
            (error) => `${where}: answer ${error}`,
          ),
        );
    }
    // Answers that judge their input rather than take it: a bulk answer with per-item errors (all_or_none false), and
    // an operation published as judging its body (`x-judges-body`: the FCE eligibility check answers what is wrong).
    const data = (body as Json | undefined)?.data;
    const judged = (Array.isArray(data?.errors) && data.errors.length > 0) || operation.entry['x-judges-body'] === true;
    if (status >= 200 && status < 300 && !judged) {
      const jsonBody = operation.entry.requestBody?.content?.['application/json'];
      if (jsonBody && requestBody !== undefined && !(requestBody instanceof FormData))
        problems.push(
          ...errorsOf(
            validator('paths', operation.template, operation.method, 'requestBody', 'content', 'application/json', 'schema'),
            trimmed(requestBody),
          ).map((error) => `${where}: request body ${error}`),
        );
      const parameters = (operation.entry.parameters ?? []) as Json[];
      for (const [name, raw] of new URLSearchParams(query)) {
        const index = parameters.findIndex((parameter) => parameter.in === 'query' && parameter.name === name);
        if (index < 0) continue;
        const schema = parameters[index].schema ?? {};
        const value =
          schema.type === 'integer' || schema.type === 'number'
            ? Number(raw)
            : schema.type === 'boolean'
              ? raw === 'true'
                ? true
                : raw === 'false'
                  ? false
                  : raw
              : raw;
        problems.push(
          ...errorsOf(validator('paths', operation.template, operation.method, 'parameters', String(index), 'schema'), value).map(
            (error) => `${where}: query ${name}=${raw} ${error}`,
          ),
        );
      }
    }
    return problems;
  };
}
