import { startTestGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

it('creates a supplier through REST and reads it back through GraphQL', async () => {
  const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Acme SA', tax_id: '30712345671' } });
  expect(created.status).toBe(201);
  const read = await gw.gql('query($id: ID!) { supplier(id: $id) { name taxId status } }', { id: created.body.data._id }, { key });
  expect(read.body).toEqual({ data: { supplier: { name: 'Acme SA', taxId: '30712345671', status: 'active' } } });
  const list = await gw.rest('GET', '/suppliers/list/', { key });
  expect(list.body.data.total).toBe(1);
  expect(await gw.commandsOf(list.headers.get('x-request-id')!)).toBeGreaterThan(0);
});
