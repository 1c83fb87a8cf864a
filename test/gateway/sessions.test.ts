import { ObjectId } from 'mongodb';
import type { SessionDocument } from '../../src/store/accounts.store';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * Web-panel sessions: login sets an httpOnly SameSite=Strict `sid` cookie and answers a CSRF token; state-changing
 * requests with the cookie need `X-CSRF-Token`; a session has its role's scopes; logout and expiry end it.
 */

let gw: TestGateway;
let accountA: string;
let keyA: string;
let keyB: string;
let ownerId: string;
let supplierA: string;
let supplierB: string;

const OWNER = { email: 'owner@sessions.example', password: 'correct horse battery' };
const VIEWER = { email: 'viewer@sessions.example', password: 'viewer password 1' };
const TWELVE_HOURS = 12 * 60 * 60 * 1000;

interface Session {
  cookie: string;
  csrf: string;
  res: HttpResult;
}

function setCookies(res: HttpResult): string[] {
  return res.headers.getSetCookie();
}

function sidCookie(res: HttpResult): string | undefined {
  return setCookies(res).find((line) => line.startsWith('sid='));
}

async function login(credentials: { email: string; password: string }): Promise<Session> {
  const res = await gw.rest('POST', '/auth/login', { body: credentials });
  expect(res.status).toBe(200);
  const line = sidCookie(res);
  expect(line).toBeDefined();
  return { cookie: line!.split(';')[0], csrf: res.body.data.csrf_token, res };
}

/** A REST request carrying the session cookie (and the CSRF token when given). */
function withSession(method: string, path: string, session: Pick<Session, 'cookie'>, options: { csrf?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (options.csrf !== undefined) headers['x-csrf-token'] = options.csrf;
  return gw.rest(method, path, { headers, body: options.body });
}

function gqlWithSession(query: string, variables: Record<string, unknown>, session: Pick<Session, 'cookie'>, csrf?: string) {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (csrf !== undefined) headers['x-csrf-token'] = csrf;
  return gw.gql(query, variables, { headers });
}

async function newSupplierA(name: string): Promise<string> {
  const res = await gw.rest('POST', '/suppliers/', { key: keyA, body: { name } });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

async function storedName(id: string): Promise<string | undefined> {
  return (await gw.store.collection<{ _id: ObjectId; name: string }>('suppliers').findOne({ _id: new ObjectId(id) }))?.name;
}

beforeAll(async () => {
  gw = await startTestGateway();
  ({ accountId: accountA, key: keyA } = await gw.account(['suppliers:read', 'suppliers:write']));
  const b = await gw.account(['suppliers:read', 'suppliers:write']);
  keyB = b.key;
  ownerId = await gw.user(accountA, OWNER.email, OWNER.password, 'owner');
  await gw.user(accountA, VIEWER.email, VIEWER.password, 'viewer');
  supplierA = await newSupplierA('Session Supplier A');
  const created = await gw.rest('POST', '/suppliers/', { key: keyB, body: { name: 'Session Supplier B' } });
  supplierB = created.body.data._id;
});
afterAll(async () => {
  await gw?.stop();
});

describe('login', () => {
  it('answers the CSRF token and the user, and sets an httpOnly SameSite=Strict sid cookie on /', async () => {
    const { res } = await login(OWNER);
    expect(res.body).toMatchObject({
      success: true,
      data: { csrf_token: expect.any(String), user: { id: ownerId, email: OWNER.email, role: 'owner', account_id: accountA } },
    });
    expect(res.body.data.csrf_token.length).toBeGreaterThanOrEqual(20);
    const attributes = sidCookie(res)!
      .split(';')
      .map((part) => part.trim().toLowerCase());
    expect(attributes[0]).toMatch(/^sid=.{20,}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/');
    // Neither the cookie nor the CSRF token leaks into the user object.
    expect(JSON.stringify(res.body.data.user)).not.toContain(attributes[0].slice(4));
  });

  it('stores the session in MongoDB with a 12-hour expiry, never the raw token', async () => {
    const { cookie, csrf } = await login(OWNER);
    const token = decodeURIComponent(cookie.slice('sid='.length));
    const sessions = await gw.store
      .collection<SessionDocument>('sessions')
      .find({ user_id: new ObjectId(ownerId) })
      .toArray();
    expect(sessions.length).toBeGreaterThan(0);
    const dump = JSON.stringify(sessions);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(csrf);
    for (const session of sessions) expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(TWELVE_HOURS);
    expect(sessions.some((session) => session.created_at.getTime() === gw.clock.now.getTime())).toBe(true);
  });

  it.each([
    ['wrong password', { email: OWNER.email, password: 'not the password' }],
    ['unknown email', { email: 'nobody@sessions.example', password: OWNER.password }],
    ["another user's password", { email: OWNER.email, password: VIEWER.password }],
    ['empty password', { email: OWNER.email, password: '' }],
  ])('%s → 401 UNAUTHENTICATED and no cookie', async (_name, body) => {
    const res = await gw.rest('POST', '/auth/login', { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    expect(sidCookie(res)).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/csrf/i);
  });

  it('wrong password and unknown email answer the same message (no account enumeration)', async () => {
    const wrong = await gw.rest('POST', '/auth/login', { body: { email: OWNER.email, password: 'nope nope nope' } });
    const unknown = await gw.rest('POST', '/auth/login', { body: { email: 'ghost@sessions.example', password: 'nope nope nope' } });
    expect(wrong.body.error).toEqual(unknown.body.error);
  });

  it('an unknown sid cookie → 401', async () => {
    const res = await withSession('GET', '/suppliers/list/', { cookie: 'sid=ses_notARealSessionToken' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('CSRF', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await login(OWNER);
  });

  it('GET with the cookie works without a CSRF token', async () => {
    const list = await withSession('GET', '/suppliers/list/', owner);
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((item: { _id: string }) => item._id)).toContain(supplierA);
    const one = await withSession('GET', `/suppliers/${supplierA}/`, owner);
    expect(one.status).toBe(200);
    expect(one.body.data.name).toBe('Session Supplier A');
  });

  it("the session acts for its own account only: another account's record → 404", async () => {
    const res = await withSession('GET', `/suppliers/${supplierB}/`, owner);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const del = await withSession('DELETE', `/suppliers/${supplierB}/`, owner, { csrf: owner.csrf });
    expect(del.status).toBe(404);
    expect(await storedName(supplierB)).toBe('Session Supplier B');
  });

  const badTokens: Array<[string, (s: Session, other: Session) => string | undefined]> = [
    ['no X-CSRF-Token', () => undefined],
    ['an empty X-CSRF-Token', () => ''],
    ['a wrong X-CSRF-Token', () => 'csrf_wrong'],
    ["another session's X-CSRF-Token", (_s, other) => other.csrf],
    ['the session token as X-CSRF-Token', (s) => decodeURIComponent(s.cookie.slice('sid='.length))],
  ];

  describe.each(badTokens)('%s → 403 CSRF_TOKEN_INVALID, nothing changes', (_name, tokenOf) => {
    let other: Session;
    beforeAll(async () => {
      other = await login(OWNER);
    });

    it('POST /suppliers/', async () => {
      const name = `CSRF create ${_name}`;
      const res = await withSession('POST', '/suppliers/', owner, { csrf: tokenOf(owner, other), body: { name } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, error: { code: 'CSRF_TOKEN_INVALID' } });
      expect(await gw.store.collection('suppliers').countDocuments({ name })).toBe(0);
    });

    it('PUT /suppliers/{id}/', async () => {
      const res = await withSession('PUT', `/suppliers/${supplierA}/`, owner, { csrf: tokenOf(owner, other), body: { name: 'Renamed by CSRF' } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
      expect(await storedName(supplierA)).toBe('Session Supplier A');
    });

    it('DELETE /suppliers/{id}/', async () => {
      const res = await withSession('DELETE', `/suppliers/${supplierA}/`, owner, { csrf: tokenOf(owner, other) });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
      expect(await storedName(supplierA)).toBe('Session Supplier A');
    });

    it('POST /suppliers/bulk/delete/', async () => {
      const res = await withSession('POST', '/suppliers/bulk/delete/', owner, { csrf: tokenOf(owner, other), body: { ids: [supplierA] } });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('CSRF_TOKEN_INVALID');
      expect(await storedName(supplierA)).toBe('Session Supplier A');
    });

    it('POST /graphql (mutation)', async () => {
      const res = await gqlWithSession('mutation M($id: ID!) { deleteSupplier(id: $id) }', { id: supplierA }, owner, tokenOf(owner, other));
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('CSRF_TOKEN_INVALID');
      expect(await storedName(supplierA)).toBe('Session Supplier A');
    });

    it('POST /graphql (query)', async () => {
      const res = await gqlWithSession('{ suppliers { totalCount } }', {}, owner, tokenOf(owner, other));
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('CSRF_TOKEN_INVALID');
    });
  });

  it('with the token: POST, PUT and DELETE succeed', async () => {
    const created = await withSession('POST', '/suppliers/', owner, { csrf: owner.csrf, body: { name: 'Made in a session' } });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const updated = await withSession('PUT', `/suppliers/${id}/`, owner, { csrf: owner.csrf, body: { notes: 'session notes' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.notes).toBe('session notes');
    const deleted = await withSession('DELETE', `/suppliers/${id}/`, owner, { csrf: owner.csrf });
    expect(deleted.status).toBe(200);
    expect(await storedName(id)).toBeUndefined();
  });

  it('with the token: POST /graphql queries and mutations succeed', async () => {
    const query = await gqlWithSession('query Q($id: ID!) { supplier(id: $id) { name } }', { id: supplierA }, owner, owner.csrf);
    expect(query.status).toBe(200);
    expect(query.body).toEqual({ data: { supplier: { name: 'Session Supplier A' } } });
    const mutation = await gqlWithSession(
      'mutation M($input: CreateSupplierInput!) { createSupplier(input: $input) { id name } }',
      { input: { name: 'GraphQL in a session' } },
      owner,
      owner.csrf,
    );
    expect(mutation.body.errors).toBeUndefined();
    expect(mutation.body.data.createSupplier.name).toBe('GraphQL in a session');
  });

  it('an API key request needs no CSRF token (the header is only for cookies)', async () => {
    const res = await gw.rest('POST', '/suppliers/', { key: keyA, body: { name: 'Key, no CSRF' } });
    expect(res.status).toBe(201);
  });
});

describe('roles', () => {
  let viewer: Session;
  beforeAll(async () => {
    viewer = await login(VIEWER);
    expect(viewer.res.body.data.user.role).toBe('viewer');
  });

  it('a viewer can read (REST and GraphQL)', async () => {
    expect((await withSession('GET', '/suppliers/list/', viewer)).status).toBe(200);
    expect((await withSession('GET', `/suppliers/${supplierA}/`, viewer)).status).toBe(200);
    const gql = await gqlWithSession('{ suppliers { totalCount } }', {}, viewer, viewer.csrf);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.suppliers.totalCount).toBeGreaterThan(0);
  });

  it('a viewer cannot write: 403 FORBIDDEN even with a valid CSRF token', async () => {
    const created = await withSession('POST', '/suppliers/', viewer, { csrf: viewer.csrf, body: { name: 'Viewer made this' } });
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('FORBIDDEN');
    expect(await gw.store.collection('suppliers').countDocuments({ name: 'Viewer made this' })).toBe(0);

    const updated = await withSession('PUT', `/suppliers/${supplierA}/`, viewer, { csrf: viewer.csrf, body: { name: 'Viewer renamed' } });
    expect(updated.status).toBe(403);
    expect(updated.body.error.code).toBe('FORBIDDEN');

    const deleted = await withSession('DELETE', `/suppliers/${supplierA}/`, viewer, { csrf: viewer.csrf });
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.code).toBe('FORBIDDEN');

    const bulk = await withSession('POST', '/suppliers/bulk/delete/', viewer, { csrf: viewer.csrf, body: { ids: [supplierA] } });
    expect(bulk.status).toBe(403);

    const gql = await gqlWithSession('mutation M($id: ID!) { deleteSupplier(id: $id) }', { id: supplierA }, viewer, viewer.csrf);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await storedName(supplierA)).toBe('Session Supplier A');
  });
});

describe('logout and expiry', () => {
  it('logout ends the session: the cookie is cleared and the old cookie → 401', async () => {
    const session = await login(OWNER);
    expect((await withSession('GET', '/suppliers/list/', session)).status).toBe(200);

    const out = await withSession('POST', '/auth/logout', session, { csrf: session.csrf });
    expect(out.status).toBe(200);
    expect(out.body.success).toBe(true);
    const cleared = sidCookie(out);
    expect(cleared).toBeDefined();
    expect(cleared!).toMatch(/^sid=;/);

    const after = await withSession('GET', '/suppliers/list/', session);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHENTICATED');
    const write = await withSession('POST', '/suppliers/', session, { csrf: session.csrf, body: { name: 'After logout' } });
    expect(write.status).toBe(401);
    const gql = await gqlWithSession('{ suppliers { totalCount } }', {}, session, session.csrf);
    expect(gql.status).toBe(401);
    expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('logout without the X-CSRF-Token (or with the token of another session) is 403 CSRF_TOKEN_INVALID and the session lives on', async () => {
    const session = await login(OWNER);
    const other = await login(OWNER);
    for (const csrf of [undefined, other.csrf, 'csrf_forged']) {
      const out = await withSession('POST', '/auth/logout', session, { csrf });
      expect(out.status).toBe(403);
      expect(out.body.error.code).toBe('CSRF_TOKEN_INVALID');
      expect(sidCookie(out)).toBeUndefined();
    }
    expect((await withSession('GET', '/suppliers/list/', session)).status).toBe(200);
  });

  it('a malformed session cookie is 401 UNAUTHENTICATED, never a server error', async () => {
    for (const cookie of ['sid=%ZZ', 'sid=%E0%A4%A', 'sid="unterminated']) {
      const res = await withSession('GET', '/suppliers/list/', { cookie });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
      const out = await withSession('POST', '/auth/logout', { cookie });
      expect(out.status).toBe(200);
    }
  });

  it('logging out one session leaves the others working', async () => {
    const first = await login(OWNER);
    const second = await login(OWNER);
    expect((await withSession('POST', '/auth/logout', first, { csrf: first.csrf })).status).toBe(200);
    expect((await withSession('GET', '/suppliers/list/', first)).status).toBe(401);
    expect((await withSession('GET', '/suppliers/list/', second)).status).toBe(200);
  });

  it('a session expires after 12 hours (gateway clock): 13 h later → 401', async () => {
    const saved = gw.clock.now;
    try {
      const start = new Date('2032-06-01T08:00:00.000Z');
      gw.clock.now = start;
      const session = await login(OWNER);
      expect(new Date(session.res.body.data.expires_at).getTime()).toBe(start.getTime() + TWELVE_HOURS);

      gw.clock.now = new Date(start.getTime() + TWELVE_HOURS - 60_000);
      expect((await withSession('GET', '/suppliers/list/', session)).status).toBe(200);
      expect((await withSession('PUT', `/suppliers/${supplierA}/`, session, { csrf: session.csrf, body: { notes: 'before expiry' } })).status).toBe(200);

      gw.clock.now = new Date(start.getTime() + 13 * 60 * 60 * 1000);
      const read = await withSession('GET', '/suppliers/list/', session);
      expect(read.status).toBe(401);
      expect(read.body.error.code).toBe('UNAUTHENTICATED');
      const write = await withSession('PUT', `/suppliers/${supplierA}/`, session, { csrf: session.csrf, body: { notes: 'after expiry' } });
      expect(write.status).toBe(401);
      const gql = await gqlWithSession('{ suppliers { totalCount } }', {}, session, session.csrf);
      expect(gql.status).toBe(401);
      expect(gql.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const doc = await gw.store.collection<{ _id: ObjectId; notes?: string }>('suppliers').findOne({ _id: new ObjectId(supplierA) });
      expect(doc!.notes).toBe('before expiry');

      // Logging in again gives a working session, and drops the user's expired ones from the store.
      const expiredBefore = await gw.store.collection('sessions').countDocuments({ expires_at: { $lte: gw.clock.now } });
      expect(expiredBefore).toBeGreaterThan(0);
      const fresh = await login(OWNER);
      expect((await withSession('GET', '/suppliers/list/', fresh)).status).toBe(200);
      const owner = await gw.store.collection('users').findOne({ email: OWNER.email });
      expect(await gw.store.collection('sessions').countDocuments({ user_id: owner!._id, expires_at: { $lte: gw.clock.now } })).toBe(0);
    } finally {
      gw.clock.now = saved;
    }
  });
});
