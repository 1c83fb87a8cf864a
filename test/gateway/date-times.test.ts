import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Date-times on both surfaces: REST writes Argentine wall-clock time without a zone (the contract's form); GraphQL
 * writes UTC with `Z` by default, and a request carrying `Time-Zone: America/Argentina/Buenos_Aires` gets every
 * date-time as the same instant in Argentine time with its `-03:00` offset, so a dashboard shows what REST shows.
 */
let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['suppliers:read', 'suppliers:write', 'expenses:read', 'expenses:write']));
});
afterAll(async () => {
  await gw?.stop();
});

const ARGENTINA = { 'time-zone': 'America/Argentina/Buenos_Aires' };

it('one instant, three forms: REST without a zone, GraphQL in UTC and, asked, in Argentine time', async () => {
  // 02:30 UTC is still the day before in Argentina: the day must follow the zone.
  gw.clock.now = new Date('2026-03-01T02:30:15.250Z');
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Horario SA' } });
  expect(created.body.data.created_at).toBe('2026-02-28T23:30:15.250');
  const query = 'query($id: ID!) { supplier(id: $id) { createdAt updatedAt } }';
  const variables = { id: created.body.data._id };
  const utc = await gw.gql(query, variables, { key });
  expect(utc.body.data.supplier).toEqual({ createdAt: '2026-03-01T02:30:15.250Z', updatedAt: '2026-03-01T02:30:15.250Z' });
  const local = await gw.gql(query, variables, { key, headers: ARGENTINA });
  expect(local.body.data.supplier).toEqual({ createdAt: '2026-02-28T23:30:15.250-03:00', updatedAt: '2026-02-28T23:30:15.250-03:00' });
  expect(Date.parse(local.body.data.supplier.createdAt)).toBe(Date.parse(utc.body.data.supplier.createdAt));
  // Any Argentine zone (all UTC−3); another zone, or none, stays in UTC.
  expect((await gw.gql(query, variables, { key, headers: { 'time-zone': 'America/Argentina/Cordoba' } })).body.data.supplier.createdAt).toBe(
    '2026-02-28T23:30:15.250-03:00',
  );
  for (const zone of ['Europe/Madrid', 'UTC', 'America/Argentina/../Madrid'])
    expect((await gw.gql(query, variables, { key, headers: { 'time-zone': zone } })).body.data.supplier.createdAt).toBe('2026-03-01T02:30:15.250Z');
});

it('the zone is the request’s own: concurrent requests in both zones each get theirs', async () => {
  gw.clock.now = new Date('2026-05-10T12:00:00.000Z');
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Concurrente SA' } });
  const query = 'query($id: ID!) { supplier(id: $id) { createdAt } }';
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => gw.gql(query, { id: created.body.data._id }, { key, headers: i % 2 ? ARGENTINA : {} })),
  );
  expect(answers.map((res) => res.body.data.supplier.createdAt)).toEqual(
    Array.from({ length: 20 }, (_, i) => (i % 2 ? '2026-05-10T09:00:00.000-03:00' : '2026-05-10T12:00:00.000Z')),
  );
});

it('a nullable date-time left empty stays null in either zone', async () => {
  const created = await gw.rest('POST', '/expenses/', { key, body: { amount: 10, description: 'Pendiente', tax_rate: 21 } });
  expect(created.status).toBe(201);
  const res = await gw.gql('query($id: ID!) { expense(id: $id) { status paidAt approvedAt } }', { id: created.body.data._id }, { key, headers: ARGENTINA });
  expect(res.body).toEqual({ data: { expense: { status: 'pending', paidAt: null, approvedAt: null } } });
});
