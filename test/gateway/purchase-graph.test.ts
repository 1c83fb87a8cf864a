import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The purchase graph in one query — suppliers › their received invoices › the posted entry › its lines › their
 * accounts, and suppliers › their expenses › the posted entry — costs the same number of MongoDB commands for a page
 * of 100 suppliers as for a page of 10: every level is one batched read, whatever the page holds.
 */

type Row = Record<string, any>;

let gw: TestGateway;
const G2_HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'), 'utf8').split('\n')[0];

/** A CUIT with a valid check digit: 30 followed by 8 digits from `seed` (a seed whose check digit would be 10 is skipped). */
function cuitOf(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `30${String(n).padStart(8, '0')}`;
    const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return `${body}${check === 11 ? 0 : check}`;
  }
}

/** An account with `count` suppliers (made by the import), two invoices each (the first posted), one posted expense each. */
async function accountWith(count: number): Promise<string> {
  const { key } = await gw.account([...SCOPES]);
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
  const rows = Array.from({ length: count }, (_, i) => {
    const cuit = cuitOf(10_000_000 + i * 37);
    return [1, 2].map(
      (n) => `2026-02-0${n};1;5;${i * 10 + n};${i * 10 + n};75481234500011;80;${cuit};PROVEEDOR ${i} S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00`,
    );
  }).flat();
  const form = new FormData();
  form.append('file', new File([`${G2_HEADER}\n${rows.join('\n')}\n`], 'graph.csv'));
  const imported = await gw.rest('POST', '/received_invoices/upload-csv/?create_missing_suppliers=true', { key, body: form });
  expect(imported.body.data).toMatchObject({ rows_imported: 2 * count, suppliers_created: count });
  const invoices = await gw.rest('GET', '/received_invoices/list/?limit=100&voucher_type=1', { key });
  const firsts: Row[] = [];
  for (let page = 1; firsts.length < count; page++) {
    const res = page === 1 ? invoices : await gw.rest('GET', `/received_invoices/list/?limit=100&page=${page}`, { key });
    firsts.push(...(res.body.data.items as Row[]).filter((item) => item.voucher_number % 10 === 1));
    if (!res.body.data.items.length) break;
  }
  const suppliers = (await gw.rest('GET', '/suppliers/list/?limit=100', { key })).body.data.items as Row[];
  for (const invoice of firsts) expect((await gw.rest('POST', `/received_invoices/${invoice.id}/post/`, { key })).status).toBe(200);
  const expenses = await gw.rest('POST', '/expenses/bulk/create/', {
    key,
    body: {
      items: suppliers.map((s) => ({ amount: 121, tax_rate: 21, description: `Gasto ${s.name}`, supplier_id: s._id, status: 'approved', date: '2026-02-03' })),
    },
  });
  expect(expenses.body.data.created).toBe(count);
  for (const expense of expenses.body.data.items as Row[]) expect((await gw.rest('POST', `/expenses/${expense._id}/post/`, { key })).status).toBe(200);
  // A key's first request records its last use (one extra write); measure from the second on.
  await gw.gql('{ __typename }', {}, { key });
  return key;
}

const DASHBOARD = `{
  suppliers(first: 100) {
    totalCount
    nodes {
      name taxId
      receivedInvoices(first: 2) {
        totalCount
        nodes {
          voucherNumber totalAmount status
          linkedAccount { code }
          linkedJournalEntry { number totalDebit lines { debit credit account { code name accountType } } }
        }
      }
      expenses(first: 2, filter: { status: approved }) {
        totalCount totalAmount
        nodes { amount journalEntry { number lines { account { code } } } }
      }
    }
  }
}`;

let small: string;
let large: string;
beforeAll(async () => {
  gw = await startTestGateway();
  small = await accountWith(10);
  large = await accountWith(100);
}, 300_000);
afterAll(async () => {
  await gw?.stop();
});

it('each supplier gets its own invoices, entries, lines and accounts', async () => {
  const res = await gw.gql(DASHBOARD, {}, { key: small });
  expect(res.body.errors).toBeUndefined();
  const nodes = res.body.data.suppliers.nodes as Row[];
  expect(nodes).toHaveLength(10);
  for (const supplier of nodes) {
    expect(supplier.receivedInvoices.totalCount).toBe(2);
    const [newest, oldest] = supplier.receivedInvoices.nodes;
    expect(newest).toMatchObject({ status: 'pending', linkedJournalEntry: null, linkedAccount: null });
    expect(oldest).toMatchObject({ status: 'linked', linkedAccount: { code: '5.3.1.01.005' } });
    expect(oldest.linkedJournalEntry.lines).toEqual([
      { debit: 100, credit: null, account: { code: '5.3.1.01.005', name: 'Papelería, insumos y suministros de oficina', accountType: 'expense' } },
      { debit: 21, credit: null, account: { code: '1.1.4.01.001', name: 'IVA Crédito Fiscal', accountType: 'asset' } },
      { debit: null, credit: 121, account: { code: '2.1.1.01.001', name: 'Proveedores', accountType: 'liability' } },
    ]);
    expect(supplier.expenses).toMatchObject({ totalCount: 1, totalAmount: 121, nodes: [{ amount: 121, journalEntry: { lines: [{}, {}, {}] } }] });
  }
  // Another supplier's filter: the status filter applies per supplier.
  const none = await gw.gql('{ suppliers(first: 3) { nodes { expenses(filter: { status: paid }) { totalCount nodes { amount } } } } }', {}, { key: small });
  expect(none.body.data.suppliers.nodes.map((n: Row) => n.expenses)).toEqual([0, 1, 2].map(() => ({ totalCount: 0, nodes: [] })));
});

it('100 suppliers × invoices × entries × lines × accounts cost the same commands as 10', async () => {
  const ten = await gw.gql(DASHBOARD, {}, { key: small });
  const hundred = await gw.gql(DASHBOARD, {}, { key: large });
  expect(ten.body.errors).toBeUndefined();
  expect(hundred.body.errors).toBeUndefined();
  expect(hundred.body.data.suppliers.nodes).toHaveLength(100);
  expect(hundred.body.data.suppliers.nodes.every((s: Row) => s.receivedInvoices.nodes[1].linkedJournalEntry.lines.length === 3)).toBe(true);
  const tenCommands = await gw.commandsOf(ten.headers.get('x-request-id')!);
  const hundredCommands = await gw.commandsOf(hundred.headers.get('x-request-id')!);
  expect(hundredCommands).toBe(tenCommands);
  // Authentication, the suppliers and their count, invoices, expenses, their totals, entries, ledger accounts by id and by code.
  expect(hundredCommands).toBeLessThanOrEqual(12);
});

it('nested pages: offset and first per supplier; out-of-range arguments are refused', async () => {
  const res = await gw.gql(
    '{ suppliers(first: 2) { nodes { receivedInvoices(first: 1, offset: 1) { totalCount nodes { voucherNumber } pageInfo { hasNextPage hasPreviousPage } } } } }',
    {},
    {
      key: small,
    },
  );
  for (const node of res.body.data.suppliers.nodes as Row[]) {
    expect(node.receivedInvoices.totalCount).toBe(2);
    expect(node.receivedInvoices.nodes).toHaveLength(1);
    expect(node.receivedInvoices.nodes[0].voucherNumber % 10).toBe(1);
    expect(node.receivedInvoices.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  }
  for (const args of ['first: 0', 'first: 101', 'offset: -1', 'offset: 1001']) {
    const refused = await gw.gql(`{ suppliers(first: 1) { nodes { receivedInvoices(${args}) { totalCount } } } }`, {}, { key: small });
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  }
});
