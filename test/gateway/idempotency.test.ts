import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { createAccount, createApiKey } from '../../src/domain/auth/auth.admin';
import { parseIdempotencyKey, UploadDigest } from '../../src/http/idempotency';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * `Idempotency-Key` on POST, both surfaces: a retry of a keyed request gets the first answer replayed and writes
 * nothing more; the key is scoped to the account and kept in the store, so it holds across gateways.
 */

const SECRETS_KEY = randomBytes(32).toString('base64');
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ SECRETS_KEY });
});
afterAll(async () => {
  await gw?.stop();
});

const keyed = (key: string) => ({ 'idempotency-key': key });
const suppliersOf = (accountId: string) => gw.store.collection('suppliers').countDocuments({ account_id: new ObjectId(accountId) });
let serial = 0;
const freshKey = () => `"key-${Date.now()}-${serial++}"`;

describe('REST POST with an Idempotency-Key', () => {
  it('leaves requests without a key as they were: each one writes', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    for (let i = 0; i < 2; i++) expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Sin clave SA' } })).status).toBe(201);
    expect(await suppliersOf(accountId)).toBe(2);
  });

  it('replays the first answer to the same request and writes once', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const first = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Papelera del Plata SA' } });
    const again = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Papelera del Plata SA' } });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await suppliersOf(accountId)).toBe(1);
  });

  it('takes a bare key as the same key quoted', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const first = await gw.rest('POST', '/suppliers/', { key, headers: keyed('bare-key-1'), body: { name: 'Bare SA' } });
    const again = await gw.rest('POST', '/suppliers/', { key, headers: keyed('"bare-key-1"'), body: { name: 'Bare SA' } });
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect(await suppliersOf(accountId)).toBe(1);
  });

  it('refuses the key for another body or another route with 422 and writes nothing', async () => {
    const { accountId, key } = await gw.account(['suppliers:write', 'delivery_notes:write']);
    const idem = freshKey();
    expect((await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Uno SA' } })).status).toBe(201);
    const otherBody = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Dos SA' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherRoute = await gw.rest('POST', '/customers/', { key, headers: keyed(idem), body: { name: 'Uno SA' } });
    expect([otherRoute.status, otherRoute.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await suppliersOf(accountId)).toBe(1);
    expect(await gw.store.collection('customers').countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
  });

  it('refuses the key of another key of the same account (another caller) with 422', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const second = await gw.key(accountId, ['suppliers:write']);
    const idem = freshKey();
    expect((await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Uno SA' } })).status).toBe(201);
    const other = await gw.rest('POST', '/suppliers/', { key: second, headers: keyed(idem), body: { name: 'Uno SA' } });
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await suppliersOf(accountId)).toBe(1);
  });

  it.each([['""'], ['"a", "b"'], ['a b'], ['"unterminated'], [`"${'x'.repeat(256)}"`], ['clé']])('refuses the malformed key %j with 400', async (bad) => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const result = await gw.rest('POST', '/suppliers/', { key, headers: keyed(bad), body: { name: 'Mal SA' } });
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await suppliersOf(accountId)).toBe(0);
  });

  it('scopes keys to the account: another account with the same key runs its own request', async () => {
    const a = await gw.account(['suppliers:write']);
    const b = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const first = await gw.rest('POST', '/suppliers/', { key: a.key, headers: keyed(idem), body: { name: 'Compartida SA' } });
    const other = await gw.rest('POST', '/suppliers/', { key: b.key, headers: keyed(idem), body: { name: 'Compartida SA' } });
    expect([first.status, other.status]).toEqual([201, 201]);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.body.data._id).not.toBe(first.body.data._id);
    expect([await suppliersOf(a.accountId), await suppliersOf(b.accountId)]).toEqual([1, 1]);
  });

  it('keeps no refusal: after a 400 the key runs the corrected request', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const refused = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: '' } });
    expect(refused.status).toBe(400);
    const corrected = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Corregida SA' } });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await suppliersOf(accountId)).toBe(1);
  });

  it('runs 20 identical requests sent at once exactly once: each answer is that success or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Concurrente SA', tax_id: '30712345671' } })),
    );
    expect(await suppliersOf(accountId)).toBe(1);
    const stored = await gw.store.collection('suppliers').findOne({ account_id: new ObjectId(accountId) });
    const outcomes = answers.map((answer) =>
      answer.status === 201 ? `201 ${answer.body.data._id === stored!._id.toHexString()}` : `${answer.status} ${answer.body.error.code}`,
    );
    expect(outcomes.filter((outcome) => outcome !== '201 true' && outcome !== '409 IDEMPOTENCY_KEY_IN_USE')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === '201 true').length).toBeGreaterThanOrEqual(1);
    // Once the first has answered, a retry gets its answer.
    const retry = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Concurrente SA', tax_id: '30712345671' } });
    expect([retry.status, retry.body.data._id, retry.headers.get('idempotent-replayed')]).toEqual([201, stored!._id.toHexString(), 'true']);
  });

  it('keeps the answer sealed in the store, with a unique index per account and key and a one-day expiry', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Secreta Distintiva SA' } });
    const record = await gw.store.collection('idempotency_keys').findOne({ account_id: new ObjectId(accountId) });
    expect(record).toMatchObject({ key: idem.slice(1, -1), state: 'done', answer: { status: 201, body: { alg: 'aes-256-gcm' } } });
    expect(JSON.stringify(record)).not.toContain('Secreta Distintiva');
    expect(record!.expires_at.getTime() - gw.clock.now.getTime()).toBe(24 * 3600 * 1000);
    const indexes = await gw.store.collection('idempotency_keys').listIndexes().toArray();
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { account_id: 1, key: 1 }, unique: true }),
        expect.objectContaining({ key: { expires_at: 1 }, expireAfterSeconds: 0 }),
      ]),
    );
  });

  it('answers 409 while a request with the key runs, and lets a request whose process stopped be taken over once its lease ends', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const now = gw.clock.now.getTime();
    const running = (idem: string, leaseUntil: number) => ({
      _id: new ObjectId(),
      account_id: new ObjectId(accountId),
      key: idem,
      fingerprint: null,
      state: 'running',
      claim: new ObjectId(),
      lease_until: new Date(leaseUntil),
      expires_at: new Date(now + 86_400_000),
    });
    await gw.store.collection('idempotency_keys').insertMany([running('held', now + 20_000), running('abandoned', now - 1)]);
    const held = await gw.rest('POST', '/suppliers/', { key, headers: keyed('held'), body: { name: 'Ocupada SA' } });
    expect([held.status, held.body.error.code]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    const takenOver = await gw.rest('POST', '/suppliers/', { key, headers: keyed('abandoned'), body: { name: 'Retomada SA' } });
    expect(takenOver.status).toBe(201);
    expect(await suppliersOf(accountId)).toBe(1);
    const replayed = await gw.rest('POST', '/suppliers/', { key, headers: keyed('abandoned'), body: { name: 'Retomada SA' } });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it('holds across gateways over one store: another gateway replays the answer', async () => {
    const other = await startTestGateway({ SECRETS_KEY }, undefined, { sameStoreAs: gw });
    try {
      const { accountId, key } = await gw.account(['suppliers:write']);
      const idem = freshKey();
      const first = await gw.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Dos Procesos SA' } });
      const there = await other.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Dos Procesos SA' } });
      expect([there.status, there.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
      expect(there.body).toEqual(first.body);
      const reused = await other.rest('POST', '/suppliers/', { key, headers: keyed(idem), body: { name: 'Otro SA' } });
      expect(reused.status).toBe(422);
      expect(await suppliersOf(accountId)).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('fingerprints an upload by its bytes: the same file is replayed, another one is 422', async () => {
    const accountId = (await createAccount(gw.store, { name: 'Importadora', cuit: '30712345671' })).toHexString();
    const { key } = await createApiKey(gw.store, { accountId, scopes: ['received_invoices:read', 'received_invoices:write'] });
    const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'received-invoices', name));
    const upload = async (content: Buffer, idem: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), 'export.csv');
      const response = await fetch(`${gw.url}/api/v1/received_invoices/upload-csv/`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'idempotency-key': idem },
        body: form,
      });
      return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as any };
    };
    const content = fixture('synthetic-g3-recibidos-2025-12.csv');
    const first = await upload(content, '"upload-1"');
    expect(first.status).toBe(200);
    const again = await upload(content, '"upload-1"');
    expect([again.status, again.replayed]).toEqual([200, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await upload(Buffer.concat([content, Buffer.from('\n')]), '"upload-1"');
    expect([other.status, other.body.error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await gw.store.collection('received_invoice_imports').countDocuments({ account_id: new ObjectId(accountId) })).toBe(1);
  });
});

describe('GraphQL mutations over POST /graphql with an Idempotency-Key', () => {
  const CREATE = 'mutation ($input: CreateSupplierInput!) { createSupplier(input: $input) { id name } }';

  it('replays a mutation’s answer and writes once', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const first = await gw.gql(CREATE, { input: { name: 'Grafo SA' } }, { key, headers: keyed(idem) });
    const again = await gw.gql(CREATE, { input: { name: 'Grafo SA' } }, { key, headers: keyed(idem) });
    expect(first.body.data.createSupplier.name).toBe('Grafo SA');
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await suppliersOf(accountId)).toBe(1);
    const reused = await gw.gql(CREATE, { input: { name: 'Otro Grafo SA' } }, { key, headers: keyed(idem) });
    expect([reused.status, reused.body.errors[0].extensions.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('keeps no answer with errors: the corrected mutation runs under the same key', async () => {
    const { accountId, key } = await gw.account(['suppliers:write']);
    const idem = freshKey();
    const refused = await gw.gql(CREATE, { input: { name: '' } }, { key, headers: keyed(idem) });
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const corrected = await gw.gql(CREATE, { input: { name: 'Grafo Corregido SA' } }, { key, headers: keyed(idem) });
    expect(corrected.body.data.createSupplier.name).toBe('Grafo Corregido SA');
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await suppliersOf(accountId)).toBe(1);
  });

  it('refuses a malformed key with 400', async () => {
    const { key } = await gw.account(['suppliers:write']);
    const result = await gw.gql(CREATE, { input: { name: 'X SA' } }, { key, headers: keyed('"a", "b"') });
    expect([result.status, result.body.errors[0].extensions.code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
  });
});

describe('the fingerprint of an upload', () => {
  const form = (boundary: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nuno;dos\r\n--${boundary}--\r\n`);
  const digest = (contentType: string, body: Buffer, chunk: number) => {
    const made = new UploadDigest(contentType);
    for (let at = 0; at < body.length; at += chunk) made.update(body.subarray(at, at + chunk));
    return made.digest();
  };

  it('leaves the boundary out, however the body is cut into chunks', () => {
    const reference = digest('multipart/form-data; boundary=AAAA', form('AAAA'), 1 << 20);
    for (const chunk of [1, 2, 3, 5, 7, 64]) expect(digest('multipart/form-data; boundary="BBBBBBBB"', form('BBBBBBBB'), chunk)).toBe(reference);
  });

  it('tells different files apart', () => {
    const other = Buffer.from(form('AAAA').toString().replace('uno', 'tres'));
    expect(digest('multipart/form-data; boundary=AAAA', other, 4)).not.toBe(digest('multipart/form-data; boundary=AAAA', form('AAAA'), 4));
  });

  it('reads a key quoted with escapes, or bare', () => {
    expect(parseIdempotencyKey('"a\\"b\\\\c"')).toBe('a"b\\c');
    expect(parseIdempotencyKey('  k-1:2.3  ')).toBe('k-1:2.3');
    expect(parseIdempotencyKey(`"${'x'.repeat(255)}"`)).toHaveLength(255);
  });
});
