import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { startTestGateway, type TestAccount, type TestGateway } from '../support/gateway';

/**
 * `GET /metrics` (Prometheus text format): requests by route template, status and surface, their latency and MongoDB
 * commands, import rows by outcome, subscription sockets, rate-limit refusals and the process' own metrics; readable
 * with the configured bearer token only, or on a listener of its own; absent (404) when neither is configured.
 */

const TOKEN = 'a-metrics-token-of-some-length';
const MISSING_ID = '0123456789abcdef01234567';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped; label values unescaped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key] = value.replace(/\\(.)/g, (_all, escaped: string) => (escaped === 'n' ? '\n' : escaped));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels` (0 when there is none). */
function sampled(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(url: string, token = TOKEN): Promise<Sample[]> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await response.text());
}

const G2 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
/** Two vouchers (the second's VAT, 300.00 on 1000.00, is no legal rate: to review) and a row on no calendar day. */
const EXPORT = [
  G2,
  '2025-11-03;1;5;101;101;75481234500101;80;30708884444;PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;210,00;1210,00',
  '2025-11-05;1;5;104;104;75481234500104;80;30708884444;PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;300,00;1300,00',
  '2025-11-31;1;5;106;106;75481234500106;80;30708884444;PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;210,00;1210,00',
].join('\n');

describe('with METRICS_TOKEN: /metrics on the API port, behind the token', () => {
  let gw: TestGateway;
  let account: TestAccount;
  const metricsUrl = () => `${gw.url}/metrics`;
  beforeAll(async () => {
    gw = await startTestGateway({ METRICS_TOKEN: TOKEN });
    account = await gw.account(['suppliers:read', 'suppliers:write', 'received_invoices:read', 'received_invoices:write']);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  test('no token, a wrong one or another scheme: 401 with WWW-Authenticate, and no metrics in the answer', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${TOKEN}` }, { authorization: 'Bearer' }] as Array<
      Record<string, string>
    >) {
      const response = await fetch(metricsUrl(), { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = await response.json();
      expect(body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      expect(JSON.stringify(body)).not.toContain('http_requests_total');
    }
  });

  test('REST and GraphQL requests are counted by route template, status and surface; commands as the request log tallies them', async () => {
    const before = await scrape(metricsUrl());
    const created = await gw.rest('POST', '/suppliers/', { key: account.key, body: { name: 'Metrics S.A.', tax_id: '30-70888444-4' } });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const found = await gw.rest('GET', `/suppliers/${id}/`, { key: account.key });
    const missing = await gw.rest('GET', `/suppliers/${MISSING_ID}/`, { key: account.key });
    expect([found.status, missing.status]).toEqual([200, 404]);
    const list = await gw.gql('{ suppliers(first: 5) { totalCount } }', {}, { key: account.key });
    expect(list.body.data.suppliers.totalCount).toBe(1);
    const stray = await gw.http('GET', `/no/such/${id}`);
    expect(stray.status).toBe(404);
    const keyless = await gw.rest('GET', `/suppliers/${id}/`);
    expect(keyless.status).toBe(401);
    const tallied = await Promise.all(
      [created, found, missing, list, stray, keyless].map((result) => gw.commandsOf(result.headers.get('x-request-id') as string)),
    );

    const after = await scrape(metricsUrl());
    const delta = (name: string, labels: Record<string, string>) => sampled(after, name, labels) - sampled(before, name, labels);
    const byId = { method: 'GET', route: '/api/v1/suppliers/:id/', surface: 'rest' };
    expect(delta('http_requests_total', { ...byId, status: '200' })).toBe(1);
    expect(delta('http_requests_total', { ...byId, status: '404' })).toBe(1);
    // No key: refused before the REST router, counted under the route all the same.
    expect(delta('http_requests_total', { ...byId, status: '401' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/api/v1/suppliers/', status: '201', surface: 'rest' })).toBe(1);
    expect(delta('http_requests_total', { method: 'POST', route: '/graphql', status: '200', surface: 'graphql' })).toBe(1);
    expect(delta('http_requests_total', { method: 'GET', route: 'unmatched', status: '404', surface: 'other' })).toBe(1);
    // The first scrape counts as a request of its own route.
    expect(delta('http_requests_total', { method: 'GET', route: '/metrics', status: '200', surface: 'other' })).toBe(1);
    // Bounded labels: no raw path, no id.
    const routes = new Set(after.filter((sample) => sample.name === 'http_requests_total').map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route.includes(id) || route.includes(MISSING_ID) || route.startsWith('/no/'))).toEqual([]);

    // Histograms: one observation per request, in the +Inf bucket and the count.
    expect(delta('http_request_duration_seconds_count', byId)).toBe(3);
    expect(delta('http_request_duration_seconds_bucket', { ...byId, le: '+Inf' })).toBe(3);
    expect(sampled(after, 'http_request_duration_seconds_sum', byId)).toBeGreaterThan(0);
    expect(delta('http_request_mongodb_commands_count', byId)).toBe(3);
    const commandsOf = (labels: Record<string, string>) => delta('http_request_mongodb_commands_sum', labels);
    expect(commandsOf(byId)).toBe(tallied[1] + tallied[2] + tallied[5]);
    expect(commandsOf({ method: 'POST', route: '/api/v1/suppliers/', surface: 'rest' })).toBe(tallied[0]);
    expect(commandsOf({ method: 'POST', route: '/graphql', surface: 'graphql' })).toBe(tallied[3]);
    expect(tallied[1]).toBeGreaterThan(0);
    // The keyless request sent none: the one observation in the lowest bucket.
    expect(tallied[5]).toBe(0);
    expect(delta('http_request_mongodb_commands_bucket', { ...byId, le: '0' })).toBe(1);
  });

  test('import rows are counted by outcome: imported, duplicated, errors and review', async () => {
    const before = await scrape(metricsUrl());
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([EXPORT]), 'export.csv');
      const res = await gw.rest('POST', '/received_invoices/upload-csv/', { key: account.key, body: form });
      expect(res.status).toBe(200);
      return res.body.data as { rows_imported: number; rows_duplicated: number; rows_with_errors: number; rows_needing_review: number };
    };
    const first = await upload();
    const again = await upload();
    expect(first).toMatchObject({ rows_imported: 2, rows_duplicated: 0, rows_with_errors: 1, rows_needing_review: 1 });
    expect(again).toMatchObject({ rows_imported: 0, rows_duplicated: 2, rows_with_errors: 1, rows_needing_review: 0 });
    const after = await scrape(metricsUrl());
    const rows = (outcome: string) => sampled(after, 'gateway_import_rows_total', { outcome }) - sampled(before, 'gateway_import_rows_total', { outcome });
    expect({ imported: rows('imported'), duplicated: rows('duplicated'), errors: rows('errors'), review: rows('review') }).toEqual({
      imported: 2,
      duplicated: 2,
      errors: 2,
      review: 1,
    });
  });

  test('a second gateway over the same store counts its own requests only (each process is scraped on its own)', async () => {
    const other = await startTestGateway({ METRICS_TOKEN: TOKEN }, undefined, { sameStoreAs: gw });
    try {
      const labels = { method: 'GET', route: '/api/v1/suppliers/list/', status: '200', surface: 'rest' };
      const [mineBefore, theirsBefore] = [await scrape(metricsUrl()), await scrape(`${other.url}/metrics`)];
      for (let i = 0; i < 3; i++) expect((await other.rest('GET', '/suppliers/list/', { key: account.key })).status).toBe(200);
      const [mine, theirs] = [await scrape(metricsUrl()), await scrape(`${other.url}/metrics`)];
      expect(sampled(theirs, 'http_requests_total', labels) - sampled(theirsBefore, 'http_requests_total', labels)).toBe(3);
      expect(sampled(mine, 'http_requests_total', labels) - sampled(mineBefore, 'http_requests_total', labels)).toBe(0);
    } finally {
      await other.stop();
    }
  });

  test('open subscription sockets are a gauge; the process metrics (event loop lag, heap) are there', async () => {
    expect(sampled(await scrape(metricsUrl()), 'gateway_subscription_connections')).toBe(0);
    const socket = new WebSocket(`${gw.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const open = await scrape(metricsUrl());
    expect(sampled(open, 'gateway_subscription_connections')).toBe(1);
    socket.close();
    let closed = 1;
    for (let attempt = 0; attempt < 200 && closed !== 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      closed = sampled(await scrape(metricsUrl()), 'gateway_subscription_connections');
    }
    expect(closed).toBe(0);
    expect(open.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(sampled(open, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampled(open, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

describe('with METRICS_PORT: a listener of its own', () => {
  let gw: TestGateway;
  let account: TestAccount;
  beforeAll(async () => {
    gw = await startTestGateway({ METRICS_PORT: '0', RATE_LIMIT_PER_MINUTE: '2' });
    account = await gw.account(['suppliers:read']);
  });
  afterAll(async () => {
    await gw?.stop();
  });

  test('served there without a token, and not on the API port; any other path there is 404', async () => {
    expect(gw.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(gw.metricsUrl as string).port).not.toBe(new URL(gw.url).port);
    expect((await fetch(gw.metricsUrl as string)).status).toBe(200);
    expect((await gw.http('GET', '/metrics')).status).toBe(404);
    const other = await fetch((gw.metricsUrl as string).replace('/metrics', '/healthz'));
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  test('a request refused by the rate limit is counted, once per refusal', async () => {
    const before = sampled(await scrape(gw.metricsUrl as string), 'gateway_rate_limit_refusals_total', { surface: 'rest' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await gw.rest('GET', '/suppliers/list/', { key: account.key })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const after = await scrape(gw.metricsUrl as string);
    expect(sampled(after, 'gateway_rate_limit_refusals_total', { surface: 'rest' }) - before).toBe(2);
    // Refused before its router was reached, and still counted under its route.
    expect(sampled(after, 'http_requests_total', { route: '/api/v1/suppliers/list/', status: '429', surface: 'rest' })).toBe(2);
    expect(sampled(after, 'http_requests_total', { route: '/api/v1/suppliers/list/', status: '200' })).toBe(2);
  });
});

describe('with both: the own listener asks for the token', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await gw?.stop();
  });

  test('401 without the token, 200 with it', async () => {
    expect((await fetch(gw.metricsUrl as string)).status).toBe(401);
    expect((await fetch(gw.metricsUrl as string, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe('with neither: no metrics', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(async () => {
    await gw?.stop();
  });

  test('GET /metrics is 404 like any unknown path, with or without a token', async () => {
    expect(gw.metricsUrl).toBeUndefined();
    const unknown = await gw.http('GET', '/no-such-path');
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const response = await gw.http('GET', '/metrics', { headers });
      expect(response.status).toBe(404);
      expect(response.body).toBe(unknown.body.replace('/no-such-path', '/metrics'));
      expect(response.body).not.toContain('http_requests_total');
    }
  });
});

describe('the settings', () => {
  test('by default none of them is set (no metrics), and the listener would bind to 127.0.0.1', () => {
    const config = loadConfig({});
    expect([config.METRICS_TOKEN, config.METRICS_PORT, config.METRICS_HOST]).toEqual([undefined, undefined, '127.0.0.1']);
  });

  test('a short token or a port out of range stops the start naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: at least 16 characters/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
