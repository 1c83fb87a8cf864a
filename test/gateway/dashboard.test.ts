import { once } from 'node:events';
import { ObjectId } from 'mongodb';
import WebSocket from 'ws';
import type { Browser } from 'playwright-core';
import { seedDemoData } from '../../src/domain/demo/demo-data';
import { DASHBOARD_CSP } from '../../src/http/dashboard.middleware';
import { builtDashboard, launchChromium, logIn, openDashboard, seriousViolations } from '../support/dashboard';
import { domainContext } from '../support/domain-context';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The web dashboard at /dashboard, in a real (headless Debian) Chromium: served with its CSP and caching, signing in
 * with the session cookie, the home screen from one GraphQL request sent by hash, and a viewer who can change nothing.
 */

let gw: TestGateway;
let browser: Browser;
let manifest: Record<string, string>;
let key: string;
let accountName: string;
let cuit: string;
const OWNER = { email: 'duenia@pyme.test', password: 'clave-de-la-duenia' };
const VIEWER = { email: 'contador@pyme.test', password: 'clave-del-contador' };
const pesos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2 }).format;

beforeAll(async () => {
  manifest = builtDashboard();
  gw = await startTestGateway();
  const account = await gw.account(['stats:read', 'accounting:read', 'received_invoices:read']);
  key = account.key;
  const stored = await gw.store.collection('accounts').findOne({ _id: new ObjectId(account.accountId) });
  accountName = stored?.name as string;
  cuit = stored?.cuit as string;
  await gw.user(account.accountId, OWNER.email, OWNER.password, 'owner');
  await gw.user(account.accountId, VIEWER.email, VIEWER.password, 'viewer');
  await seedDemoData(domainContext(gw.store, { accountId: new ObjectId(account.accountId) }), cuit);
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await gw?.stop();
});

describe('serving', () => {
  it('/dashboard/ is the page with its CSP, never cached; its hashed assets are cached for a year as immutable', async () => {
    const page = await gw.http('GET', '/dashboard/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const assets = [...String(page.body).matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]));
    for (const asset of assets) {
      const served = await gw.http('GET', asset);
      expect({ asset, status: served.status, cache: served.headers.get('cache-control') }).toEqual({
        asset,
        status: 200,
        cache: 'public, max-age=31536000, immutable',
      });
    }
  });

  it('serves nothing else of the build: the operations manifest and unknown assets are 404', async () => {
    expect((await gw.http('GET', '/dashboard/operations.json')).status).toBe(404);
    expect((await gw.http('GET', '/dashboard/assets/nothing-here.js')).status).toBe(404);
  });
});

describe('persisted operations', () => {
  const homeHash = () => Object.keys(manifest).find((hash) => manifest[hash].startsWith('query DashboardHome'))!;
  const variables = { period: '2026-11', previous: '2026-10', p2: '2026-09', p4: '2026-07', p6: '2026-05', p8: '2026-03', p10: '2026-01' };

  it('a hash of the manifest, without its document, runs the manifest’s document', async () => {
    const sent = await gw.http('POST', '/graphql', {
      key,
      body: { operationName: 'DashboardHome', variables, extensions: { persistedQuery: { version: 1, sha256Hash: homeHash() } } },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.errors).toBeUndefined();
    expect(sent.body.data.taxpayerData).toEqual({ legalName: accountName, taxId: cuit });
    // The same answer as the full document's: other clients keep sending documents.
    const full = await gw.gql(manifest[homeHash()], variables, { key });
    expect(full.body).toEqual(sent.body);
  });

  it('an unknown hash without a document is PERSISTED_QUERY_NOT_FOUND, not run', async () => {
    const sent = await gw.http('POST', '/graphql', {
      key,
      body: { variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } },
    });
    expect(sent.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(sent.body.data).toBeUndefined();
  });
});

describe('live events with the session', () => {
  /** Signs in over HTTP: the session cookie and its CSRF token. */
  async function session(): Promise<{ cookie: string; csrf: string }> {
    const response = await fetch(`${gw.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const cookie = response.headers.get('set-cookie')!.split(';')[0];
    return { cookie, csrf: (await response.json()).data.csrf_token };
  }

  /** What the subscription server answers a connection_init: the ack's type, or the close code. */
  async function connect(headers: Record<string, string>, payload: Record<string, unknown>): Promise<string | number> {
    const socket = new WebSocket(`${gw.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers });
    await once(socket, 'open');
    socket.send(JSON.stringify({ type: 'connection_init', payload }));
    const answer = await Promise.race([
      once(socket, 'message').then(([data]) => JSON.parse(String(data)).type as string),
      once(socket, 'close').then(([code]) => code as number),
    ]);
    socket.close();
    return answer;
  }

  it('the session cookie opens a subscription connection only with the session’s CSRF token', async () => {
    const { cookie, csrf } = await session();
    expect(await connect({ cookie }, { 'x-csrf-token': csrf })).toBe('connection_ack');
    expect(await connect({ cookie }, {})).toBe(4401);
    expect(await connect({ cookie }, { 'x-csrf-token': 'csrf_not-the-session-one' })).toBe(4401);
    expect(await connect({}, { 'x-csrf-token': csrf })).toBe(4401);
  });
});

describe('in the browser', () => {
  it('the owner signs in, sees the account’s name and CUIT and the home screen from one request, and signs out', async () => {
    const { context, page, foreign, problems, operations } = await openDashboard(browser, gw.url);
    await logIn(page, OWNER.email, OWNER.password);
    await page.getByRole('heading', { name: 'Inicio' }).waitFor();
    await page.getByTestId('account-name').filter({ hasText: accountName }).waitFor();
    const shownCuit = `CUIT ${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
    expect(await page.getByTestId('account-cuit').innerText()).toBe(shownCuit);
    expect(operations).toEqual(['DashboardHome']);

    // The figures are the API's, in Argentine format.
    const api = await gw.gql('{ statsDashboard { current { purchases { total } } stock { total } } }', {}, { key });
    const purchasesRow = page.getByRole('row', { name: /^Compras \(facturas recibidas\)/ });
    expect(await purchasesRow.getByRole('cell').first().innerText()).toBe(pesos(api.body.data.statsDashboard.current.purchases.total));
    const stockRow = page.getByRole('table', { name: 'Valor del stock hoy' }).getByRole('row', { name: /^Total/ });
    expect(await stockRow.getByRole('cell').innerText()).toBe(pesos(api.body.data.statsDashboard.stock.total));
    // The demo's products: 120 reams at $ 8.450,50 and 14 toners at $ 56.300.
    expect(api.body.data.statsDashboard.stock.total).toBe(1_802_260);
    await page.locator('.chart canvas').first().waitFor();

    expect(await seriousViolations(page)).toEqual({});
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);

    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByRole('heading', { name: 'Ingresar al tablero' }).waitFor();
    // The session is gone from the store: its cookie no longer answers.
    const after = await page.evaluate(async () =>
      (await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ taxpayerData { taxId } }"}' })).json(),
    );
    expect(after.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await context.close();
  });

  it('a wrong password is refused on the form', async () => {
    const { context, page } = await openDashboard(browser, gw.url);
    await page.getByLabel('Correo electrónico').fill(OWNER.email);
    await page.getByLabel('Contraseña').fill('not the password');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' }).waitFor();
    await context.close();
  });

  it('a viewer sees everything, is told it is read-only, and the gateway refuses its changes', async () => {
    const { context, page, problems } = await openDashboard(browser, gw.url);
    await logIn(page, VIEWER.email, VIEWER.password);
    await page.getByText('solo lectura').waitFor();
    await page.getByTestId('account-name').filter({ hasText: accountName }).waitFor();
    const pending = await gw.store.collection('received_invoices').findOne({ status: 'pending' });
    // The page's own session (cookie and CSRF token) trying a change the screens would not offer it.
    const refused = await page.evaluate(async (id) => {
      const { csrf } = JSON.parse(sessionStorage.getItem('dashboard.session') ?? '{}');
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ query: 'mutation Ignore($id: ID!) { ignoreReceivedInvoice(id: $id) { status } }', variables: { id } }),
      });
      return response.json();
    }, String(pending?._id));
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await gw.store.collection('received_invoices').findOne({ _id: pending?._id }))?.status).toBe('pending');
    expect(problems).toEqual([]);
    await context.close();
  });
});
