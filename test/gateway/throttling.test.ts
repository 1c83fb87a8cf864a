import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Login throttling (per email and per client address, 429 RATE_LIMITED with Retry-After, a logged lock-out) and the
 * per-caller request rate limit with RateLimit-* headers. Limits are set low here through configuration.
 */
let gw: TestGateway;
let accountId: string;
let key: string;
const logs: Array<Record<string, unknown>> = [];
const USER = { email: 'ana@throttle.example', password: 'correct horse battery' };

beforeAll(async () => {
  gw = await startTestGateway({ LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_IP: '8', LOGIN_LOCKOUT_SECONDS: '600', RATE_LIMIT_PER_MINUTE: '5' }, logs);
  ({ accountId, key } = await gw.account(['suppliers:read']));
  await gw.user(accountId, USER.email, USER.password);
  await gw.user(accountId, 'bob@throttle.example', USER.password);
});
afterAll(async () => {
  await gw?.stop();
});

const login = (email: string, password: string) => gw.rest('POST', '/auth/login', { body: { email, password } });

describe('login throttling', () => {
  it('a successful login clears the count of earlier wrong passwords', async () => {
    expect((await login(USER.email, 'wrong one')).status).toBe(401);
    expect((await login(USER.email, 'wrong two')).status).toBe(401);
    expect((await login(USER.email, USER.password)).status).toBe(200);
    expect((await login(USER.email, 'wrong three')).status).toBe(401);
    expect((await login(USER.email, USER.password)).status).toBe(200);
  });

  it('after 3 wrong passwords for an email, every login of it is 429 RATE_LIMITED with Retry-After, even the right one', async () => {
    for (let i = 0; i < 3; i++) expect((await login(USER.email.toUpperCase(), `wrong ${i}`)).status).toBe(401);
    const locked = await login(USER.email, USER.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.stringMatching(/this account/), details: [] } });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(logs.filter((line) => line.msg === 'login locked out for an account after repeated wrong passwords' && line.email === USER.email)).toHaveLength(1);
  });

  it('another email from the same address is still served until the address itself runs out', async () => {
    expect((await login('bob@throttle.example', USER.password)).status).toBe(200);
    // 3 + 3 failures so far from this address (with the first test's); two more reach the address limit of 8.
    for (let i = 0; i < 2; i++) expect((await login(`nobody${i}@throttle.example`, 'wrong')).status).toBe(401);
    const locked = await login('bob@throttle.example', USER.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/this address/);
    expect(logs.some((line) => line.msg === 'login locked out for a client address after repeated wrong passwords')).toBe(true);
  });
});

describe('request rate limit', () => {
  it('every answer carries RateLimit-* headers; past the limit a key gets 429 with Retry-After, on both surfaces', async () => {
    const other = await gw.key(accountId, ['suppliers:read']);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await gw.rest('GET', '/suppliers/list/', { key: other }));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((res) => res.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    expect(answers[0].headers.get('ratelimit-limit')).toBe('5');
    expect(Number(answers[0].headers.get('ratelimit-reset'))).toBeGreaterThan(0);

    const rest = await gw.rest('GET', '/suppliers/list/', { key: other });
    expect(rest.status).toBe(429);
    expect(rest.body.error.code).toBe('RATE_LIMITED');
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const graphql = await gw.gql('{ suppliers { totalCount } }', {}, { key: other });
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors[0].extensions.code).toBe('RATE_LIMITED');

    // Each key has its own budget.
    expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
  });

  it('health checks are never limited', async () => {
    for (let i = 0; i < 8; i++) expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
  });
});
