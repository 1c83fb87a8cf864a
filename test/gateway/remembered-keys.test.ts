import { revokeApiKey } from '../../src/domain/auth/auth.admin';
import { tokenHash } from '../../src/domain/auth/auth.secrets';
import type { Principal } from '../../src/domain/context';
import { RememberedKeys } from '../../src/http/remembered-keys';
import type { ApiKeyDocument } from '../../src/store/accounts.store';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * A key the store accepted before starts its next request at once: the request's reads go out beside the key's
 * lookup, which every write and every answer still waits for. These tests hold the gateway to that: the order of
 * the commands, the same commands in number, and a key revoked (or changed) meanwhile refused on every path.
 */
let gw: TestGateway;
let accountId: string;
const started: string[] = [];

beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  gw.store.client.on('commandStarted', ({ commandName, command }) => {
    if (typeof command[commandName] === 'string') started.push(`start ${command[commandName]}`);
  });
  gw.store.client.on('commandSucceeded', ({ commandName, reply }) => {
    const ns = (reply as { cursor?: { ns?: string } }).cursor?.ns;
    if (commandName === 'find') started.push(`done ${String(ns).split('.').pop()}`);
  });
  ({ accountId } = await gw.account(['suppliers:read']));
});

afterAll(async () => {
  await gw.stop();
});

const revoke = async (key: string) => {
  const doc = await gw.store.collection<ApiKeyDocument>('api_keys').findOne({ key_hash: tokenHash(key) });
  await revokeApiKey(gw.store, String(doc?._id));
};

/** The collections a request's commands went to, in order, with the moment the key's lookup answered. */
async function commandsOf(run: () => Promise<HttpResult>) {
  started.length = 0;
  const res = await run();
  return { order: [...started], commands: await gw.commandsOf(res.headers.get('x-request-id') ?? ''), status: res.status, body: res.body };
}

it('a new key is looked up before the request reads; once accepted, its lookup runs beside the reads, in the same 3 commands', async () => {
  const key = await gw.key(accountId, ['suppliers:read']);
  const list = () => gw.rest('GET', '/suppliers/list/', { key });
  const first = await commandsOf(list);
  expect(first.order.indexOf('done api_keys')).toBeLessThan(first.order.indexOf('start suppliers'));
  // Its first use also records last_used_at.
  expect(first.commands).toBe(4);
  // The pool holds a connection for each of the three commands from here on.
  for (let i = 0; i < 3; i++) expect((await list()).status).toBe(200);

  const next = await commandsOf(list);
  expect(next.order.indexOf('start suppliers')).toBeGreaterThan(-1);
  expect(next.order.indexOf('start suppliers')).toBeLessThan(next.order.indexOf('done api_keys'));
  expect(next.commands).toBe(3);
  const gql = await commandsOf(() => gw.gql('{ suppliers { totalCount nodes { name } } }', {}, { key }));
  expect(gql.order.indexOf('start suppliers')).toBeLessThan(gql.order.indexOf('done api_keys'));
  expect(gql.commands).toBe(3);
});

it('a write by a key the store accepted before waits for its lookup: nothing of it reaches the database earlier', async () => {
  const key = await gw.key(accountId, ['suppliers:read', 'suppliers:write']);
  for (let i = 0; i < 3; i++) expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
  const rest = await commandsOf(() => gw.rest('POST', '/suppliers/', { key, body: { name: 'Escrito tras la consulta' } }));
  expect(rest.status).toBe(201);
  expect(rest.order[0]).toBe('start api_keys');
  expect(rest.order[1]).toBe('done api_keys');
  expect(rest.order).toContain('start suppliers');
  const gql = await commandsOf(() => gw.gql('mutation { createSupplier(input: { name: "Escrito por GraphQL" }) { id } }', {}, { key }));
  expect(gql.order.slice(0, 2)).toEqual(['start api_keys', 'done api_keys']);
  expect(gql.order).toContain('start suppliers');
  // A mutation does not start at all: this one reads the account before it would call ARCA's services.
  const taxKey = await gw.key(accountId, ['accounting:read', 'accounting:write']);
  for (let i = 0; i < 3; i++) expect((await gw.gql('{ suppliers { totalCount } }', {}, { key: taxKey })).status).toBe(200);
  const verify = await commandsOf(() => gw.gql('mutation { verifyDelegation { delegated } }', {}, { key: taxKey }));
  expect(verify.order.slice(0, 2)).toEqual(['start api_keys', 'done api_keys']);
  expect(verify.order).toContain('start accounts');
});

describe('a key revoked after the store accepted it', () => {
  /** A key of the account, used once (so it is remembered), then revoked elsewhere (as the admin CLI does). */
  async function revokedKey(scopes: Parameters<TestGateway['key']>[1] = ['suppliers:read', 'suppliers:write']): Promise<string> {
    const key = await gw.key(accountId, scopes);
    expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
    await revoke(key);
    return key;
  }

  it('a REST read → 401 UNAUTHENTICATED with no data', async () => {
    const res = await gw.rest('GET', '/suppliers/list/', { key: await revokedKey() });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    expect(res.body.data).toBeUndefined();
  });

  it('a GraphQL query → HTTP 401 UNAUTHENTICATED with no data', async () => {
    const res = await gw.gql('{ suppliers { totalCount nodes { name } } }', {}, { key: await revokedKey() });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.body.data).toBeUndefined();
  });

  it('a GraphQL mutation → 401, and nothing is written', async () => {
    const res = await gw.gql('mutation { createSupplier(input: { name: "Tras la revocación" }) { id } }', {}, { key: await revokedKey() });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await gw.store.collection('suppliers').countDocuments({ name: 'Tras la revocación' })).toBe(0);
  });

  it('a REST write → 401, and nothing is written', async () => {
    const res = await gw.rest('POST', '/suppliers/', { key: await revokedKey(), body: { name: 'Tras la revocación REST' } });
    expect(res.status).toBe(401);
    expect(await gw.store.collection('suppliers').countDocuments({ name: 'Tras la revocación REST' })).toBe(0);
  });

  it('a route it lacks the scope for → 401, not 403; an unknown route → 401, not 404', async () => {
    const narrow = await gw.key(accountId, ['suppliers:read']);
    expect((await gw.rest('GET', '/expenses/list/', { key: narrow })).status).toBe(403);
    expect((await gw.rest('GET', '/no-such-route/', { key: narrow })).status).toBe(404);
    const lacking = await revokedKey(['suppliers:read']);
    const forbidden = await gw.rest('GET', '/expenses/list/', { key: lacking });
    expect(forbidden.status).toBe(401);
    expect(forbidden.body.error.code).toBe('UNAUTHENTICATED');
    const unknown = await gw.rest('GET', '/no-such-route/', { key: await revokedKey(['suppliers:read']) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('is forgotten: its next request is looked up first, refused, and counted against its address', async () => {
    const key = await revokedKey();
    expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(401);
    const again = await commandsOf(() => gw.rest('GET', '/suppliers/list/', { key }));
    expect(again.order).toEqual(['start api_keys', 'done api_keys', 'start throttle_unknown_keys']);
  });
});

it('a key changed in the database while remembered: that request is refused, the next runs with the key as stored', async () => {
  const key = await gw.key(accountId, ['suppliers:read']);
  expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
  expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Sin permiso' } })).status).toBe(403);
  await gw.store.collection<ApiKeyDocument>('api_keys').updateOne({ key_hash: tokenHash(key) }, { $set: { scopes: ['suppliers:read', 'suppliers:write'] } });

  const stale = await gw.rest('GET', '/suppliers/list/', { key });
  expect(stale.status).toBe(401);
  expect(stale.body.error.message).toMatch(/changed/);
  expect((await gw.rest('GET', '/suppliers/list/', { key })).status).toBe(200);
  expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Con permiso' } })).status).toBe(201);
});

describe('RememberedKeys', () => {
  const principal = (n: number) => ({ scopes: new Set(), n }) as unknown as Principal;

  it('keeps at most its capacity, dropping the key confirmed longest ago', () => {
    const keys = new RememberedKeys(2);
    keys.remember('a', principal(1));
    keys.remember('b', principal(2));
    keys.remember('a', principal(3));
    keys.remember('c', principal(4));
    expect(keys.size).toBe(2);
    expect(keys.get('b')).toBeUndefined();
    expect((keys.get('a') as unknown as { n: number }).n).toBe(3);
    expect((keys.get('c') as unknown as { n: number }).n).toBe(4);
    keys.forget('a');
    expect(keys.get('a')).toBeUndefined();
    expect(keys.size).toBe(1);
  });

  it('holds ten thousand keys by default', () => {
    const keys = new RememberedKeys();
    for (let i = 0; i <= 10_000; i++) keys.remember(String(i), principal(i));
    expect(keys.size).toBe(10_000);
    expect(keys.get('0')).toBeUndefined();
    expect(keys.get('1')).toBeDefined();
  });
});
