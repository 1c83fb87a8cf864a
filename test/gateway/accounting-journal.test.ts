import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { balanceOf, createChart, draft, entry, post, posted } from './support/accounting';

/** The journal: balanced drafts, posting with gapless numbers per fiscal year, reversal, closed years, daily totals. */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

async function setup(): Promise<{ key: string; accountId: string; ids: Record<string, string> }> {
  const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
  return { key, accountId, ids: await createChart(gw, key) };
}
const create = (key: string, body: unknown) => gw.rest('POST', '/accounting/journal/', { key, body });
const paths = (res: HttpResult) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);
const stored = (id: string) => gw.store.collection('journal_entries').findOne({ _id: new ObjectId(id) }) as Promise<any>;
const totals = (accountId: string) =>
  gw.store
    .collection('ledger_daily_totals')
    .find({ account_id: new ObjectId(accountId) }, { projection: { _id: 0, account_code: 1, day: 1, debit_cents: 1, credit_cents: 1, ancestors: 1 } })
    .sort({ account_code: 1, day: 1 })
    .toArray();

describe('drafts', () => {
  it('a balanced entry is created as a draft with totals, account names filled in, no number and no balance effect', async () => {
    const { key, accountId, ids } = await setup();
    const res = await create(key, {
      date: '2026-05-04',
      description: 'Venta de contado',
      reference_type: 'invoice',
      reference_id: 'FA-0001-00000042',
      lines: [
        { account_code: '1.1.01', debit: 1210, description: 'Cobro' },
        { account_code: '4.1', account_name: 'Ventas gravadas', credit: 1210 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      date: '2026-05-04',
      status: 'draft',
      number: null,
      total_debit: 1210,
      total_credit: 1210,
      reference_type: 'invoice',
      reference_id: 'FA-0001-00000042',
      lines: [
        { account_code: '1.1.01', account_name: 'Caja en pesos', debit: 1210, credit: null, description: 'Cobro' },
        { account_code: '4.1', account_name: 'Ventas gravadas', debit: null, credit: 1210 },
      ],
    });
    expect((await stored(res.body.data._id)).lines[0]).toEqual({
      account_code: '1.1.01',
      account_name: 'Caja en pesos',
      debit_cents: 121000,
      description: 'Cobro',
    });
    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(0);
    expect(await totals(accountId)).toEqual([]);
  });

  it('every line has exactly one of debit or credit above 0; debits equal credits; accounts exist, are active and detail (400 naming them)', async () => {
    const { key, ids } = await setup();
    await gw.rest('PUT', `/accounting/accounts/${ids['1.1.02']}/`, { key, body: { is_active: false } });
    const both = await create(key, {
      description: 'x',
      lines: [
        { account_code: '1.1.01', debit: 1, credit: 1 },
        { account_code: '4.1', credit: 0 },
      ],
    });
    expect({ status: both.status, paths: paths(both).sort() }).toEqual({ status: 400, paths: ['lines.0.credit', 'lines.1.debit'] });
    const unbalanced = await create(
      key,
      entry('1.1.01', '4.1', 10, {
        lines: [
          { account_code: '1.1.01', debit: 10 },
          { account_code: '4.1', credit: 9.99 },
        ],
      }),
    );
    expect({ status: unbalanced.status, paths: paths(unbalanced) }).toEqual({ status: 400, paths: ['lines'] });
    expect(unbalanced.body.error.details[0].message).toMatch(/10\.00.*9\.99/);
    const accounts = await create(key, {
      description: 'x',
      lines: [
        { account_code: 'nope', debit: 1 },
        { account_code: '1.1.02', debit: 1 },
        { account_code: '1.1', credit: 2 },
      ],
    });
    expect({ status: accounts.status, paths: paths(accounts) }).toEqual({
      status: 400,
      paths: ['lines.0.account_code', 'lines.1.account_code', 'lines.2.account_code'],
    });
    const oneLine = await create(key, { description: 'x', lines: [{ account_code: '1.1.01', debit: 1 }] });
    expect({ status: oneLine.status, paths: paths(oneLine) }).toEqual({ status: 400, paths: ['lines'] });
    const cents = await create(key, entry('1.1.01', '4.1', 0.001));
    expect({ status: cents.status, paths: paths(cents) }).toEqual({ status: 400, paths: ['lines.0.debit', 'lines.1.credit'] });
    expect(await gw.store.collection('journal_entries').countDocuments({ description: 'x' })).toBe(0);
  });

  it('money is exact: 998 lines of 0.01 against credits of 9.97 and 0.01 balance to the cent (and not against 9.98 and 0.01)', async () => {
    const { key, ids } = await setup();
    const lines = [
      ...Array.from({ length: 998 }, () => ({ account_code: '1.1.01', debit: 0.01 })),
      { account_code: '1.1.02', debit: 0.01 },
      { account_code: '1.1.02', debit: 0.01 },
    ];
    const unbalancedByFloat = await create(key, {
      description: 'centavos',
      date: '2026-01-02',
      lines: [...lines.slice(2), { account_code: '4.1', credit: 9.98 }, { account_code: '4.1', credit: 0.01 }],
    });
    expect(unbalancedByFloat.status).toBe(400);
    const id = await draft(gw, key, {
      description: 'centavos',
      date: '2026-01-02',
      lines: [...lines.slice(2), { account_code: '4.1', credit: 9.97 }, { account_code: '4.1', credit: 0.01 }],
    });
    const res = await post(gw, key, id);
    expect(res.body.data).toMatchObject({ total_debit: 9.98, total_credit: 9.98, status: 'posted' });
    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(9.96);
    expect(await balanceOf(gw, key, ids['1'])).toBe(9.98);
    expect(await balanceOf(gw, key, ids['4.1'])).toBe(9.98);
  });

  it('drafts are edited and deleted; posted entries are not (409 NOT_EDITABLE)', async () => {
    const { key } = await setup();
    const id = await draft(gw, key, entry('1.1.01', '4.1', 10));
    const edited = await gw.rest('PUT', `/accounting/journal/${id}/`, { key, body: entry('1.1.02', '4.1', 20, { description: 'corregido' }) });
    expect(edited.body.data).toMatchObject({ description: 'corregido', total_debit: 20, lines: [{ account_code: '1.1.02' }, { account_code: '4.1' }] });
    const badEdit = await gw.rest('PUT', `/accounting/journal/${id}/`, {
      key,
      body: {
        lines: [
          { account_code: '1.1.01', debit: 1 },
          { account_code: '4.1', credit: 2 },
        ],
      },
    });
    expect({ status: badEdit.status, paths: paths(badEdit) }).toEqual({ status: 400, paths: ['lines'] });
    expect((await post(gw, key, id)).status).toBe(200);
    const put = await gw.rest('PUT', `/accounting/journal/${id}/`, { key, body: { description: 'tarde' } });
    expect({ status: put.status, code: put.body.error.code }).toEqual({ status: 409, code: 'NOT_EDITABLE' });
    const del = await gw.rest('DELETE', `/accounting/journal/${id}/`, { key });
    expect({ status: del.status, code: del.body.error.code }).toEqual({ status: 409, code: 'NOT_EDITABLE' });
    expect((await stored(id)).description).toBe('corregido');
    const other = await draft(gw, key, entry('1.1.01', '4.1', 10));
    expect((await gw.rest('DELETE', `/accounting/journal/${other}/`, { key })).body.data).toEqual({ _id: other, deleted: true });
    expect(await stored(other)).toBeNull();
  });
});

describe('posting', () => {
  it('numbers entries per fiscal year without gaps, moves balances and daily totals; posting twice is 409', async () => {
    const { key, accountId, ids } = await setup();
    const a = await draft(gw, key, entry('1.1.01', '4.1', 100, { date: '2026-12-31' }));
    const b = await draft(gw, key, entry('1.1.01', '2.1', 40.5, { date: '2027-01-01' }));
    const c = await draft(gw, key, entry('1.1.02', '4.1', 7, { date: '2026-12-31' }));
    const postedA = await post(gw, key, a);
    expect(postedA.status).toBe(200);
    expect(postedA.body).toMatchObject({ success: true, message: expect.any(String), data: { _id: a, status: 'posted', number: 1, fiscal_year: 2026 } });
    expect((await post(gw, key, b)).body.data).toMatchObject({ number: 1, fiscal_year: 2027 });
    expect((await post(gw, key, c)).body.data).toMatchObject({ number: 2, fiscal_year: 2026 });
    const twice = await post(gw, key, a);
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    expect((await stored(a)).number).toBe(1);
    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(140.5);
    expect(await balanceOf(gw, key, ids['2.1'])).toBe(40.5);
    expect(await totals(accountId)).toEqual([
      { account_code: '1.1.01', ancestors: ['1', '1.1', '1.1.01'], day: '2026-12-31', debit_cents: 10000, credit_cents: 0 },
      { account_code: '1.1.01', ancestors: ['1', '1.1', '1.1.01'], day: '2027-01-01', debit_cents: 4050, credit_cents: 0 },
      { account_code: '1.1.02', ancestors: ['1', '1.1', '1.1.02'], day: '2026-12-31', debit_cents: 700, credit_cents: 0 },
      { account_code: '2.1', ancestors: ['2', '2.1'], day: '2027-01-01', debit_cents: 0, credit_cents: 4050 },
      { account_code: '4.1', ancestors: ['4', '4.1'], day: '2026-12-31', debit_cents: 0, credit_cents: 10700 },
    ]);
    expect(
      (await gw.rest('GET', '/accounting/journal/list/?fiscal_year=2026&sort_by=number&sort_order=asc', { key })).body.data.items.map((e: any) => e.number),
    ).toEqual([1, 2]);
  });

  it('two concurrent posts of one draft: exactly one wins, one number, balances moved once', async () => {
    const { key, ids } = await setup();
    const id = await draft(gw, key, entry('1.1.01', '4.1', 33.33));
    const results = await Promise.all([post(gw, key, id), post(gw, key, id), post(gw, key, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(33.33);
    expect((await stored(id)).number).toBe(1);
  });

  it('concurrent posts of different drafts take contiguous numbers, none twice', async () => {
    const { key } = await setup();
    const drafts: string[] = [];
    for (let i = 0; i < 8; i++) drafts.push(await draft(gw, key, entry('1.1.01', '4.1', i + 1)));
    const results = await Promise.all(drafts.map((id) => post(gw, key, id)));
    expect(results.map((r) => r.status)).toEqual(drafts.map(() => 200));
    expect(results.map((r) => r.body.data.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('an account deactivated since the draft stops the posting (409 ACCOUNT_NOT_POSTABLE), which takes no number', async () => {
    const { key, ids } = await setup();
    const id = await draft(gw, key, entry('1.1.01', '4.1', 10));
    await gw.rest('PUT', `/accounting/accounts/${ids['4.1']}/`, { key, body: { is_active: false } });
    const res = await post(gw, key, id);
    expect({ status: res.status, code: res.body.error.code, paths: paths(res) }).toEqual({
      status: 409,
      code: 'ACCOUNT_NOT_POSTABLE',
      paths: ['lines.1.account_code'],
    });
    expect(await stored(id)).toMatchObject({ status: 'draft', number: null });
    await gw.rest('PUT', `/accounting/accounts/${ids['4.1']}/`, { key, body: { is_active: true } });
    expect((await post(gw, key, id)).body.data.number).toBe(1);
  });

  it('a closed fiscal year takes no postings (409 PERIOD_CLOSED); its number is not used', async () => {
    const { key, accountId } = await setup();
    await gw.store
      .collection('fiscal_years')
      .insertOne({ account_id: new ObjectId(accountId), year: 2025, status: 'closed', closed_at: new Date(), created_at: new Date(), updated_at: new Date() });
    const id = await draft(gw, key, entry('1.1.01', '4.1', 10, { date: '2025-12-31' }));
    const res = await post(gw, key, id);
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: 'PERIOD_CLOSED' });
    expect(await stored(id)).toMatchObject({ status: 'draft', number: null });
    expect(await totals(accountId)).toEqual([]);
    expect((await post(gw, key, await draft(gw, key, entry('1.1.01', '4.1', 10, { date: '2026-01-01' })))).body.data.number).toBe(1);
  });
});

describe('reversal', () => {
  it('posts the counter-entry, links both ways, marks the original reversed and nets the balances; twice is 409', async () => {
    const { key, ids } = await setup();
    const id = await posted(gw, key, entry('1.1.01', '4.1', 80.8, { date: '2026-06-01', reference_type: 'expense', reference_id: 'e-1' }));
    const res = await gw.rest('POST', `/accounting/journal/${id}/reverse/`, { key, body: { date: '2026-06-15' } });
    expect(res.status).toBe(200);
    const reversal = res.body.data;
    expect(reversal).toMatchObject({
      date: '2026-06-15',
      status: 'posted',
      number: 2,
      fiscal_year: 2026,
      reverses_id: id,
      reference_type: 'expense',
      reference_id: 'e-1',
      total_debit: 80.8,
      lines: [
        { account_code: '1.1.01', debit: null, credit: 80.8 },
        { account_code: '4.1', debit: 80.8, credit: null },
      ],
    });
    const original = (await gw.rest('GET', `/accounting/journal/${id}/`, { key })).body.data;
    expect(original).toMatchObject({ status: 'reversed', reversal_id: reversal._id, number: 1 });
    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(0);
    expect(await balanceOf(gw, key, ids['4.1'])).toBe(0);
    const twice = await gw.rest('POST', `/accounting/journal/${id}/reverse/`, { key });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: 'INVALID_TRANSITION' });
    const ofReversal = await gw.rest('POST', `/accounting/journal/${reversal._id}/reverse/`, { key });
    expect(ofReversal.status).toBe(409);
    const gql = await gw.gql(`{ journalEntry(id: "${id}") { status reversal { number reverses { id } } } }`, {}, { key });
    expect(gql.body.data.journalEntry).toEqual({ status: 'reversed', reversal: { number: 2, reverses: { id } } });
  });

  it('a draft cannot be reversed; a reversal is not dated before its original; unknown body fields are 400', async () => {
    const { key } = await setup();
    const id = await draft(gw, key, entry('1.1.01', '4.1', 5));
    expect((await gw.rest('POST', `/accounting/journal/${id}/reverse/`, { key })).status).toBe(409);
    const done = await posted(gw, key, entry('1.1.01', '4.1', 5, { date: '2026-06-01' }));
    const early = await gw.rest('POST', `/accounting/journal/${done}/reverse/`, { key, body: { date: '2026-05-31' } });
    expect({ status: early.status, paths: paths(early) }).toEqual({ status: 400, paths: ['date'] });
    expect((await stored(done)).status).toBe('posted');
    const unknown = await gw.rest('POST', `/accounting/journal/${done}/reverse/`, { key, body: { when: '2026-07-01' } });
    expect({ status: unknown.status, paths: paths(unknown) }).toEqual({ status: 400, paths: ['when'] });
    const bad = await gw.rest('POST', `/accounting/journal/${done}/reverse/`, { key, body: { date: '2026-13-01' } });
    expect({ status: bad.status, paths: paths(bad) }).toEqual({ status: 400, paths: ['date'] });
  });

  it('without a date the counter-entry is dated today in Argentina', async () => {
    const { key } = await setup();
    const saved = gw.clock.now;
    gw.clock.now = new Date('2026-09-10T02:00:00Z');
    try {
      const id = await posted(gw, key, entry('1.1.01', '4.1', 5, { date: '2026-09-01' }));
      const res = await gw.rest('POST', `/accounting/journal/${id}/reverse/`, { key });
      expect(res.body.data.date).toBe('2026-09-09');
    } finally {
      gw.clock.now = saved;
    }
  });
});

describe('GraphQL', () => {
  const requestId = (res: HttpResult) => res.headers.get('x-request-id')!;
  const DASHBOARD = `{
    journalEntries(first: 100) {
      totalCount
      nodes { id number status totalDebit lines { accountCode debit credit account { code name balance parent { code } } } }
    }
  }`;

  async function accountWith(count: number): Promise<string> {
    const { key } = await setup();
    const pairs: Array<[string, string]> = [
      ['1.1.01', '4.1'],
      ['1.1.02', '4.1'],
      ['1.1.01', '2.1'],
    ];
    const items = Array.from({ length: count }, (_, i) => entry(pairs[i % 3][0], pairs[i % 3][1], i + 1));
    const res = await gw.rest('POST', '/accounting/journal/bulk/create/', { key, body: { items } });
    expect(res.body.data.created).toBe(count);
    for (const item of res.body.data.items.slice(0, 5)) await post(gw, key, item._id);
    await gw.gql('{ __typename }', {}, { key });
    return key;
  }

  it('a dashboard of 100 entries × lines × account (balance, parent) costs as many commands as one of 10', async () => {
    const small = await accountWith(10);
    const large = await accountWith(100);
    const ten = await gw.gql(DASHBOARD, {}, { key: small });
    const hundred = await gw.gql(DASHBOARD, {}, { key: large });
    expect(ten.body.errors).toBeUndefined();
    expect(ten.body.data.journalEntries.nodes).toHaveLength(10);
    const nodes = hundred.body.data.journalEntries.nodes;
    expect(nodes).toHaveLength(100);
    expect(nodes[0].lines[0].account).toMatchObject({ code: expect.any(String), name: expect.any(String), parent: { code: expect.any(String) } });
    expect(await gw.commandsOf(requestId(hundred))).toBe(await gw.commandsOf(requestId(ten)));
  });

  it('LedgerAccount.parent and .children walk the tree', async () => {
    const { key } = await setup();
    const res = await gw.gql('{ ledgerAccounts(filter: {level: 1}) { nodes { code children { code parent { code } children { code } } } } }', {}, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.ledgerAccounts.nodes[0]).toEqual({
      code: '1',
      children: [{ code: '1.1', parent: { code: '1' }, children: [{ code: '1.1.01' }, { code: '1.1.02' }] }],
    });
  });

  it('post and reverse through mutations; balances through the query', async () => {
    const { key } = await setup();
    const created = await gw.gql(
      'mutation M($input: CreateJournalEntryInput!) { createJournalEntry(input: $input) { id status } }',
      {
        input: {
          date: '2026-02-02',
          description: 'gql',
          lines: [
            { accountCode: '1.1.01', debit: 12.34 },
            { accountCode: '4.1', credit: 12.34 },
          ],
        },
      },
      { key },
    );
    const id = created.body.data.createJournalEntry.id;
    const postedRes = await gw.gql(`mutation { postJournalEntry(id: "${id}") { status number fiscalYear } }`, {}, { key });
    expect(postedRes.body.data.postJournalEntry).toEqual({ status: 'posted', number: 1, fiscalYear: 2026 });
    const balances = await gw.gql('{ ledgerBalances(asOf: "2026-02-28", level: 1) { totalDebit items { code balance } } }', {}, { key });
    expect(balances.body.data.ledgerBalances).toEqual({
      totalDebit: 12.34,
      items: [
        { code: '1', balance: 12.34 },
        { code: '2', balance: 0 },
        { code: '4', balance: 12.34 },
      ],
    });
    const reversed = await gw.gql(`mutation { reverseJournalEntry(id: "${id}", date: "2026-03-01") { number reverses { status } } }`, {}, { key });
    expect(reversed.body.data.reverseJournalEntry).toEqual({ number: 2, reverses: { status: 'reversed' } });
  });
});
