import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { MANUAL_LINE } from '../domain/iva/entries';

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

describe('billing systems (kept by name)', () => {
  const SYSTEM = '/bill/tax_info/taxpayer/afip_wsfe/';
  const systemOf = async (accountId: string) => gw.store.collection('billing_systems').findOne({ account_id: new ObjectId(accountId), name: 'afip_wsfe' });

  it('tags the system on create, read and update, and writes only with a current If-Match', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    const created = await gw.rest('POST', SYSTEM, { key, body: { points_of_sale: [1] } });
    expect([created.status, created.headers.get('etag')]).toEqual([201, '"0"']);
    expect(created.body.data).not.toHaveProperty('etag');
    const read = await gw.rest('GET', SYSTEM, { key });
    expect([read.headers.get('etag'), read.body.data.points_of_sale]).toEqual(['"0"', [1]]);
    expect(read.body.data).not.toHaveProperty('etag');

    const updated = await gw.rest('PUT', SYSTEM, { key, headers: { 'if-match': '"0"' }, body: { points_of_sale: [1, 2] } });
    expect([updated.status, updated.headers.get('etag'), updated.body.data.points_of_sale]).toEqual([200, '"1"', [1, 2]]);
    const stale = await gw.rest('PUT', SYSTEM, { key, headers: { 'if-match': '"0"' }, body: { points_of_sale: [7] } });
    expect([stale.status, stale.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect(await systemOf(accountId)).toMatchObject({ points_of_sale: [1, 2], revision: 1 });

    const current = await fetch(`${gw.url}/api/v1${SYSTEM}`, { headers: { 'x-api-key': key, 'if-none-match': '"1"' } });
    expect([current.status, current.headers.get('etag'), await current.text()]).toEqual([304, '"1"', '']);

    const staleDelete = await gw.rest('DELETE', SYSTEM, { key, headers: { 'if-match': '"0"' } });
    expect(staleDelete.status).toBe(412);
    expect(await systemOf(accountId)).not.toBeNull();
    expect((await gw.rest('DELETE', SYSTEM, { key, headers: { 'if-match': '"1"' } })).status).toBe(200);
    expect(await systemOf(accountId)).toBeNull();
  });

  it('shows the tag on GraphQL and checks ifMatch there the same way', async () => {
    const { key } = await gw.account(['accounting:read', 'accounting:write']);
    expect((await gw.rest('POST', SYSTEM, { key, body: {} })).status).toBe(201);
    const read = await gw.gql('{ billingSystem(name: "afip_wsfe") { revision etag } }', {}, { key });
    expect(read.body.data.billingSystem).toEqual({ revision: 0, etag: '"0"' });
    const UPDATE = 'mutation ($ifMatch: String) { updateBillingSystem(name: "afip_wsfe", input: {pointsOfSale: [3]}, ifMatch: $ifMatch) { etag } }';
    expect((await gw.gql(UPDATE, { ifMatch: '"0"' }, { key })).body.data.updateBillingSystem).toEqual({ etag: '"1"' });
    expect((await gw.gql(UPDATE, { ifMatch: '"0"' }, { key })).body.errors[0].extensions.code).toBe('PRECONDITION_FAILED');
    const DELETE = 'mutation ($ifMatch: String) { deleteBillingSystem(name: "afip_wsfe", ifMatch: $ifMatch) }';
    expect((await gw.gql(DELETE, { ifMatch: 'W/"1"' }, { key })).body.errors[0].extensions.code).toBe('PRECONDITION_FAILED');
    expect((await gw.gql(DELETE, { ifMatch: '*' }, { key })).body.data.deleteBillingSystem).toBe('afip_wsfe');
  });

  it('counts becoming the active system as a write: the tag read before it is stale', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    expect((await gw.rest('POST', SYSTEM, { key, body: {} })).status).toBe(201);
    // An account whose active system was never recorded (as one configured before the setting existed).
    await gw.store.collection('accounts').updateOne({ _id: new ObjectId(accountId) }, { $unset: { 'settings.active_billing_system': '' } });
    expect((await gw.rest('GET', SYSTEM, { key })).body.data.is_active).toBe(false);
    const activated = await gw.rest('PATCH', '/bill/tax_info/taxpayer/active-system/', { key, body: { billing_system: 'afip_wsfe' } });
    expect([activated.status, activated.body.data.is_active]).toEqual([200, true]);
    const read = await gw.rest('GET', SYSTEM, { key });
    expect([read.headers.get('etag'), read.body.data.is_active]).toEqual(['"1"', true]);
    expect((await gw.rest('PUT', SYSTEM, { key, headers: { 'if-match': '"0"' }, body: {} })).status).toBe(412);
    // Activating the active one again changes nothing, and writes nothing.
    expect((await gw.rest('PATCH', '/bill/tax_info/taxpayer/active-system/', { key, body: { billing_system: 'afip_wsfe' } })).status).toBe(200);
    expect((await systemOf(accountId))?.revision).toBe(1);
  });

  it('lets exactly one of 20 concurrent PUTs with the same If-Match write', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    expect((await gw.rest('POST', SYSTEM, { key, body: {} })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => gw.rest('PUT', SYSTEM, { key, headers: { 'if-match': '"0"' }, body: { points_of_sale: [i + 1] } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect([statuses.filter((status) => status === 200).length, statuses.filter((status) => status === 412).length]).toEqual([1, 19]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(await systemOf(accountId)).toMatchObject({ points_of_sale: winner.body.data.points_of_sale, revision: 1 });
  });
});

describe('VAT book entries', () => {
  it('tags a manual line on create and read, and updates or deletes it only with a current If-Match', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    const stored = (id: string) => gw.store.collection('iva_book_entries').findOne({ _id: new ObjectId(id), account_id: new ObjectId(accountId) });
    const created = await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: MANUAL_LINE });
    expect([created.status, created.headers.get('etag')]).toEqual([201, '"0"']);
    expect(created.body.data).not.toHaveProperty('etag');
    const id = created.body.data._id;
    const read = await gw.rest('GET', `/iva/entries/${id}/`, { key });
    expect([read.status, read.headers.get('etag'), read.body.data.counterpart_name, read.body.data.total]).toEqual([
      200,
      '"0"',
      'Servicios Técnicos SRL',
      1210,
    ]);
    expect(read.body.data).not.toHaveProperty('etag');

    const updated = await gw.rest('PUT', `/iva/entries/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { ...MANUAL_LINE, counterpart_name: 'Otro SA' } });
    expect([updated.status, updated.headers.get('etag'), updated.body.data.counterpart_name]).toEqual([200, '"1"', 'Otro SA']);
    const stale = await gw.rest('PUT', `/iva/entries/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { ...MANUAL_LINE, counterpart_name: 'Tarde SA' } });
    expect([stale.status, stale.body.error.code]).toEqual([412, 'PRECONDITION_FAILED']);
    expect(await stored(id)).toMatchObject({ counterpart_name: 'Otro SA', revision: 1 });
    // The book's totals moved once, with the write that won.
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data).toMatchObject({ total: 1210, vat: 210 });

    const current = await fetch(`${gw.url}/api/v1/iva/entries/${id}/`, { headers: { 'x-api-key': key, 'if-none-match': 'W/"1"' } });
    expect([current.status, current.headers.get('etag'), await current.text()]).toEqual([304, '"1"', '']);

    expect((await gw.rest('DELETE', `/iva/entries/${id}/`, { key, headers: { 'if-match': '"0"' } })).status).toBe(412);
    expect(await stored(id)).not.toBeNull();
    expect((await gw.rest('DELETE', `/iva/entries/${id}/`, { key, headers: { 'if-match': '"1"' } })).status).toBe(200);
    expect(await stored(id)).toBeNull();
    expect((await gw.rest('GET', `/iva/entries/${id}/`, { key })).status).toBe(404);
  });

  it('answers another account’s line as not found, whatever the tag, on both surfaces', async () => {
    const owner = await gw.account(['accounting:read', 'accounting:write']);
    const other = await gw.account(['accounting:read', 'accounting:write']);
    const id = (await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key: owner.key, body: MANUAL_LINE })).body.data._id;
    expect((await gw.rest('GET', `/iva/entries/${id}/`, { key: other.key })).status).toBe(404);
    expect((await gw.rest('PUT', `/iva/entries/${id}/`, { key: other.key, headers: { 'if-match': '"0"' }, body: MANUAL_LINE })).status).toBe(404);
    // `*` holds for an existing record only: another account's line answers as a missing one does (412), and stays.
    const missing = await gw.rest('DELETE', `/iva/entries/${new ObjectId().toHexString()}/`, { key: other.key, headers: { 'if-match': '*' } });
    const others = await gw.rest('DELETE', `/iva/entries/${id}/`, { key: other.key, headers: { 'if-match': '*' } });
    expect([others.status, others.body.error.code]).toEqual([missing.status, missing.body.error.code]);
    expect(await gw.store.collection('iva_book_entries').countDocuments({ _id: new ObjectId(id) })).toBe(1);
    const gql = await gw.gql('query ($id: ID!) { ivaBookEntry(id: $id) { etag } }', { id }, { key: other.key });
    expect(gql.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gw.gql('query ($id: ID!) { ivaBookEntry(id: $id) { revision etag } }', { id }, { key: owner.key })).body.data.ivaBookEntry).toEqual({
      revision: 0,
      etag: '"0"',
    });
  });

  it('lets exactly one of 20 concurrent PUTs with the same If-Match write, and counts it once in the book', async () => {
    const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
    const id = (await gw.rest('POST', '/iva/books/2025-12-purchases/entries/', { key, body: MANUAL_LINE })).body.data._id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gw.rest('PUT', `/iva/entries/${id}/`, { key, headers: { 'if-match': '"0"' }, body: { ...MANUAL_LINE, counterpart_name: `Proveedor ${i}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect([statuses.filter((status) => status === 200).length, statuses.filter((status) => status === 412).length]).toEqual([1, 19]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const line = await gw.store.collection('iva_book_entries').findOne({ _id: new ObjectId(id), account_id: new ObjectId(accountId) });
    expect(line).toMatchObject({ counterpart_name: winner.body.data.counterpart_name, revision: 1 });
    expect((await gw.rest('GET', '/iva/books/2025-12/purchases/', { key })).body.data).toMatchObject({ count: 1, total: 1210 });
  });
});
