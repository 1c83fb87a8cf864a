import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestAccount, type TestGateway } from '../support/gateway';

/**
 * One request's trace: its server span (named by the route's template, a caller's traceparent honoured), under it the
 * span of the Query field that read the store, the spans of its loaders' batches, and under those a span per MongoDB
 * command sent (from the driver's command monitoring), carrying the command's name and collection but none of its values.
 */

const MISSING_ID = '0123456789abcdef01234567';
const exporter = new InMemorySpanExporter();
let gw: TestGateway;
let account: TestAccount;

beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true, spanExporter: exporter });
  account = await gw.account([...SCOPES]);
});
afterAll(async () => {
  await gw?.stop();
});

/** The spans of the trace whose server span is named `serverName` (waited for: it ends after its answer). */
async function traceOf(serverName: string): Promise<ReadableSpan[]> {
  // The server span ends when the answer's socket closes, a moment after the client read it: waited for, bounded.
  for (let attempt = 0; attempt < 500; attempt++) {
    const server = exporter.getFinishedSpans().find((span) => span.name === serverName);
    if (server) return exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === server.spanContext().traceId);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no finished span named ${serverName}`);
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('a REST read by id', () => {
  let supplierId: string;
  beforeAll(async () => {
    const created = await gw.rest('POST', '/suppliers/', { key: account.key, body: { name: 'Traza S.A.', tax_id: '30-70888444-4' } });
    expect(created.status).toBe(201);
    supplierId = created.body.data._id;
    exporter.reset();
  });

  test('server span → Query field span → loader batch span → MongoDB command span, each the child of the one before', async () => {
    const res = await gw.rest('GET', `/suppliers/${supplierId}/`, { key: account.key });
    expect(res.status).toBe(200);
    const spans = await traceOf('GET /api/v1/suppliers/:id/');
    const server = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
    expect(server.name).toBe('GET /api/v1/suppliers/:id/');
    expect(parentOf(server)).toBeUndefined();
    expect(server.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/suppliers/:id/',
      'http.response.status_code': 200,
      'url.path': `/api/v1/suppliers/${supplierId}/`,
    });
    expect(server.status.code).toBe(SpanStatusCode.UNSET);

    const field = spans.find((span) => span.name === 'Query.supplier') as ReadableSpan;
    expect(field).toBeDefined();
    expect(parentOf(field)).toBe(server.spanContext().spanId);
    expect(field.status.code).toBe(SpanStatusCode.UNSET);

    const commands = spans.filter((span) => span.attributes['db.system'] === 'mongodb');
    const find = commands.find((span) => span.name === 'find suppliers') as ReadableSpan;
    expect(find).toBeDefined();
    expect(find.kind).toBe(SpanKind.CLIENT);
    // The domain reads by id through the request's loader: its batch is the field's child, the command the batch's.
    const batch = spans.find((span) => span.name === 'load suppliers') as ReadableSpan;
    expect(parentOf(batch)).toBe(field.spanContext().spanId);
    expect(parentOf(find)).toBe(batch.spanContext().spanId);
    expect(find.attributes).toMatchObject({ 'db.operation': 'find', 'db.mongodb.collection': 'suppliers', 'db.name': gw.store.db.databaseName });
    // Every command span hangs from a span of this trace; none carries the command (its filter names the id).
    const ids = new Set(spans.map((span) => span.spanContext().spanId));
    for (const command of commands) expect(ids.has(parentOf(command) as string)).toBe(true);
    expect(JSON.stringify(commands.map((span) => span.attributes))).not.toContain(supplierId);
    // As many command spans as the request's own tally of commands.
    expect(commands).toHaveLength(await gw.commandsOf(res.headers.get('x-request-id') as string));
  });

  test('a 404: the server span is not an error (the client asked for what is not there), the field span is, by code', async () => {
    const res = await gw.rest('GET', `/suppliers/${MISSING_ID}/`, { key: account.key });
    expect(res.status).toBe(404);
    const spans = await traceOf('GET /api/v1/suppliers/:id/');
    const server = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
    expect(server.attributes['http.response.status_code']).toBe(404);
    expect(server.status.code).toBe(SpanStatusCode.UNSET);
    const field = spans.find((span) => span.name === 'Query.supplier') as ReadableSpan;
    expect(parentOf(field)).toBe(server.spanContext().spanId);
    expect(field.status).toEqual({ code: SpanStatusCode.ERROR, message: 'NOT_FOUND' });
    expect(field.attributes['error.type']).toBe('NOT_FOUND');
    const batch = spans.find((span) => span.name === 'load suppliers') as ReadableSpan;
    expect(parentOf(batch)).toBe(field.spanContext().spanId);
    // Reading nothing is no failure of the read: only the field, which answers NOT_FOUND, failed.
    expect(batch.status.code).toBe(SpanStatusCode.UNSET);
    const find = spans.find((span) => span.name === 'find suppliers') as ReadableSpan;
    expect(parentOf(find)).toBe(batch.spanContext().spanId);
    expect(find.status.code).toBe(SpanStatusCode.UNSET);
  });

  afterEach(() => exporter.reset());
});

test("a caller's traceparent makes the request's span its child", async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const parentId = '00f067aa0ba902b7';
  const res = await gw.gql('{ suppliers(first: 1) { totalCount } }', {}, { key: account.key, headers: { traceparent: `00-${traceId}-${parentId}-01` } });
  expect(res.status).toBe(200);
  const spans = await traceOf('POST /graphql');
  const server = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
  expect(server.spanContext().traceId).toBe(traceId);
  expect(parentOf(server)).toBe(parentId);
  const field = spans.find((span) => span.name === 'Query.suppliers') as ReadableSpan;
  expect(parentOf(field)).toBe(server.spanContext().spanId);
  expect(spans.filter((span) => span.attributes['db.mongodb.collection'] === 'suppliers').length).toBeGreaterThan(0);
  exporter.reset();
});

test("nested fields read through the request's loaders: a span per batch, its commands under it", async () => {
  const res = await gw.gql('{ activity(resourceType: "suppliers") { items { record { ... on Supplier { id name } } } } }', {}, { key: account.key });
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.activity.items.length).toBeGreaterThan(0);
  const spans = await traceOf('POST /graphql');
  const server = spans.find((span) => span.kind === SpanKind.SERVER) as ReadableSpan;
  const ids = new Set(spans.map((span) => span.spanContext().spanId));
  const batch = spans.find((span) => span.name === 'load suppliers') as ReadableSpan;
  expect(batch).toBeDefined();
  expect(batch.attributes).toMatchObject({ 'db.mongodb.collection': 'suppliers', 'loader.keys': 1 });
  // Under the request (the executor resolves nested fields in the request's context), never outside its trace.
  expect(batch.spanContext().traceId).toBe(server.spanContext().traceId);
  expect(ids.has(parentOf(batch) as string)).toBe(true);
  const read = spans.filter((span) => span.name === 'find suppliers');
  expect(read).toHaveLength(1);
  expect(parentOf(read[0])).toBe(batch.spanContext().spanId);
  exporter.reset();
});

test('work outside a request (the change feed, a direct read) makes no span', async () => {
  exporter.reset();
  await gw.store.collection('suppliers').countDocuments({});
  expect(exporter.getFinishedSpans()).toEqual([]);
});
