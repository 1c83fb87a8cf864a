import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey } from '../../src/domain/auth/admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { resolvedFields } from '../support/resolved-fields';

/**
 * Every field that runs a resolver of its own below the root is a place where a query per parent could hide. Each
 * one is measured here over 1, 10 and 100 parents whose relation is populated (a null relation lets a resolver return
 * without reading, which would hide a read per parent): the MongoDB commands a request sends must not grow with the
 * number of parents. The list of fields comes from the schema, so a new nested field fails this suite until it is
 * measured here.
 */

type Row = Record<string, any>;

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const requestId = (result: HttpResult) => result.headers.get('x-request-id')!;
const fixture = (...path: string[]) => readFileSync(join(__dirname, '..', 'fixtures', ...path), 'utf8');
const RECEIVED_HEADER = fixture('received-invoices', 'synthetic-g2-recibidos-2025-12.csv').split('\n')[0];
const ISSUED_HEADER = fixture('issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv').split('\n')[0];

function ok(result: HttpResult, status = 200): any {
  if (result.status !== status || result.body?.errors) throw new Error(`expected ${status}, got ${result.status} ${JSON.stringify(result.body).slice(0, 800)}`);
  return result.body.data;
}

async function gqlOk(key: string, query: string, variables: Row = {}): Promise<any> {
  return ok(await gw.gql(query, variables, { key }));
}

/** A CUIT with a valid check digit: 30 followed by 8 digits from `seed`. */
function cuitOf(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `30${String(n).padStart(8, '0')}`;
    const check = 11 - ([5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0) % 11);
    if (check !== 10) return `${body}${check === 11 ? 0 : check}`;
  }
}

/** Runs `send` over `items` a few at a time (the gateway is one process; this only saves the round trips' waits). */
async function each<T>(items: T[], send: (item: T, index: number) => Promise<unknown>, width = 4): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map((item, j) => send(item, i + j)));
}

/** An account holding every scope, with the default chart, its key's first use (a last-use write) already spent. */
async function newAccount(): Promise<{ accountId: string; key: string }> {
  const account = await gw.account([...SCOPES]);
  ok(await gw.rest('POST', '/accounting/accounts/seed/', { key: account.key }));
  await gw.gql('{ __typename }', {}, { key: account.key });
  return account;
}

const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

const PARENTS = 100;
/** After every seeded date but the FCE vouchers' (read within their acceptance term, see FCE_NOW). */
const NOW = new Date('2026-07-15T15:00:00Z');
const postJournal = (key: string, id: string) => gw.rest('POST', `/accounting/journal/${id}/post/`, { key }).then((res) => ok(res));

/**
 * Purchases: 100 suppliers (made by the import), each with two received invoices — the one of Feb 1st posted (entry,
 * ledger account), the one of Feb 2nd turned into an expense that is then posted (expense ↔ invoice, entry) — and one
 * supply bought from it with opening stock. Then 100 entries posted and reversed (each reversal a counter-entry).
 */
const purchases = once(async () => {
  gw.clock.now = NOW;
  const { key } = await newAccount();
  const rows = Array.from({ length: PARENTS }, (_, i) =>
    [1, 2].map(
      (day) =>
        `2026-02-0${day};1;5;${i * 10 + day};${i * 10 + day};75481234500011;80;${cuitOf(10_000_000 + i * 37)};PROVEEDOR ${i} S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00`,
    ),
  ).flat();
  const form = new FormData();
  form.append('file', new File([`${RECEIVED_HEADER}\n${rows.join('\n')}\n`], 'compras.csv'));
  const imported = ok(await gw.rest('POST', '/received_invoices/upload-csv/?create_missing_suppliers=true', { key, body: form }));
  expect(imported).toMatchObject({ rows_imported: 2 * PARENTS, suppliers_created: PARENTS });
  const invoices: Row[] = [];
  for (let page = 1; invoices.length < 2 * PARENTS; page++)
    invoices.push(...ok(await gw.rest('GET', `/received_invoices/list/?limit=100&page=${page}`, { key })).items);
  await each(
    invoices.filter((invoice) => String(invoice.issue_date).startsWith('2026-02-01')),
    (invoice) => gw.rest('POST', `/received_invoices/${invoice.id}/post/`, { key }).then((res) => ok(res)),
  );
  await each(
    invoices.filter((invoice) => String(invoice.issue_date).startsWith('2026-02-02')),
    async (invoice) => {
      const expense = ok(await gw.rest('POST', `/received_invoices/${invoice.id}/create-expense/`, { key }), 201);
      await gqlOk(key, 'mutation($id: ID!) { approveExpense(id: $id) { id } }', { id: expense._id ?? expense.id });
      ok(await gw.rest('POST', `/expenses/${expense._id ?? expense.id}/post/`, { key }));
    },
  );
  const suppliers = ok(await gw.rest('GET', '/suppliers/list/?limit=100', { key })).items as Row[];
  expect(suppliers).toHaveLength(PARENTS);
  const supplies = ok(
    await gw.rest('POST', '/supplies/bulk/create/', {
      key,
      body: { items: suppliers.map((supplier, i) => ({ name: `Insumo ${i}`, supplier_id: supplier._id, default_amount: 10, stock: 50 })) },
    }),
    201,
  );
  expect(supplies.created).toBe(PARENTS);
  const drafts = ok(
    await gw.rest('POST', '/accounting/journal/bulk/create/', {
      key,
      body: {
        items: Array.from({ length: PARENTS }, (_, i) => ({
          date: '2026-03-10',
          description: `Aporte ${i}`,
          lines: [
            { account_code: '1.1.1.02.001', debit: 10 + i },
            { account_code: '1.1.1.01.001', credit: 10 + i },
          ],
        })),
      },
    }),
    201,
  );
  await each(drafts.items as Row[], async (draft) => {
    await postJournal(key, draft._id);
    ok(await gw.rest('POST', `/accounting/journal/${draft._id}/reverse/`, { key, body: { date: '2026-03-11' } }));
  });
  return { key };
});

/** Delivery notes: 100 customers and 100 products (opening stock), one issued note per customer with one line per product. */
const deliveries = once(async () => {
  gw.clock.now = NOW;
  const { key } = await newAccount();
  const customers = ok(
    await gw.rest('POST', '/customers/bulk/create/', { key, body: { items: Array.from({ length: PARENTS }, (_, i) => ({ name: `Cliente ${i}` })) } }),
    201,
  ).items as Row[];
  const products = ok(
    await gw.rest('POST', '/products/bulk/create/', {
      key,
      body: { items: Array.from({ length: PARENTS }, (_, i) => ({ name: `Producto ${i}`, sku: `P-${i}`, price: 10, stock: 1000 })) },
    }),
    201,
  ).items as Row[];
  expect([customers.length, products.length]).toEqual([PARENTS, PARENTS]);
  const notes = ok(
    await gw.rest('POST', '/delivery_notes/bulk/create/', {
      key,
      body: {
        items: customers.map((customer, i) => ({
          customer_id: customer._id,
          status: 'issued',
          items: [{ product_id: products[i]._id, description: 'línea', quantity: 1 }],
        })),
      },
    }),
    201,
  );
  expect(notes.created).toBe(PARENTS);
  return { key };
});

/**
 * Supply consumptions: 100, each of one supply, for a customer, registered with a key acting for a user, and reverted
 * from that user's web-panel session.
 */
const consumptions = once(async () => {
  gw.clock.now = NOW;
  const { accountId, key } = await newAccount();
  const email = 'owner@nested.example';
  const password = 'owner password 1';
  const userId = await gw.user(accountId, email, password, 'owner');
  const userKey = (await createApiKey(gw.store, { accountId, scopes: [...SCOPES], userId })).key;
  const supply = ok(await gw.rest('POST', '/supplies/', { key, body: { name: 'Harina', default_amount: 10, stock: 1000 } }), 201);
  const customer = ok(await gw.rest('POST', '/customers/', { key, body: { name: 'Cliente' } }), 201);
  const login = await gw.rest('POST', '/auth/login', { body: { email, password } });
  const session = {
    cookie: login.headers
      .getSetCookie()
      .find((line) => line.startsWith('sid='))!
      .split(';')[0],
    csrf: login.body.data.csrf_token,
  };
  await each(Array.from({ length: PARENTS }), async () => {
    const created = ok(
      await gw.rest('POST', '/supply-consumptions/', {
        key: userKey,
        body: { items: [{ supply_id: supply._id, quantity: 1 }], customer_id: customer._id },
      }),
      201,
    );
    ok(await gw.rest('POST', `/supply-consumptions/${created._id}/revert`, { headers: { cookie: session.cookie, 'x-csrf-token': session.csrf } }));
  });
  return { key };
});

const FCE_NOW = new Date('2025-12-05T15:00:00Z');

/** 100 FCE vouchers issued on 2025-12-01, each with an event in its log (read within the acceptance term). */
const fce = once(async () => {
  gw.clock.now = FCE_NOW;
  const { key } = await newAccount();
  const rows = Array.from(
    { length: PARENTS },
    (_, i) => `2025-12-01;201;78;${i + 1};${i + 1};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`,
  );
  const form = new FormData();
  form.append('file', new File([`${ISSUED_HEADER}\n${rows.join('\n')}\n`], 'fce.csv'));
  expect(ok(await gw.rest('POST', '/issued_vouchers/upload-csv/', { key, body: form })).rows_imported).toBe(PARENTS);
  const listed = await gqlOk(key, '{ fceInvoices(perPage: 100) { items { id } } }');
  await each(listed.fceInvoices.items as Row[], (item) =>
    gw.rest('POST', `/fce/events/${item.id}/`, { key, body: { event_type: 'accepted' } }).then((res) => ok(res, 201)),
  );
  return { key };
});

const BANK = '1.1.1.02.001';
const BANK_BASE = '/accounting/bank';
const MAPPED = { ledger_account_code: BANK, date_column: 'Dia', amount_column: 'Valor', description_column: 'Detalle' };

function bankUpload(key: string, lines: Array<[string, number, string]>) {
  const form = new FormData();
  for (const [field, value] of Object.entries(MAPPED)) form.append(field, value);
  const csv = ['Dia,Detalle,Valor', ...lines.map(([day, amount, text]) => `${day},${text},${amount.toFixed(2)}`)].join('\n');
  form.append('file', new Blob([`${csv}\n`]), 'extracto.csv');
  return gw.rest('POST', `${BANK_BASE}/import/`, { key, body: form });
}

/**
 * Bank: one statement of 100 movements, each auto-matched to its own posted bank entry, and 100 more statements of one
 * movement each (a day apart, so none is a duplicate of another).
 */
const bank = once(async () => {
  gw.clock.now = NOW;
  const { key } = await newAccount();
  const amounts = Array.from({ length: PARENTS }, (_, i) => 1000 + i * 7);
  const drafts = ok(
    await gw.rest('POST', '/accounting/journal/bulk/create/', {
      key,
      body: {
        items: amounts.map((amount, i) => ({
          date: '2026-03-10',
          description: `Cobro ${i}`,
          lines: [
            { account_code: BANK, debit: amount },
            { account_code: '4.1.1.01.001', credit: amount },
          ],
        })),
      },
    }),
    201,
  );
  await each(drafts.items as Row[], (draft) => postJournal(key, draft._id));
  const big = ok(
    await bankUpload(
      key,
      amounts.map((amount, i) => ['10/03/2026', amount, `Cobro ${i}`]),
    ),
  );
  expect(big.lines_imported).toBe(PARENTS);
  expect(ok(await gw.rest('POST', `${BANK_BASE}/auto-match/${big.id}/`, { key })).matched).toBe(PARENTS);
  const day = (i: number) => new Date(Date.UTC(2026, 3, 1) + i * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
  await each(Array.from({ length: PARENTS }), (_, i) => bankUpload(key, [[day(i), -(50 + i), `Débito ${i}`]]).then((res) => ok(res)));
  return { key, statementId: big.id as string };
});

/**
 * Fiscal years: an account has one per year it posted in, so the three sizes are three accounts with 1, 2 and 3
 * closed years (100 years would be a century of books).
 */
const fiscal = once(async () => {
  gw.clock.now = NOW;
  const keys: Record<number, string> = {};
  for (const count of [1, 2, 3]) {
    const { key } = await newAccount();
    for (let year = 2026 - count; year < 2026; year++) {
      const draft = ok(
        await gw.rest('POST', '/accounting/journal/', {
          key,
          body: {
            date: `${year}-06-10`,
            description: `Venta ${year}`,
            lines: [
              { account_code: '1.1.1.01.001', debit: 1000 },
              { account_code: '4.1.1.01.001', credit: 1000 },
            ],
          },
        }),
        201,
      );
      await postJournal(key, draft._id);
      ok(await gw.rest('POST', `/accounting/fiscal-close/close/${year}/`, { key }));
    }
    keys[count] = key;
  }
  return { keys };
});

/** 100 payments to a supplier, each withheld (Ganancias, regime 78) with its entry and certificate. */
const withholdings = once(async () => {
  gw.clock.now = NOW;
  const { key } = await newAccount();
  const supplier = ok(
    await gw.rest('POST', '/suppliers/', { key, body: { name: 'Servicios Ñandú SRL', tax_id: '30712345671', address: 'Av. Corrientes 1234, CABA' } }),
    201,
  );
  const apply = `mutation($input: WithholdingPaymentInput!) { applyWithholding(input: $input) { total } }`;
  await each(Array.from({ length: PARENTS }), (_, i) =>
    gqlOk(key, apply, { input: { supplierId: supplier._id ?? supplier.id, paymentId: `OP-${i}`, date: '2026-07-01', amount: 300000, regimeCodes: ['78'] } }),
  );
  return { key };
});

interface Scenario {
  /** The seeded account the field is measured on (for `n` parents: most accounts hold them all). */
  key: (n: number) => Promise<string>;
  /** A query reaching the first `n` parents and selecting the field (`withField` false: the same query without it). */
  query: (n: number, withField: boolean) => string | Promise<string>;
  /** The parents in an answer. */
  parents: (data: any) => Row[];
  /** Whether a parent's field holds data. */
  filled: (parent: Row) => boolean;
  /** Whether every parent must hold data (else: at least one). */
  everyFilled?: boolean;
  sizes?: [number, number, number];
  now?: Date;
  /** The root field's own reads grow with its parents: the field's own cost (with − without) is compared. */
  ownCost?: boolean;
  /** Commands a parent may add by design (see the scenario). */
  perParent?: number;
}

const present = (value: unknown) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);
const nodes = (field: string) => (data: any) => data[field].nodes as Row[];
const items = (field: string) => (data: any) => data[field].items as Row[];
const flat = (path: (data: any) => Row[][]) => (data: any) => path(data).flat();
const select = (withField: boolean, field: string) => (withField ? field : '');

const purchasesKey = async () => (await purchases()).key;
const ledgerCode = '2.1.1.01.001';
const PERIOD = 'from: "2026-01-01", to: "2026-12-31"';

const SCENARIOS: Record<string, Scenario> = {
  'ActivityEntry.record': {
    key: purchasesKey,
    query: (n, f) => `{ activity(perPage: ${n}, resourceType: "journal_entries") { items { id ${select(f, 'record { __typename }')} } } }`,
    parents: items('activity'),
    filled: (entry) => present(entry.record),
  },
  'BankMatch.journalEntry': {
    key: async () => (await bank()).key,
    query: async (n, f) =>
      `{ bankStatement(id: "${(await bank()).statementId}") { lines(limit: ${n}) { items { id matches { journalEntryId ${select(f, 'journalEntry { id number }')} } } } } }`,
    parents: flat((data) => data.bankStatement.lines.items.map((line: Row) => line.matches)),
    filled: (match) => present(match.journalEntry),
  },
  'BankMatch.journalLine': {
    key: async () => (await bank()).key,
    query: async (n, f) =>
      `{ bankStatement(id: "${(await bank()).statementId}") { lines(limit: ${n}) { items { id matches { journalEntryId ${select(f, 'journalLine { accountCode debit }')} } } } } }`,
    parents: flat((data) => data.bankStatement.lines.items.map((line: Row) => line.matches)),
    filled: (match) => present(match.journalLine),
  },
  'BankStatement.lines': {
    key: async () => (await bank()).key,
    query: (n, f) => `{ bankStatements(limit: ${n}) { items { id ${select(f, 'lines { total items { id amount } }')} } } }`,
    parents: items('bankStatements'),
    filled: (statement) => present(statement.lines.items),
  },
  'BankStatement.reconciliation': {
    key: async () => (await bank()).key,
    query: (n, f) => `{ bankStatements(limit: ${n}) { items { id ${select(f, 'reconciliation { openLines matchedLines ledgerBalance }')} } } }`,
    parents: items('bankStatements'),
    filled: (statement) => statement.reconciliation.openLines + statement.reconciliation.matchedLines > 0,
  },
  'BankStatementLine.matchExplanation': {
    key: async () => (await bank()).key,
    query: async (n, f) => `{ bankStatement(id: "${(await bank()).statementId}") { lines(limit: ${n}) { items { id ${select(f, 'matchExplanation')} } } } }`,
    parents: (data) => data.bankStatement.lines.items,
    filled: (line) => typeof line.matchExplanation === 'string' && line.matchExplanation.length > 0,
  },
  'BankStatementLine.matches': {
    key: async () => (await bank()).key,
    query: async (n, f) =>
      `{ bankStatement(id: "${(await bank()).statementId}") { lines(limit: ${n}) { items { id ${select(f, 'matches { journalEntryId }')} } } } }`,
    parents: (data) => data.bankStatement.lines.items,
    filled: (line) => present(line.matches),
  },
  'Customer.deliveryNotes': {
    key: async () => (await deliveries()).key,
    query: (n, f) => `{ customers(first: ${n}) { nodes { id ${select(f, 'deliveryNotes { id }')} } } }`,
    parents: nodes('customers'),
    filled: (customer) => present(customer.deliveryNotes),
  },
  'DeliveryNote.customer': {
    key: async () => (await deliveries()).key,
    query: (n, f) => `{ deliveryNotes(first: ${n}) { nodes { id ${select(f, 'customer { id name }')} } } }`,
    parents: nodes('deliveryNotes'),
    filled: (note) => present(note.customer),
  },
  'DeliveryNoteItem.product': {
    key: async () => (await deliveries()).key,
    query: (n, f) => `{ deliveryNotes(first: ${n}) { nodes { id items { productId ${select(f, 'product { id name }')} } } } }`,
    parents: flat((data) => data.deliveryNotes.nodes.map((note: Row) => note.items)),
    filled: (item) => present(item.product),
  },
  'Expense.journalEntry': {
    key: purchasesKey,
    query: (n, f) => `{ expenses(first: ${n}) { nodes { id ${select(f, 'journalEntry { id number }')} } } }`,
    parents: nodes('expenses'),
    filled: (expense) => present(expense.journalEntry),
  },
  'Expense.receivedInvoice': {
    key: purchasesKey,
    query: (n, f) => `{ expenses(first: ${n}) { nodes { id ${select(f, 'receivedInvoice { id voucherNumber }')} } } }`,
    parents: nodes('expenses'),
    filled: (expense) => present(expense.receivedInvoice),
  },
  'Expense.supplier': {
    key: purchasesKey,
    query: (n, f) => `{ expenses(first: ${n}) { nodes { id ${select(f, 'supplier { id name }')} } } }`,
    parents: nodes('expenses'),
    filled: (expense) => present(expense.supplier),
  },
  'ExpenseConnection.totalAmount': {
    key: purchasesKey,
    query: (n, f) => `{ suppliers(first: ${n}) { nodes { id expenses { totalCount ${select(f, 'totalAmount')} } } } }`,
    parents: (data) => data.suppliers.nodes.map((supplier: Row) => supplier.expenses),
    filled: (connection) => connection.totalAmount > 0,
  },
  'FceEvent.fceInvoice': {
    key: async () => (await fce()).key,
    now: FCE_NOW,
    query: (n, f) => `{ fceInvoices(perPage: ${n}) { items { id events { nodes { eventType ${select(f, 'fceInvoice { id fceStatus }')} } } } } }`,
    parents: flat((data) => data.fceInvoices.items.map((invoice: Row) => invoice.events.nodes)),
    filled: (event) => present(event.fceInvoice),
  },
  'FceInvoice.events': {
    key: async () => (await fce()).key,
    now: FCE_NOW,
    query: (n, f) => `{ fceInvoices(perPage: ${n}) { items { id ${select(f, 'events { totalCount nodes { eventType } }')} } } }`,
    parents: items('fceInvoices'),
    filled: (invoice) => present(invoice.events.nodes),
  },
  'FiscalYear.closingEntry': {
    // The three sizes are three accounts (see `fiscal`): the query is the same, the account holds 1, 2 or 3 years.
    key: async (n) => (await fiscal()).keys[n],
    sizes: [1, 2, 3],
    ownCost: true,
    query: (_n, f) => `{ fiscalYears { year status ${select(f, 'closingEntry { id number }')} } }`,
    parents: (data) => data.fiscalYears,
    filled: (year) => present(year.closingEntry),
  },
  'FiscalYearCalculation.closingEntry': {
    // One calculation per root field: several are several aliases, each computing its own year and reaching its
    // closing entry when it is done, in a tick of its own, so no read can be shared between them: one each.
    key: async () => (await fiscal()).keys[3],
    sizes: [1, 2, 3],
    ownCost: true,
    perParent: 1,
    query: (n, f) =>
      `{ ${[2023, 2024, 2025]
        .slice(0, n)
        .map((year) => `y${year}: fiscalYearCalculation(year: ${year}) { year ${select(f, 'closingEntry { id number }')} }`)
        .join(' ')} }`,
    parents: (data) => Object.values(data),
    filled: (calculation) => present(calculation.closingEntry),
  },
  'IssuedVoucher.fce': {
    key: async () => (await fce()).key,
    now: FCE_NOW,
    query: (n, f) => `{ issuedVouchers(first: ${n}) { nodes { id ${select(f, 'fce { id fceStatus }')} } } }`,
    parents: nodes('issuedVouchers'),
    filled: (voucher) => present(voucher.fce),
  },
  'IvaBookEntry.source': {
    key: purchasesKey,
    query: async (n, f) => {
      const book = await gqlOk(await purchasesKey(), '{ ivaBook(bookType: "purchases", period: "2026-02") { id count } }');
      return `{ ivaBookEntries(bookId: "${book.ivaBook.id}", first: ${n}) { nodes { id ${select(f, 'source { __typename }')} } } }`;
    },
    parents: nodes('ivaBookEntries'),
    filled: (entry) => present(entry.source),
  },
  'JournalEntry.reversal': {
    key: purchasesKey,
    query: (n, f) => `{ journalEntries(first: ${n}, filter: { status: reversed }) { nodes { id ${select(f, 'reversal { id number }')} } } }`,
    parents: nodes('journalEntries'),
    filled: (entry) => present(entry.reversal),
  },
  'JournalEntry.reverses': {
    key: purchasesKey,
    query: (n, f) =>
      `{ journalEntries(first: ${n}, filter: { dateFrom: "2026-03-11", dateTo: "2026-03-11" }) { nodes { id ${select(f, 'reverses { id number }')} } } }`,
    parents: nodes('journalEntries'),
    filled: (entry) => present(entry.reverses),
  },
  'JournalEntry.sourceExpense': {
    key: purchasesKey,
    query: (n, f) => `{ journalEntries(first: ${n}, filter: { referenceType: "expense" }) { nodes { id ${select(f, 'sourceExpense { id }')} } } }`,
    parents: nodes('journalEntries'),
    filled: (entry) => present(entry.sourceExpense),
  },
  'JournalEntry.sourceReceivedInvoice': {
    key: purchasesKey,
    query: (n, f) =>
      `{ journalEntries(first: ${n}, filter: { referenceType: "received_invoice" }) { nodes { id ${select(f, 'sourceReceivedInvoice { id }')} } } }`,
    parents: nodes('journalEntries'),
    filled: (entry) => present(entry.sourceReceivedInvoice),
  },
  'JournalLine.account': {
    key: purchasesKey,
    query: (n, f) => `{ journalEntries(first: ${n}) { nodes { id lines { accountCode ${select(f, 'account { code name }')} } } } }`,
    // Every entry has two or three lines: the parents are the lines of the first n entries.
    parents: flat((data) => data.journalEntries.nodes.map((entry: Row) => entry.lines.slice(0, 1))),
    filled: (line) => present(line.account),
  },
  'LedgerAccount.balance': {
    key: purchasesKey,
    query: (n, f) => `{ ledgerAccounts(first: ${n}) { nodes { code ${select(f, 'balance')} } } }`,
    parents: nodes('ledgerAccounts'),
    filled: (account) => account.balance !== 0,
    everyFilled: false,
  },
  'LedgerAccount.children': {
    key: purchasesKey,
    query: (n, f) => `{ ledgerAccounts(first: ${n}) { nodes { code ${select(f, 'children { code }')} } } }`,
    parents: nodes('ledgerAccounts'),
    filled: (account) => present(account.children),
    everyFilled: false,
  },
  'LedgerAccount.lines': {
    // Each account's page is its own walk of the index that stops after the page, all walks in one read
    // (src/domain/accounting/reports/lines.ts): the cost follows the page size, never the size of the books.
    key: purchasesKey,
    query: (n, f) =>
      `{ ledgerAccounts(first: ${n}, filter: { isDetail: true }) { nodes { code ${select(f, `lines(${PERIOD}, first: 2) { nodes { number } }`)} } } }`,
    parents: nodes('ledgerAccounts'),
    filled: (account) => present(account.lines.nodes),
    everyFilled: false,
  },
  'LedgerAccount.parent': {
    key: purchasesKey,
    // Detail accounts: every one has a parent (a chart's first account is a root).
    query: (n, f) => `{ ledgerAccounts(first: ${n}, filter: { isDetail: true }) { nodes { code ${select(f, 'parent { code }')} } } }`,
    parents: nodes('ledgerAccounts'),
    filled: (account) => present(account.parent),
  },
  'LedgerLine.entry': {
    key: purchasesKey,
    query: async (n, f) => {
      const found = await gqlOk(
        await purchasesKey(),
        `{ ledgerAccounts(first: 100, filter: { isDetail: true, search: "Proveedores" }) { nodes { id code } } }`,
      );
      const account = (found.ledgerAccounts.nodes as Row[]).find((node) => node.code === ledgerCode)!;
      return `{ ledgerAccount(id: "${account.id}") { lines(${PERIOD}, first: ${n}) { nodes { number ${select(f, 'entry { id number }')} } } } }`;
    },
    parents: (data) => data.ledgerAccount.lines.nodes,
    filled: (line) => present(line.entry),
  },
  'LedgerRunningLine.entry': {
    key: purchasesKey,
    query: (n, f) =>
      `{ accountLedger(accountCode: "${ledgerCode}", ${PERIOD}, first: ${n}) { account { lines { number ${select(f, 'entry { id number }')} } } } }`,
    parents: (data) => data.accountLedger.account.lines,
    filled: (line) => present(line.entry),
  },
  'Product.deliveryNotes': {
    key: async () => (await deliveries()).key,
    query: (n, f) => `{ products(first: ${n}) { nodes { id ${select(f, 'deliveryNotes { id }')} } } }`,
    parents: nodes('products'),
    filled: (product) => present(product.deliveryNotes),
  },
  'Product.stockMovements': {
    key: async () => (await deliveries()).key,
    query: (n, f) => `{ products(first: ${n}) { nodes { id ${select(f, 'stockMovements { totalCount nodes { id } }')} } } }`,
    parents: nodes('products'),
    filled: (product) => present(product.stockMovements.nodes),
  },
  'ReceivedInvoice.linkedAccount': {
    key: purchasesKey,
    query: (n, f) =>
      `{ receivedInvoices(first: ${n}, filter: { from: "2026-02-01", to: "2026-02-01" }) { nodes { id ${select(f, 'linkedAccount { code }')} } } }`,
    parents: nodes('receivedInvoices'),
    filled: (invoice) => present(invoice.linkedAccount),
  },
  'ReceivedInvoice.linkedExpense': {
    key: purchasesKey,
    query: (n, f) =>
      `{ receivedInvoices(first: ${n}, filter: { from: "2026-02-02", to: "2026-02-02" }) { nodes { id ${select(f, 'linkedExpense { id }')} } } }`,
    parents: nodes('receivedInvoices'),
    filled: (invoice) => present(invoice.linkedExpense),
  },
  'ReceivedInvoice.linkedJournalEntry': {
    key: purchasesKey,
    query: (n, f) =>
      `{ receivedInvoices(first: ${n}, filter: { from: "2026-02-01", to: "2026-02-01" }) { nodes { id ${select(f, 'linkedJournalEntry { id }')} } } }`,
    parents: nodes('receivedInvoices'),
    filled: (invoice) => present(invoice.linkedJournalEntry),
  },
  'ReceivedInvoice.supplier': {
    key: purchasesKey,
    query: (n, f) => `{ receivedInvoices(first: ${n}) { nodes { id ${select(f, 'supplier { id }')} } } }`,
    parents: nodes('receivedInvoices'),
    filled: (invoice) => present(invoice.supplier),
  },
  'Supplier.expenses': {
    key: purchasesKey,
    query: (n, f) => `{ suppliers(first: ${n}) { nodes { id ${select(f, 'expenses { nodes { id } }')} } } }`,
    parents: nodes('suppliers'),
    filled: (supplier) => present(supplier.expenses.nodes),
  },
  'Supplier.receivedInvoices': {
    key: purchasesKey,
    query: (n, f) => `{ suppliers(first: ${n}) { nodes { id ${select(f, 'receivedInvoices { nodes { id } }')} } } }`,
    parents: nodes('suppliers'),
    filled: (supplier) => present(supplier.receivedInvoices.nodes),
  },
  'Supplier.supplies': {
    key: purchasesKey,
    query: (n, f) => `{ suppliers(first: ${n}) { nodes { id ${select(f, 'supplies { id }')} } } }`,
    parents: nodes('suppliers'),
    filled: (supplier) => present(supplier.supplies),
  },
  'Supply.stockMovements': {
    key: purchasesKey,
    query: (n, f) => `{ supplies(first: ${n}) { nodes { id ${select(f, 'stockMovements { nodes { id } }')} } } }`,
    parents: nodes('supplies'),
    filled: (supply) => present(supply.stockMovements.nodes),
  },
  'Supply.supplier': {
    key: purchasesKey,
    query: (n, f) => `{ supplies(first: ${n}) { nodes { id ${select(f, 'supplier { id }')} } } }`,
    parents: nodes('supplies'),
    filled: (supply) => present(supply.supplier),
  },
  'SupplyConsumption.createdBy': {
    key: async () => (await consumptions()).key,
    query: (n, f) => `{ supplyConsumptions(first: ${n}) { nodes { id ${select(f, 'createdBy { id email }')} } } }`,
    parents: nodes('supplyConsumptions'),
    filled: (consumption) => present(consumption.createdBy),
  },
  'SupplyConsumption.customer': {
    key: async () => (await consumptions()).key,
    query: (n, f) => `{ supplyConsumptions(first: ${n}) { nodes { id ${select(f, 'customer { id name }')} } } }`,
    parents: nodes('supplyConsumptions'),
    filled: (consumption) => present(consumption.customer),
  },
  'SupplyConsumption.revertedBy': {
    key: async () => (await consumptions()).key,
    query: (n, f) => `{ supplyConsumptions(first: ${n}) { nodes { id ${select(f, 'revertedBy { id email }')} } } }`,
    parents: nodes('supplyConsumptions'),
    filled: (consumption) => present(consumption.revertedBy),
  },
  'SupplyConsumptionItem.supply': {
    key: async () => (await consumptions()).key,
    query: (n, f) => `{ supplyConsumptions(first: ${n}) { nodes { id items { supplyId ${select(f, 'supply { id name }')} } } } }`,
    parents: flat((data) => data.supplyConsumptions.nodes.map((consumption: Row) => consumption.items)),
    filled: (item) => present(item.supply),
  },
  'Withholding.certificate': {
    key: async () => (await withholdings()).key,
    query: (n, f) => `{ withholdings(limit: ${n}) { items { id ${select(f, 'certificate { id number }')} } } }`,
    parents: items('withholdings'),
    filled: (withholding) => present(withholding.certificate),
  },
  'Withholding.journalEntry': {
    key: async () => (await withholdings()).key,
    query: (n, f) => `{ withholdings(limit: ${n}) { items { id ${select(f, 'journalEntry { id number }')} } } }`,
    parents: items('withholdings'),
    filled: (withholding) => present(withholding.journalEntry),
  },
  'Withholding.supplier': {
    key: async () => (await withholdings()).key,
    query: (n, f) => `{ withholdings(limit: ${n}) { items { id ${select(f, 'supplier { id name }')} } } }`,
    parents: items('withholdings'),
    filled: (withholding) => present(withholding.supplier),
  },
};

/**
 * Fields computed from their parent alone. certificateHtml and certificatePdf (src/domain/withholdings) take the
 * certificate document already read and nothing else: no context, so no way to the store. Measured all the same:
 * selecting them must not add a command.
 */
const COMPUTED: Record<string, Scenario> = {
  'WithholdingCertificate.html': {
    key: async () => (await withholdings()).key,
    query: (n, f) => `{ withholdingCertificates(limit: ${n}) { items { id ${select(f, 'html')} } } }`,
    parents: items('withholdingCertificates'),
    filled: (certificate) => typeof certificate.html === 'string' && certificate.html.includes('<html'),
  },
  'WithholdingCertificate.pdfBase64': {
    key: async () => (await withholdings()).key,
    query: (n, f) => `{ withholdingCertificates(limit: ${n}) { items { id ${select(f, 'pdfBase64')} } } }`,
    parents: items('withholdingCertificates'),
    filled: (certificate) =>
      Buffer.from(certificate.pdfBase64 ?? '', 'base64')
        .subarray(0, 5)
        .toString() === '%PDF-',
  },
};

async function commandsFor(scenario: Scenario, n: number, withField: boolean): Promise<{ commands: number; parents: Row[] }> {
  gw.clock.now = scenario.now ?? NOW;
  const key = await scenario.key(n);
  const query = await scenario.query(n, withField);
  const result = await gw.gql(query, {}, { key });
  expect(result.body.errors).toBeUndefined();
  const parents = scenario.parents(result.body.data);
  return { commands: await gw.commandsOf(requestId(result)), parents };
}

it('every nested field that runs its own resolver is measured here, either as a read or as a computation', async () => {
  const fields = resolvedFields(await gatewaySchema());
  expect([...Object.keys(SCENARIOS), ...Object.keys(COMPUTED)].sort()).toEqual(fields);
  expect(Object.keys(SCENARIOS).filter((field) => field in COMPUTED)).toEqual([]);
});

describe.each(Object.entries(SCENARIOS))('%s', (field, scenario) => {
  it('costs the same number of commands for 1, 10 and 100 parents, each with its relation', async () => {
    const counts: number[] = [];
    for (const n of scenario.sizes ?? [1, 10, 100]) {
      const { commands, parents } = await commandsFor(scenario, n, true);
      expect(parents).toHaveLength(n);
      const filled = parents.filter(scenario.filled).length;
      if (scenario.everyFilled === false) expect(filled).toBeGreaterThan(0);
      else expect(filled).toBe(n);
      // Several parents: the own cost is what selecting the field adds.
      const own = scenario.ownCost ? commands - (await commandsFor(scenario, n, false)).commands : commands;
      counts.push(own - n * (scenario.perParent ?? 0));
    }
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
  }, 600_000);
});

describe.each(Object.entries(COMPUTED))('%s (computed, reads nothing)', (field, scenario) => {
  it('adds no command to the query that reaches its parents, for 1, 10 and 100 of them', async () => {
    const counts: number[] = [];
    for (const n of [1, 10, 100]) {
      const withField = await commandsFor(scenario, n, true);
      const without = await commandsFor(scenario, n, false);
      expect(withField.parents).toHaveLength(n);
      expect(withField.parents.every(scenario.filled)).toBe(true);
      expect(withField.commands).toBe(without.commands);
      counts.push(withField.commands);
    }
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
  }, 600_000);
});
