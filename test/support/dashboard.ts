import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dashboardDirectory } from '../../src/http/dashboard.middleware';
import { OPERATIONS_MANIFEST } from '../../src/http/persisted-operations';

export { launchChromium } from './chromium';

const ROOT = path.join(__dirname, '..', '..');

/** Builds dist/dashboard when its sources changed since the last build (as `npm start` does), and answers its manifest. */
export function builtDashboard(): Record<string, string> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-if-stale.mjs'), 'dashboard'], { cwd: ROOT, stdio: 'pipe' });
  return JSON.parse(fs.readFileSync(path.join(dashboardDirectory(), OPERATIONS_MANIFEST), 'utf8')) as Record<string, string>;
}

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Requests to any origin but the gateway's (all blocked). */
  foreign: string[];
  /** Uncaught page errors, console errors (a CSP violation is one) and failed requests. */
  problems: string[];
  /** The GraphQL requests the page sent, in order: their operation names. */
  operations: string[];
}

/** A fresh browser context on the dashboard, with every foreign request blocked and every problem recorded. */
export async function openDashboard(browser: Browser, gatewayUrl: string): Promise<DashboardPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const page = await context.newPage();
  const origin = new URL(gatewayUrl).origin;
  const foreign: string[] = [];
  const problems: string[] = [];
  const operations: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql' && request.method() === 'POST') {
      const body = request.postData() ?? '';
      const name = /"operationName":"(\w+)"/.exec(body)?.[1];
      operations.push(name ?? '(multipart)');
    }
  });
  const response = await page.goto(`${gatewayUrl}/dashboard/`, { waitUntil: 'load' });
  if (response?.status() !== 200) throw new Error(`/dashboard/ answered ${response?.status()}`);
  return { context, page, foreign, problems, operations };
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('navigation', { name: 'Secciones' }).waitFor();
}

/** axe-core's serious and critical violations on the page as it stands (rule id: how many nodes). */
export async function seriousViolations(page: Page): Promise<Record<string, number>> {
  // Evaluated through the DevTools protocol: a script tag would be inline script, which the page's CSP refuses.
  await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const result = (await page.evaluate(() => (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run())) as {
    violations: Array<{ id: string; impact: string; nodes: unknown[] }>;
  };
  return Object.fromEntries(
    result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => [violation.id, violation.nodes.length]),
  );
}
