import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandStartedEvent } from 'mongodb';
import { CHANGE_FEED_COMMENT } from '../../src/store/change-feed';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The store counts the MongoDB commands each request sends (the driver's connection check-outs, one a command,
 * tallied per request and reported by request id). Listing a page of suppliers must cost a constant number of round
 * trips, whatever the page holds: no query per supplier.
 */

let gw: TestGateway;
/** Every command the driver reports sending (command monitoring, on for this suite only), but connection handshakes. */
const sent: string[] = [];
const HANDSHAKES = new Set(['hello', 'isMaster', 'ismaster', 'saslStart', 'saslContinue', 'authenticate', 'getnonce']);
beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  gw.store.client.on('commandStarted', (event: CommandStartedEvent) => {
    // The gateway's change feed runs beside the requests, on the same client, and belongs to none of them.
    if (!HANDSHAKES.has(event.commandName) && event.command.comment !== CHANGE_FEED_COMMENT) sent.push(event.commandName);
  });
});
afterAll(async () => {
  await gw?.stop();
});

const FULL_RECORD = `
  id name email phone taxId contactName category tags notes status createdAt updatedAt
  address { text street city state postalCode country }
  fiscalInfo { condicionIva }`;
const LIST = `query($first: Int) {
  suppliers(first: $first, orderBy: {field: name, direction: asc}) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { ${FULL_RECORD} }
    edges { cursor node { id name } }
  }
}`;

/** An account holding `count` suppliers (with nested address and fiscal info), its key warmed up. */
async function accountWith(count: number): Promise<string> {
  const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
  const items = Array.from({ length: count }, (_, i) => ({
    name: `Proveedor ${String(i).padStart(3, '0')}`,
    email: `p${i}@example.com`,
    address: i % 2 ? `Calle ${i}` : { street: `Calle ${i}`, city: 'Rosario', country: 'AR' },
    fiscal_info: { condicion_iva: 'monotributo' },
    tags: ['a', 'b'],
  }));
  const created = await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items } });
  expect(created.body.data.created).toBe(count);
  // A key's first request records its last use (one extra write); measure from the second on.
  await gw.gql('{ __typename }', {}, { key });
  return key;
}

const requestId = (result: { headers: Headers }) => result.headers.get('x-request-id')!;

let small: string;
let large: string;
beforeAll(async () => {
  small = await accountWith(10);
  large = await accountWith(100);
});

it('every request is tallied, by its request id', async () => {
  const result = await gw.gql(LIST, { first: 10 }, { key: small });
  const commands = await gw.commandsOf(requestId(result));
  expect(commands).toBeGreaterThan(1); // authentication, the page, the count
});

it('GraphQL suppliers(first: 100): the same number of commands for 10 and for 100 suppliers', async () => {
  const ten = await gw.gql(LIST, { first: 100 }, { key: small });
  const hundred = await gw.gql(LIST, { first: 100 }, { key: large });
  expect(ten.body.errors).toBeUndefined();
  expect(hundred.body.errors).toBeUndefined();
  expect(ten.body.data.suppliers.nodes).toHaveLength(10);
  expect(hundred.body.data.suppliers.nodes).toHaveLength(100);
  const tenCommands = await gw.commandsOf(requestId(ten));
  const hundredCommands = await gw.commandsOf(requestId(hundred));
  expect(hundredCommands).toBe(tenCommands);
  expect(hundredCommands).toBeLessThanOrEqual(5);
});

it('REST /suppliers/list/?limit=100: the same number of commands for 10 and for 100 suppliers', async () => {
  const ten = await gw.rest('GET', '/suppliers/list/?limit=100', { key: small });
  const hundred = await gw.rest('GET', '/suppliers/list/?limit=100', { key: large });
  expect(ten.status).toBe(200);
  expect(hundred.status).toBe(200);
  expect(ten.body.data.items).toHaveLength(10);
  expect(hundred.body.data.items).toHaveLength(100);
  const tenCommands = await gw.commandsOf(requestId(ten));
  const hundredCommands = await gw.commandsOf(requestId(hundred));
  expect(hundredCommands).toBe(tenCommands);
  expect(hundredCommands).toBeLessThanOrEqual(5);
});

it('REST and GraphQL lists cost the same', async () => {
  const rest = await gw.rest('GET', '/suppliers/list/?limit=100', { key: large });
  const graphql = await gw.gql(LIST, { first: 100 }, { key: large });
  expect(await gw.commandsOf(requestId(rest))).toBe(await gw.commandsOf(requestId(graphql)));
});

it('looking up many suppliers by id in one document is batched into one query', async () => {
  const page = await gw.gql('{ suppliers(first: 25) { nodes { id } } }', {}, { key: large });
  const ids = (page.body.data.suppliers.nodes as Array<{ id: string }>).map((node) => node.id);
  const lookup = (count: number) =>
    `{ ${ids
      .slice(0, count)
      .map((id, i) => `s${i}: supplier(id: "${id}") { id name address { city text } }`)
      .join(' ')} }`;
  const two = await gw.gql(lookup(2), {}, { key: large });
  const many = await gw.gql(lookup(25), {}, { key: large });
  expect(two.body.errors).toBeUndefined();
  expect(many.body.errors).toBeUndefined();
  expect(Object.keys(many.body.data)).toHaveLength(25);
  expect(await gw.commandsOf(requestId(many))).toBe(await gw.commandsOf(requestId(two)));
});

it('an incoming X-Request-Id is the id the tally is reported under', async () => {
  const result = await gw.rest('GET', '/suppliers/list/?limit=5', { key: small, headers: { 'x-request-id': 'commands-test-42' } });
  expect(result.headers.get('x-request-id')).toBe('commands-test-42');
  expect(await gw.commandsOf('commands-test-42')).toBeGreaterThan(1);
});

it('the tally is exactly the commands the driver sends: reads, batched lookups, writes, transactions and getMores', async () => {
  const { key } = await gw.account(['suppliers:read', 'suppliers:write', 'supplies:read', 'supplies:write']);
  await gw.gql('{ __typename }', {}, { key });
  const many = Array.from({ length: 150 }, (_, i) => ({ name: `Honesto ${i}` }));
  const requests: Array<() => Promise<{ headers: Headers }>> = [
    () => gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: many } }),
    () => gw.rest('GET', '/suppliers/list/?limit=100', { key }),
    () => gw.gql('{ suppliers(first: 100) { totalCount nodes { id name } } }', {}, { key }),
    () => gw.gql('mutation { createProduct(input: { name: "Yerba", sku: "Y-1", price: 10, stock: 5 }) { id stock } }', {}, { key }),
    () => gw.gql('{ products(first: 10) { nodes { id name stock } } }', {}, { key }),
    () => gw.rest('GET', '/suppliers/list/?limit=100&page=2', { key }),
  ];
  for (const send of requests) {
    sent.length = 0;
    const result = await send();
    const tally = await gw.commandsOf(requestId(result));
    expect(sent.length).toBeGreaterThan(0);
    expect(tally).toBe(sent.length);
  }
});

it('a list read in several batches counts each getMore', async () => {
  const { key } = await gw.account(['suppliers:read']);
  await gw.gql('{ __typename }', {}, { key });
  sent.length = 0;
  // Raw reads through the store inside a tally, with a batch size that takes three getMores for 150 documents.
  const { result, commands } = await gw.store.tally(() => gw.store.collection('suppliers').find({}, { batchSize: 50 }).limit(150).toArray());
  expect(result.length).toBeGreaterThan(100);
  expect(sent).toContain('getMore');
  expect(commands).toBe(sent.length);
});

describe('bulk writes', () => {
  it.each([
    ['suppliers', '/suppliers/bulk/create/', (i: number) => ({ name: `Masivo ${i}`, tax_id: `T-${i}` })],
    ['expenses', '/expenses/bulk/create/', (i: number) => ({ amount: 1 + i, description: `Gasto ${i}`, tax_rate: 21 })],
  ])('creating 10 or 500 %s costs the same number of commands: one insert for the whole batch', async (_name, path, item) => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write', 'expenses:read', 'expenses:write']);
    await gw.gql('{ __typename }', {}, { key });
    const counts: number[] = [];
    for (const [offset, size] of [
      [0, 10],
      [10, 500],
    ]) {
      const res = await gw.rest('POST', path, { key, body: { items: Array.from({ length: size }, (_, i) => item(offset + i)) } });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(size);
      counts.push(await gw.commandsOf(requestId(res)));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

describe('FceInvoice.events', () => {
  const G2_HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];
  const EVENTS = `query($perPage: Int) { fceInvoices(perPage: $perPage) { items { id events { totalCount nodes { eventType recordedAt } } } } }`;
  let fceKey: string;

  beforeAll(async () => {
    // Within the acceptance term of vouchers issued on 2025-12-01, so their logs are read, not the tacit acceptance.
    gw.clock.now = new Date('2025-12-05T15:00:00Z');
    ({ key: fceKey } = await gw.account(['invoices:read', 'invoices:write']));
    const rows = Array.from(
      { length: 100 },
      (_, i) => `2025-12-01;201;78;${i + 1};${i + 1};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`,
    );
    const form = new FormData();
    form.append('file', new File([`${G2_HEADER}\n${rows.join('\n')}\n`], 'fce.csv'));
    expect((await gw.rest('POST', '/issued_vouchers/upload-csv/', { key: fceKey, body: form })).body.data.rows_imported).toBe(100);
    const listed = await gw.gql(EVENTS, { perPage: 100 }, { key: fceKey });
    // Every other voucher gets an event, so logs of one and of none are both read.
    for (const [index, item] of listed.body.data.fceInvoices.items.entries())
      if (index % 2 === 0) expect((await gw.rest('POST', `/fce/events/${item.id}/`, { key: fceKey, body: { event_type: 'accepted' } })).status).toBe(201);
  });

  it('costs the same number of commands for 1, 10 and 100 vouchers, each with its own log', async () => {
    const counts: number[] = [];
    for (const perPage of [1, 10, 100]) {
      const result = await gw.gql(EVENTS, { perPage }, { key: fceKey });
      expect(result.body.errors).toBeUndefined();
      const items = result.body.data.fceInvoices.items as Array<{ events: { totalCount: number; nodes: Array<{ eventType: string }> } }>;
      expect(items).toHaveLength(perPage);
      expect(items.every(({ events }) => events.totalCount === events.nodes.length && events.nodes.every((node) => node.eventType === 'accepted'))).toBe(true);
      if (perPage === 100) expect(items.filter(({ events }) => events.totalCount === 1)).toHaveLength(50);
      counts.push(await gw.commandsOf(requestId(result)));
    }
    expect(new Set(counts).size).toBe(1);
  });
});
