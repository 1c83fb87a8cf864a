import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { openApiValidator, requestSchema, responseSchema } from '../support/openapi';

/**
 * Posting purchases to the journal: received invoices (two VAT rates and a perception, a credit note, a voucher in
 * dollars) and expenses, against the default chart, with amounts computed by hand; the links both ways; the
 * refusals; two concurrent posts of one expense.
 */

type Row = Record<string, any>;

let gw: TestGateway;
let key: string;
const FIXTURE = readFileSync(join(__dirname, '..', 'fixtures', 'posting', 'recibidos-posting.csv'));

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account([...SCOPES]));
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
  const form = new FormData();
  form.append('file', new File([FIXTURE], 'recibidos-posting.csv'));
  const res = await gw.rest('POST', '/received_invoices/upload-csv/?create_missing_suppliers=true', { key, body: form });
  expect(res.body.data).toMatchObject({ rows_imported: 7, rows_with_errors: 0 });
});
afterAll(async () => {
  await gw?.stop();
});

const invoiceId = async (voucherType: number, number: number): Promise<string> => {
  const doc = await gw.store.collection<Row>('received_invoices').findOne({ voucher_type: voucherType, voucher_number: number });
  return doc!._id.toHexString();
};
const storedInvoice = async (id: string) => gw.store.collection<Row>('received_invoices').findOne({ _id: new ObjectId(id) });
const storedExpense = async (id: string) => gw.store.collection<Row>('expenses').findOne({ _id: new ObjectId(id) });
const entriesFor = (referenceId: string) => gw.store.collection<Row>('journal_entries').find({ reference_id: referenceId }).toArray();
/** Lines as [code, debit, credit], in the entry's order. */
const linesOf = (entry: Row) => entry.lines.map((line: Row) => [line.account_code, line.debit ?? 0, line.credit ?? 0]);
const balanceOf = async (code: string) => {
  const res = await gw.gql('{ ledgerBalances(asOf: "2026-12-31") { items { code balance } } }', {}, { key });
  return res.body.data.ledgerBalances.items.find((item: Row) => item.code === code).balance as number;
};

describe('received invoices', () => {
  it('an invoice with two VAT rates, an untaxed part and a perception: net per rate, VAT per rate, the perception, against Proveedores', async () => {
    const id = await invoiceId(1, 1001);
    const res = await gw.rest('POST', `/received_invoices/${id}/post/`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'posted',
      date: '2026-03-05',
      reference_type: 'received_invoice',
      reference_id: id,
      total_debit: 18275,
      total_credit: 18275,
      fiscal_year: 2026,
    });
    expect(linesOf(res.body.data)).toEqual([
      ['5.3.1.01.005', 5000, 0],
      ['5.3.1.01.005', 10000, 0],
      ['5.3.1.01.005', 200, 0],
      ['1.1.4.01.001', 525, 0],
      ['1.1.4.01.001', 2100, 0],
      ['1.1.4.03.001', 450, 0],
      ['2.1.1.01.001', 0, 18275],
    ]);
    expect(res.body.data.lines[6].account_name).toBe('Proveedores');
    const expenseAccount = await gw.store.collection<Row>('ledger_accounts').findOne({ code: '5.3.1.01.005' });
    expect(await storedInvoice(id)).toMatchObject({
      status: 'linked',
      linked_journal_entry_id: res.body.data._id,
      linked_account_id: expenseAccount!._id.toHexString(),
    });
    expect(await balanceOf('2.1.1.01.001')).toBe(18275);
    expect(await balanceOf('1.1.4.01.001')).toBe(2625);

    const again = await gw.rest('POST', `/received_invoices/${id}/post/`, { key });
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'ALREADY_POSTED' });
    expect(await entriesFor(id)).toHaveLength(1);
  });

  it('a credit note reverses the sides (its amounts are positive; the sign comes from its voucher code)', async () => {
    const id = await invoiceId(3, 55);
    const res = await gw.gql('mutation M($id: ID!) { postReceivedInvoice(id: $id) { totalDebit lines { accountCode debit credit } } }', { id }, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.postReceivedInvoice).toEqual({
      totalDebit: 1210,
      lines: [
        { accountCode: '2.1.1.01.001', debit: 1210, credit: null },
        { accountCode: '5.3.1.01.005', debit: null, credit: 1000 },
        { accountCode: '1.1.4.01.001', debit: null, credit: 210 },
      ],
    });
  });

  it('a voucher in dollars posts in pesos at its exchange rate, to the account given, balanced to the cent', async () => {
    const id = await invoiceId(1, 300);
    const res = await gw.rest('POST', `/received_invoices/${id}/post/`, { key, body: { account_code: '1.1.5.01.002', date: '2026-03-31' } });
    expect(res.status).toBe(200);
    // 100.01 × 1043.375 = 104347.93375; 21.00 × 1043.375 = 21910.875; 121.01 × 1043.375 = 126258.80875.
    expect(linesOf(res.body.data)).toEqual([
      ['1.1.5.01.002', 104347.93, 0],
      ['1.1.4.01.001', 21910.88, 0],
      ['2.1.1.01.001', 0, 126258.81],
    ]);
    expect(res.body.data.date).toBe('2026-03-31');
  });

  it('refusals: an unknown account (400), an account that is not postable (409, nothing written), another account’s id (404)', async () => {
    const id = await invoiceId(1, 1002);
    const unknown = await gw.rest('POST', `/received_invoices/${id}/post/`, { key, body: { account_code: '9.9.9' } });
    expect({ status: unknown.status, path: unknown.body.error.details[0].path }).toEqual({ status: 400, path: 'account_code' });
    const heading = await gw.rest('POST', `/received_invoices/${id}/post/`, { key, body: { account_code: '5.3.1.01' } });
    expect({ status: heading.status, code: heading.body.error.code }).toEqual({ status: 409, code: 'ACCOUNT_NOT_POSTABLE' });
    expect(await storedInvoice(id)).toMatchObject({ status: 'pending', linked_journal_entry_id: null });
    expect(await entriesFor(id)).toHaveLength(0);
    const extra = await gw.rest('POST', `/received_invoices/${id}/post/`, { key, body: { account_code: '5.3.1.01.005', bogus: 1 } });
    expect(extra.status).toBe(400);
    const missing = await gw.rest('POST', `/received_invoices/${new ObjectId().toHexString()}/post/`, { key });
    expect(missing.status).toBe(404);
  });

  it('an expense made from a received invoice: pre-filled, linked both ways; the invoice is booked by posting the expense', async () => {
    const id = await invoiceId(1, 1003);
    const created = await gw.rest('POST', `/received_invoices/${id}/create-expense/`, { key });
    expect(created.status).toBe(201);
    const supplier = await gw.store.collection<Row>('suppliers').findOne({ tax_id: '30708884444' });
    expect(created.body.data).toMatchObject({
      amount: 2420,
      tax_rate: 21,
      iva_items: [{ Id: 5, BaseImp: 2000, Importe: 420 }],
      date: '2026-03-09',
      supplier_id: supplier!._id.toHexString(),
      vendor: 'DISTRIBUIDORA ÑANDÚ S.A.',
      receipt_number: '00007-00001003',
      status: 'pending',
      received_invoice_id: id,
      journal_entry_id: null,
    });
    const expenseId = created.body.data._id;
    expect(await storedInvoice(id)).toMatchObject({ status: 'pending', linked_expense_id: expenseId });

    const twice = await gw.rest('POST', `/received_invoices/${id}/create-expense/`, { key });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: 'INVOICE_HAS_EXPENSE' });
    const direct = await gw.rest('POST', `/received_invoices/${id}/post/`, { key });
    expect({ status: direct.status, code: direct.body.error.code }).toEqual({ status: 409, code: 'INVOICE_HAS_EXPENSE' });

    const pending = await gw.rest('POST', `/expenses/${expenseId}/post/`, { key });
    expect({ status: pending.status, code: pending.body.error.code }).toEqual({ status: 409, code: 'EXPENSE_NOT_APPROVED' });
    expect((await gw.gql('mutation M($id: ID!) { approveExpense(id: $id) { status } }', { id: expenseId }, { key })).body.data).toBeTruthy();
    const posted = await gw.rest('POST', `/expenses/${expenseId}/post/`, { key });
    expect(posted.status).toBe(200);
    expect(linesOf(posted.body.data)).toEqual([
      ['5.3.1.01.005', 2000, 0],
      ['1.1.4.01.001', 420, 0],
      ['2.1.1.01.001', 0, 2420],
    ]);
    expect(await storedInvoice(id)).toMatchObject({ status: 'linked', linked_journal_entry_id: posted.body.data._id, linked_expense_id: expenseId });

    const graph = await gw.gql(
      `query Q($id: ID!) { receivedInvoice(id: $id) {
        linkedExpense { id journalEntry { id } receivedInvoice { id } }
        linkedJournalEntry { number lines { account { code name } } }
        supplier { taxId }
      } }`,
      { id },
      { key },
    );
    expect(graph.body.errors).toBeUndefined();
    expect(graph.body.data.receivedInvoice).toMatchObject({
      linkedExpense: { id: expenseId, journalEntry: { id: posted.body.data._id }, receivedInvoice: { id } },
      linkedJournalEntry: {
        lines: [{ account: { code: '5.3.1.01.005' } }, { account: { code: '1.1.4.01.001' } }, { account: { code: '2.1.1.01.001', name: 'Proveedores' } }],
      },
      supplier: { taxId: '30708884444' },
    });
  });

  it('two concurrent posts of one received invoice: exactly one entry; the entry leads back to the invoice', async () => {
    const id = await invoiceId(1, 1004);
    const results = await Promise.all([1, 2, 3].map(() => gw.rest('POST', `/received_invoices/${id}/post/`, { key })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const entries = await entriesFor(id);
    expect(entries).toHaveLength(1);
    expect((await storedInvoice(id))!.linked_journal_entry_id).toBe(entries[0]._id.toHexString());
    const graph = await gw.gql(
      'query Q($id: ID!) { journalEntry(id: $id) { referenceType sourceReceivedInvoice { id status } sourceExpense { id } } }',
      { id: entries[0]._id.toHexString() },
      { key },
    );
    expect(graph.body.data.journalEntry).toEqual({ referenceType: 'received_invoice', sourceReceivedInvoice: { id, status: 'linked' }, sourceExpense: null });
  });

  it('a credit note makes no expense', async () => {
    const id = await invoiceId(3, 56);
    const res = await gw.gql('mutation M($id: ID!) { createExpenseFromReceivedInvoice(id: $id) { id } }', { id }, { key });
    expect(res.body.errors[0].extensions.code).toBe('NOT_AN_EXPENSE');
    expect(await storedInvoice(id)).toMatchObject({ status: 'pending', linked_expense_id: null });
  });
});

describe('expenses', () => {
  const approved = async (fields: Row = {}) => {
    const res = await gw.rest('POST', '/expenses/', {
      key,
      body: { amount: 1552.5, description: 'Insumos de oficina', tax_rate: 21, date: '2026-04-10', status: 'approved', ...fields },
    });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  };

  it('VAT per iva_items to IVA crédito fiscal, the rest to the expense account, the amount against the payment method', async () => {
    // 1000 at 21 % (210) + 300 at 10.5 % (31.50) + 11 without VAT = 1552.50.
    const id = await approved({
      payment_method: 'cash',
      iva_items: [
        { Id: 5, BaseImp: 1000, Importe: 210 },
        { Id: 4, BaseImp: 300, Importe: 31.5 },
      ],
    });
    const res = await gw.rest('POST', `/expenses/${id}/post/`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ reference_type: 'expense', reference_id: id, date: '2026-04-10', total_debit: 1552.5 });
    expect(linesOf(res.body.data)).toEqual([
      ['5.3.1.01.005', 1311, 0],
      ['1.1.4.01.001', 210, 0],
      ['1.1.4.01.001', 31.5, 0],
      ['1.1.1.01.001', 0, 1552.5],
    ]);
    const expense = await gw.rest('GET', `/expenses/${id}/`, { key });
    expect(expense.body.data.journal_entry_id).toBe(res.body.data._id);

    const again = await gw.rest('POST', `/expenses/${id}/post/`, { key });
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'ALREADY_POSTED' });
    // Posted: its amounts are fixed, and it cannot be cancelled; other fields still change.
    const changed = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { amount: 10 } });
    expect({ status: changed.status, code: changed.body.error.code }).toEqual({ status: 409, code: 'EXPENSE_POSTED' });
    const cancelled = await gw.gql('mutation M($id: ID!) { cancelExpense(id: $id) { id } }', { id }, { key });
    expect(cancelled.body.errors[0].extensions.code).toBe('EXPENSE_POSTED');
    expect((await gw.rest('PUT', `/expenses/${id}/`, { key, body: { notes: 'revisado' } })).status).toBe(200);
    expect(await entriesFor(id)).toHaveLength(1);
  });

  it('without iva_items: the VAT inside the amount at its rate; without a mapped payment method: Proveedores', async () => {
    // 1000 / 1.21 = 826.446… → 826.45 net, 173.55 VAT.
    const id = await approved({ amount: 1000, payment_method: 'otro' });
    const res = await gw.gql('mutation M($id: ID!) { postExpense(id: $id) { lines { accountCode debit credit } } }', { id }, { key });
    expect(res.body.data.postExpense.lines).toEqual([
      { accountCode: '5.3.1.01.005', debit: 826.45, credit: null },
      { accountCode: '1.1.4.01.001', debit: 173.55, credit: null },
      { accountCode: '2.1.1.01.001', debit: null, credit: 1000 },
    ]);
    const graph = await gw.gql('query Q($id: ID!) { expense(id: $id) { journalEntryId journalEntry { status referenceId totalCredit } } }', { id }, { key });
    expect(graph.body.data.expense.journalEntry).toEqual({ status: 'posted', referenceId: id, totalCredit: 1000 });
    const back = await gw.gql(
      'query Q($id: ID!) { journalEntry(id: $id) { sourceExpense { id } sourceReceivedInvoice { id } } }',
      { id: graph.body.data.expense.journalEntryId },
      { key },
    );
    expect(back.body.data.journalEntry).toEqual({ sourceExpense: { id }, sourceReceivedInvoice: null });
  });

  it('refused unless approved or paid: pending, cancelled (409 EXPENSE_NOT_APPROVED); a paid one posts', async () => {
    for (const status of ['pending']) {
      const id = await approved({ status });
      const res = await gw.rest('POST', `/expenses/${id}/post/`, { key });
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: 'EXPENSE_NOT_APPROVED' });
      expect((await storedExpense(id))!.journal_entry_id).toBeUndefined();
    }
    const cancelled = await approved();
    await gw.gql('mutation M($id: ID!) { cancelExpense(id: $id) { id } }', { id: cancelled }, { key });
    expect((await gw.rest('POST', `/expenses/${cancelled}/post/`, { key })).body.error.code).toBe('EXPENSE_NOT_APPROVED');
    const paid = await approved({ status: 'paid', payment_method: 'mercadopago', tax_rate: 0 });
    const res = await gw.rest('POST', `/expenses/${paid}/post/`, { key });
    expect(linesOf(res.body.data)).toEqual([
      ['5.3.1.01.005', 1552.5, 0],
      ['1.1.1.02.003', 0, 1552.5],
    ]);
  });

  it('two concurrent posts of one expense: exactly one entry, one number used', async () => {
    const id = await approved({ payment_method: 'cash', tax_rate: 0 });
    const before = await gw.store.collection<Row>('journal_entries').countDocuments({ status: 'posted' });
    const results = await Promise.all([1, 2, 3].map(() => gw.rest('POST', `/expenses/${id}/post/`, { key })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(results.filter((res) => res.status === 409).map((res) => res.body.error.code)).toEqual(['ALREADY_POSTED', 'ALREADY_POSTED']);
    const entries = await entriesFor(id);
    expect(entries).toHaveLength(1);
    expect((await storedExpense(id))!.journal_entry_id.toHexString()).toBe(entries[0]._id.toHexString());
    expect(await gw.store.collection<Row>('journal_entries').countDocuments({ status: 'posted' })).toBe(before + 1);
    // Numbers within the year have no gaps.
    const numbers = (await gw.store.collection<Row>('journal_entries').find({ fiscal_year: 2026 }).toArray()).map((e) => e.number).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_n, i) => i + 1));
  });
});

describe('posting accounts', () => {
  it("defaults are the default chart's; an update is checked against the chart and used by the next posting", async () => {
    const { key: own } = await gw.account([...SCOPES]);
    const defaults = await gw.rest('GET', '/accounting/posting-accounts/', { key: own });
    expect(defaults.body.data).toMatchObject({
      expense: '5.3.1.01.005',
      vat_credit: '1.1.4.01.001',
      vat_credit_by_rate: [],
      iva_perceptions: '1.1.4.01.004',
      iibb_perceptions: '1.1.4.03.001',
      ganancias_perceptions: '1.1.4.02.003',
      other_taxes_as: 'iibb',
      suppliers_payable: '2.1.1.01.001',
    });
    // No chart yet: every account named is unknown.
    const none = await gw.rest('PUT', '/accounting/posting-accounts/', { key: own, body: { expense: '5.3.1.01.004' } });
    expect({ status: none.status, details: none.body.error.details }).toEqual({
      status: 400,
      details: [{ path: 'expense', message: 'no account 5.3.1.01.004 in the chart' }],
    });
    // Posting without a chart: the journal refuses, nothing is written.
    const expense = await gw.rest('POST', '/expenses/', { key: own, body: { amount: 10, description: 'x', tax_rate: 0, status: 'approved' } });
    const refused = await gw.rest('POST', `/expenses/${expense.body.data._id}/post/`, { key: own });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'ACCOUNT_NOT_POSTABLE' });
    expect((await storedExpense(expense.body.data._id))!.journal_entry_id).toBeUndefined();

    expect((await gw.rest('POST', '/accounting/accounts/seed/', { key: own })).status).toBe(200);
    const bad = await gw.rest('PUT', '/accounting/posting-accounts/', {
      key: own,
      body: { vat_credit: '1.1.4.01', vat_credit_by_rate: [{ rate: 21, account_code: 'nope' }], other_taxes_as: 'iva' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: Row) => d.path)).toEqual(['vat_credit', 'vat_credit_by_rate.0.account_code']);
    const wrongRate = await gw.rest('PUT', '/accounting/posting-accounts/', {
      key: own,
      body: { vat_credit_by_rate: [{ rate: 22, account_code: '1.1.4.01.001' }] },
    });
    expect(wrongRate.status).toBe(400);

    const ok = await gw.rest('PUT', '/accounting/posting-accounts/', {
      key: own,
      body: { expense: '5.3.1.01.004', vat_credit_by_rate: [{ rate: 21, account_code: '1.1.4.01.002' }], payment_methods: [] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ expense: '5.3.1.01.004', vat_credit_by_rate: [{ rate: 21, account_code: '1.1.4.01.002' }], payment_methods: [] });
    const posted = await gw.rest('POST', `/expenses/${expense.body.data._id}/post/`, { key: own });
    expect(posted.status).toBe(200);
    const other = await gw.rest('POST', '/expenses/', {
      key: own,
      body: { amount: 121, description: 'luz', tax_rate: 21, status: 'approved', payment_method: 'cash' },
    });
    const second = await gw.rest('POST', `/expenses/${other.body.data._id}/post/`, { key: own });
    expect(linesOf(second.body.data)).toEqual([
      ['5.3.1.01.004', 100, 0],
      ['1.1.4.01.002', 21, 0],
      ['2.1.1.01.001', 0, 121],
    ]);

    const reset = await gw.gql(
      'mutation { updatePostingAccounts(input: { expense: null, paymentMethods: null }) { expense paymentMethods { method } } }',
      {},
      { key: own },
    );
    expect(reset.body.data.updatePostingAccounts.expense).toBe('5.3.1.01.005');
    expect(reset.body.data.updatePostingAccounts.paymentMethods.map((m: Row) => m.method)).toContain('cash');
  });
});

describe('the posting routes against their OpenAPI schemas', () => {
  it('requests and responses (success and refusals) match the documented schemas', async () => {
    const doc = await (await fetch(`${gw.url}/api/v1/openapi.json`)).json();
    const { errorsAgainst } = openApiValidator(doc);
    const settings = await gw.rest('GET', '/accounting/posting-accounts/', { key });
    expect(errorsAgainst(settings.body, ...responseSchema('/accounting/posting-accounts/', 'get', 200))).toEqual([]);
    const update = { expense: '5.3.1.01.005', payment_methods: [{ method: 'cash', account_code: '1.1.1.01.001' }], other_taxes_as: 'iibb' };
    expect(errorsAgainst(update, ...requestSchema('/accounting/posting-accounts/', 'put'))).toEqual([]);
    const updated = await gw.rest('PUT', '/accounting/posting-accounts/', { key, body: update });
    expect(errorsAgainst(updated.body, ...responseSchema('/accounting/posting-accounts/', 'put', 200))).toEqual([]);
    const invalid = { other_taxes_as: 'iibb', unknown_field: 1 };
    expect(errorsAgainst(invalid, ...requestSchema('/accounting/posting-accounts/', 'put')).length).toBeGreaterThan(0);
    const refused = await gw.rest('PUT', '/accounting/posting-accounts/', { key, body: invalid });
    expect(refused.status).toBe(400);
    expect(errorsAgainst(refused.body, 'components', 'schemas', 'Error')).toEqual([]);

    const expense = await gw.rest('POST', '/expenses/', { key, body: { amount: 50, description: 'Documentado', tax_rate: 0, status: 'approved' } });
    const posted = await gw.rest('POST', `/expenses/${expense.body.data._id}/post/`, { key });
    expect(errorsAgainst(posted.body, ...responseSchema('/expenses/{id}/post/', 'post', 200))).toEqual([]);
    const twice = await gw.rest('POST', `/expenses/${expense.body.data._id}/post/`, { key });
    expect(twice.status).toBe(409);
    expect(errorsAgainst(twice.body, 'components', 'schemas', 'Error')).toEqual([]);

    const made = await gw.rest('POST', `/received_invoices/${await invoiceId(1, 1002)}/create-expense/`, { key });
    expect(made.status).toBe(201);
    expect(errorsAgainst(made.body, ...responseSchema('/received_invoices/{id}/create-expense/', 'post', 201))).toEqual([]);
    const body = { account_code: '5.3.1.01.004', date: '2026-03-31' };
    expect(errorsAgainst(body, ...requestSchema('/received_invoices/{id}/post/', 'post'))).toEqual([]);
    const [other] = await gw.store.collection<Row>('received_invoices').find({ status: 'pending', linked_expense_id: null }).limit(1).toArray();
    const invoicePosted = await gw.rest('POST', `/received_invoices/${other._id.toHexString()}/post/`, { key, body });
    expect(invoicePosted.status).toBe(200);
    expect(errorsAgainst(invoicePosted.body, ...responseSchema('/received_invoices/{id}/post/', 'post', 200))).toEqual([]);
  });
});
