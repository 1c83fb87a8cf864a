import fs from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import type { Browser, Page } from 'playwright-core';
import { seedDemoData } from '../../src/domain/demo/demo-data';
import { builtDashboard, type DashboardPage, launchChromium, logIn, openDashboard, seriousViolations } from '../support/dashboard';
import { domainContext } from '../support/domain-context';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Every screen of the dashboard in a real Chromium, over an account holding the demo data set: each screen is one
 * GraphQL request (a drill-down one more per level), passes axe-core without serious or critical violations, and
 * does what a user relies on: link an invoice, import a file and read its result, see an FCE event recorded
 * elsewhere arrive, download a VAT book, mark a deadline done. A viewer is offered none of the changes.
 * `npm run screenshots:dashboard` runs this suite with DASHBOARD_SCREENSHOTS set: it then saves each screen into
 * docs/images/dashboard-<screen>.png.
 */

const SCREENSHOTS = process.env.DASHBOARD_SCREENSHOTS;
const OWNER = { email: 'duenia@pyme.test', password: 'clave-de-la-duenia' };
const VIEWER = { email: 'contador@pyme.test', password: 'clave-del-contador' };

let gw: TestGateway;
let browser: Browser;
let key: string;
let cuit: string;
let owner: DashboardPage;

/** The month before the current one in Argentina (YYYY-MM): the demo's older months are in the books. */
const previousMonth = () => {
  const argentine = new Date(Date.now() - 3 * 3600_000);
  return new Date(Date.UTC(argentine.getUTCFullYear(), argentine.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `dashboard-${name}.png`), fullPage: true });
}

/** Opens a screen from the menu; answers the GraphQL operations it sent. */
async function visit(view: DashboardPage, link: string, heading: string): Promise<string[]> {
  const before = view.operations.length;
  await view.page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: link, exact: true }).click();
  await view.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await view.page.getByText('Cargando…').waitFor({ state: 'detached' });
  return view.operations.slice(before);
}

beforeAll(async () => {
  builtDashboard();
  gw = await startTestGateway();
  const account = await gw.account(['invoices:read', 'invoices:write', 'received_invoices:read', 'accounting:read']);
  key = account.key;
  cuit = (await gw.store.collection('accounts').findOne({ _id: new ObjectId(account.accountId) }))?.cuit as string;
  // A business's name on the screenshots rather than the helper's.
  await gw.store.collection('accounts').updateOne({ _id: new ObjectId(account.accountId) }, { $set: { name: 'DEMO Librería del Centro SRL' } });
  await gw.user(account.accountId, OWNER.email, OWNER.password, 'owner');
  await gw.user(account.accountId, VIEWER.email, VIEWER.password, 'viewer');
  await seedDemoData(domainContext(gw.store, { accountId: new ObjectId(account.accountId) }), cuit);
  browser = await launchChromium();
  owner = await openDashboard(browser, gw.url);
  await logIn(owner.page, OWNER.email, OWNER.password);
  await owner.page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
  await owner.page.locator('.chart canvas').first().waitFor();
  await shoot(owner.page, 'home');
}, 180_000);
afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
  await gw?.stop();
});
afterEach(() => {
  expect(owner.foreign).toEqual([]);
  expect(owner.problems).toEqual([]);
});

describe('received invoices', () => {
  it('one request lists the month; an invoice is linked to a journal entry in place', async () => {
    expect(await visit(owner, 'Comprobantes', 'Comprobantes recibidos')).toEqual(['DashboardInbox']);
    expect(await seriousViolations(owner.page)).toEqual({});
    await shoot(owner.page, 'inbox');

    const before = owner.operations.length;
    await owner.page.getByLabel('Mes').fill(previousMonth());
    await owner.page.getByLabel('Estado').selectOption('pending');
    const row = owner.page.getByRole('row').filter({ hasText: 'pendiente' });
    await row.first().waitFor();
    expect(owner.operations.slice(before).every((name) => name === 'DashboardInbox')).toBe(true);
    const pending = await gw.store
      .collection('received_invoices')
      .find({ status: 'pending', issue_date: { $lt: new Date(`${previousMonth()}-28T23:00:00Z`) } })
      .toArray();
    expect(pending.length).toBeGreaterThan(0);

    const select = row.first().getByRole('combobox');
    const entryId = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(entryId!);
    await row.first().getByRole('button', { name: 'Vincular' }).click();
    await owner.page
      .getByRole('row')
      .filter({ hasText: /vinculado \(asiento \d+\)/ })
      .first()
      .waitFor();
    expect(owner.operations.at(-1)).toBe('DashboardLinkInvoice');
    const linked = await gw.store.collection('received_invoices').findOne({ linked_journal_entry_id: entryId });
    expect(linked?.status).toBe('linked');
  });

  it('a Mis Comprobantes file is uploaded with its progress shown, and the import’s result is read', async () => {
    const demo = await gw.store.collection('received_invoices').findOne({ voucher_number: 1000 });
    const header =
      '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Doc. Receptor";"Nro. Doc. Receptor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado IVA 0%";"IVA 2,5%";"Imp. Neto Gravado IVA 2,5%";"IVA 5%";"Imp. Neto Gravado IVA 5%";"IVA 10,5%";"Imp. Neto Gravado IVA 10,5%";"IVA 21%";"Imp. Neto Gravado IVA 21%";"IVA 27%";"Imp. Neto Gravado IVA 27%";"Imp. Neto Gravado Total";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"Total IVA";"Imp. Total"';
    const row = (number: number, issued: string) =>
      `${issued};1;2;${number};${number};75481234509999;80;30715551248;DEMO Papelera del Sur SA;80;${cuit};1,00;$;;;;;;;;210,00;1000,00;;;1000,00;0,00;0,00;0,00;210,00;1210,00`;
    const day = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    // Two new vouchers and one the account has (the demo's voucher 1000 of the same issuer and point of sale).
    const csv = [header, row(7001, day), row(7002, day), row(1000, demo?.issue_date.toISOString().slice(0, 10))].join('\n');
    await owner.page
      .getByLabel('Archivo de Mis Comprobantes (Recibidos)')
      .setInputFiles({ name: 'recibidos.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`) });
    await owner.page.getByRole('button', { name: 'Importar' }).click();
    await owner.page.getByRole('definition').getByText('recibidos.csv', { exact: true }).waitFor();
    expect(await owner.page.getByTestId('rows-imported').innerText()).toBe('2');
    expect(await owner.page.getByTestId('rows-duplicated').innerText()).toBe('1');
    expect(await owner.page.getByTestId('rows-review').innerText()).toBe('0');
    // The bar followed the body's bytes to the end (XMLHttpRequest's upload progress).
    expect(await owner.page.getByTestId('upload-progress').evaluate((bar) => (bar as HTMLProgressElement).value)).toBe(1);
    expect(owner.operations.slice(-2)).toEqual(['DashboardImportInvoices', 'DashboardInbox']);
    expect(await gw.store.collection('received_invoices').countDocuments({ voucher_number: { $in: [7001, 7002] } })).toBe(2);
  });
});

describe('FCE', () => {
  it('one request lists issued and received FCE with their term; an event recorded through the API arrives live', async () => {
    expect(await visit(owner, 'FCE', 'Facturas de crédito electrónicas')).toEqual(['DashboardFce']);
    await owner.page.getByText('Actualización en vivo activa.').waitFor();
    expect(await seriousViolations(owner.page)).toEqual({});
    await shoot(owner.page, 'fce');

    const waiting = await gw.store.collection('issued_vouchers').findOne({ voucher_type: 201, voucher_number: 504 });
    const row = owner.page.locator(`tr[data-fce="${waiting?._id}"]`);
    expect(await row.getByTestId('fce-status').innerText()).toBe('pendiente');
    expect(await row.getByRole('cell').last().innerText()).toMatch(/^\d+ días?$/);
    const recorded = await gw.gql(`mutation { recordFceEvent(id: "${waiting?._id}", eventType: "accepted") { id } }`, {}, { key });
    expect(recorded.body.errors).toBeUndefined();
    await row.getByTestId('fce-status').filter({ hasText: 'aceptada' }).waitFor();
    expect(await owner.page.getByTestId('fce-last-event').innerText()).toMatch(/^Nuevo evento: FCE A 00005-00000504 aceptada el \d\d\/\d\d\/\d{4}\.$/);
    expect(await row.getByRole('cell').last().innerText()).toBe('—');
  });
});

describe('accounting', () => {
  it('the trial balance drills down account → lines → entry → source voucher, one request per level', async () => {
    expect(await visit(owner, 'Contabilidad', 'Contabilidad')).toEqual(['DashboardTrialBalance']);
    expect(await seriousViolations(owner.page)).toEqual({});
    await owner.page.getByRole('button', { name: /^2\.1\.1\.01\.001 / }).click();
    await owner.page.getByRole('heading', { name: /^Mayor de 2\.1\.1\.01\.001/ }).waitFor();
    await owner.page.locator('#lines-title ~ table').getByRole('button').first().click();
    await owner.page.getByRole('heading', { name: /^Asiento N\.º \d+ del \d\d\/\d\d\/\d{4}$/ }).waitFor();
    await owner.page.getByRole('button', { name: 'Ver el comprobante de origen' }).click();
    await owner.page.getByRole('heading', { name: /^Factura A \d{5}-\d{8}$/ }).waitFor();
    expect(owner.operations.slice(-3)).toEqual(['DashboardAccountLines', 'DashboardEntry', 'DashboardSourceVoucher']);
    expect(await seriousViolations(owner.page)).toEqual({});
    await shoot(owner.page, 'accounting');
  });

  it('the purchases VAT book of a month downloads as the Libro IVA Digital ZIP of the existing route', async () => {
    await owner.page.getByLabel('Mes de los libros de IVA').fill(previousMonth());
    const link = owner.page.getByRole('row', { name: /^Libro IVA Compras/ }).getByRole('link', { name: `Descargar LID ${previousMonth()}` });
    await link.waitFor();
    const [download] = await Promise.all([owner.page.waitForEvent('download'), link.click()]);
    const saved = fs.readFileSync((await download.path())!);
    const direct = await fetch(`${gw.url}/api/v1/iva/export/${previousMonth()}/purchases/`, { headers: { 'x-api-key': key } });
    expect(direct.status).toBe(200);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(saved.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    expect(saved.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
  });
});

describe('calendar', () => {
  it('one request lists overdue (in red) and next deadlines; one is marked done', async () => {
    expect(await visit(owner, 'Vencimientos', 'Vencimientos')).toEqual(['DashboardCalendar']);
    expect(await seriousViolations(owner.page)).toEqual({});
    await shoot(owner.page, 'calendar');
    const overdue = owner.page.locator('tr.overdue');
    if ((await overdue.count()) > 0) expect(await overdue.first().evaluate((row) => getComputedStyle(row.querySelector('td')!).color)).toBe('rgb(163, 0, 0)');
    const button = owner.page.getByRole('button', { name: /^Marcar cumplido: / }).first();
    const name = (await button.getAttribute('aria-label'))!.replace('Marcar cumplido: ', '');
    const before = await gw.store.collection('fiscal_deadlines').countDocuments({ status: 'completed' });
    await button.click();
    await owner.page
      .getByRole('row', { name: new RegExp(`${name.split(' ')[0]}.*cumplido el \\d\\d/\\d\\d/\\d{4}`) })
      .first()
      .waitFor();
    expect(owner.operations.at(-1)).toBe('DashboardCompleteDeadline');
    expect(await gw.store.collection('fiscal_deadlines').countDocuments({ status: 'completed' })).toBe(before + 1);
  });
});

describe('a viewer', () => {
  it('sees every screen and is offered no change', async () => {
    const viewer = await openDashboard(browser, gw.url);
    await logIn(viewer.page, VIEWER.email, VIEWER.password);
    await viewer.page.getByRole('heading', { name: 'Inicio', level: 1 }).waitFor();
    const screens: Array<[string, string]> = [
      ['Comprobantes', 'Comprobantes recibidos'],
      ['FCE', 'Facturas de crédito electrónicas'],
      ['Contabilidad', 'Contabilidad'],
      ['Vencimientos', 'Vencimientos'],
    ];
    for (const [link, heading] of screens) {
      await visit(viewer, link, heading);
      for (const action of ['Vincular', 'Ignorar', 'Importar', 'Marcar cumplido']) {
        expect({ heading, action, shown: await viewer.page.getByRole('button', { name: new RegExp(`^${action}`) }).count() }).toEqual({
          heading,
          action,
          shown: 0,
        });
      }
    }
    await viewer.page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Comprobantes', exact: true }).click();
    await viewer.page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(viewer.foreign).toEqual([]);
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  });
});
