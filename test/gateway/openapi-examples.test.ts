import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { documentSchemas } from '../support/openapi-conformance';

/**
 * Every operation of the served OpenAPI document shows an example of its request body (when it takes one) and of its
 * success answer. The examples are derived from the fields' declared examples, so each is held to the schema it
 * illustrates (with the conformance check's validator), and a few create bodies are sent for real: a client that
 * copies them gets a 201, not a 400.
 */

type Json = Record<string, any>;

let gw: TestGateway;
let doc: Json;
let key: string;
let schemas: ReturnType<typeof documentSchemas>;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:write', 'delivery_notes:write', 'supplies:write']));
  const response = await fetch(`${gw.url}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  doc = (await response.json()) as Json;
  schemas = documentSchemas(doc);
});
afterAll(async () => {
  await gw?.stop();
});

/** The example values of a media type: its `example`, or the values of its named `examples`. */
function exampleValues(media: Json): unknown[] {
  if (media.example !== undefined) return [media.example];
  return Object.values((media.examples ?? {}) as Record<string, Json>)
    .filter((example) => example.value !== undefined)
    .map((example) => example.value);
}

/** Whether a media type carries any example at all (a file's may only be described: it has no JSON value). */
const hasExample = (media: Json) => media.example !== undefined || Object.keys(media.examples ?? {}).length > 0;

/** Texts of an example that are the sampler's stand-in for a field that declares no example of its own. */
function placeholders(value: unknown, path = ''): string[] {
  if (value === 'string') return [path || '(root)'];
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholders(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, item]) => placeholders(item, `${path}.${name}`));
  return [];
}

const operationOf = (path: string, method: string) => doc.paths[`/api/v1${path}`][method] as Json;

describe.each(ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s', (_name, route) => {
  it('shows an example of its request body, valid against the body schema', () => {
    const content = operationOf(route.path, route.method).requestBody?.content as Json | undefined;
    if (!route.requestBody) {
      expect(content).toBeUndefined();
      return;
    }
    const [[mediaType, media]] = Object.entries(content as Json) as Array<[string, Json]>;
    expect(hasExample(media)).toBe(true);
    const values = exampleValues(media);
    expect(values.length).toBeGreaterThan(0);
    const validate = schemas.validator('paths', `/api/v1${route.path}`, route.method, 'requestBody', 'content', mediaType, 'schema');
    for (const value of values) {
      expect(schemas.errorsOf(validate, value)).toEqual([]);
      expect(placeholders(value)).toEqual([]);
    }
  });

  it('shows an example of its success answer, valid against the answer schema', () => {
    const status = String(route.successStatus);
    const [[mediaType, media]] = Object.entries(operationOf(route.path, route.method).responses[status].content as Json) as Array<[string, Json]>;
    expect(hasExample(media)).toBe(true);
    const values = exampleValues(media);
    // A file (ZIP, PDF) has no JSON value to show: its example names and describes it instead.
    if (route.download && values.length === 0) {
      for (const example of Object.values(media.examples as Record<string, Json>)) expect(example.summary).toEqual(expect.any(String));
      return;
    }
    expect(values.length).toBeGreaterThan(0);
    const validate = schemas.validator('paths', `/api/v1${route.path}`, route.method, 'responses', status, 'content', mediaType, 'schema');
    for (const value of values) {
      expect(schemas.errorsOf(validate, value)).toEqual([]);
      expect(placeholders(value)).toEqual([]);
    }
  });

  it('has examples written by hand only where the schemas cannot give one (a form with a file, a file download)', () => {
    expect(Boolean(route.examples)).toBe(Boolean(route.upload || route.download));
  });
});

describe('the schema check of an example means something', () => {
  it('an example changed to break its schema is refused', () => {
    const media = operationOf('/suppliers/', 'post').requestBody.content['application/json'] as Json;
    const validate = schemas.validator('paths', '/api/v1/suppliers/', 'post', 'requestBody', 'content', 'application/json', 'schema');
    expect(schemas.errorsOf(validate, media.example)).toEqual([]);
    expect(schemas.errorsOf(validate, { ...media.example, name: 'X', email: 'not an email' }).length).toBeGreaterThan(0);
  });
});

describe('a documented create body works as it is', () => {
  it.each(['/suppliers/', '/customers/', '/products/'])('POST %s with its example answers 201 with the record', async (path) => {
    const example = operationOf(path, 'post').requestBody.content['application/json'].example as Json;
    const created = await gw.rest('POST', path, { key, body: example });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: example.name });
  });

  it('a product created from its example holds its example stock and price', async () => {
    const example = operationOf('/products/', 'post').requestBody.content['application/json'].example as Json;
    const created = await gw.rest('POST', '/products/', { key, body: { ...example, sku: `${example.sku}-2` } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ price: example.price, stock: example.stock, unit: example.unit });
  });
});
