import 'reflect-metadata';
import { ACCOUNT_TYPES } from '../../src/domain/accounting/account-declaration';
import { periodOf } from '../../src/domain/accounting/reports/params';
import { trialBalance } from '../../src/domain/accounting/reports/trial-balance';
import { money, oneOf, text } from '../../src/domain/declare/field';
import { arg, declareOperation } from '../../src/domain/declare/operation';
import { declareShape } from '../../src/domain/declare/shape';
import { NotFoundError } from '../../src/domain/errors';
import type { LedgerAccountDocument } from '../../src/domain/stored';
import { RESOLVERS } from '../../src/resolvers/index';
import { operationResolver } from '../../src/resolvers/operation.resolver';
import { operationRoute } from '../../src/rest-compat/operation.routes';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { CODES, smallBook } from './support/accounting-book';

/**
 * A report added the way docs/architecture.md describes: one declaration (a query, a REST GET, a result shape of
 * five columns) and the domain call. Registered here in the resolver and route tables before the gateway starts, it
 * answers through GraphQL and REST alike, against the small book of accounting-reports.test.ts (the cash account in
 * the first quarter of 2026: debits 18650, credits 10500).
 */

type OfAccount = { account: LedgerAccountDocument };

const ACCOUNT_MOVEMENTS = declareShape({
  type: 'AccountMovements',
  description: 'What one account moved in a period.',
  fields: {
    code: text(50, { example: '1.1.1.01.001', read: (row: OfAccount) => row.account.code }),
    name: text(200, { example: 'Caja en pesos', read: (row: OfAccount) => row.account.name }),
    accountType: oneOf(ACCOUNT_TYPES, 'LedgerAccountType', { read: (row: OfAccount) => row.account.account_type }),
    debit: money(0, { example: 21000, description: 'Debits posted in the period.' }),
    credit: money(0, { example: 5000.5, description: 'Credits posted in the period.' }),
  },
});

const MOVEMENTS = declareOperation({
  name: 'accountMovements',
  description: 'What one account moved in a period.',
  scope: 'accounting:read',
  args: {
    code: arg.text(50, { required: true, rest: { in: 'path' } }),
    from: arg.day({ description: 'YYYY-MM-DD, first day (default: 1 January of `to`’s year).' }),
    to: arg.day({ description: 'YYYY-MM-DD, last day (default: today in Argentina).', rest: { name: 'until', description: 'YYYY-MM-DD, last day.' } }),
  },
  result: ACCOUNT_MOVEMENTS,
  rest: { method: 'get', path: '/accounting/reports/account-movements/{code}/', summary: 'What one account moved in a period' },
});

RESOLVERS.push(
  operationResolver(MOVEMENTS, async (context, { code, from, to }) => {
    const report = await trialBalance(context, periodOf(context, { from, to }));
    const row = report.rows.find((candidate) => candidate.account.code === code);
    if (!row) throw new NotFoundError(`no account ${code} with figures`);
    return row;
  }),
);
ROUTES.push(operationRoute(MOVEMENTS));

let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['accounting:read', 'accounting:write']));
  await smallBook(gw, key);
});
afterAll(async () => {
  await gw?.stop();
});

const CASH = { code: CODES.cash, name: 'Caja en pesos', debit: 18650, credit: 10500 };

test('GraphQL: the query with its arguments, amounts in pesos, the type named as declared', async () => {
  const res = await gw.gql(
    `query ($code: String!) {
      accountMovements(code: $code, from: "2026-01-01", to: "2026-03-31") { code name accountType debit credit __typename }
    }`,
    { code: CODES.cash },
    { key },
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.accountMovements).toEqual({ ...CASH, accountType: 'asset', __typename: 'AccountMovements' });
});

test('REST: the path and query parameters by their REST names, the answer under the contract’s names', async () => {
  const res = await gw.rest('GET', `/accounting/reports/account-movements/${CODES.cash}/?from=2026-01-01&until=2026-03-31`, { key });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, data: { ...CASH, account_type: 'asset' } });
});

test('REST: an account without figures is 404, a malformed day a 400 naming it, like any report', async () => {
  const none = await gw.rest('GET', '/accounting/reports/account-movements/9.9.9/?from=2026-01-01&until=2026-03-31', { key });
  expect({ status: none.status, code: none.body.error?.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  const bad = await gw.rest('GET', `/accounting/reports/account-movements/${CODES.cash}/?until=2026-02-30`, { key });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body.error)).toMatch(/\bto\b|until/);
  const twice = await gw.rest('GET', `/accounting/reports/account-movements/${CODES.cash}/?from=2026-01-01&from=2026-02-01`, { key });
  expect(twice.status).toBe(400);
  expect(JSON.stringify(twice.body.error)).toContain('from');
});

test('both surfaces require the declared scope', async () => {
  const { key: other } = await gw.account(['suppliers:read']);
  const rest = await gw.rest('GET', `/accounting/reports/account-movements/${CODES.cash}/`, { key: other });
  expect(rest.status).toBe(403);
  const graphql = await gw.gql(`{ accountMovements(code: "${CODES.cash}") { code } }`, {}, { key: other });
  expect(graphql.body.errors[0].extensions.code).toBe('FORBIDDEN');
});

test('the OpenAPI document describes the route: its parameters and its answer with examples', async () => {
  const doc = (await (await fetch(`${gw.url}/api/v1/openapi.json`)).json()) as any;
  const operation = doc.paths['/api/v1/accounting/reports/account-movements/{code}/'].get;
  expect(operation.operationId).toBe('RestAccountMovements');
  expect(operation.description).toContain('accounting:read');
  expect(operation.parameters.map((parameter: any) => [parameter.name, parameter.in])).toEqual(
    expect.arrayContaining([
      ['code', 'path'],
      ['from', 'query'],
      ['until', 'query'],
    ]),
  );
  const data = operation.responses['200'].content['application/json'].schema.properties.data;
  expect(data.required).toEqual(['code', 'name', 'account_type', 'debit', 'credit']);
  expect(data.properties.account_type).toEqual({ type: 'string', enum: [...ACCOUNT_TYPES] });
  expect(data.properties.credit).toEqual({ type: 'number', examples: [5000.5], description: 'Credits posted in the period.' });
});
