import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { balanceOf, createChart, entry, posted, draft, SMALL_CHART } from './support/accounting';

/** The chart of accounts: its tree rules, uniqueness, deletion, the default chart and balances. */
let gw: TestGateway;
const newKey = async () => (await gw.account(['accounting:read', 'accounting:write'])).key;

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const create = (key: string, body: unknown) => gw.rest('POST', '/accounting/accounts/', { key, body });
const paths = (res: { body: any }) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);
const stored = (id: string) => gw.store.collection('ledger_accounts').findOne({ _id: new ObjectId(id) }) as Promise<any>;

describe('accounts', () => {
  it('creates an account with every field; level and detail flag follow the parent; extras is_active and balance', async () => {
    const key = await newKey();
    await createChart(gw, key, SMALL_CHART.slice(0, 2));
    const body = {
      code: '1.1.03',
      name: 'Fondo fijo',
      account_type: 'asset',
      parent_code: '1.1',
      level: 3,
      is_detail: true,
      description: 'Caja chica de la sucursal',
      afip_code: '11',
    };
    const res = await create(key, body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ ...body, is_active: true, balance: 0 });
    expect(await stored(res.body.data._id)).toMatchObject({ path: ['1', '1.1', '1.1.03'], level: 3 });
    const derived = await create(key, { code: '1.2', name: 'Créditos', account_type: 'asset', parent_code: '1' });
    expect(derived.body.data).toMatchObject({ level: 2, is_detail: false });
  });

  it('a duplicate code is 409 CONFLICT naming code; another account may use it', async () => {
    const key = await newKey();
    expect((await create(key, { code: '9', name: 'Uno', account_type: 'asset' })).status).toBe(201);
    const again = await create(key, { code: '9', name: 'Otro', account_type: 'expense' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONFLICT');
    expect(paths(again)).toEqual(['code']);
    expect((await create(await newKey(), { code: '9', name: 'Uno', account_type: 'asset' })).status).toBe(201);
  });

  it('the parent must exist, share the type and sit one level up (400 naming the field)', async () => {
    const key = await newKey();
    await createChart(gw, key, SMALL_CHART.slice(0, 2));
    const missing = await create(key, { code: '3.1', name: 'x', account_type: 'asset', parent_code: '3' });
    expect({ status: missing.status, paths: paths(missing) }).toEqual({ status: 400, paths: ['parent_code'] });
    const otherType = await create(key, { code: '1.9', name: 'x', account_type: 'liability', parent_code: '1' });
    expect({ status: otherType.status, paths: paths(otherType) }).toEqual({ status: 400, paths: ['account_type'] });
    const wrongLevel = await create(key, { code: '1.9', name: 'x', account_type: 'asset', parent_code: '1', level: 3 });
    expect({ status: wrongLevel.status, paths: paths(wrongLevel) }).toEqual({ status: 400, paths: ['level'] });
    const rootLevel = await create(key, { code: '7', name: 'x', account_type: 'asset', level: 2 });
    expect({ status: rootLevel.status, paths: paths(rootLevel) }).toEqual({ status: 400, paths: ['level'] });
    expect(await gw.store.collection('ledger_accounts').countDocuments({ name: 'x' })).toBe(0);
  });

  it('nothing goes below level 5', async () => {
    const key = await newKey();
    await createChart(gw, key, [
      { code: 'A', name: 'a', account_type: 'asset' },
      { code: 'A.1', name: 'a', account_type: 'asset', parent_code: 'A' },
      { code: 'A.1.1', name: 'a', account_type: 'asset', parent_code: 'A.1' },
      { code: 'A.1.1.1', name: 'a', account_type: 'asset', parent_code: 'A.1.1' },
      { code: 'A.1.1.1.1', name: 'a', account_type: 'asset', parent_code: 'A.1.1.1' },
    ]);
    expect((await gw.rest('GET', '/accounting/accounts/list/?parent_code=A.1.1.1', { key })).body.data.items[0]).toMatchObject({ level: 5, is_detail: true });
    const deeper = await create(key, { code: 'A.1.1.1.1.1', name: 'b', account_type: 'asset', parent_code: 'A.1.1.1.1' });
    expect({ status: deeper.status, paths: paths(deeper) }).toEqual({ status: 400, paths: ['parent_code'] });
  });

  it('lists filter by type, detail flag, activity, parent and text, in code order', async () => {
    const key = await newKey();
    await createChart(gw, key);
    await gw.rest(
      'PUT',
      `/accounting/accounts/${(await gw.rest('GET', '/accounting/accounts/list/?search=cuenta%20corriente', { key })).body.data.items[0]._id}/`,
      {
        key,
        body: { is_active: false },
      },
    );
    const codes = async (query: string) =>
      (await gw.rest('GET', `/accounting/accounts/list/?${query}`, { key })).body.data.items.map((item: { code: string }) => item.code);
    expect(await codes('')).toEqual(['1', '1.1', '1.1.01', '1.1.02', '2', '2.1', '4', '4.1']);
    expect(await codes('account_type=asset')).toEqual(['1', '1.1', '1.1.01', '1.1.02']);
    expect(await codes('is_detail=true')).toEqual(['1.1.01', '1.1.02', '2.1', '4.1']);
    expect(await codes('is_active=false')).toEqual(['1.1.02']);
    expect(await codes('parent_code=1.1')).toEqual(['1.1.01', '1.1.02']);
    expect(await codes('search=VENTAS')).toEqual(['4.1']);
    expect(await codes('sort_by=code&sort_order=desc&limit=2')).toEqual(['4.1', '4']);
  });

  it('DELETE: 409 ACCOUNT_IN_USE with children or journal lines; a free account goes', async () => {
    const key = await newKey();
    const ids = await createChart(gw, key);
    const parent = await gw.rest('DELETE', `/accounting/accounts/${ids['1.1']}/`, { key });
    expect({ status: parent.status, code: parent.body.error.code }).toEqual({ status: 409, code: 'ACCOUNT_IN_USE' });
    await posted(gw, key, entry('1.1.01', '4.1', 100));
    const used = await gw.rest('DELETE', `/accounting/accounts/${ids['1.1.01']}/`, { key });
    expect({ status: used.status, code: used.body.error.code }).toEqual({ status: 409, code: 'ACCOUNT_IN_USE' });
    expect(used.body.error.message).toMatch(/deactivate/);
    expect(await stored(ids['1.1.01'])).not.toBeNull();
    const deactivated = await gw.rest('PUT', `/accounting/accounts/${ids['1.1.01']}/`, { key, body: { is_active: false } });
    expect(deactivated.body.data).toMatchObject({ is_active: false, balance: 100 });
    const free = await gw.rest('DELETE', `/accounting/accounts/${ids['1.1.02']}/`, { key });
    expect(free.body).toEqual({ success: true, data: { _id: ids['1.1.02'], deleted: true } });
    expect(await stored(ids['1.1.02'])).toBeNull();
  });

  it('an account with lines (even draft ones) or children keeps its code, type, parent and level (409); its name may change', async () => {
    const key = await newKey();
    const ids = await createChart(gw, key);
    await draft(gw, key, entry('1.1.01', '4.1', 5));
    const recode = await gw.rest('PUT', `/accounting/accounts/${ids['1.1.01']}/`, { key, body: { code: '1.1.99' } });
    expect({ status: recode.status, code: recode.body.error.code, paths: paths(recode) }).toEqual({ status: 409, code: 'ACCOUNT_IN_USE', paths: ['code'] });
    const moveParent = await gw.rest('PUT', `/accounting/accounts/${ids['1.1']}/`, { key, body: { code: '1.5' } });
    expect(moveParent.status).toBe(409);
    const rename = await gw.rest('PUT', `/accounting/accounts/${ids['1.1.01']}/`, { key, body: { name: 'Caja central' } });
    expect(rename.body.data).toMatchObject({ code: '1.1.01', name: 'Caja central' });
    const free = await gw.rest('PUT', `/accounting/accounts/${ids['1.1.02']}/`, { key, body: { code: '1.1.09' } });
    expect(free.body.data).toMatchObject({ code: '1.1.09', level: 3 });
    expect(await stored(ids['1.1.02'])).toMatchObject({ path: ['1', '1.1', '1.1.09'] });
  });
});

describe('default chart', () => {
  it('loads the FACPCE-style chart all at once; a second load seeds 0 with a message and changes nothing', async () => {
    const key = await newKey();
    const first = await gw.rest('POST', '/accounting/accounts/seed/', { key });
    expect(first.status).toBe(200);
    const seeded = first.body.data.seeded;
    expect(seeded).toBeGreaterThan(150);
    expect(first.body).toMatchObject({ success: true, seeded, message: expect.any(String) });
    const { accountId } = await gw.store
      .collection('api_keys')
      .findOne({}, { sort: { _id: -1 } })
      .then((doc: any) => ({ accountId: doc.account_id }));
    expect(await gw.store.collection('ledger_accounts').countDocuments({ account_id: accountId })).toBe(seeded);
    // The activity feed has one creation per seeded account, written with them.
    expect(await gw.store.collection('activity').countDocuments({ account_id: accountId, resource_type: 'ledger_accounts', action: 'created' })).toBe(seeded);
    const caja = (await gw.rest('GET', '/accounting/accounts/list/?search=Caja%20en%20pesos', { key })).body.data.items[0];
    expect(caja).toMatchObject({ code: '1.1.1.01.001', account_type: 'asset', parent_code: '1.1.1.01', level: 5, is_detail: true, is_active: true });
    const iva = (await gw.rest('GET', '/accounting/accounts/list/?search=IVA%20D%C3%A9bito', { key })).body.data.items[0];
    expect(iva).toMatchObject({ code: '2.1.4.01.001', account_type: 'liability', is_detail: true });
    const heading = (await gw.rest('GET', '/accounting/accounts/list/?parent_code=1.1.1', { key })).body.data.items.map((a: any) => [a.code, a.is_detail]);
    expect(heading).toEqual([
      ['1.1.1.01', false],
      ['1.1.1.02', false],
      ['1.1.1.03', true],
    ]);
    // Every parent exists, shares the type and sits one level up.
    const all = (await gw.store.collection('ledger_accounts').find({ account_id: accountId }).toArray()) as any[];
    const byCode = new Map(all.map((a) => [a.code, a]));
    for (const account of all.filter((a) => a.parent_code)) {
      const parent = byCode.get(account.parent_code);
      expect({ code: account.code, type: parent?.account_type, level: parent?.level }).toEqual({
        code: account.code,
        type: account.account_type,
        level: account.level - 1,
      });
    }
    const again = await gw.rest('POST', '/accounting/accounts/seed/', { key });
    expect(again.body).toMatchObject({ success: true, data: { seeded: 0 }, seeded: 0, message: expect.stringMatching(/already/) });
    expect(await gw.store.collection('ledger_accounts').countDocuments({ account_id: accountId })).toBe(seeded);
    // Nothing seeded, nothing recorded.
    expect(await gw.store.collection('activity').countDocuments({ account_id: accountId, resource_type: 'ledger_accounts' })).toBe(seeded);
  });

  it('a chart with one account of its own is left alone', async () => {
    const key = await newKey();
    await create(key, { code: 'X', name: 'Propia', account_type: 'asset' });
    const res = await gw.rest('POST', '/accounting/accounts/seed/', { key });
    expect(res.body.data.seeded).toBe(0);
    expect((await gw.rest('GET', '/accounting/accounts/list/', { key })).body.data.total).toBe(1);
  });

  it('two loads at once: one chart, loaded once', async () => {
    const key = await newKey();
    const [a, b] = await Promise.all([gw.rest('POST', '/accounting/accounts/seed/', { key }), gw.rest('POST', '/accounting/accounts/seed/', { key })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const counts = [a.body.data.seeded, b.body.data.seeded].sort((x, y) => x - y);
    expect(counts[0]).toBe(0);
    expect((await gw.rest('GET', '/accounting/accounts/list/', { key })).body.data.total).toBe(counts[1]);
  });
});

describe('balances', () => {
  it('roll up from detail accounts to their parents, posted entries only, as of a day and down to a level', async () => {
    const key = await newKey();
    const ids = await createChart(gw, key);
    await posted(gw, key, entry('1.1.01', '4.1', 1000.1, { date: '2026-03-01' }));
    await posted(gw, key, entry('1.1.02', '4.1', 250.25, { date: '2026-03-05' }));
    await posted(gw, key, entry('1.1.01', '2.1', 0.15, { date: '2026-04-01' }));
    await draft(gw, key, entry('1.1.01', '4.1', 999, { date: '2026-03-01' }));

    expect(await balanceOf(gw, key, ids['1.1.01'])).toBe(1000.25);
    expect(await balanceOf(gw, key, ids['1.1'])).toBe(1250.5);
    expect(await balanceOf(gw, key, ids['1'])).toBe(1250.5);
    expect(await balanceOf(gw, key, ids['4.1'])).toBe(1250.35);
    expect(await balanceOf(gw, key, ids['2'])).toBe(0.15);

    const march = await gw.rest('GET', '/accounting/accounts/balances/?as_of=2026-03-31&level=2', { key });
    expect(march.status).toBe(200);
    expect(march.body.data).toEqual({
      as_of: '2026-03-31',
      level: 2,
      total_debit: 1250.35,
      total_credit: 1250.35,
      items: [
        { code: '1', name: 'ACTIVO', account_type: 'asset', level: 1, is_detail: false, debit: 1250.35, credit: 0, balance: 1250.35 },
        { code: '1.1', name: 'Caja y Bancos', account_type: 'asset', level: 2, is_detail: false, debit: 1250.35, credit: 0, balance: 1250.35 },
        { code: '2', name: 'PASIVO', account_type: 'liability', level: 1, is_detail: false, debit: 0, credit: 0, balance: 0 },
        { code: '2.1', name: 'Proveedores', account_type: 'liability', level: 2, is_detail: true, debit: 0, credit: 0, balance: 0 },
        { code: '4', name: 'INGRESOS', account_type: 'revenue', level: 1, is_detail: false, debit: 0, credit: 1250.35, balance: 1250.35 },
        { code: '4.1', name: 'Ventas', account_type: 'revenue', level: 2, is_detail: true, debit: 0, credit: 1250.35, balance: 1250.35 },
      ],
    });
    const later = await gw.rest('GET', '/accounting/accounts/balances/?as_of=2026-12-31', { key });
    expect(later.body.data.items.map((row: any) => [row.code, row.balance])).toEqual([
      ['1', 1250.5],
      ['1.1', 1250.5],
      ['1.1.01', 1000.25],
      ['1.1.02', 250.25],
      ['2', 0.15],
      ['2.1', 0.15],
      ['4', 1250.35],
      ['4.1', 1250.35],
    ]);
    expect(later.body.data.total_debit).toBe(1250.5);
  });

  it('bad parameters are 400 naming them', async () => {
    const key = await newKey();
    const bad = await gw.rest('GET', '/accounting/accounts/balances/?as_of=2026-02-30&level=9', { key });
    expect(bad.status).toBe(400);
    expect(paths(bad).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/as_of|level/)]));
    const notNumber = await gw.rest('GET', '/accounting/accounts/balances/?level=x', { key });
    expect({ status: notNumber.status, paths: paths(notNumber) }).toEqual({ status: 400, paths: ['level'] });
  });
});
