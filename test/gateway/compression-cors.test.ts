import http from 'node:http';
import zlib from 'node:zlib';
import { loadConfig } from '../../src/config';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Answers travel compressed when the client accepts it (brotli or gzip), and browser pages of the configured origins
 * (CORS_ORIGINS) may call the API; other origins, and every origin when none is configured, get no CORS headers.
 */

let gw: TestGateway;
let plain: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ CORS_ORIGINS: 'https://panel.example.com, http://localhost:5173' });
  plain = await startTestGateway();
  ({ key } = await gw.account([...SCOPES]));
});
afterAll(async () => {
  await gw?.stop();
  await plain?.stop();
});

/** One raw request (fetch would decompress and hide the encoding): status, headers and the body's bytes as sent. */
function raw(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('compression', () => {
  it.each([
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ])('GraphiQL and the OpenAPI document in %s: smaller, and the same once decoded', async (encoding, decode) => {
    for (const path of ['/graphiql', '/api/v1/openapi.json']) {
      const identity = await raw(gw.url, path, { 'accept-encoding': 'identity', accept: 'text/html' });
      const encoded = await raw(gw.url, path, { 'accept-encoding': encoding, accept: 'text/html' });
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(encoded.body.length).toBeLessThan(identity.body.length / 3);
      expect(decode(encoded.body).equals(identity.body)).toBe(true);
    }
  });

  it('a REST list is compressed too, and a client that asks for none gets none', async () => {
    const list = await raw(gw.url, '/api/v1/suppliers/list/?limit=100', { 'x-api-key': key, 'accept-encoding': 'gzip' });
    expect(list.status).toBe(200);
    // Small answers (under 1 KB) are sent as they are: compressing them costs more than it saves.
    expect(list.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(list.body.toString()).success).toBe(true);
    const none = await raw(gw.url, '/api/v1/openapi.json', {});
    expect(none.headers['content-encoding']).toBeUndefined();
  });
});

describe('compression: which encoding', () => {
  const query = JSON.stringify({ query: '{ __schema { types { name kind } } }' });
  const post = (acceptEncoding: string) =>
    raw(gw.url, '/graphql', { 'x-api-key': key, 'content-type': 'application/json', 'accept-encoding': acceptEncoding }, 'POST', query);

  it.each([
    ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ['br;q=1.0, gzip;q=0.8', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ['deflate', 'deflate', zlib.inflateSync],
  ])('a JSON answer to a client accepting %s travels in %s', async (accepted, encoding, decode) => {
    const plainAnswer = await post('identity');
    expect(plainAnswer.status).toBe(200);
    expect(plainAnswer.body.length).toBeGreaterThan(1024);
    const encoded = await post(accepted);
    expect(encoded.status).toBe(200);
    expect(encoded.headers['content-encoding']).toBe(encoding);
    expect(encoded.headers.vary).toMatch(/accept-encoding/i);
    expect(encoded.body.length).toBeLessThan(plainAnswer.body.length);
    expect(decode(encoded.body).equals(plainAnswer.body)).toBe(true);
  });
});

describe('CORS', () => {
  it('a configured origin may call the API: its preflight is answered without a key, and the answer names it', async () => {
    const preflight = await raw(
      gw.url,
      '/api/v1/suppliers/',
      { origin: 'https://panel.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-api-key' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://panel.example.com');
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-api-key');
    // A page may ask an upload to answer at once, and read where its import is.
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('prefer');
    const answer = await raw(gw.url, '/api/v1/suppliers/list/', { origin: 'http://localhost:5173', 'x-api-key': key });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(answer.headers['access-control-expose-headers'])).toContain('x-request-id');
    expect(String(answer.headers['access-control-expose-headers']).split(',')).toEqual(expect.arrayContaining(['location', 'preference-applied']));
  });

  it('another origin, or any origin when none is configured, gets no CORS headers', async () => {
    const other = await raw(gw.url, '/api/v1/suppliers/list/', { origin: 'https://evil.example.net', 'x-api-key': key });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const unconfigured = await raw(plain.url, '/api/v1/suppliers/list/', { origin: 'https://panel.example.com', 'x-api-key': key });
    expect(unconfigured.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a malformed origin in the configuration stops the start with its reason', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://panel.example.com/app' })).toThrow(
      /CORS_ORIGINS.0: each origin is scheme:\/\/host\[:port\], without a path/,
    );
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.com ,http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).CORS_ORIGINS).toEqual([]);
  });
});
