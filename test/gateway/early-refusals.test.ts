import { SCOPES } from '../../src/domain/auth/scopes';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * An upload refused before its body is read (no key, a key without the scope, not a form, too large) is still
 * answered to a client that is writing it: the gateway reads and discards the rest of the body before it answers, so
 * Node's own fetch reads the 4xx instead of a reset connection, whatever the body's size up to the route's limit and
 * just past it. Every upload route of the route table, and GraphQL's multipart endpoint.
 */

let gw: TestGateway;
let key: string;
let unscoped: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account([...SCOPES]));
  ({ key: unscoped } = await gw.account(['stats:read']));
});
afterAll(async () => {
  await gw?.stop();
});

const uploads = ROUTES.filter((route) => route.upload);
const KB = 1024;

/** A form with one file of `size` bytes, sent with Node's fetch; the status and code it reads. */
async function send(path: string, size: number, headers: Record<string, string>, form = true): Promise<{ status: number; code: string }> {
  const content = new Uint8Array(size).fill(65);
  let body: FormData | Blob = new Blob([content]);
  if (form) {
    body = new FormData();
    body.append('file', new Blob([content]), 'export.csv');
  }
  const response = await fetch(`${gw.url}${path}`, { method: 'POST', headers, body });
  const answer = (await response.json()) as { error?: { code: string }; errors?: Array<{ extensions: { code: string } }> };
  return { status: response.status, code: answer.error?.code ?? answer.errors?.[0]?.extensions.code ?? '' };
}

describe.each(uploads.map((route) => [`POST ${route.path}`, route] as const))('%s', (_name, route) => {
  const path = `/api/v1${route.path}`;
  const limit = route.upload!.maxBytes;

  it.each([
    ['1 KB', KB],
    ['1 MB', 1024 * KB],
    ['just over the limit', limit + 64 * KB],
  ])('refused before reading, %s: the client reads the answer', async (_size, size) => {
    expect(await send(path, size, {})).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await send(path, size, { 'x-api-key': 'not-a-key' })).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await send(path, size, { 'x-api-key': unscoped })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await send(path, size, { 'x-api-key': key, 'content-type': 'application/octet-stream' }, false)).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
  });

  it('a file over the limit from a caller who may upload: 413, read by the client', async () => {
    expect(await send(path, limit + 64 * KB, { 'x-api-key': key })).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('POST /graphql (multipart)', () => {
  const operation = (size: number) => {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: 'mutation($file: Upload!) { importReceivedInvoices(file: $file) { id } }', variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([new Uint8Array(size).fill(65)]), 'export.csv');
    return form;
  };

  it.each([
    ['1 KB', KB],
    ['1 MB', 1024 * KB],
  ])('refused before reading, %s: the client reads the answer', async (_size, size) => {
    for (const [headers, status] of [
      [{ 'apollo-require-preflight': 'true' }, 401],
      [{ 'apollo-require-preflight': 'true', 'x-api-key': 'not-a-key' }, 401],
      [{ 'x-api-key': key }, 403],
    ] as const) {
      const response = await fetch(`${gw.url}/graphql`, { method: 'POST', headers, body: operation(size) });
      expect(response.status).toBe(status);
      expect(((await response.json()) as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    }
  });
});
