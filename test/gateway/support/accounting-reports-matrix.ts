/**
 * The accounting reports' entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST
 * route and GraphQL query. Each case posts an entry of account A on a day of its own, on accounts of its own, and
 * reads the report of that day; B's posted entry (made once, on B's own accounts and day) must never show.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;
const READ: Scope = 'accounting:read';

interface Made {
  cash: string;
  sales: string;
  date: string;
}

export function accountingReportsMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = () => env.gw();
  const made = new Map<string, Made>();
  const snapshots = new Map<string, unknown>();
  const stored = (id: string) =>
    gw()
      .store.collection('journal_entries')
      .findOne({ _id: new ObjectId(id) });
  let days = 0;

  /** Two accounts and a posted entry between them on a day no other case uses; answers the entry's id. */
  async function postedEntry(key: string, date: string): Promise<{ id: string } & Made> {
    const [cash, sales] = [env.unique('RC'), env.unique('RV')];
    for (const body of [
      { code: cash, name: 'Caja informe', account_type: 'asset', is_detail: true },
      { code: sales, name: 'Ventas informe', account_type: 'revenue', is_detail: true },
    ]) {
      const res = await gw().rest('POST', '/accounting/accounts/', { key, body });
      expect(res.status).toBe(201);
    }
    const created = await gw().rest('POST', '/accounting/journal/', {
      key,
      body: {
        date,
        description: env.unique('Informe'),
        lines: [
          { account_code: cash, debit: 10 },
          { account_code: sales, credit: 10 },
        ],
      },
    });
    const id = created.body.data._id as string;
    expect((await gw().rest('POST', `/accounting/journal/${id}/post/`, { key })).status).toBe(200);
    return { id, cash, sales, date };
  }

  const record = async () => {
    const date = new Date(Date.UTC(2030, 0, 1 + days++)).toISOString().slice(0, 10);
    const { id, ...rest } = await postedEntry(env.fullA(), date);
    made.set(id, rest);
    snapshots.set(id, await stored(id));
    return id;
  };
  const of = (id: string) => made.get(id)!;
  const unchanged = async (id: string) => expect(await stored(id)).toEqual(snapshots.get(id));

  let ofB: Promise<{ id: string } & Made> | undefined;
  const recordOfB = () => (ofB ??= postedEntry(env.fullB(), '2031-06-01'));
  /** A's answer about B's day holds nothing of B's (as a value: a 404's message repeats the code A asked for). */
  const invisible = async (answer: unknown) => {
    const b = await recordOfB();
    const text = JSON.stringify(answer);
    for (const secret of [b.cash, b.sales, b.id]) expect(text).not.toContain(JSON.stringify(secret));
  };
  const restOf = async (path: string) => {
    const res = await gw().rest('GET', path, { key: env.fullA() });
    return res;
  };
  const period = (date: string) => `from=${date}&to=${date}`;
  const codes = (rows: Row[]) => rows.map((row) => row.code);

  const rest: Record<string, RestCase> = {
    'GET /accounting/reports/trial-balance/': {
      record,
      request: (id) => ({ path: `/accounting/reports/trial-balance/?${period(of(id).date)}` }),
      succeeded: (res, id) => expect(res.body.data.items).toContainEqual(expect.objectContaining({ code: of(id).cash, debit: 10, closing_debit: 10 })),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        await invisible((await restOf(`/accounting/reports/trial-balance/?${period(b.date)}&include_zero=true`)).body);
      },
    },
    'GET /accounting/reports/income-statement/': {
      record,
      request: (id) => ({ path: `/accounting/reports/income-statement/?${period(of(id).date)}` }),
      succeeded: (res, id) => expect(res.body.data.revenue.items).toContainEqual(expect.objectContaining({ code: of(id).sales, amount: 10 })),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await restOf(`/accounting/reports/income-statement/?${period(b.date)}`);
        expect(res.body.data.revenue.total).toBe(0);
        await invisible(res.body);
      },
    },
    'GET /accounting/reports/balance-sheet/': {
      record,
      request: (id) => ({ path: `/accounting/reports/balance-sheet/?to=${of(id).date}` }),
      succeeded: (res, id) => expect(codes(res.body.data.assets.items)).toContain(of(id).cash),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        await invisible((await restOf(`/accounting/reports/balance-sheet/?to=${b.date}&include_zero=true`)).body);
      },
    },
    'GET /accounting/reports/general-ledger/': {
      record,
      request: (id) => ({ path: `/accounting/reports/general-ledger/?${period(of(id).date)}` }),
      succeeded: (res, id) => expect(codes(res.body.data.accounts).sort()).toEqual([of(id).cash, of(id).sales].sort()),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await restOf(`/accounting/reports/general-ledger/?${period(b.date)}`);
        expect(res.body.data.accounts).toEqual([]);
        await invisible(res.body);
      },
    },
    'GET /accounting/reports/account-ledger/{account_code}/': {
      record,
      request: (id) => ({ path: `/accounting/reports/account-ledger/${encodeURIComponent(of(id).cash)}/?${period(of(id).date)}` }),
      succeeded: (res, id) => expect(res.body.data.account.lines.map((line: Row) => line.entry_id)).toEqual([id]),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await restOf(`/accounting/reports/account-ledger/${encodeURIComponent(b.cash)}/?${period(b.date)}`);
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        await invisible(res.body);
      },
    },
    'GET /accounting/reports/daily-journal/{date}/': {
      record,
      request: (id) => ({ path: `/accounting/reports/daily-journal/${of(id).date}/` }),
      succeeded: (res, id) => expect(res.body.data.entries.map((entry: Row) => entry._id)).toEqual([id]),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await restOf(`/accounting/reports/daily-journal/${b.date}/`);
        expect(res.body.data).toMatchObject({ entries: [], total_debit: 0 });
        await invisible(res.body);
      },
    },
    'GET /accounting/reports/cash-flow/': {
      record,
      request: (id) => ({ path: `/accounting/reports/cash-flow/?${period(of(id).date)}&cash_account=${encodeURIComponent(of(id).cash)}` }),
      succeeded: (res, id) => expect(res.body.data.operating.items).toContainEqual(expect.objectContaining({ code: of(id).sales, amount: 10 })),
      unchanged,
      async otherAccount() {
        const b = await recordOfB();
        const res = await restOf(`/accounting/reports/cash-flow/?${period(b.date)}&cash_account=${encodeURIComponent(b.cash)}`);
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
        await invisible(res.body);
      },
    },
  };

  /** A GraphQL case: the query about the record's day, and about B's day (nothing of B's in the answer). */
  const gqlCase = (
    document: string,
    variables: (made: Made) => Row,
    succeeded: (data: Row, made: Made, id: string) => void,
    other?: (data: Row | null | undefined, errors: Row[] | undefined) => void,
  ): GqlCase => ({
    scope: READ,
    record,
    document,
    variables: (id) => variables(of(id)),
    succeeded: (data, id) => succeeded(data, of(id), id),
    unchanged,
    async otherAccount() {
      const b = await recordOfB();
      const res = await gw().gql(document, variables(b), { key: env.fullA() });
      other?.(res.body.data, res.body.errors);
      await invisible(res.body);
    },
  });
  const notFound = (_data: unknown, errors: Row[] | undefined) => expect(errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

  const gql: Record<string, GqlCase> = {
    trialBalance: gqlCase(
      'query Q($from: String, $to: String) { trialBalance(from: $from, to: $to, includeZero: true) { items { code debit } } }',
      ({ date }) => ({ from: date, to: date }),
      (data, { cash }) => expect(data.trialBalance.items).toContainEqual({ code: cash, debit: 10 }),
    ),
    incomeStatement: gqlCase(
      'query Q($from: String, $to: String) { incomeStatement(from: $from, to: $to) { result revenue { items { code } } } }',
      ({ date }) => ({ from: date, to: date }),
      (data, { sales }) => expect(codes(data.incomeStatement.revenue.items)).toContain(sales),
      (data) => expect(data?.incomeStatement.result).toBe(0),
    ),
    balanceSheet: gqlCase(
      'query Q($to: String) { balanceSheet(to: $to, includeZero: true) { assets { items { code } } } }',
      ({ date }) => ({ to: date }),
      (data, { cash }) => expect(codes(data.balanceSheet.assets.items)).toContain(cash),
    ),
    generalLedger: gqlCase(
      'query Q($from: String, $to: String) { generalLedger(from: $from, to: $to) { accounts { code lines { entryId } } } }',
      ({ date }) => ({ from: date, to: date }),
      (data, { cash }, id) => expect(data.generalLedger.accounts).toContainEqual({ code: cash, lines: [{ entryId: id }] }),
      (data) => expect(data?.generalLedger.accounts).toEqual([]),
    ),
    accountLedger: gqlCase(
      'query Q($code: String!, $from: String, $to: String) { accountLedger(accountCode: $code, from: $from, to: $to) { account { lines { entryId balance } } } }',
      ({ cash, date }) => ({ code: cash, from: date, to: date }),
      (data, _made, id) => expect(data.accountLedger.account.lines).toEqual([{ entryId: id, balance: 10 }]),
      notFound,
    ),
    dailyJournal: gqlCase(
      'query Q($date: String!) { dailyJournal(date: $date) { totalDebit entries { id } } }',
      ({ date }) => ({ date }),
      (data, _made, id) => expect(data.dailyJournal).toEqual({ totalDebit: 10, entries: [{ id }] }),
      (data) => expect(data?.dailyJournal).toEqual({ totalDebit: 0, entries: [] }),
    ),
    cashFlow: gqlCase(
      'query Q($from: String, $to: String, $cash: String) { cashFlow(from: $from, to: $to, cashAccount: $cash) { netChange operating { items { code amount } } } }',
      ({ cash, date }) => ({ cash, from: date, to: date }),
      (data, { sales }) => expect(data.cashFlow).toEqual({ netChange: 10, operating: { items: [{ code: sales, amount: 10 }] } }),
      notFound,
    ),
  };
  return { rest, gql };
}
