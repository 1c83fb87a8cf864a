import { setWidget } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Legacy clients ask for pages larger than any route serves (`limit=1000`). Every GET route of the route table that
 * takes a page size (`limit` or `per_page`) serves such a request with its maximum instead of refusing it, and where
 * the answer has a pagination block, the block says what was asked (`limit_requested` / `per_page_requested`).
 * Generated from the route table: a new paged route is covered without new test code.
 */
let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  const account = await gw.account([...SCOPES]);
  key = account.key;
  await setWidget(gw.store, account.accountId, 'multi_taxpayer', true);
});
afterAll(async () => {
  await gw?.stop();
});

const ASKED = 100_000;
/** Path parameters that name something every account has (a day, a month's book); others are an unknown id (404). */
const FILL: Record<string, string> = { date: '2026-01-05', book_id: '2026-01-purchases', period: '2026-01', book_type: 'purchases' };

const paged = ROUTES.filter((route) => route.method === 'get' && route.parameters?.some((p) => p.name === 'limit' || p.name === 'per_page')).map(
  (route) => [route.path, route] as const,
);

it('the route table has paged routes of every kind', () => {
  const sizes = new Set(paged.map(([, route]) => route.parameters!.find((p) => p.name === 'limit' || p.name === 'per_page')!.name));
  expect([...sizes].sort()).toEqual(['limit', 'per_page']);
  expect(paged.length).toBeGreaterThan(10);
});

describe.each(paged)('GET %s', (routePath, route) => {
  const size = route.parameters!.find((p) => p.name === 'limit' || p.name === 'per_page')!;
  const properties = (route.responseSchema.properties ?? {}) as Record<string, { properties?: Record<string, unknown> }>;
  const blocks = [
    ...(properties[`${size.name}_requested`] ? [[] as string[]] : []),
    ...Object.entries(properties)
      .filter(([, schema]) => schema.properties?.[`${size.name}_requested`])
      .map(([name]) => [name]),
  ];

  it(`serves ${size.name}=${ASKED} as its maximum, and says so in its pagination block`, async () => {
    const path = routePath.replace(/\{(\w+)\}/g, (_all, name: string) => FILL[name] ?? '000000000000000000000000');
    const res = await gw.rest('GET', `${path}?${size.name}=${ASKED}`, { key });
    const expected = path.includes('000000000000000000000000') ? 404 : 200;
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: expected, code: expected === 404 ? 'NOT_FOUND' : undefined });
    if (expected !== 200) return;
    for (const at of blocks) {
      const block = at.reduce((value, name) => value[name], res.body.data);
      expect({ at, asked: block[`${size.name}_requested`], servedBelow: block[size.name] < ASKED }).toEqual({ at, asked: ASKED, servedBelow: true });
    }
  });
});
