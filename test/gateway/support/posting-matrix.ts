/**
 * The posting entries of the authorization matrix (test/gateway/authorization.test.ts): the posting accounts, posting
 * an expense or a received invoice, and an expense made from a received invoice. The accounts of A (and of B) come
 * from a chart of their own, mapped through the posting accounts, since the matrix's accounts share one chart with
 * the accounting cases. The other account's records (made once, in an account of these cases' own) must stay
 * untouched and unseen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { SCOPES, type Scope } from '../../../src/domain/auth/scopes';
import type { HttpResult } from '../../support/gateway';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';

const G2_HEADER = readFileSync(join(__dirname, '..', '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'), 'utf8').split('\n')[0];
const ISSUER_CUIT = '30708884444';

const exportOf = (number: number, issuer: string) =>
  new File(
    [`${G2_HEADER}\n2025-12-01;1;9;${number};${number};75481234500011;80;${ISSUER_CUIT};${issuer};1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00\n`],
    `posting-matrix-${number}.csv`,
  );

export function postingMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const collection = (name: 'expenses' | 'received_invoices' | 'accounts' | 'ledger_accounts') => gw().store.collection<Row>(name);
  const stored = (name: 'expenses' | 'received_invoices', id: string) => collection(name).findOne({ _id: new ObjectId(id) });
  let numbers = (process.pid % 10_000) * 10_000 + 5_000;

  /** A chart of the key's own (unique codes) mapped as its posting accounts, made once per key. */
  const charts = new Map<string, Promise<Row>>();
  const newAccount = async (key: string, prefix: string, accountType: string) => {
    const code = env.unique(prefix).replace(/\s/g, '');
    const res = await gw().rest('POST', '/accounting/accounts/', { key, body: { code, name: `Cuenta ${code}`, account_type: accountType, is_detail: true } });
    expect(res.status).toBe(201);
    return code;
  };
  const chartOf = (key: string) => {
    let chart = charts.get(key);
    if (!chart) {
      chart = (async () => {
        const mapping = {
          expense: await newAccount(key, 'PG', 'expense'),
          vat_credit: await newAccount(key, 'PV', 'asset'),
          iibb_perceptions: await newAccount(key, 'PP', 'asset'),
          suppliers_payable: await newAccount(key, 'PS', 'liability'),
        };
        const cash = await newAccount(key, 'PC', 'asset');
        const res = await gw().rest('PUT', '/accounting/posting-accounts/', {
          key,
          body: {
            ...mapping,
            iva_perceptions: mapping.iibb_perceptions,
            ganancias_perceptions: mapping.iibb_perceptions,
            payment_methods: [{ method: 'cash', account_code: cash }],
          },
        });
        expect(res.status).toBe(200);
        return { ...mapping, cash };
      })();
      charts.set(key, chart);
    }
    return chart;
  };

  const expenseOf = async (key: string, description = env.unique('Posting matrix expense')) => {
    await chartOf(key);
    const res = await gw().rest('POST', '/expenses/', {
      key,
      body: { amount: 121, tax_rate: 21, description, date: '2026-04-02', status: 'approved', payment_method: 'cash' },
    });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };
  const invoiceOf = async (key: string, issuer = 'MATRIZ POSTEO S.A.') => {
    await chartOf(key);
    const number = ++numbers;
    const form = new FormData();
    form.append('file', exportOf(number, issuer));
    const res = await gw().rest('POST', '/received_invoices/upload-csv/', { key, body: form });
    expect({ status: res.status, imported: res.body.data?.rows_imported }).toEqual({ status: 200, imported: 1 });
    const invoice = await collection('received_invoices').findOne({ voucher_number: number, supplier_name: issuer });
    return invoice!._id.toHexString() as string;
  };

  const snapshots = new Map<string, Promise<unknown>>();
  const remember = (name: 'expenses' | 'received_invoices') => async (id: string) => {
    snapshots.set(id, stored(name, id));
    return id;
  };
  const expenseOfA = async () => remember('expenses')(await expenseOf(env.fullA()));
  const invoiceOfA = async () => remember('received_invoices')(await invoiceOf(env.fullA()));
  const unchangedIn = (name: 'expenses' | 'received_invoices') => async (id: string) => expect(await stored(name, id)).toEqual(await snapshots.get(id));
  const entriesOf = (id: string) => gw().store.collection('journal_entries').countDocuments({ reference_id: id });

  const SECRET_B = 'POSTEO B SECRETO S.A.';
  // The other account is one of these cases' own: B's counts of records are the received-invoice cases' business.
  let other: Promise<string> | undefined;
  const otherKey = () =>
    (other ??= gw()
      .account([...SCOPES])
      .then(({ key }) => key));
  let ofB: Promise<{ expense: string; invoice: string; chart: Row; before: unknown[] }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const key = await otherKey();
      const chart = await chartOf(key);
      const expense = await expenseOf(key, SECRET_B);
      const invoice = await invoiceOf(key, SECRET_B);
      return { expense, invoice, chart, before: [await stored('expenses', expense), await stored('received_invoices', invoice)] };
    })());
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect([await stored('expenses', b.expense), await stored('received_invoices', b.invoice)]).toEqual(b.before);
    expect(await entriesOf(b.expense)).toBe(0);
    expect(await entriesOf(b.invoice)).toBe(0);
  };
  const notFound = async (send: (b: { expense: string; invoice: string }) => Promise<HttpResult>) => {
    const b = await recordsOfB();
    const res = await send(b);
    const code = res.body.error?.code ?? res.body.errors?.[0]?.extensions?.code;
    expect(code).toBe('NOT_FOUND');
    if (res.body.error) expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain(SECRET_B);
    await bUntouched();
  };

  /** A fresh expense account of A: what a settings update names. */
  const freshExpenseAccountOfA = async () => {
    await chartOf(env.fullA());
    return newAccount(env.fullA(), 'PN', 'expense');
  };
  const mappedExpenseOfA = async () => ((await collection('accounts').findOne({ _id: await accountIdOfA() })) as Row).posting_accounts?.expense;
  let accountA: Promise<ObjectId> | undefined;
  const accountIdOfA = () =>
    (accountA ??= (async () => {
      const code = (await chartOf(env.fullA())).cash as string;
      return ((await collection('ledger_accounts').findOne({ code })) as Row).account_id as ObjectId;
    })());
  /** A's update naming B's account: not in A's chart, 400 naming the field; B's mapping untouched. */
  const foreignCode = async (send: (code: string) => Promise<HttpResult>) => {
    const b = await recordsOfB();
    const res = await send(b.chart.expense);
    const error = res.body.error ?? res.body.errors?.[0]?.extensions;
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(error.details)).toContain('expense');
    const mine = await gw().rest('GET', '/accounting/posting-accounts/', { key: await otherKey() });
    expect(mine.body.data.expense).toBe(b.chart.expense);
    await bUntouched();
  };

  const path = (base: string, id: string, tail: string) => `${base}${encodeURIComponent(id)}/${tail}`;

  const rest: Record<string, RestCase> = {
    'GET /accounting/posting-accounts/': {
      record: async () => (await chartOf(env.fullA())).cash,
      request: () => ({ path: '/accounting/posting-accounts/' }),
      succeeded: (res: HttpResult, cash: string) => expect(res.body.data.payment_methods).toEqual([{ method: 'cash', account_code: cash }]),
      unchanged: async () => undefined,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', '/accounting/posting-accounts/', { key: env.fullA() });
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain(b.chart.cash);
        await bUntouched();
      },
    },
    'PUT /accounting/posting-accounts/': {
      record: freshExpenseAccountOfA,
      request: (code: string) => ({ path: '/accounting/posting-accounts/', body: { expense: code } }),
      async succeeded(res: HttpResult, code: string) {
        expect(res.body.data.expense).toBe(code);
        expect(await mappedExpenseOfA()).toBe(code);
      },
      unchanged: async (code: string) => expect(await mappedExpenseOfA()).not.toBe(code),
      otherAccount: () => foreignCode((code) => gw().rest('PUT', '/accounting/posting-accounts/', { key: env.fullA(), body: { expense: code } })),
    },
    'POST /expenses/{id}/post/': {
      record: expenseOfA,
      request: (id: string) => ({ path: path('/expenses/', id, 'post/') }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ status: 'posted', reference_type: 'expense', reference_id: id, total_debit: 121, total_credit: 121 });
        expect((await stored('expenses', id))!.journal_entry_id.toHexString()).toBe(res.body.data._id);
      },
      unchanged: async (id: string) => {
        await unchangedIn('expenses')(id);
        expect(await entriesOf(id)).toBe(0);
      },
      otherAccount: () => notFound((b) => gw().rest('POST', path('/expenses/', b.expense, 'post/'), { key: env.fullA() })),
    },
    'POST /received_invoices/{id}/post/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: path('/received_invoices/', id, 'post/') }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ status: 'posted', reference_type: 'received_invoice', reference_id: id, total_debit: 121 });
        expect(await stored('received_invoices', id)).toMatchObject({ status: 'linked', linked_journal_entry_id: res.body.data._id });
      },
      unchanged: async (id: string) => {
        await unchangedIn('received_invoices')(id);
        expect(await entriesOf(id)).toBe(0);
      },
      otherAccount: () => notFound((b) => gw().rest('POST', path('/received_invoices/', b.invoice, 'post/'), { key: env.fullA() })),
    },
    'POST /received_invoices/{id}/create-expense/': {
      record: invoiceOfA,
      request: (id: string) => ({ path: path('/received_invoices/', id, 'create-expense/') }),
      async succeeded(res: HttpResult, id: string) {
        expect(res.body.data).toMatchObject({ amount: 121, tax_rate: 21, status: 'pending', received_invoice_id: id });
        expect((await stored('received_invoices', id))!.linked_expense_id).toBe(res.body.data._id);
      },
      unchanged: unchangedIn('received_invoices'),
      otherAccount: () => notFound((b) => gw().rest('POST', path('/received_invoices/', b.invoice, 'create-expense/'), { key: env.fullA() })),
    },
  };

  const idCase = (
    scope: Scope,
    record: () => Promise<string>,
    document: string,
    succeeded: GqlCase['succeeded'],
    unchanged: (id: string) => Promise<void>,
  ): GqlCase => ({
    scope,
    record,
    document,
    variables: (id) => ({ id }),
    succeeded,
    unchanged,
    otherAccount: () =>
      notFound(async (b) => {
        const id = document.includes('postExpense') ? b.expense : b.invoice;
        return gw().gql(document, { id }, { key: env.fullA() });
      }),
    badId: (id) => ({ id }),
  });

  const gql: Record<string, GqlCase> = {
    postingAccounts: {
      scope: READ,
      record: async () => (await chartOf(env.fullA())).cash,
      document: 'query Q { postingAccounts { paymentMethods { method accountCode } } }',
      variables: () => ({}),
      succeeded: (data, cash) => expect(data.postingAccounts.paymentMethods).toEqual([{ method: 'cash', accountCode: cash }]),
      unchanged: async () => undefined,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('{ postingAccounts { expense vatCredit suppliersPayable paymentMethods { accountCode } } }', {}, { key: env.fullA() });
        expect(JSON.stringify(res.body)).not.toContain(b.chart.cash);
        await bUntouched();
      },
    },
    updatePostingAccounts: {
      scope: WRITE,
      record: freshExpenseAccountOfA,
      document: 'mutation M($code: String) { updatePostingAccounts(input: { expense: $code }) { expense } }',
      variables: (code) => ({ code }),
      async succeeded(data, code) {
        expect(data.updatePostingAccounts).toEqual({ expense: code });
        expect(await mappedExpenseOfA()).toBe(code);
      },
      unchanged: async (code) => expect(await mappedExpenseOfA()).not.toBe(code),
      otherAccount: () =>
        foreignCode((code) =>
          gw().gql('mutation M($code: String) { updatePostingAccounts(input: { expense: $code }) { expense } }', { code }, { key: env.fullA() }),
        ),
    },
    postExpense: idCase(
      WRITE,
      expenseOfA,
      'mutation M($id: ID!) { postExpense(id: $id) { id status referenceId } }',
      async (data, id) => {
        expect(data.postExpense).toMatchObject({ status: 'posted', referenceId: id });
        expect((await stored('expenses', id))!.journal_entry_id.toHexString()).toBe(data.postExpense.id);
      },
      async (id) => {
        await unchangedIn('expenses')(id);
        expect(await entriesOf(id)).toBe(0);
      },
    ),
    postReceivedInvoice: idCase(
      WRITE,
      invoiceOfA,
      'mutation M($id: ID!) { postReceivedInvoice(id: $id) { id status referenceId } }',
      async (data, id) => {
        expect(data.postReceivedInvoice).toMatchObject({ status: 'posted', referenceId: id });
        expect(await stored('received_invoices', id)).toMatchObject({ status: 'linked', linked_journal_entry_id: data.postReceivedInvoice.id });
      },
      async (id) => {
        await unchangedIn('received_invoices')(id);
        expect(await entriesOf(id)).toBe(0);
      },
    ),
    createExpenseFromReceivedInvoice: idCase(
      'expenses:write',
      invoiceOfA,
      'mutation M($id: ID!) { createExpenseFromReceivedInvoice(id: $id) { id amount receivedInvoiceId } }',
      async (data, id) => {
        expect(data.createExpenseFromReceivedInvoice).toMatchObject({ amount: 121, receivedInvoiceId: id });
        expect((await stored('received_invoices', id))!.linked_expense_id).toBe(data.createExpenseFromReceivedInvoice.id);
      },
      unchangedIn('received_invoices'),
    ),
  };
  return { rest, gql };
}
