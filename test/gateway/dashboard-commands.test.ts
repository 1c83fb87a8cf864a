import { type Document, ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { seedDemoData } from '../../src/domain/demo/demo-data';
import type { CollectionName } from '../../src/store/catalog';
import { builtDashboard } from '../support/dashboard';
import { domainContext } from '../support/domain-context';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Each screen's request sends the same MongoDB commands whether the account holds 1, 100 or 10,000 received
 * invoices, issued FCE vouchers and journal entries: no command per record (the store tallies them per request from
 * the driver's command monitoring). The records are copied in through the store, not written by 10,000 requests.
 */

let gw: TestGateway;
let manifest: Record<string, string>;
const SIZES = [1, 100, 10_000] as const;
const accounts = new Map<number, { key: string; accountId: ObjectId }>();

/** `count` copies of the account's first document of `collection` matching `filter`, each with its own number. */
async function grow(collection: CollectionName, accountId: ObjectId, filter: Document, numberField: string, count: number): Promise<void> {
  const source = await gw.store.collection(collection).findOne({ account_id: accountId, ...filter });
  if (!source) throw new Error(`no ${collection} to copy`);
  for (let at = 0; at < count; at += 2000) {
    const batch = Array.from({ length: Math.min(2000, count - at) }, (_, i) => ({ ...source, _id: new ObjectId(), [numberField]: 100_000 + at + i }));
    await gw.store.collection(collection).insertMany(batch as never[]);
  }
}

const month = (back: number) => {
  const argentine = new Date(Date.now() - 3 * 3600_000);
  return new Date(Date.UTC(argentine.getUTCFullYear(), argentine.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const today = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  manifest = builtDashboard();
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  for (const size of SIZES) {
    const { accountId, key } = await gw.account([...SCOPES]);
    const id = new ObjectId(accountId);
    const cuit = (await gw.store.collection('accounts').findOne({ _id: id }))?.cuit as string;
    await seedDemoData(domainContext(gw.store, { accountId: id }), cuit);
    // The demo holds a few of each; the copies bring the account to `size` more of them.
    await grow('received_invoices', id, { status: 'pending', issue_date: { $gte: new Date(`${month(0)}-01T03:00:00Z`) } }, 'voucher_number', size);
    await grow('issued_vouchers', id, { voucher_type: 201, fce_status: 'pending' }, 'voucher_number', size);
    await grow('journal_entries', id, { status: 'posted', 'lines.account_code': '2.1.1.01.001' }, 'number', size);
    // A key's first request records its last use (one write more): measured from the second on.
    await gw.gql('{ __typename }', {}, { key });
    accounts.set(size, { key, accountId: id });
  }
}, 600_000);
afterAll(async () => {
  await gw?.stop();
});

/** The commands of one screen's operation, sent by hash as the dashboard sends it. */
async function commandsOf(
  size: number,
  name: string,
  variables: (accountId: ObjectId) => Promise<Record<string, unknown>>,
): Promise<{ commands: number; answer: string }> {
  const { key, accountId } = accounts.get(size)!;
  const hash = Object.keys(manifest).find((candidate) => manifest[candidate].startsWith(`query ${name}(`) || manifest[candidate].startsWith(`query ${name} {`));
  const sent = await gw.http('POST', '/graphql', {
    key,
    body: { operationName: name, variables: await variables(accountId), extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
  });
  expect({ name, errors: sent.body.errors }).toEqual({ name, errors: undefined });
  return { commands: await gw.commandsOf(sent.headers.get('x-request-id')!), answer: JSON.stringify(sent.body) };
}

/** The screens whose answer lists the copied records (the others read totals or one record). */
const LISTS = new Set(['DashboardInbox', 'DashboardFce', 'DashboardAccountLines']);

const entryOf = async (accountId: ObjectId) =>
  (await gw.store.collection('journal_entries').findOne({ account_id: accountId, status: 'posted', reference_type: { $exists: true } }))!;

const SCREENS: Array<[string, (accountId: ObjectId) => Promise<Record<string, unknown>>]> = [
  ['DashboardHome', async () => ({ period: month(0), previous: month(1), p2: month(2), p4: month(4), p6: month(6), p8: month(8), p10: month(10) })],
  ['DashboardInbox', async () => ({ filter: { from: `${month(0)}-01`, to: today() }, entriesFrom: `${month(0)}-01`, entriesTo: today() })],
  ['DashboardFce', async () => ({})],
  ['DashboardTrialBalance', async () => ({ from: `${today().slice(0, 4)}-01-01`, to: today(), period: month(1) })],
  ['DashboardAccountLines', async () => ({ code: '2.1.1.01.001', from: `${today().slice(0, 4)}-01-01`, to: today() })],
  ['DashboardEntry', async (accountId) => ({ id: String((await entryOf(accountId))._id) })],
  ['DashboardSourceVoucher', async (accountId) => ({ id: (await entryOf(accountId)).reference_id })],
  ['DashboardCalendar', async () => ({ year: Number(today().slice(0, 4)) })],
];

it.each(SCREENS)('%s: the same commands for 1, 100 and 10,000 records', async (name, variables) => {
  const counts: Record<number, number> = {};
  const answers: Record<number, string> = {};
  for (const size of SIZES) ({ commands: counts[size], answer: answers[size] } = await commandsOf(size, name, variables));
  expect(counts[100]).toBe(counts[1]);
  expect(counts[10_000]).toBe(counts[1]);
  // The copies reached the screen: a list shows more of them (up to its page) for more records.
  if (LISTS.has(name)) expect(answers[10_000].length).toBeGreaterThan(answers[1].length);
});

it('statsDashboard reads the stock (its products and supplies, one aggregation each) only when asked for it', async () => {
  const { key } = accounts.get(100)!;
  const commands = async (query: string) => {
    const sent = await gw.gql(query, {}, { key });
    expect(sent.body.errors).toBeUndefined();
    return gw.commandsOf(sent.headers.get('x-request-id')!);
  };
  const months = await commands('{ statsDashboard { current { period } } }');
  const withStock = await commands('{ statsDashboard { current { period } stock { total } } }');
  expect(withStock - months).toBe(2);
});
