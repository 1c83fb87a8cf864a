import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Conditional requests on records: every record has a strong ETag (its revision, which every write increments);
 * If-Match makes a write conditional on it, atomically, and If-None-Match lets a reader keep its copy (304).
 */

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const stored = (id: string) => gw.store.collection('suppliers').findOne({ _id: new ObjectId(id) });

async function supplier(key: string, name = 'Papelera del Plata SA'): Promise<string> {
  const created = await gw.rest('POST', '/suppliers/', { key, body: { name } });
  expect(created.status).toBe(201);
  return created.body.data._id;
}

describe('REST record routes', () => {
  it('tags a new record "0" and every write with the next revision', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Uno SA' } });
    expect(created.headers.get('etag')).toBe('"0"');
    expect(created.body.data).not.toHaveProperty('etag');
    const id = created.body.data._id;
    expect((await gw.rest('GET', `/suppliers/${id}/`, { key })).headers.get('etag')).toBe('"0"');
    const updated = await gw.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Uno Dos SA' } });
    expect([updated.status, updated.headers.get('etag')]).toEqual([200, '"1"']);
    const read = await gw.rest('GET', `/suppliers/${id}/`, { key });
    expect([read.headers.get('etag'), read.body.data.name]).toEqual(['"1"', 'Uno Dos SA']);
    expect(read.body.data).not.toHaveProperty('etag');
  });

  it('writes with a current If-Match and refuses a stale one with 412, writing nothing', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const first = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: 'Primera SA' } });
    expect([first.status, first.headers.get('etag')]).toEqual([200, '"1"']);
    const stale = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: 'Perdida SA' } });
    expect([stale.status, stale.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect(await stored(id)).toMatchObject({ name: 'Primera SA', revision: 1 });
    const listed = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"7", "1"' }, body: { name: 'Lista SA' } });
    expect([listed.status, listed.headers.get('etag')]).toEqual([200, '"2"']);
  });

  it('compares If-Match strongly: a weak tag never matches', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const weak = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': 'W/"0"' }, body: { name: 'Débil SA' } });
    expect([weak.status, weak.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect((await stored(id))?.name).toBe('Papelera del Plata SA');
  });

  it('takes If-Match: * for any existing record and answers 412 for a missing one', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    expect((await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '*' }, body: { name: 'Cualquiera SA' } })).status).toBe(200);
    const missing = await gw.rest('PUT', `/suppliers/${new ObjectId().toHexString()}/`, { key, headers: { 'if-match': '*' }, body: { name: 'Nadie SA' } });
    expect([missing.status, missing.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
  });

  it.each([['3'], ['"3'], ['"a", b'], [','], ['W/3']])('refuses the malformed If-Match %j with 400', async (bad) => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const result = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': bad }, body: { name: 'Mal SA' } });
    expect([result.status, result.body.error.code]).toEqual([400, 'PRECONDITION_INVALID']);
    expect((await stored(id))?.name).toBe('Papelera del Plata SA');
  });

  it('deletes with a current If-Match only', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    await gw.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Cambiada SA' } });
    const stale = await gw.rest('DELETE', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' } });
    expect([stale.status, stale.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect(await stored(id)).not.toBeNull();
    const current = await gw.rest('DELETE', `/suppliers/${id}/`, { key, headers: { 'if-match': '"1"' } });
    expect(current.status).toBe(200);
    expect(await stored(id)).toBeNull();
  });

  it('answers another account’s record as not found, whatever the tag', async () => {
    const owner = await gw.account(['suppliers:read', 'suppliers:write']);
    const other = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(owner.key);
    const result = await gw.rest('PUT', `/suppliers/${id}/`, { key: other.key, headers: { 'if-match': '"5"' }, body: { name: 'Ajena SA' } });
    expect(result.status).toBe(404);
    expect((await stored(id))?.name).toBe('Papelera del Plata SA');
  });

  it('answers 304 without a body to an If-None-Match naming the current tag', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    for (const tag of ['"0"', 'W/"0"', '"4", "0"', '*']) {
      const response = await fetch(`${gw.url}/api/v1/suppliers/${id}/`, { headers: { 'x-api-key': key, 'if-none-match': tag } });
      expect([tag, response.status, response.headers.get('etag'), await response.text()]).toEqual([tag, 304, '"0"', '']);
    }
    await gw.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Nueva SA' } });
    const changed = await gw.rest('GET', `/suppliers/${id}/`, { key, headers: { 'if-none-match': '"0"' } });
    expect([changed.status, changed.headers.get('etag'), changed.body.data.name]).toEqual([200, '"1"', 'Nueva SA']);
    const bad = await gw.rest('GET', `/suppliers/${id}/`, { key, headers: { 'if-none-match': 'nope' } });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'PRECONDITION_INVALID']);
  });

  it('reads a record written before revisions as revision 0, without writing it', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    await gw.store.db.collection('suppliers').updateOne({ _id: new ObjectId(id) }, { $unset: { revision: '' } });
    const read = await gw.rest('GET', `/suppliers/${id}/`, { key });
    expect(read.headers.get('etag')).toBe('"0"');
    expect(await stored(id)).not.toHaveProperty('revision');
    const written = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: 'Antigua SA' } });
    expect([written.status, written.headers.get('etag')]).toEqual([200, '"1"']);
  });

  it('counts a bulk update as a write: the tag read before it is stale', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const bulk = await gw.rest('PUT', '/suppliers/bulk/update/', { key, body: { items: [{ _id: id, name: 'Masiva SA' }] } });
    expect(bulk.status).toBe(200);
    const stale = await gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: 'Tarde SA' } });
    expect(stale.status).toBe(412);
    expect(await stored(id)).toMatchObject({ name: 'Masiva SA', revision: 1 });
  });

  it('lets exactly one of 20 concurrent PUTs with the same If-Match write; the other 19 get 412 and nothing is lost', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gw.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: `Escritor ${i} SA` } })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(412)]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(answers.filter((answer) => answer.status === 412).every((answer) => answer.body.error.code === 'PRECONDITION_FAILED')).toBe(true);
    expect(await stored(id)).toMatchObject({ name: winner.body.data.name, revision: 1 });
  });
});

describe('GraphQL', () => {
  const READ = 'query ($id: ID!) { supplier(id: $id) { name revision etag } }';
  const UPDATE =
    'mutation ($id: ID!, $name: String!, $ifMatch: String) { updateSupplier(id: $id, input: {name: $name}, ifMatch: $ifMatch) { name revision etag } }';
  const DELETE = 'mutation ($id: ID!, $ifMatch: String) { deleteSupplier(id: $id, ifMatch: $ifMatch) }';

  it('shows the revision and tag REST sends, and checks ifMatch on update and delete the same way', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    expect((await gw.gql(READ, { id }, { key })).body.data.supplier).toEqual({ name: 'Papelera del Plata SA', revision: 0, etag: '"0"' });
    const updated = await gw.gql(UPDATE, { id, name: 'Grafo SA', ifMatch: '"0"' }, { key });
    expect(updated.body.data.updateSupplier).toEqual({ name: 'Grafo SA', revision: 1, etag: '"1"' });
    expect((await gw.rest('GET', `/suppliers/${id}/`, { key })).headers.get('etag')).toBe('"1"');
    const stale = await gw.gql(UPDATE, { id, name: 'Perdido SA', ifMatch: '"0"' }, { key });
    expect(stale.body.errors[0].extensions.code).toBe('PRECONDITION_FAILED');
    const staleDelete = await gw.gql(DELETE, { id, ifMatch: '"0"' }, { key });
    expect(staleDelete.body.errors[0].extensions.code).toBe('PRECONDITION_FAILED');
    expect(await stored(id)).toMatchObject({ name: 'Grafo SA' });
    expect((await gw.gql(DELETE, { id, ifMatch: '"1"' }, { key })).body.data.deleteSupplier).toBe(id);
    expect(await stored(id)).toBeNull();
  });

  it('refuses a malformed ifMatch', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    const bad = await gw.gql(UPDATE, { id, name: 'X SA', ifMatch: 'zero' }, { key });
    expect(bad.body.errors[0].extensions.code).toBe('PRECONDITION_INVALID');
  });
});

describe('REQUIRE_IF_MATCH', () => {
  it('is off by default: writes without a tag run (the contract’s clients send none)', async () => {
    const { key } = await gw.account(['suppliers:read', 'suppliers:write']);
    const id = await supplier(key);
    expect((await gw.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Libre SA' } })).status).toBe(200);
    expect((await gw.rest('DELETE', `/suppliers/${id}/`, { key })).status).toBe(200);
  });

  it('on, refuses record writes without a tag with 428 on both surfaces, and takes them with one', async () => {
    const strict = await startTestGateway({ REQUIRE_IF_MATCH: 'true' });
    try {
      const { key } = await strict.account(['suppliers:read', 'suppliers:write']);
      const created = await strict.rest('POST', '/suppliers/', { key, body: { name: 'Estricta SA' } });
      expect(created.status).toBe(201);
      const id = created.body.data._id;
      const put = await strict.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Sin Tag SA' } });
      expect([put.status, put.body.error.code]).toEqual([428, 'PRECONDITION_REQUIRED']);
      const del = await strict.rest('DELETE', `/suppliers/${id}/`, { key });
      expect([del.status, del.body.error.code]).toEqual([428, 'PRECONDITION_REQUIRED']);
      const gql = await strict.gql('mutation ($id: ID!) { updateSupplier(id: $id, input: {name: "G SA"}) { name } }', { id }, { key });
      expect(gql.body.errors[0].extensions.code).toBe('PRECONDITION_REQUIRED');
      expect((await strict.store.collection('suppliers').findOne({ _id: new ObjectId(id) }))?.name).toBe('Estricta SA');
      const tagged = await strict.rest('PUT', `/suppliers/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { name: 'Con Tag SA' } });
      expect([tagged.status, tagged.headers.get('etag')]).toEqual([200, '"1"']);
      expect((await strict.rest('DELETE', `/suppliers/${id}/`, { key, headers: { 'if-match': '"1"' } })).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });
});
