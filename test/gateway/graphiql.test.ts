import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The offline GraphiQL: a real (headless Debian) Chromium opens /graphql like a person would. Every request to
 * another origin is blocked and recorded, so the page must work without any CDN.
 */

let gw: TestGateway;
let browser: Browser;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:read', 'suppliers:write']));
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Navegador SA', tax_id: '30712345671' } });
  expect(created.status).toBe(201);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await gw?.stop();
});

interface Visit {
  page: Page;
  /** Requests to any origin but the gateway's (all blocked). */
  foreign: string[];
  /** Uncaught page errors and console errors. */
  problems: string[];
}

async function visit(path: string): Promise<Visit> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const origin = new URL(gw.url).origin;
  const foreign: string[] = [];
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const response = await page.goto(`${gw.url}${path}`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  return { page, foreign, problems };
}

const HEADERS_EDITOR = '.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor';
const QUERY_EDITOR = '.graphiql-query-editor .monaco-editor';
const RESPONSE = '.graphiql-response';

/** An editor's text as shown (Monaco renders spaces as non-breaking ones). */
const textOf = async (page: Page, selector: string) => ((await page.locator(selector).first().innerText()) ?? '').replace(/\u00a0/g, ' ');

/**
 * Replaces a Monaco editor's content as a person pasting it would (typed key by key, a suggestion popup that opens
 * on a slow machine may take a keystroke), then checks what the editor holds.
 */
async function replaceText(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(`${selector} .view-lines`).first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  expect((await textOf(page, selector)).replace(/^\d+\n/, '').trim()).toBe(text);
}

it('the page is served offline: no request leaves the gateway origin', async () => {
  const { page, foreign, problems } = await visit('/graphql');
  await page.waitForSelector(QUERY_EDITOR, { state: 'visible' });
  await page.waitForLoadState('networkidle');
  expect(foreign).toEqual([]);
  expect(problems).toEqual([]);
  const html = await page.content();
  expect(html).not.toMatch(/<script[^>]+src=["']https?:/i);
  expect(html).not.toMatch(/<link[^>]+href=["']https?:/i);
  await page.context().close();
});

it.each(['/graphql', '/graphiql'])('%s renders GraphiQL with the X-API-Key header entry and the example query', async (path) => {
  const { page, foreign } = await visit(path);
  await page.waitForSelector(QUERY_EDITOR, { state: 'visible' });
  await page.waitForSelector(HEADERS_EDITOR, { state: 'visible' });
  expect(await textOf(page, QUERY_EDITOR)).toContain('suppliers(first: 10)');
  const headers = await textOf(page, HEADERS_EDITOR);
  expect(headers).toMatch(/"X-API-Key"\s*:/);
  expect(page.locator('button.graphiql-execute-button')).toBeDefined();
  expect(await page.locator('button.graphiql-execute-button').count()).toBe(1);
  expect(foreign).toEqual([]);
  await page.context().close();
});

it('a query typed in GraphiQL runs with the API key from the headers editor and shows the result', async () => {
  const { page, foreign, problems } = await visit('/graphql');
  const sentKeys: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql') sentKeys.push(request.headers()['x-api-key']);
  });
  await page.waitForSelector(HEADERS_EDITOR, { state: 'visible' });
  await replaceText(page, HEADERS_EDITOR, JSON.stringify({ 'X-API-Key': key }));
  await replaceText(page, QUERY_EDITOR, 'query Browser { suppliers(first: 5) { totalCount nodes { name taxId } } }');
  expect(await textOf(page, QUERY_EDITOR)).toContain('query Browser');
  await page.locator('button.graphiql-execute-button').click();
  await page.locator(RESPONSE).getByText('Navegador SA').waitFor();
  const response = await textOf(page, RESPONSE);
  expect(response).toContain('"totalCount": 1');
  expect(response).toContain('"taxId": "30712345671"');
  expect(response).not.toContain('errors');
  // The browser really sent the key typed into the headers editor.
  expect(sentKeys).toContain(key);
  expect(foreign).toEqual([]);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('without a real key the result says UNAUTHENTICATED (the key is what GraphiQL authenticates with)', async () => {
  const { page } = await visit('/graphql');
  await page.waitForSelector(HEADERS_EDITOR, { state: 'visible' });
  await replaceText(page, HEADERS_EDITOR, JSON.stringify({ 'X-API-Key': 'gw_wrong' }));
  await replaceText(page, QUERY_EDITOR, '{ suppliers(first: 1) { totalCount } }');
  await page.locator('button.graphiql-execute-button').click();
  await page.locator(RESPONSE).getByText('UNAUTHENTICATED').waitFor();
  expect(await textOf(page, RESPONSE)).not.toContain('Navegador SA');
  await page.context().close();
});

it('a GraphQL client asking for JSON on GET /graphql does not get the IDE', async () => {
  const response = await fetch(`${gw.url}/graphql`, { headers: { accept: 'application/json' } });
  expect(response.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
});

it("the docs explorer lists the schema's types and Query.suppliers (introspection is answered)", async () => {
  const { page, problems } = await visit('/graphql');
  await page.waitForSelector(QUERY_EDITOR, { state: 'visible' });
  await page.locator('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]').click();
  const explorer = page.locator('.graphiql-doc-explorer');
  await explorer
    .locator('a', { hasText: /^Query$/ })
    .first()
    .click();
  await explorer.getByText('suppliers(', { exact: false }).first().waitFor();
  const text = await explorer.innerText();
  expect(text).toContain('Fields');
  expect(text).toMatch(/suppliers\(/);
  expect(text).toContain('SupplierConnection');
  expect(problems).toEqual([]);
  await page.context().close();
});
