import { tokenHash } from '../../src/domain/auth/auth.secrets';
import * as secrets from '../../src/domain/auth/auth.secrets';
import WebSocket from 'ws';
import { type HttpResult, startTestGateway, type TestGateway } from '../support/gateway';

/** Opens a subscription socket, sends connection_init with `key`, and answers how the gateway closed it. */
async function subscriptionClosed(gateway: TestGateway, key: string): Promise<{ code: number; reason: string }> {
  const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { 'x-api-key': key } })));
  const [code, reason] = (await new Promise((resolve) => socket.on('close', (...args) => resolve(args)))) as [number, Buffer];
  return { code, reason: reason.toString() };
}

/**
 * Throttling as several gateway processes over one store see it: three test gateways on one database, each with its
 * own connection. Password checks are counted through the one function that does them, so what is asserted is the
 * work done, never a duration.
 */
jest.mock('../../src/domain/auth/auth.secrets', () => {
  const actual = jest.requireActual<typeof import('../../src/domain/auth/auth.secrets')>('../../src/domain/auth/auth.secrets');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});

const verifyPassword = secrets.verifyPassword as jest.MockedFunction<typeof secrets.verifyPassword>;
const checkPassword = jest.requireActual<typeof secrets>('../../src/domain/auth/auth.secrets').verifyPassword;

const FAILURES = 5;
const REQUESTS_PER_MINUTE = 5;
const UNKNOWN_KEYS = 3;
const PASSWORD = 'correct horse battery';

let gateways: TestGateway[];
let accountId: string;

beforeAll(async () => {
  const env = {
    LOGIN_MAX_FAILURES: String(FAILURES),
    // High enough that the bursts below meet the per-email limit only (one address sends everything here).
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    LOGIN_LOCKOUT_SECONDS: '600',
    RATE_LIMIT_PER_MINUTE: String(REQUESTS_PER_MINUTE),
    API_KEY_MAX_FAILURES_PER_IP: String(UNKNOWN_KEYS),
  };
  const first = await startTestGateway(env);
  gateways = [first, await startTestGateway(env, undefined, { sameStoreAs: first }), await startTestGateway(env, undefined, { sameStoreAs: first })];
  ({ accountId } = await first.account(['suppliers:read']));
});
afterAll(async () => {
  // The first gateway owns the database: it stops last.
  for (const gw of [...(gateways ?? [])].reverse()) await gw.stop();
});
afterEach(() => {
  verifyPassword.mockImplementation(checkPassword);
});

const login = (gw: TestGateway, email: string, password: string) => gw.rest('POST', '/auth/login', { body: { email, password } });
/** The gateway the i-th request goes to, round-robin. */
const nth = (i: number) => gateways[i % gateways.length];
const statuses = (results: HttpResult[]) => results.map((res) => res.status);
const countOf = (values: number[], value: number) => values.filter((v) => v === value).length;

/** Resolves once `condition` holds (checked on every turn of the event loop; nothing here waits a set time). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Password checks held until `release()`: the attempts that reach a check stay in flight, so that further attempts
 * arrive while they are still being checked.
 */
function holdChecks() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  verifyPassword.mockClear();
  verifyPassword.mockImplementation(async (password, stored) => {
    await gate;
    return checkPassword(password, stored);
  });
  return { release, checks: () => verifyPassword.mock.calls.length };
}

/** `sent`, counted in `answered` once it is answered. */
function tracked(answered: { count: number }, sent: Promise<HttpResult>): Promise<HttpResult> {
  return sent.then((res) => {
    answered.count++;
    return res;
  });
}

/**
 * 40 wrong passwords at once, then the right one while the first are still being checked: only FAILURES passwords
 * are checked (401), every other attempt is 429, the right one included.
 */
async function burst(email: string, gatewayOf: (i: number) => TestGateway) {
  const held = holdChecks();
  const answered = { count: 0 };
  const wrong = Array.from({ length: 40 }, (_, i) => tracked(answered, login(gatewayOf(i), email, `wrong ${i}`)));
  // Every attempt has either been answered or reached its password check.
  await until(() => answered.count + held.checks() === 40);
  const right = tracked(answered, login(gatewayOf(40), email, PASSWORD));
  await until(() => answered.count + held.checks() === 41);
  held.release();
  const results = statuses(await Promise.all(wrong));
  const rightResult = await right;
  expect(held.checks()).toBe(FAILURES);
  expect(countOf(results, 401)).toBe(FAILURES);
  expect(countOf(results, 429)).toBe(40 - FAILURES);
  expect(rightResult.status).toBe(429);
  expect(rightResult.body.error.code).toBe('RATE_LIMITED');
  expect(Number(rightResult.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login attempts are counted before the password is checked', () => {
  it('a burst on one gateway: 5 passwords checked (401), the other 35 and the right password 429', async () => {
    await gateways[0].user(accountId, 'burst@shared.example', PASSWORD);
    await burst('burst@shared.example', () => gateways[0]);
  });

  it('the same burst spread over three gateways gives the same split', async () => {
    await gateways[0].user(accountId, 'spread@shared.example', PASSWORD);
    await burst('spread@shared.example', nth);
  });
});

describe('three gateways over one store count together', () => {
  it('5 wrong passwords round-robin lock the email out: the 6th attempt and later are 429 on every gateway', async () => {
    const email = 'round@shared.example';
    await gateways[0].user(accountId, email, PASSWORD);
    verifyPassword.mockClear();
    const first = [];
    for (let i = 0; i < FAILURES; i++) first.push((await login(nth(i), email, `wrong ${i}`)).status);
    expect(first).toEqual([401, 401, 401, 401, 401]);
    // The 6th, 7th and 8th attempts reach each gateway once; the right password is refused too.
    const later = [];
    for (let i = FAILURES; i < FAILURES + gateways.length; i++) later.push((await login(nth(i), email, PASSWORD)).status);
    expect(later).toEqual([429, 429, 429]);
    expect(verifyPassword).toHaveBeenCalledTimes(FAILURES);
    // The count is the store's, kept under the email's hash only.
    const counters = gateways[0].store.db.collection('throttle_login_accounts');
    expect(await counters.countDocuments({ key: email })).toBe(0);
    expect(await counters.findOne({ key: tokenHash(email) })).toMatchObject({ points: FAILURES + gateways.length, expire: expect.any(Date) });
  });

  it('a successful login on one gateway clears the count for the others', async () => {
    const email = 'clears@shared.example';
    await gateways[0].user(accountId, email, PASSWORD);
    for (let i = 0; i < FAILURES - 1; i++) expect((await login(nth(i), email, `wrong ${i}`)).status).toBe(401);
    expect((await login(gateways[1], email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < FAILURES - 1; i++) expect((await login(nth(i + 2), email, `wrong again ${i}`)).status).toBe(401);
    expect((await login(gateways[2], email, PASSWORD)).status).toBe(200);
  });

  it(`a key's ${REQUESTS_PER_MINUTE} requests a minute are shared by the gateways: the next one is 429 wherever it goes`, async () => {
    const key = await gateways[0].key(accountId, ['suppliers:read']);
    const answers: HttpResult[] = [];
    for (let i = 0; i < REQUESTS_PER_MINUTE + gateways.length; i++) answers.push(await nth(i).rest('GET', '/suppliers/list/', { key }));
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers.slice(0, REQUESTS_PER_MINUTE).map((res) => res.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    expect(answers[REQUESTS_PER_MINUTE].body.error.code).toBe('RATE_LIMITED');
    expect(Number(answers[REQUESTS_PER_MINUTE].headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('unknown API keys per client address', () => {
  it(`after ${UNKNOWN_KEYS} unknown keys from an address (any gateway, HTTP or WebSocket), its unknown keys are 429; a real key still works`, async () => {
    // The first guess goes over a WebSocket's connection_init: refused as unknown, and counted like the others.
    expect(await subscriptionClosed(nth(2), 'sk_socketGuess')).toEqual({ code: 4401, reason: 'unknown or revoked API key' });
    const guesses = Array.from({ length: UNKNOWN_KEYS - 1 + gateways.length }, (_, i) => `sk_guess${i}${'x'.repeat(40)}`);
    const answers: HttpResult[] = [];
    for (const [i, guess] of guesses.entries()) answers.push(await nth(i).rest('GET', '/suppliers/list/', { key: guess }));
    expect(statuses(answers)).toEqual([401, 401, 429, 429, 429]);
    expect(answers[UNKNOWN_KEYS - 1].body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/unknown API keys/) });
    expect(Number(answers[UNKNOWN_KEYS - 1].headers.get('retry-after'))).toBeGreaterThan(0);
    // Past the bound, a WebSocket guess is closed as rate limited (4430), not as unauthenticated.
    expect(await subscriptionClosed(nth(0), 'sk_socketGuess2')).toEqual({ code: 4430, reason: expect.stringMatching(/unknown API keys/) });

    // GraphQL is behind the same bound, and a burst gets no 401 through.
    const graphql = await nth(1).gql('{ suppliers { totalCount } }', {}, { key: 'sk_graphqlGuess' });
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const burstAnswers = await Promise.all(Array.from({ length: 12 }, (_, i) => nth(i).rest('GET', '/suppliers/list/', { key: `sk_burst${i}` })));
    expect(statuses(burstAnswers)).toEqual(Array(12).fill(429));

    const key = await gateways[0].key(accountId, ['suppliers:read']);
    expect((await gateways[2].rest('GET', '/suppliers/list/', { key })).status).toBe(200);
  });
});

describe('an unknown email is checked like a known one', () => {
  it('one password check against a hash of the same scheme and cost, and the same answer', async () => {
    const email = 'known@shared.example';
    await gateways[0].user(accountId, email, PASSWORD);
    verifyPassword.mockClear();
    const known = await login(gateways[0], email, 'not the password');
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    const unknown = await login(gateways[1], 'nobody-here@shared.example', 'not the password');
    expect(verifyPassword).toHaveBeenCalledTimes(2);

    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(known.body);
    const [knownHash, unknownHash] = verifyPassword.mock.calls.map(([, stored]) => stored.split('$'));
    // scheme, N, r, p; then salt and key of the same lengths.
    expect(unknownHash.slice(0, 4)).toEqual(knownHash.slice(0, 4));
    expect(unknownHash.slice(4).map((part) => Buffer.from(part, 'base64').length)).toEqual(
      knownHash.slice(4).map((part) => Buffer.from(part, 'base64').length),
    );
    expect(unknownHash).not.toEqual(knownHash);
  });
});
