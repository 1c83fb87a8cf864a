import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { createChart, entry, post, posted } from './support/accounting';

/**
 * The ledger graph: an account's parent, children, balance as of a day and lines (a connection); a line's account;
 * an entry's reversal and the entry a counter-entry reverses. Every link goes through a per-request loader, so a
 * dashboard's cost in MongoDB commands does not grow with its size.
 */
let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const requestId = (res: HttpResult) => res.headers.get('x-request-id')!;

const DASHBOARD = `{
  journalEntries(first: 100) {
    nodes {
      id number status
      reversal { number }
      reverses { number }
      lines {
        accountCode debit credit
        account {
          code balance(asOf: "2026-12-31")
          parent { code balance children { code } }
          lines(from: "2026-01-01", to: "2026-12-31", first: 2) { nodes { number debit entry { number } } pageInfo { hasNextPage endCursor } }
        }
      }
    }
  }
}`;

/** An account with `count` entries on the small chart, 5 of them posted and one of those reversed. */
async function accountWith(count: number): Promise<string> {
  const { key } = await gw.account(['accounting:read', 'accounting:write']);
  await createChart(gw, key);
  const pairs: Array<[string, string]> = [
    ['1.1.01', '4.1'],
    ['1.1.02', '4.1'],
    ['1.1.01', '2.1'],
  ];
  const items = Array.from({ length: count }, (_, i) => entry(pairs[i % 3][0], pairs[i % 3][1], i + 1, { date: `2026-0${1 + (i % 9)}-10` }));
  const res = await gw.rest('POST', '/accounting/journal/bulk/create/', { key, body: { items } });
  expect(res.body.data.created).toBe(count);
  const ids = res.body.data.items.map((item: { _id: string }) => item._id);
  for (const id of ids.slice(0, 5)) expect((await post(gw, key, id)).status).toBe(200);
  expect((await gw.rest('POST', `/accounting/journal/${ids[4]}/reverse/`, { key, body: { date: '2026-10-01' } })).status).toBe(200);
  await gw.gql('{ __typename }', {}, { key });
  return key;
}

it('a dashboard of 100 entries × lines × account (balance as of, parent, children, lines, their entries) costs as many commands as one of 10', async () => {
  const small = await accountWith(10);
  const large = await accountWith(100);
  const ten = await gw.gql(DASHBOARD, {}, { key: small });
  const hundred = await gw.gql(DASHBOARD, {}, { key: large });
  expect(ten.body.errors).toBeUndefined();
  expect(hundred.body.errors).toBeUndefined();
  expect(ten.body.data.journalEntries.nodes).toHaveLength(11);
  const nodes = hundred.body.data.journalEntries.nodes;
  expect(nodes).toHaveLength(100);
  const reversed = nodes.find((node: any) => node.status === 'reversed');
  expect(reversed.reversal.number).toBe(6);
  expect(nodes.find((node: any) => node.reverses)?.reverses.number).toBe(reversed.number);
  expect(nodes[0].lines[0].account).toMatchObject({ code: expect.any(String), parent: { code: expect.any(String), children: expect.any(Array) } });
  expect(await gw.commandsOf(requestId(hundred))).toBe(await gw.commandsOf(requestId(ten)));
});

describe('LedgerAccount', () => {
  async function book(): Promise<string> {
    const { key } = await gw.account(['accounting:read', 'accounting:write']);
    await createChart(gw, key);
    await posted(gw, key, entry('1.1.01', '4.1', 100, { date: '2026-01-10' }));
    await posted(gw, key, entry('1.1.02', '4.1', 50, { date: '2026-02-10' }));
    await posted(gw, key, entry('1.1.01', '2.1', 30, { date: '2026-03-10' }));
    await posted(gw, key, entry('2.1', '1.1.01', 5, { date: '2026-03-10' }));
    return key;
  }

  it('balance(asOf) counts the entries up to that day; without it, all', async () => {
    const key = await book();
    const res = await gw.gql(
      `{ ledgerAccounts(filter: {level: 1}) { nodes { code jan: balance(asOf: "2026-01-31") feb: balance(asOf: "2026-02-28") all: balance } } }`,
      {},
      { key },
    );
    expect(res.body.data.ledgerAccounts.nodes).toEqual([
      { code: '1', jan: 100, feb: 150, all: 175 },
      { code: '2', jan: 0, feb: 0, all: 25 },
      { code: '4', jan: 100, feb: 150, all: 150 },
    ]);
    const bad = await gw.gql('{ ledgerAccounts { nodes { balance(asOf: "2026-02-30") } } }', {}, { key });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('lines: posted lines in book order, a page at a time', async () => {
    const key = await book();
    const page = async (after?: string) =>
      (
        await gw.gql(
          'query Q($after: String) { ledgerAccounts(filter: {isDetail: true}) { nodes { code lines(first: 2, after: $after, from: "2026-01-01", to: "2026-12-31") { nodes { date number lineIndex debit credit entry { description } } pageInfo { hasNextPage endCursor } } } } }',
          { after },
          { key },
        )
      ).body.data.ledgerAccounts.nodes.find((node: any) => node.code === '1.1.01').lines;
    const first = await page();
    expect(first.nodes.map((line: any) => [line.date, line.number, line.debit, line.credit])).toEqual([
      ['2026-01-10', 1, 100, 0],
      ['2026-03-10', 3, 30, 0],
    ]);
    expect(first.nodes[0].entry.description).toBe('1.1.01 a 4.1');
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await page(first.pageInfo.endCursor);
    expect({ lines: second.nodes.map((line: any) => [line.number, line.credit]), more: second.pageInfo.hasNextPage }).toEqual({ lines: [[4, 5]], more: false });
  });
});
