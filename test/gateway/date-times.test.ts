import { buildSchema, getNamedType, isObjectType } from 'graphql';
import fs from 'node:fs';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Date-times on both surfaces: REST writes Argentine wall-clock time without a zone (the contract's form); GraphQL
 * writes UTC with `Z` by default, and any date-time field asked with `zone: ARGENTINA` writes the same instant in
 * Argentine time with its `-03:00` offset, so a dashboard shows what a REST client shows.
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

it('one instant, three forms: REST without a zone, GraphQL in UTC and, asked, in Argentine time', async () => {
  // 02:30 UTC is still the day before in Argentina: the day must follow the zone.
  gw.clock.now = new Date('2026-03-01T02:30:15.250Z');
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Horario SA' } });
  expect(created.body.data.created_at).toBe('2026-02-28T23:30:15.250');
  const res = await gw.gql(
    'query($id: ID!) { supplier(id: $id) { utc: createdAt local: createdAt(zone: ARGENTINA) asked: createdAt(zone: UTC) } }',
    { id: created.body.data._id },
    { key },
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.supplier).toEqual({ utc: '2026-03-01T02:30:15.250Z', local: '2026-02-28T23:30:15.250-03:00', asked: '2026-03-01T02:30:15.250Z' });
  expect(Date.parse(res.body.data.supplier.local)).toBe(Date.parse(res.body.data.supplier.utc));
});

it('a nullable date-time left empty stays null in either zone', async () => {
  const created = await gw.rest('POST', '/expenses/', { key, body: { amount: 10, description: 'Pendiente', tax_rate: 21 } });
  expect(created.status).toBe(201);
  const res = await gw.gql('query($id: ID!) { expense(id: $id) { status paidAt(zone: ARGENTINA) approvedAt } }', { id: created.body.data._id }, { key });
  expect(res.body).toEqual({ data: { expense: { status: 'pending', paidAt: null, approvedAt: null } } });
});

it('every date-time field of the committed schema takes the zone argument', () => {
  const schema = buildSchema(fs.readFileSync(path.join(__dirname, '../../schema.graphql'), 'utf8'));
  const missing: string[] = [];
  let fields = 0;
  for (const type of Object.values(schema.getTypeMap()))
    if (isObjectType(type) && !type.name.startsWith('__'))
      for (const field of Object.values(type.getFields()))
        if (getNamedType(field.type).name === 'DateTimeISO') {
          fields++;
          if (!field.args.some((arg) => arg.name === 'zone' && getNamedType(arg.type).name === 'DateTimeZone')) missing.push(`${type.name}.${field.name}`);
        }
  expect(fields).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});
