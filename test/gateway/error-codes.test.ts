import fs from 'node:fs';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { ERROR_CODES } from '../../src/domain/error-codes';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { OPERATION_ERRORS } from '../../src/resolvers/operation-errors';
import { graphqlErrorCodeProblems } from '../support/error-code-conformance';
import { startTestGateway, type TestGateway } from '../support/gateway';

type Json = Record<string, any>;

/**
 * Error codes are declared once (the codes, and which operation answers which) and published on both surfaces: the
 * OpenAPI document's per-route enums, the GraphQL fields' descriptions and docs/errors.md.
 */

let gw: TestGateway;
let doc: Json;
let schema: GraphQLSchema;
beforeAll(async () => {
  gw = await startTestGateway();
  doc = (await gw.http('GET', '/api/v1/openapi.json')).body as Json;
  schema = await gatewaySchema();
});
afterAll(async () => {
  await gw?.stop();
});

/** The `code` enum an operation publishes for one status (undefined: the status is not documented). */
function publishedCodes(method: string, route: string, status: number): string[] | undefined {
  const response = doc.paths[`/api/v1${route}`]?.[method]?.responses?.[String(status)];
  if (!response) return undefined;
  return response.content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
}

describe('the OpenAPI document', () => {
  it('gives every error status of every operation its codes, each code under the status it travels with', () => {
    let statuses = 0;
    for (const [route, methods] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(methods as Json)) {
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          if (Number(status) < 400) continue;
          statuses++;
          const codes: string[] = response.content['application/json'].schema.allOf[1].properties.error.properties.code.enum;
          expect({ route, method, status, codes: codes.filter((code) => String((ERROR_CODES as Json)[code]?.status) !== status) }).toEqual({
            route,
            method,
            status,
            codes: [],
          });
          expect(codes.length).toBeGreaterThan(0);
          for (const code of codes) expect(response.description).toContain(`\`${code}\``);
        }
      }
    }
    expect(statuses).toBeGreaterThan(500);
  });

  it('lists a route’s own refusals beside the common ones', () => {
    expect(publishedCodes('post', '/received_invoices/{id}/link/', 409)).toEqual(expect.arrayContaining(['CONFLICT', 'ALREADY_LINKED']));
    expect(publishedCodes('post', '/received_invoices/{id}/ignore/', 409)).toEqual(expect.arrayContaining(['INVOICE_LINKED']));
    expect(publishedCodes('post', '/supply-consumptions/', 409)).toEqual(expect.arrayContaining(['INSUFFICIENT_STOCK']));
    expect(publishedCodes('post', '/bill/tax_info/verify-delegation/', 503)).toEqual(['AFIP_UNAVAILABLE']);
    expect(publishedCodes('post', '/received_invoices/upload-csv/', 400)).toEqual(
      expect.arrayContaining(['BAD_USER_INPUT', 'MALFORMED_MULTIPART', 'BAD_CSV', 'BAD_ZIP', 'WRONG_EXPORT', 'UNKNOWN_LAYOUT']),
    );
    expect(publishedCodes('post', '/suppliers/', 403)).toEqual(['FORBIDDEN', 'CSRF_TOKEN_INVALID']);
  });

  it('does not promise a reader the refusals of writes', () => {
    // Reads never write, so they never lose a race: no 409; and no CSRF token is asked of a GET.
    expect(publishedCodes('get', '/suppliers/list/', 409)).toBeUndefined();
    expect(publishedCodes('get', '/suppliers/list/', 403)).toEqual(['FORBIDDEN']);
    expect(publishedCodes('get', '/suppliers/list/', 413)).toBeUndefined();
    expect(publishedCodes('get', '/suppliers/list/', 400)).toEqual(['BAD_USER_INPUT', 'MALFORMED_URL']);
    expect(publishedCodes('post', '/suppliers/', 400)).not.toContain('BAD_CSV');
  });

  it('documents the rate limit’s headers on every 429', () => {
    for (const methods of Object.values(doc.paths as Json))
      for (const operation of Object.values(methods as Json)) expect(Object.keys(operation.responses['429'].headers)).toContain('Retry-After');
  });
});

describe('the GraphQL schema', () => {
  it('names only operations that exist', () => {
    const fields = new Set([...Object.keys(schema.getQueryType()!.getFields()), ...Object.keys(schema.getMutationType()!.getFields())]);
    expect(Object.keys(OPERATION_ERRORS).filter((name) => !fields.has(name))).toEqual([]);
  });

  it('says each operation’s own codes in its description', () => {
    const link = schema.getMutationType()!.getFields().linkReceivedInvoice.description;
    expect(link).toMatch(/Error codes besides the common ones: .*ALREADY_LINKED \(409\)/);
    expect(schema.getQueryType()!.getFields().suppliers.description ?? '').not.toContain('Error codes');
  });

  it('refuses through the same declaration: an undeclared code is reported, a declared one is not', () => {
    const answer = (code: string) => ({ errors: [{ message: 'refused', path: ['link'], extensions: { code } }] });
    const query = 'mutation { link: linkReceivedInvoice(id: "x", input: {journalEntryId: "y"}) { id } }';
    expect(graphqlErrorCodeProblems(query, undefined, answer('ALREADY_LINKED'))).toEqual([]);
    expect(graphqlErrorCodeProblems(query, undefined, answer('CONFLICT'))).toEqual([]);
    expect(graphqlErrorCodeProblems(query, undefined, answer('INSUFFICIENT_STOCK'))).toHaveLength(1);
    expect(
      graphqlErrorCodeProblems('{ suppliers { totalCount } }', undefined, {
        errors: [{ message: 'x', path: ['suppliers'], extensions: { code: 'CONFLICT' } }],
      }),
    ).toHaveLength(1);
    expect(graphqlErrorCodeProblems('{ nope', undefined, { errors: [{ message: 'x', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] })).toEqual([]);
    expect(graphqlErrorCodeProblems('{ nope', undefined, { errors: [{ message: 'x', extensions: { code: 'MADE_UP' } }] })).toHaveLength(1);
  });
});

describe('docs/errors.md', () => {
  it('lists every code with its status and meaning, and no other', () => {
    const text = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'errors.md'), 'utf8');
    const rows = [...text.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map(([, code, status, meaning]) => [code, Number(status), meaning]);
    expect(rows).toEqual(Object.entries(ERROR_CODES).map(([code, { status, meaning }]) => [code, status, meaning]));
  });
});
