import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** Tax rules (contract §2.11, §3.7, §4.14): upper-case countries, one default, soft delete, by-country and the seed. */
let gw: TestGateway;
const BASE = '/bill/tax_info/tax-rules';
const newKey = async () => (await gw.account(['accounting:read', 'accounting:write'])).key;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

type Row = Record<string, any>;
const create = (key: string, body: Row) => gw.rest('POST', `${BASE}/`, { key, body });
const put = (key: string, id: string, body: Row) => gw.rest('PUT', `${BASE}/${id}/`, { key, body });
const paths = (res: { body: any }) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);
const made = async (key: string, body: Row) => {
  const res = await create(key, { rate: 21, country: 'AR', ...body });
  expect(res.status).toBe(201);
  return res.body.data as Row;
};
/** The stored defaults of an account's country and category. */
const defaultsOf = async (key: string, country: string, category: string) => {
  const list = await gw.rest('GET', `${BASE}/?is_active=false&limit=100&country=${country}&category=${category}`, { key });
  return (list.body.data.items as Row[]).filter((rule) => rule.is_default).map((rule) => rule.name);
};

describe('rules', () => {
  it('stores the country upper-case and filters by it in any case; defaults: iva, percentage, order 0, active, not default', async () => {
    const key = await newKey();
    const rule = await made(key, { name: 'IVA general', country: 'ar', rate: 10.5 });
    expect(rule).toMatchObject({ country: 'AR', rate: 10.5, category: 'iva', type: 'percentage', display_order: 0, is_active: true, is_default: false });
    expect(await gw.store.collection('tax_rules').findOne({ _id: new ObjectId(rule.id) })).toMatchObject({ country: 'AR', rate: 10.5 });
    const listed = await gw.rest('GET', `${BASE}/?country=ar`, { key });
    expect(listed.body.data.items.map((item: Row) => item.id)).toEqual([rule.id]);
    expect((await gw.rest('GET', `${BASE}/?country=UY`, { key })).body.data.total).toBe(0);
  });

  it.each([
    [{ rate: 12.345 }, 'rate'],
    [{ rate: -0.01 }, 'rate'],
    [{ rate: 100.01 }, 'rate'],
    [{ country: 'A1' }, 'country'],
    [{ country: 'ARG' }, 'country'],
    [{ afip_vat_id: 7 }, 'afip_vat_id'],
    [{ valid_from: '2026-02-30' }, 'valid_from'],
    [{ valid_from: '2026-03-01', valid_to: '2026-02-28' }, 'valid_to'],
    [{ display_order: 1.5 }, 'display_order'],
  ])('%j → 400 naming %s', async (fields, path) => {
    const res = await create(await newKey(), { name: 'Regla', rate: 21, country: 'AR', ...fields });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: [path] });
  });

  it('rates 0 and 100 are in bounds; the extras code, afip_vat_id and the validity window read back', async () => {
    const key = await newKey();
    expect((await made(key, { name: 'Cero', rate: 0 })).rate).toBe(0);
    expect((await made(key, { name: 'Cien', rate: 100 })).rate).toBe(100);
    const dated = await made(key, { name: 'MYPE', country: 'PE', rate: 10, code: 'PE_IGV_MYPE_10', valid_from: '2022-09-01', valid_to: '2026-12-31' });
    expect(dated).toMatchObject({ code: 'PE_IGV_MYPE_10', valid_from: '2022-09-01', valid_to: '2026-12-31', afip_vat_id: null });
    expect((await made(key, { name: 'General', afip_vat_id: 5 })).afip_vat_id).toBe(5);
    expect((await made(key, { name: 'Un día', valid_from: '2026-05-01', valid_to: '2026-05-01' })).valid_to).toBe('2026-05-01');
  });

  it('an inactive rule cannot be created as the default; deactivating the default by PUT unmarks it', async () => {
    const key = await newKey();
    const refused = await create(key, { name: 'Inactiva', rate: 21, country: 'AR', is_active: false, is_default: true });
    expect({ status: refused.status, paths: paths(refused) }).toEqual({ status: 400, paths: ['is_default'] });
    const rule = await made(key, { name: 'Por defecto', is_default: true });
    expect((await put(key, rule.id, { is_active: false })).body.data).toMatchObject({ is_active: false, is_default: false });
    expect(await defaultsOf(key, 'AR', 'iva')).toEqual([]);
  });
});

describe('the default of a country and category', () => {
  it('marking a rule default unmarks the previous one, on create and on update; other countries and categories keep theirs', async () => {
    const key = await newKey();
    await made(key, { name: 'A', is_default: true });
    const uy = await made(key, { name: 'UY', country: 'UY', rate: 22, is_default: true });
    const internal = await made(key, { name: 'Internos', category: 'internal', rate: 8, is_default: true });
    expect(await defaultsOf(key, 'AR', 'iva')).toEqual(['A']);
    const b = await made(key, { name: 'B', is_default: true });
    expect(await defaultsOf(key, 'AR', 'iva')).toEqual(['B']);
    const c = await made(key, { name: 'C' });
    expect((await put(key, c.id, { is_default: true })).body.data.is_default).toBe(true);
    expect(await defaultsOf(key, 'AR', 'iva')).toEqual(['C']);
    expect((await gw.rest('GET', `${BASE}/${b.id}/`, { key })).body.data.is_default).toBe(false);
    expect(await defaultsOf(key, 'UY', 'iva')).toEqual(['UY']);
    expect(await defaultsOf(key, 'AR', 'internal')).toEqual(['Internos']);
    // Moving the default rule to another category makes it that category's default instead.
    expect((await put(key, c.id, { category: 'internal' })).status).toBe(200);
    expect(await defaultsOf(key, 'AR', 'internal')).toEqual(['C']);
    expect(await defaultsOf(key, 'AR', 'iva')).toEqual([]);
    expect([uy.id, internal.id]).toHaveLength(2);
  });

  it('twenty concurrent writes marking different rules default leave exactly one default', async () => {
    const key = await newKey();
    const rules = await Promise.all(Array.from({ length: 10 }, (_, i) => made(key, { name: `Existente ${i}` })));
    const answers = await Promise.all([
      ...rules.map((rule) => put(key, rule.id, { is_default: true })),
      ...Array.from({ length: 10 }, (_, i) => create(key, { name: `Nueva ${i}`, rate: 21, country: 'AR', is_default: true })),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
    expect(
      await gw.store.collection('tax_rules').countDocuments({
        country: 'AR',
        category: 'iva',
        is_default: true,
        name: { $in: [...rules.map((r) => r.name), ...Array.from({ length: 10 }, (_, i) => `Nueva ${i}`)] },
      }),
    ).toBe(1);
    expect(await defaultsOf(key, 'AR', 'iva')).toHaveLength(1);
  });
});

describe('soft delete', () => {
  it('DELETE deactivates: readable by id, out of the default list and by-country, back with is_active=false; PUT reactivates', async () => {
    const key = await newKey();
    const rule = await made(key, { name: 'Vieja', is_default: true });
    const other = await made(key, { name: 'Vigente' });
    const deleted = await gw.rest('DELETE', `${BASE}/${rule.id}/`, { key });
    expect(deleted.body).toMatchObject({ success: true, data: { id: rule.id, deleted: true, is_active: false } });
    expect((await gw.rest('GET', `${BASE}/${rule.id}/`, { key })).body.data).toMatchObject({ is_active: false, is_default: false });
    const ids = async (query: string) => (await gw.rest('GET', `${BASE}/${query}`, { key })).body.data.items.map((item: Row) => item.id);
    expect(await ids('')).toEqual([other.id]);
    expect(await ids('?is_active=true')).toEqual([other.id]);
    expect((await ids('?is_active=false')).sort()).toEqual([rule.id, other.id].sort());
    expect((await gw.rest('GET', `${BASE}/by-country/AR/`, { key })).body.data).toMatchObject({ country: 'AR', count: 1, items: [{ id: other.id }] });
    // A rule that is not active cannot be made the default; reactivating it does not make it the default again.
    const refused = await put(key, rule.id, { is_default: true });
    expect({ status: refused.status, paths: paths(refused) }).toEqual({ status: 400, paths: ['is_default'] });
    const back = await put(key, rule.id, { is_active: true });
    expect(back.body.data).toMatchObject({ is_active: true, is_default: false });
    expect((await ids('')).sort()).toEqual([rule.id, other.id].sort());
  });

  it('deleting twice is idempotent; an unknown id is 404', async () => {
    const key = await newKey();
    const rule = await made(key, { name: 'Dos veces' });
    expect((await gw.rest('DELETE', `${BASE}/${rule.id}/`, { key })).status).toBe(200);
    expect((await gw.rest('DELETE', `${BASE}/${rule.id}/`, { key })).status).toBe(200);
    const missing = await gw.rest('DELETE', `${BASE}/${new ObjectId().toHexString()}/`, { key });
    expect({ status: missing.status, code: missing.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('by country', () => {
  it('lists the active rules of a country by category and display order, in any case; a malformed country is 400', async () => {
    const key = await newKey();
    const second = await made(key, { name: 'Segunda', display_order: 2 });
    const first = await made(key, { name: 'Primera', display_order: 1 });
    const provincial = await made(key, { name: 'IIBB', category: 'provincial', rate: 3.5 });
    await made(key, { name: 'Uruguay', country: 'UY', rate: 22 });
    const res = await gw.rest('GET', `${BASE}/by-country/ar/`, { key });
    expect(res.body.data).toMatchObject({ country: 'AR', count: 3 });
    expect(res.body.data.items.map((item: Row) => item.id)).toEqual([first.id, second.id, provincial.id]);
    const bad = await gw.rest('GET', `${BASE}/by-country/ARG/`, { key });
    expect({ status: bad.status, paths: paths(bad) }).toEqual({ status: 400, paths: ['country'] });
  });
});

describe('seed', () => {
  it('loads the default rates of a country once: 21 % is the default with ARCA id 5; the second time seeded 0 with a message', async () => {
    const key = await newKey();
    const first = await gw.rest('POST', `${BASE}/seed/ar/`, { key });
    expect(first.body).toMatchObject({ success: true, data: { country: 'AR', seeded: 6 }, seeded: 6, message: expect.any(String) });
    const rules = (await gw.rest('GET', `${BASE}/by-country/AR/`, { key })).body.data.items as Row[];
    expect(rules.map((rule) => [rule.code, rule.rate, rule.afip_vat_id, rule.is_default, rule.display_order])).toEqual([
      ['AR_IVA_21', 21, 5, true, 1],
      ['AR_IVA_10_5', 10.5, 4, false, 2],
      ['AR_IVA_27', 27, 6, false, 3],
      ['AR_IVA_5', 5, 8, false, 4],
      ['AR_IVA_2_5', 2.5, 9, false, 5],
      ['AR_IVA_0', 0, 3, false, 6],
    ]);
    const again = await gw.rest('POST', `${BASE}/seed/AR/`, { key });
    expect(again.body).toMatchObject({ success: true, data: { seeded: 0 }, seeded: 0, message: expect.stringContaining('already') });
    expect(await gw.store.collection('tax_rules').countDocuments({ country: 'AR', name: { $in: rules.map((rule) => rule.name) } })).toBeGreaterThanOrEqual(6);
    expect((await gw.rest('GET', `${BASE}/by-country/AR/`, { key })).body.data.count).toBe(6);
  });

  it.each([
    ['UY', 3, 'UY_IVA_BASICA'],
    ['MX', 3, 'MX_IVA_16'],
    ['CO', 3, 'CO_IVA_19'],
    ['BR', 7, 'BR_CBS_2026'],
    ['BO', 2, 'BO_IVA_13'],
    ['PE', 3, 'PE_IGV_18'],
  ])('%s: %i rules, %s the default VAT', async (country, count, defaultCode) => {
    const key = await newKey();
    expect((await gw.rest('POST', `${BASE}/seed/${country}/`, { key })).body.data.seeded).toBe(count);
    const rules = (await gw.rest('GET', `${BASE}/by-country/${country}/`, { key })).body.data.items as Row[];
    expect(rules).toHaveLength(count);
    expect(rules.filter((rule) => rule.category === 'iva' && rule.is_default).map((rule) => rule.code)).toEqual([defaultCode]);
  });

  it('a country with any rule, even an inactive one, is left alone', async () => {
    const key = await newKey();
    const rule = await made(key, { name: 'Propia', country: 'MX', rate: 16 });
    await gw.rest('DELETE', `${BASE}/${rule.id}/`, { key });
    expect((await gw.rest('POST', `${BASE}/seed/MX/`, { key })).body.data.seeded).toBe(0);
    expect((await gw.rest('GET', `${BASE}/?is_active=false&country=MX`, { key })).body.data.total).toBe(1);
  });

  it('five concurrent seeds of one country load it once', async () => {
    const key = await newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => gw.rest('POST', `${BASE}/seed/PE/`, { key })));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((res) => res.body.data.seeded).sort()).toEqual([0, 0, 0, 0, 3]);
    expect((await gw.rest('GET', `${BASE}/?country=PE`, { key })).body.data.total).toBe(3);
    // Only the seed that loaded them recorded their creation: one activity record per rule.
    const ids = ((await gw.rest('GET', `${BASE}/?country=PE`, { key })).body.data.items as Row[]).map((rule) => rule._id ?? rule.id);
    const recorded = await gw.store.collection('activity').find({ resource_type: 'tax_rules', action: 'created' }).toArray();
    expect(ids.map((id) => recorded.filter((entry) => entry.resource_id.toHexString() === id).length)).toEqual([1, 1, 1]);
  });

  it.each([['CL'], ['ARG'], ['1A']])('%s → 400 naming country, nothing stored', async (country) => {
    const key = await newKey();
    const res = await gw.rest('POST', `${BASE}/seed/${country}/`, { key });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: ['country'] });
    expect((await gw.rest('GET', `${BASE}/?is_active=false`, { key })).body.data.total).toBe(0);
  });
});
