import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { openApiValidator, requestSchema, responseSchema } from '../support/openapi';

/**
 * GET /api/v1/openapi.json: an OpenAPI 3.1 document generated from the route table. It is checked with a real
 * OpenAPI validator (@seriousme/openapi-schema-validator, ESM-only, so run in a child process), route by route against
 * ROUTES, and by validating real requests and responses against the schemas it documents.
 */

type Json = Record<string, any>;

let gw: TestGateway;
let doc: Json;
let errorsAgainst: ReturnType<typeof openApiValidator>['errorsAgainst'];
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:read', 'suppliers:write']));
  const response = await fetch(`${gw.url}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  doc = (await response.json()) as Json;
  ({ errorsAgainst } = openApiValidator(doc));
});
afterAll(async () => {
  await gw?.stop();
});

const VALIDATOR = `
  import { Validator } from '@seriousme/openapi-schema-validator';
  import fs from 'node:fs';
  const validator = new Validator();
  const result = await validator.validate(JSON.parse(fs.readFileSync(process.argv[1], 'utf8')));
  process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));
`;

async function validateOpenApi(document: unknown): Promise<{ valid: boolean; version: string; errors: unknown }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(document));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', VALIDATOR, file], { cwd: path.join(__dirname, '..', '..') });
    return JSON.parse(stdout);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validateOpenApi(doc);
    expect(result).toMatchObject({ valid: true, errors: null });
    expect(result.version).toMatch(/^3\.1/);
  });

  it('the validator does refuse a broken document (so the check above means something)', async () => {
    const broken = JSON.parse(JSON.stringify(doc));
    const [firstPath] = Object.keys(broken.paths);
    const [firstMethod] = Object.keys(broken.paths[firstPath]);
    delete broken.paths[firstPath][firstMethod].responses;
    broken.paths[firstPath][firstMethod].parameters = [{ name: 'x', in: 'nowhere' }];
    const result = await validateOpenApi(broken);
    expect(result.valid).toBe(false);
  });

  it('names the API, its version and both ways to authenticate', () => {
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('every $ref points at something the document defines', () => {
    const refs: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [name, value] of Object.entries(node)) {
          if (name === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      expect(doc.components.schemas[ref.split('/').at(-1)!]).toBeDefined();
    }
  });

  it('schemas are plain JSON Schema (no zod internals leaked)', () => {
    expect(JSON.stringify(doc)).not.toMatch(/"_zod"|"~standard"|"_def"|"\$schema"/);
  });

  it('documents exactly the routes of ROUTES, no more', () => {
    const documented = Object.entries(doc.paths as Json).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method} ${route}`));
    expect(documented.sort()).toEqual(ROUTES.map((route) => `${route.method} /api/v1${route.path}`).sort());
  });

  it('names every operation once (client generators refuse a repeated operationId)', () => {
    const ids = Object.values(doc.paths as Json).flatMap((operations) => Object.values(operations as Json).map((op) => (op as Json).operationId));
    expect(ids.filter((id, at) => ids.indexOf(id) !== at)).toEqual([]);
  });

  it('groups the operations by area: every tag used is declared with a description, and every declared tag is used', () => {
    const declared = (doc.tags as Array<{ name: string; description: string }>).map((tag) => tag.name);
    expect((doc.tags as Array<{ description: string }>).every((tag) => tag.description.length > 10)).toBe(true);
    const used = new Set(Object.values(doc.paths as Json).flatMap((operations) => Object.values(operations as Json).flatMap((op) => (op as Json).tags)));
    expect([...used].sort()).toEqual([...declared].sort());
    // A few placements an API reader relies on: the longest prefix wins.
    const tagAt = (path: string, method: string) => doc.paths[`/api/v1${path}`][method].tags;
    expect(tagAt('/bill/tax_info/tax-rules/', 'get')).toEqual(['Tax rules']);
    expect(tagAt('/bill/tax_info/taxpayer/', 'get')).toEqual(['Taxpayer data and billing systems']);
    expect(tagAt('/accounting/retenciones-percepciones/retenciones/', 'get')).toEqual(['Withholdings and perceptions']);
    expect(tagAt('/expenses/{id}/post/', 'post')).toEqual(['Expenses']);
  });
});

describe.each(ROUTES.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))('%s', (_name, route) => {
  const operation = () => doc.paths[`/api/v1${route.path}`]?.[route.method] as Json;

  it('is documented with its method, an operationId, a summary and its scope', () => {
    expect(operation()).toBeDefined();
    expect(operation().operationId).toMatch(/^\w+$/);
    expect(route.document).toContain(operation().operationId);
    expect(operation().summary).toBe(route.summary);
    expect(operation().description).toContain(route.scope);
    expect(operation().security).toEqual(expect.arrayContaining([{ apiKey: [] }]));
    expect(operation().tags).toHaveLength(1);
  });

  it('documents its path parameters (required) and query parameters', () => {
    const parameters = operation().parameters as Json[];
    const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    for (const name of pathNames) {
      expect(parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true, schema: expect.any(Object) }));
    }
    for (const parameter of route.parameters ?? []) {
      expect(parameters).toContainEqual(
        expect.objectContaining({ name: parameter.name, in: 'query', schema: expect.objectContaining(parameter.schema), description: parameter.description }),
      );
    }
    // Every text parameter says how long it may be (the reader refuses longer ones).
    for (const parameter of parameters.filter((one) => one.in === 'query' && one.schema.type === 'string'))
      expect(parameter.schema.enum ?? parameter.schema.maxLength).toBeDefined();
    // The request headers the route reads (an upload's Prefer), never required.
    for (const header of route.headers ?? [])
      expect(parameters).toContainEqual({ name: header.name, in: 'header', required: false, schema: header.schema, description: header.description });
    expect(parameters.filter((one) => one.in !== 'header')).toHaveLength(pathNames.length + (route.parameters?.length ?? 0));
  });

  it('documents its request body when it takes one', () => {
    if (route.upload) {
      // Generated clients must send a form with the file as one part, not JSON.
      expect(Object.keys(operation().requestBody.content)).toEqual(['multipart/form-data']);
      const media = operation().requestBody.content['multipart/form-data'] as Json;
      expect(media.schema.properties[route.upload.field]).toMatchObject({ type: 'string', format: 'binary' });
      expect(media.schema.required).toContain(route.upload.field);
      expect(media.encoding).toEqual({ [route.upload.field]: { contentType: 'application/octet-stream' } });
      expect(operation().responses['413'].description).toMatch(new RegExp(`^File or body larger than ${route.upload.maxBytes / 1024 / 1024} MB\\.`));
    } else if (route.requestBody) {
      expect(operation().requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: expect.any(Object) } } });
      const schema = operation().requestBody.content['application/json'].schema as Json;
      expect(schema.$ref ?? schema.type).toBeDefined();
    } else {
      expect(operation().requestBody).toBeUndefined();
    }
  });

  it('documents its success response in the envelope, and the error responses', () => {
    const responses = operation().responses as Json;
    const success = responses[String(route.successStatus)];
    expect(success.description).toEqual(expect.any(String));
    if (route.download) {
      // A download answers the file itself.
      expect(Object.keys(success.content)).toEqual(route.download.contentTypes);
      for (const type of route.download.contentTypes) expect(success.content[type].schema).toEqual({ type: 'string', format: 'binary' });
    } else {
      const schema = success.content['application/json'].schema as Json;
      expect(schema.properties.success).toEqual({ const: true });
      expect(schema.properties.data).toEqual(route.responseSchema);
    }
    const errors = ['400', '401', '403', '404', '429', '431', ...(route.requestBody ? ['413'] : [])];
    expect(Object.keys(responses['429'].headers).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
    for (const status of errors) {
      expect(responses[status]).toMatchObject({
        description: expect.any(String),
        content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Error' }, expect.any(Object)] } } },
      });
    }
    // Every write may lose a race (409 CONFLICT); a read conflicts only where the books refuse it (the Libro IVA
    // Digital export of a period with VAT to review).
    const write = /^\s*mutation\b/.test(route.document);
    expect(Object.keys(responses).includes('409')).toBe(write || route.path === '/iva/export/{period}/{book_type}/');
    const twoHundreds = Object.keys(responses).filter((status) => status.startsWith('2'));
    const other = route.alternativeSuccess;
    expect(twoHundreds).toEqual([String(route.successStatus), ...(other ? [String(other.status)] : [])]);
    // Another success (an upload's 202) has the same body, and names the headers it carries.
    if (other) {
      expect(responses[String(other.status)]).toEqual({ description: other.description, headers: other.headers, content: success.content });
      expect(Object.keys(other.headers).length).toBeGreaterThan(0);
    }
  });
});

describe('real traffic matches the documented schemas', () => {
  const supplier = {
    name: 'Documentada SA',
    tax_id: '30712345671',
    email: 'compras@documentada.com.ar',
    address: 'Av. Corrientes 1234, CABA',
    tags: ['papel'],
  };

  it('POST /suppliers/: the body we send and the 201 we get', async () => {
    expect(errorsAgainst(supplier, ...requestSchema('/suppliers/', 'post'))).toEqual([]);
    const created = await gw.rest('POST', '/suppliers/', { key, body: supplier });
    expect(created.status).toBe(201);
    expect(errorsAgainst(created.body, ...responseSchema('/suppliers/', 'post', 201))).toEqual([]);
  });

  it('the documented request schema refuses what the server refuses', async () => {
    const invalid = { name: 'A', status: 'sleeping' };
    expect(errorsAgainst(invalid, ...requestSchema('/suppliers/', 'post')).length).toBeGreaterThan(0);
    const refused = await gw.rest('POST', '/suppliers/', { key, body: invalid });
    expect(refused.status).toBe(400);
    expect(errorsAgainst(refused.body, 'components', 'schemas', 'Error')).toEqual([]);
  });

  it('GET /suppliers/list/, GET/PUT/DELETE /suppliers/{id}/', async () => {
    const created = await gw.rest('POST', '/suppliers/', {
      key,
      body: { name: 'Otra Documentada SA', address: { street: 'Florida 100', city: 'CABA' }, fiscal_info: { condicion_iva: 'monotributo' } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;

    const list = await gw.rest('GET', '/suppliers/list/?limit=100&sort_by=name&sort_order=asc', { key });
    expect(list.status).toBe(200);
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(errorsAgainst(list.body, ...responseSchema('/suppliers/list/', 'get', 200))).toEqual([]);

    const one = await gw.rest('GET', `/suppliers/${id}/`, { key });
    expect(one.status).toBe(200);
    expect(errorsAgainst(one.body, ...responseSchema('/suppliers/{id}/', 'get', 200))).toEqual([]);

    const update = { notes: 'actualizado', category: 'insumos' };
    expect(errorsAgainst(update, ...requestSchema('/suppliers/{id}/', 'put'))).toEqual([]);
    const updated = await gw.rest('PUT', `/suppliers/${id}/`, { key, body: update });
    expect(updated.status).toBe(200);
    expect(errorsAgainst(updated.body, ...responseSchema('/suppliers/{id}/', 'put', 200))).toEqual([]);

    const deleted = await gw.rest('DELETE', `/suppliers/${id}/`, { key });
    expect(deleted.status).toBe(200);
    expect(errorsAgainst(deleted.body, ...responseSchema('/suppliers/{id}/', 'delete', 200))).toEqual([]);

    const gone = await gw.rest('GET', `/suppliers/${id}/`, { key });
    expect(gone.status).toBe(404);
    expect(errorsAgainst(gone.body, 'components', 'schemas', 'Error')).toEqual([]);
  });

  it('bulk create and bulk delete', async () => {
    const createBody = { items: [{ name: 'Bulk Uno SA' }, { name: 'Bulk Dos SA', tags: ['x'] }] };
    expect(errorsAgainst(createBody, ...requestSchema('/suppliers/bulk/create/', 'post'))).toEqual([]);
    const created = await gw.rest('POST', '/suppliers/bulk/create/', { key, body: createBody });
    expect(created.status).toBe(201);
    expect(errorsAgainst(created.body, ...responseSchema('/suppliers/bulk/create/', 'post', 201))).toEqual([]);
    const ids = (created.body.data.items as Json[]).map((item) => item._id as string);

    const deleteBody = { ids };
    expect(errorsAgainst(deleteBody, ...requestSchema('/suppliers/bulk/delete/', 'post'))).toEqual([]);
    const deleted = await gw.rest('POST', '/suppliers/bulk/delete/', { key, body: deleteBody });
    expect(deleted.status).toBe(200);
    expect(errorsAgainst(deleted.body, ...responseSchema('/suppliers/bulk/delete/', 'post', 200))).toEqual([]);
  });

  it('bulk update: the documented body (items carrying _id) is satisfiable and matches what the server takes', async () => {
    const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Para Actualizar SA' } });
    const updateBody = { items: [{ _id: created.body.data._id, notes: 'en lote' }] };
    const updated = await gw.rest('PUT', '/suppliers/bulk/update/', { key, body: updateBody });
    expect(updated.status).toBe(200);
    expect(updated.body.data.updated).toBe(1);
    expect(errorsAgainst(updated.body, ...responseSchema('/suppliers/bulk/update/', 'put', 200))).toEqual([]);
    expect(errorsAgainst(updateBody, ...requestSchema('/suppliers/bulk/update/', 'put'))).toEqual([]);
  });

  it('401 answers match the Error schema', async () => {
    const refused = await gw.rest('GET', '/suppliers/list/');
    expect(refused.status).toBe(401);
    expect(errorsAgainst(refused.body, 'components', 'schemas', 'Error')).toEqual([]);
  });
});
