import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { ObjectId } from 'mongodb';
import { batchBoundary } from '../../src/domain/mis-comprobantes/import-loop';
import { connect, type Message, subscribe } from '../support/fce-live';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * An upload sent with `Prefer: respond-async` answers 202 once its import has started and goes on in the background;
 * its progress reads by id (REST and GraphQL) and is pushed to voucherImportProgress subscribers connected to any
 * gateway over the store, until its end. Two gateways over one store: the import runs on the first, the subscriber and
 * the reads use the second. An import is held at a batch boundary (a test seam of the import loop) to be read
 * part-way through, without depending on timing.
 */

const SCOPES = ['received_invoices:read', 'received_invoices:write', 'invoices:read', 'invoices:write'] as const;
const HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', 'synthetic-g2-recibidos-2025-12.csv'), 'utf8').split('\n')[0];
/** `count` rows in the fixture's format, each a voucher of its own number; every 1,000th refused (31 November). */
const fileOf = (count: number) =>
  `${HEADER}\n${Array.from({ length: count }, (_, i) => `${(i + 1) % 1000 === 0 ? '2025-11-31' : '2025-12-01'};1;3;${i + 1};${i + 1};75481234500011;80;30715551248;PANADERIA;1,00;PES;27685,95;0,00;0,00;0,00;5814,05;33500,00`).join('\n')}\n`;
const ROWS = 12_000;
const FILE = fileOf(ROWS);

const PROGRESS = /* GraphQL */ `
  subscription Progress($id: ID!) {
    voucherImportProgress(id: $id) { id direction status rowsTotal rowsImported rowsDuplicated rowsWithErrors rowsNeedingReview percent bytesRead bytesTotal }
  }
`;

let a: TestGateway;
let b: TestGateway;
const clients: Client[] = [];

beforeAll(async () => {
  a = await startTestGateway();
  b = await startTestGateway({}, undefined, { sameStoreAs: a });
});
afterEach(async () => {
  batchBoundary.wait = undefined;
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

function upload(gw: TestGateway, key: string, content: string, headers: Record<string, string> = {}, path = '/received_invoices/upload-csv/') {
  const form = new FormData();
  form.append('file', new Blob([content]), 'recibidos.csv');
  return gw.rest('POST', path, { key, body: form, headers });
}

const eventOf = (message: Message): any => {
  if (!('next' in message)) throw new Error(`expected an event, got ${JSON.stringify(message)}`);
  return message.next.data?.voucherImportProgress;
};

/** Holds imports at the start of each of the batches `numbers`, each until its release (by batch number) is called. */
function holdAtBatches(...numbers: number[]) {
  const releases = new Map<number, () => void>();
  const holds = new Map(
    numbers.map((n) => [
      n,
      new Promise<void>((resolve) => {
        releases.set(n, resolve);
      }),
    ]),
  );
  batchBoundary.wait = (_id, batch) => holds.get(batch) ?? Promise.resolve();
  return {
    release: (n: number) => releases.get(n)?.(),
    releaseAll: () => {
      for (const release of releases.values()) release();
    },
  };
}

it('Prefer: respond-async answers 202 at once; progress reads and is pushed on another gateway, ending with the synchronous totals', async () => {
  const { key } = await a.account([...SCOPES]);
  const holds = holdAtBatches(2, 3);
  try {
    const started = await upload(a, key, FILE, { Prefer: 'respond-async' });
    expect(started.status).toBe(202);
    const id = started.body.data.id as string;
    expect(started.headers.get('location')).toBe(`/api/v1/received_invoices/import-history/${id}/`);
    expect(started.headers.get('preference-applied')).toBe('respond-async');
    expect(started.body.data).toMatchObject({ status: 'running', rows_imported: 0, percent: 0, bytes_read: 0, bytes_total: Buffer.byteLength(FILE) });

    // On the other gateway: the subscription's first event is the import as it stands, then one per write.
    const live = subscribe(connect(b, clients, { 'x-api-key': key }).client, PROGRESS, { id });
    const events: Array<Record<string, any>> = [];
    const until = async (done: (event: Record<string, any>) => boolean) => {
      for (;;) {
        const message = await live.take(`event ${events.length + 1}`);
        if ('complete' in message) return;
        events.push(eventOf(message));
        if (done(events.at(-1)!)) return;
      }
    };
    await until((event) => event.rowsImported === 5000);
    // Held before its second batch: the first batch's 5,000 vouchers are stored and read back as progress.
    const reading = await b.rest('GET', `/received_invoices/import-history/${id}/`, { key });
    expect(reading.status).toBe(200);
    expect(reading.body.data).toMatchObject({ id, status: 'running', rows_imported: 5000 });
    expect(reading.body.data.rows_total).toBeLessThan(ROWS);
    expect(reading.body.data.percent).toBeGreaterThan(0);
    expect(reading.body.data.percent).toBeLessThan(100);
    const graphql = await b.gql('query($id: ID!) { receivedInvoiceImport(id: $id) { status rowsImported percent } }', { id }, { key });
    expect(graphql.body.data.receivedInvoiceImport).toEqual({ status: 'running', rowsImported: 5000, percent: reading.body.data.percent });

    // While it is held, a reader holding its tag is told nothing changed (304); once it moves on, it reads anew.
    const tag = reading.headers.get('etag')!;
    const held = await fetch(`${b.url}/api/v1/received_invoices/import-history/${id}/`, { headers: { 'x-api-key': key, 'if-none-match': tag } });
    expect([held.status, held.headers.get('etag')]).toEqual([304, tag]);

    holds.release(2);
    await until((event) => event.rowsImported === 10_000);
    const moved = await b.rest('GET', `/received_invoices/import-history/${id}/`, { key, headers: { 'if-none-match': tag } });
    expect([moved.status, moved.body.data.rows_imported, moved.headers.get('etag') === tag]).toEqual([200, 10_000, false]);
    holds.release(3);
    await until(() => false);
    // In order: every count non-decreasing, the percent too, running until the last event, which is the end.
    for (const [n, event] of events.entries()) {
      expect({ n, status: event.status }).toEqual({ n, status: n === events.length - 1 ? 'completed' : 'running' });
      if (n === 0) continue;
      for (const field of ['rowsTotal', 'rowsImported', 'rowsWithErrors', 'percent', 'bytesRead'])
        expect({ n, field, forward: event[field] >= events[n - 1][field] }).toEqual({ n, field, forward: true });
    }
    // One event per batch written: 5,000, 10,000, then the last 1,988 (with the end, or just before it).
    const imported = [...new Set(events.map((event) => event.rowsImported))].filter((count) => count > 0);
    expect(imported).toEqual([5000, 10_000, ROWS - 12]);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ percent: 100, bytesRead: Buffer.byteLength(FILE) });

    // The same file imported synchronously, for another account: the same totals.
    const other = await a.account([...SCOPES]);
    const sync = await upload(b, other.key, FILE);
    expect(sync.status).toBe(200);
    expect(sync.headers.get('preference-applied')).toBeNull();
    const totals = (row: Record<string, number>) => [row.rows_total, row.rows_imported, row.rows_duplicated, row.rows_with_errors, row.rows_needing_review];
    expect([last.rowsTotal, last.rowsImported, last.rowsDuplicated, last.rowsWithErrors, last.rowsNeedingReview]).toEqual(totals(sync.body.data));
    expect(totals(sync.body.data)).toEqual([ROWS, ROWS - 12, 0, 12, 0]);
    expect((await b.rest('GET', `/received_invoices/import-history/${id}/`, { key })).body.data).toMatchObject({
      status: 'completed',
      percent: 100,
      rows_imported: ROWS - 12,
    });
  } finally {
    holds.releaseAll();
  }
});

it("another account's import is not found: REST 404, GraphQL NOT_FOUND, and its subscription is refused", async () => {
  const owner = await a.account([...SCOPES]);
  const stranger = await a.account([...SCOPES]);
  const own = await upload(a, owner.key, fileOf(3));
  expect(own.status).toBe(200);
  const id = own.body.data.id as string;
  expect((await b.rest('GET', `/received_invoices/import-history/${id}/`, { key: owner.key })).status).toBe(200);
  for (const path of [
    `/received_invoices/import-history/${id}/`,
    `/received_invoices/import-history/${new ObjectId().toHexString()}/`,
    '/received_invoices/import-history/zz/',
  ]) {
    const res = await b.rest('GET', path, { key: stranger.key });
    expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
  }
  // The Emitidos route reads its own history: a Recibidos import is not one of its imports.
  expect((await b.rest('GET', `/issued_vouchers/import-history/${id}/`, { key: owner.key })).status).toBe(404);
  const graphql = await b.gql('query($id: ID!) { receivedInvoiceImport(id: $id) { id } }', { id }, { key: stranger.key });
  expect(graphql.body.errors[0].extensions.code).toBe('NOT_FOUND');
  const live = subscribe(connect(b, clients, { 'x-api-key': stranger.key }).client, PROGRESS, { id });
  const refused = await live.take('the refusal');
  expect(JSON.stringify(refused)).toContain('NOT_FOUND');
  expect(JSON.stringify(refused)).not.toContain('recibidos.csv');
});

it('an import whose gateway stopped answering reads, and ends its subscription, as interrupted on another gateway', async () => {
  const { key } = await a.account([...SCOPES]);
  const done = await upload(a, key, fileOf(3));
  const id = done.body.data.id as string;
  // As a gateway killed half-way leaves it: running, last written at 15:00.
  await a.store
    .collection('received_invoice_imports')
    .updateOne({ _id: new ObjectId(id) }, { $set: { status: 'running', finished_at: null, updated_at: new Date('2026-01-10T15:00:00Z') } });
  b.clock.now = new Date('2026-01-10T15:05:01Z');
  try {
    expect((await b.rest('GET', `/received_invoices/import-history/${id}/`, { key })).body.data).toMatchObject({ status: 'interrupted', rows_imported: 3 });
    const live = subscribe(connect(b, clients, { 'x-api-key': key }).client, PROGRESS, { id });
    expect(eventOf(await live.take('the import as it stands'))).toMatchObject({ id, status: 'interrupted', rowsImported: 3 });
    expect(await live.take('the end')).toEqual({ complete: true });
  } finally {
    b.clock.now = new Date();
  }
});

it('GraphQL respondAsync answers the import as started; the Emitidos import reads by id once ended', async () => {
  const { key, accountId } = await a.account([...SCOPES]);
  const emitidos = readFileSync(join(__dirname, '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'));
  const holds = holdAtBatches(1);
  const started = await a.gql(
    'mutation($file: Upload!) { importIssuedVouchers(file: $file, respondAsync: true) { id direction status rowsImported percent } }',
    { file: new File([new Uint8Array(emitidos)], 'emitidos.csv') },
    { key },
  );
  const id = started.body.data.importIssuedVouchers.id as string;
  expect(started.body.data.importIssuedVouchers).toEqual({ id, direction: 'issued', status: 'running', rowsImported: 0, percent: 0 });
  const live = subscribe(connect(b, clients, { 'x-api-key': key }).client, PROGRESS, { id });
  expect(eventOf(await live.take('the import as it stands'))).toMatchObject({ id, direction: 'issued', status: 'running', rowsImported: 0 });
  holds.release(1);
  let last: Record<string, unknown> = {};
  for (;;) {
    const message = await live.take('the next event');
    if ('complete' in message) break;
    last = eventOf(message);
  }
  expect(last).toMatchObject({ status: 'completed', percent: 100 });
  const read = await b.gql('query($id: ID!) { issuedVoucherImport(id: $id) { status rowsImported rowsTotal } }', { id }, { key });
  expect(read.body.data.issuedVoucherImport).toEqual({ status: 'completed', rowsImported: last.rowsImported, rowsTotal: last.rowsTotal });
  // A key of the account without the Emitidos scope is refused the subscription to it.
  const narrow = await b.key(accountId, ['received_invoices:read']);
  const refused = await subscribe(connect(b, clients, { 'x-api-key': narrow }).client, PROGRESS, { id }).take('the refusal');
  expect(JSON.stringify(refused)).toContain('FORBIDDEN');
});

it('hostile Prefer headers ask for nothing; a respondAsync that is not a Boolean is a 400', async () => {
  const { key } = await a.account([...SCOPES]);
  const small = fileOf(2);
  const cases: Array<[string, number]> = [
    ['wait=5, RESPOND-ASYNC', 202],
    ['respond-async; foo=bar', 202],
    ['respond-asynchronously', 200],
    ['return=minimal', 200],
    [';;;,,,==', 200],
    ['"respond-async"', 200],
    ['x'.repeat(8000), 200],
  ];
  for (const [prefer, status] of cases) {
    const res = await upload(a, key, small, { Prefer: prefer });
    expect({ prefer: prefer.slice(0, 40), status: res.status, applied: res.headers.get('preference-applied') }).toEqual({
      prefer: prefer.slice(0, 40),
      status,
      applied: status === 202 ? 'respond-async' : null,
    });
  }
  const bad = await a.gql(
    'mutation($file: Upload!) { importIssuedVouchers(file: $file, respondAsync: "yes") { id } }',
    { file: new File([small], 'x.csv') },
    { key },
  );
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
});
