/**
 * REST supplier validation (seed 2.4): every boundary just inside and just outside, with the status code and
 * exactly the failing fields named in `error.details`; bulk limits; query parameters; malformed ids and bodies;
 * body size; authentication and account isolation.
 */
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import { ALL_SCOPES, INVALID_CREATES, VALID_CREATES, chars, fullBody, restData, restError, seed, type Row } from './support/parity';

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  key = (await gw.account([...ALL_SCOPES])).key;
});
afterAll(async () => {
  await gw?.stop();
});

const MISSING_ID = '0123456789abcdef01234567';

/** A 400 naming exactly `paths`. */
function expectInvalid(result: HttpResult, paths: string[]) {
  expect({ status: result.status, error: restError(result) }).toEqual({
    status: 400,
    error: { code: 'BAD_USER_INPUT', paths: [...paths].sort() },
  });
  expect(typeof result.body.error.message).toBe('string');
  for (const detail of result.body.error.details) expect(typeof detail.message).toBe('string');
}

async function freshAccount(): Promise<string> {
  return (await gw.account([...ALL_SCOPES])).key;
}

async function total(accountKey: string): Promise<number> {
  return restData(await gw.rest('GET', '/suppliers/list/', { key: accountKey }), 200).total;
}

/** What the REST API stores for a body: the body's own fields (or the given ones). */
function storedOf(body: Row, stored?: Row): Row {
  return stored ?? body;
}

describe('create: just inside each boundary', () => {
  it.each(VALID_CREATES)('$title → 201', async ({ body, stored }) => {
    const r = await gw.rest('POST', '/suppliers/', { key, body });
    const data = restData(r, 201);
    expect(data).toMatchObject(storedOf(body, stored));
    const reread = restData(await gw.rest('GET', `/suppliers/${data._id}/`, { key }), 200);
    expect(reread).toEqual(data);
  });
});

describe('create: just outside each boundary', () => {
  it.each(INVALID_CREATES)('$title → 400 naming exactly $paths', async ({ body, paths }) => {
    const accountKey = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/', { key: accountKey, body });
    expectInvalid(r, paths);
    expect(await total(accountKey)).toBe(0);
  });
});

describe('update: boundaries', () => {
  let id: string;
  let original: Row;
  beforeAll(async () => {
    original = await seed(gw, key, fullBody({ tax_id: 'UPD-1' }));
    id = original._id;
  });

  it.each([
    { title: 'name of 1 character', body: { name: 'a' }, paths: ['name'] },
    { title: 'name of 201 characters', body: { name: chars(201) }, paths: ['name'] },
    { title: 'whitespace-only name', body: { name: '   ' }, paths: ['name'] },
    { title: 'tax_id of 51 and invalid email', body: { tax_id: chars(51, '1'), email: 'x@' }, paths: ['email', 'tax_id'] },
    {
      title: 'contact_name 201, phone 51, category 101, notes 2001',
      body: { contact_name: chars(201), phone: chars(51), category: chars(101), notes: chars(2001) },
      paths: ['category', 'contact_name', 'notes', 'phone'],
    },
    { title: 'address string of 501', body: { address: chars(501) }, paths: ['address'] },
    { title: 'address object with an unknown key', body: { address: { city: 'Salta', barrio: 'Centro' } }, paths: ['address.barrio'] },
    { title: 'invalid condicion_iva', body: { fiscal_info: { condicion_iva: 'no_inscripto' } }, paths: ['fiscal_info.condicion_iva'] },
    { title: 'invalid status', body: { status: 'deleted' }, paths: ['status'] },
    { title: 'unknown field', body: { phone: '1', balance: 10 }, paths: ['balance'] },
  ])('PUT $title → 400 naming exactly $paths, record unchanged', async ({ body, paths }) => {
    const r = await gw.rest('PUT', `/suppliers/${id}/`, { key, body });
    expectInvalid(r, paths);
    expect(restData(await gw.rest('GET', `/suppliers/${id}/`, { key }), 200)).toEqual(original);
  });

  it.each([
    { title: 'name of 2', body: { name: 'zz' } },
    { title: 'name of 200', body: { name: chars(200, 'z') } },
    { title: 'tax_id of 50', body: { tax_id: chars(50, '7') } },
    {
      title: 'contact_name 200, phone 50, category 100, notes 2000',
      body: { contact_name: chars(200), phone: chars(50), category: chars(100), notes: chars(2000) },
    },
    { title: 'address string of 500', body: { address: chars(500) } },
    { title: 'address object with every key', body: { address: { street: 'S', city: 'C', state: 'E', postal_code: 'P', country: 'AR' } } },
    { title: 'status inactive', body: { status: 'inactive' } },
    { title: 'condicion_iva exento', body: { fiscal_info: { condicion_iva: 'exento' } } },
  ])('PUT $title → 200', async ({ body }) => {
    const { key: k } = await gw.account([...ALL_SCOPES]);
    const created = await seed(gw, k, fullBody());
    const r = await gw.rest('PUT', `/suppliers/${created._id}/`, { key: k, body });
    expect(restData(r, 200)).toMatchObject(body);
  });
});

describe('bulk limits', () => {
  const items = (n: number) => Array.from({ length: n }, (_v, i) => ({ name: `Proveedor ${String(i).padStart(3, '0')}` }));

  it('500 items → 201, all created', async () => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(500) } });
    const data = restData(r, 201);
    expect(data.created).toBe(500);
    expect(data.items).toHaveLength(500);
    expect(data.errors).toEqual([]);
    expect(await total(k)).toBe(500);
  });

  it('501 items → 400 naming items, nothing created', async () => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(501) } });
    expectInvalid(r, ['items']);
    expect(await total(k)).toBe(0);
  });

  it('501 items with all_or_none false → 400 naming items, nothing created', async () => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(501), all_or_none: false } });
    expectInvalid(r, ['items']);
    expect(await total(k)).toBe(0);
  });

  it('an empty items list → 400 naming items', async () => {
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: [] } }), ['items']);
  });

  it('items missing or not a list → 400 naming items', async () => {
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/create/', { key, body: {} }), ['items']);
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: { name: 'x' } } }), ['items']);
  });

  it('all_or_none not a boolean → 400 naming it', async () => {
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: [{ name: 'Bueno' }], all_or_none: 'yes' } }), ['all_or_none']);
  });

  it('bulk update: 500 items → 200; 501 → 400; empty → 400 (naming items)', async () => {
    const k = await freshAccount();
    const created = restData(await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(500) } }), 201).items as Row[];
    const ok = await gw.rest('PUT', '/suppliers/bulk/update/', { key: k, body: { items: created.map((s) => ({ _id: s._id, category: 'masivo' })) } });
    expect(restData(ok, 200).updated).toBe(500);
    const tooMany = [...created.map((s) => ({ _id: s._id, category: 'otra' })), { _id: created[0]._id, category: 'otra' }];
    expectInvalid(await gw.rest('PUT', '/suppliers/bulk/update/', { key: k, body: { items: tooMany } }), ['items']);
    expectInvalid(await gw.rest('PUT', '/suppliers/bulk/update/', { key: k, body: { items: [] } }), ['items']);
    const list = restData(await gw.rest('GET', '/suppliers/list/?category=masivo&limit=1', { key: k }), 200);
    expect(list.total).toBe(500);
  });

  it('bulk delete: 501 ids → 400 naming ids; empty ids → 400 naming ids; nothing deleted', async () => {
    const k = await freshAccount();
    const created = restData(await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(3) } }), 201).items as Row[];
    const ids = [...created.map((s) => s._id), ...Array.from({ length: 498 }, () => MISSING_ID)];
    expect(ids).toHaveLength(501);
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/delete/', { key: k, body: { ids } }), ['ids']);
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/delete/', { key: k, body: { ids: [] } }), ['ids']);
    expectInvalid(await gw.rest('POST', '/suppliers/bulk/delete/', { key: k, body: {} }), ['ids']);
    expect(await total(k)).toBe(3);
  });

  it('bulk delete: 500 ids with all_or_none false → 200', async () => {
    const k = await freshAccount();
    const created = restData(await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items: items(2) } }), 201).items as Row[];
    const ids = [...created.map((s) => s._id), ...Array.from({ length: 498 }, () => MISSING_ID)];
    const data = restData(await gw.rest('POST', '/suppliers/bulk/delete/', { key: k, body: { ids, all_or_none: false } }), 200);
    expect(data.deleted).toBe(2);
    expect(data.errors).toHaveLength(498);
    expect(await total(k)).toBe(0);
  });
});

describe('list query parameters', () => {
  it.each([
    ['limit=0', ['limit']],
    ['limit=1e3', ['limit']],
    ['limit=1000000000000000', ['limit']],
    ['limit=abc', ['limit']],
    ['limit=-1', ['limit']],
    ['limit=2.5', ['limit']],
    ['page=0', ['page']],
    ['page=abc', ['page']],
    ['page=-1', ['page']],
    ['page=0&limit=0', ['limit', 'page']],
    ['created_from=2025-02-30', ['created_from']],
    ['created_to=2025-13-01', ['created_to']],
    ['created_from=yesterday', ['created_from']],
    ['created_from=2025-03-10&created_to=2025-03-01', ['created_from']],
    ['sort_by=price', ['sort_by']],
    ['sort_order=up', ['sort_order']],
    ['status=archived', ['status']],
  ])('?%s → 400 naming %j', async (query, paths) => {
    expectInvalid(await gw.rest('GET', `/suppliers/list/?${query}`, { key }), paths);
  });

  it.each(['limit=1', 'limit=100', 'page=1', 'page=1000', 'created_from=2024-02-29', 'created_to=2025-12-31', 'sort_by=name&sort_order=asc'])(
    '?%s → 200',
    async (query) => {
      const r = await gw.rest('GET', `/suppliers/list/?${query}`, { key });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
    },
  );

  it('limit and page are echoed, pages computed', async () => {
    const k = await freshAccount();
    for (let i = 0; i < 5; i++) await seed(gw, k, { name: `Prov ${i}` });
    const data = restData(await gw.rest('GET', '/suppliers/list/?limit=2&page=3', { key: k }), 200);
    expect({ total: data.total, page: data.page, limit: data.limit, pages: data.pages, n: data.items.length }).toEqual({
      total: 5,
      page: 3,
      limit: 2,
      pages: 3,
      n: 1,
    });
  });
});

describe('malformed ids', () => {
  it.each(['not-an-id', '123', 'zzzzzzzzzzzzzzzzzzzzzzzz', MISSING_ID])('%s → 404 on GET, PUT and DELETE', async (id) => {
    const get = await gw.rest('GET', `/suppliers/${id}/`, { key });
    const put = await gw.rest('PUT', `/suppliers/${id}/`, { key, body: { name: 'Valido' } });
    const del = await gw.rest('DELETE', `/suppliers/${id}/`, { key });
    for (const r of [get, put, del]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });
});

describe('request bodies', () => {
  it.each([
    ['truncated JSON', '{"name": "Roto'],
    ['not JSON at all', 'name=Roto'],
    ['single quotes', "{'name': 'Roto'}"],
  ])('%s → 400', async (_title, raw) => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/', { key: k, raw });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: { code: 'BAD_USER_INPUT' } });
    expect(await total(k)).toBe(0);
  });

  it('malformed JSON on PUT → 400, record unchanged', async () => {
    const created = await seed(gw, key, { name: 'Intacto' });
    const r = await gw.rest('PUT', `/suppliers/${created._id}/`, { key, raw: '{"name": ' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(restData(await gw.rest('GET', `/suppliers/${created._id}/`, { key }), 200)).toEqual(created);
  });

  it('a JSON array as a supplier body → 400', async () => {
    const r = await gw.rest('POST', '/suppliers/', { key, body: [{ name: 'En lista' }] });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
  });

  it('a body over 1 MB → 413', async () => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/', { key: k, body: { name: 'Enorme', notes: 'x'.repeat(1_100_000) } });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    expect(await total(k)).toBe(0);
  });

  it('a bulk body over 1 MB → 413', async () => {
    const k = await freshAccount();
    const items = Array.from({ length: 500 }, (_v, i) => ({ name: `Prov ${i}`, notes: 'n'.repeat(2000), contact_name: 'c'.repeat(200) }));
    expect(JSON.stringify({ items }).length).toBeGreaterThan(1024 * 1024);
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key: k, body: { items } });
    expect(r.status).toBe(413);
    expect(r.body.success).toBe(false);
    expect(await total(k)).toBe(0);
  });

  it('a body just under 1 MB is accepted by the parser (then validated)', async () => {
    const k = await freshAccount();
    const r = await gw.rest('POST', '/suppliers/', { key: k, body: { name: 'Casi', notes: 'x'.repeat(1_000_000) } });
    expectInvalid(r, ['notes']);
  });
});

describe('authentication and authorization', () => {
  it('no key → 401', async () => {
    const r = await gw.rest('GET', '/suppliers/list/');
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('an unknown key → 401', async () => {
    const r = await gw.rest('POST', '/suppliers/', { key: 'not-a-real-key', body: { name: 'Nadie' } });
    expect(r.status).toBe(401);
    expect(r.body.success).toBe(false);
  });

  it('a read-only key cannot write → 403, nothing written', async () => {
    const { accountId, key: writer } = await gw.account([...ALL_SCOPES]);
    const reader = await gw.key(accountId, ['suppliers:read']);
    const existing = await seed(gw, writer, { name: 'Existente' });
    const attempts = [
      await gw.rest('POST', '/suppliers/', { key: reader, body: { name: 'Nuevo' } }),
      await gw.rest('PUT', `/suppliers/${existing._id}/`, { key: reader, body: { name: 'Cambiado' } }),
      await gw.rest('DELETE', `/suppliers/${existing._id}/`, { key: reader }),
      await gw.rest('POST', '/suppliers/bulk/create/', { key: reader, body: { items: [{ name: 'Nuevo' }] } }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(403);
      expect(r.body.success).toBe(false);
    }
    expect(restData(await gw.rest('GET', `/suppliers/${existing._id}/`, { key: reader }), 200)).toEqual(existing);
    expect(await total(reader)).toBe(1);
  });
});

describe("another account's supplier", () => {
  it('is 404 on GET, PUT and DELETE, and unchanged afterwards', async () => {
    const owner = await freshAccount();
    const stranger = await freshAccount();
    const theirs = await seed(gw, owner, fullBody({ tax_id: 'AJENO-1' }));
    const get = await gw.rest('GET', `/suppliers/${theirs._id}/`, { key: stranger });
    const put = await gw.rest('PUT', `/suppliers/${theirs._id}/`, { key: stranger, body: { name: 'Secuestrado', notes: 'mío' } });
    const del = await gw.rest('DELETE', `/suppliers/${theirs._id}/`, { key: stranger });
    for (const r of [get, put, del]) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
    expect(restData(await gw.rest('GET', `/suppliers/${theirs._id}/`, { key: owner }), 200)).toEqual(theirs);
  });

  it('is not listed, nor found by search, for another account', async () => {
    const owner = await freshAccount();
    const stranger = await freshAccount();
    await seed(gw, owner, { name: 'Privado Unico', tax_id: 'PRIV-1' });
    const data = restData(await gw.rest('GET', '/suppliers/list/?search=Privado', { key: stranger }), 200);
    expect(data.total).toBe(0);
    expect(data.items).toEqual([]);
  });

  it('cannot be changed or deleted through bulk requests', async () => {
    const owner = await freshAccount();
    const stranger = await freshAccount();
    const theirs = await seed(gw, owner, { name: 'Ajeno Bulk' });
    const upd = restData(
      await gw.rest('PUT', '/suppliers/bulk/update/', { key: stranger, body: { items: [{ _id: theirs._id, name: 'Robado' }], all_or_none: false } }),
      200,
    );
    expect(upd.updated).toBe(0);
    expect(upd.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
    const del = restData(await gw.rest('POST', '/suppliers/bulk/delete/', { key: stranger, body: { ids: [theirs._id], all_or_none: false } }), 200);
    expect(del.deleted).toBe(0);
    expect(del.errors).toEqual([expect.objectContaining({ index: 0, code: 'NOT_FOUND' })]);
    expect(restData(await gw.rest('GET', `/suppliers/${theirs._id}/`, { key: owner }), 200)).toEqual(theirs);
  });

  it('does not block the same tax_id in another account', async () => {
    const owner = await freshAccount();
    const other = await freshAccount();
    await seed(gw, owner, { name: 'Uno', tax_id: 'MISMO-1' });
    const r = await gw.rest('POST', '/suppliers/', { key: other, body: { name: 'Dos', tax_id: 'MISMO-1' } });
    expect(restData(r, 201).tax_id).toBe('MISMO-1');
    const dup = await gw.rest('POST', '/suppliers/', { key: owner, body: { name: 'Tres', tax_id: 'MISMO-1' } });
    expect(dup.status).toBe(409);
    expect(restError(dup)).toEqual({ code: 'CONFLICT', paths: ['tax_id'] });
  });
});
