/**
 * Parity: each supplier case (create, read, update, list with filters and pages, delete, bulk, each validation
 * failure) runs through GraphQL and REST and the results agree after the naming map.
 *
 * Writes run on two identically seeded accounts (one per surface) at the same clock instants, so records agree
 * on everything but `_id`; reads run on one account through both surfaces, so records agree on everything.
 */
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';
import {
  ALL_SCOPES,
  INVALID_CREATES,
  Q,
  STATUS_OF,
  bodyToGql,
  bulkErrorsToRest,
  chars,
  fullBody,
  gqlData,
  gqlError,
  recordToRest,
  restBulkErrors,
  restData,
  restError,
  seed,
  twinAccounts,
  withoutId,
  expectedRecord,
  restTime,
  type Row,
} from './support/parity';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const T0 = new Date('2025-03-01T12:00:00.000Z');
const T1 = new Date('2025-03-02T15:30:00.000Z');
const MISSING_ID = '0123456789abcdef01234567';

/** Both surfaces failed the same way: same code, same failing paths (REST names), REST status matching the code. */
function expectSameError(g: HttpResult, r: HttpResult, expected: { code: string; paths: string[] }) {
  const gs = gqlError(g);
  const rs = restError(r);
  expect({ graphql: gs, rest: rs, restStatus: r.status }).toEqual({
    graphql: { code: expected.code, paths: [...expected.paths].sort() },
    rest: { code: expected.code, paths: [...expected.paths].sort() },
    restStatus: STATUS_OF[expected.code],
  });
}

async function countOf(key: string): Promise<{ rest: number; graphql: number }> {
  const rest = restData(await gw.rest('GET', '/suppliers/list/', { key }), 200).total;
  const graphql = gqlData(await gw.gql(Q.list, {}, { key })).suppliers.totalCount;
  return { rest, graphql };
}

async function createBoth(keys: { g: string; r: string }, body: Row) {
  gw.clock.now = T0;
  const g = await gw.gql(Q.create, { input: bodyToGql(body) }, { key: keys.g });
  const r = await gw.rest('POST', '/suppliers/', { key: keys.r, body });
  return { g, r };
}

describe('create', () => {
  const cases: Array<{ title: string; body: Row; expected: Row }> = [
    {
      title: 'a full record with every field (address as parts)',
      body: fullBody(),
      expected: { ...fullBody() },
    },
    {
      title: 'address as one line',
      body: fullBody({ address: 'Av. Rivadavia 5000, CABA', status: 'active' }),
      expected: { ...fullBody({ address: 'Av. Rivadavia 5000, CABA', status: 'active' }) },
    },
    {
      title: 'only the name: optional fields null, tags empty, status active',
      body: { name: 'Mínimo SRL' },
      expected: {
        name: 'Mínimo SRL',
        email: null,
        phone: null,
        tax_id: null,
        contact_name: null,
        address: null,
        fiscal_info: null,
        category: null,
        tags: [],
        notes: null,
        status: 'active',
      },
    },
    {
      title: 'text fields are trimmed',
      body: { name: '  Espacios SA  ', category: '  insumos ', tax_id: ' 20-1 ' },
      expected: {
        name: 'Espacios SA',
        email: null,
        phone: null,
        tax_id: '20-1',
        contact_name: null,
        address: null,
        fiscal_info: null,
        category: 'insumos',
        tags: [],
        notes: null,
        status: 'active',
      },
    },
  ];

  it.each(cases)('$title', async ({ body, expected }) => {
    const keys = await twinAccounts(gw);
    const { g, r } = await createBoth(keys, body);
    expect(r.status).toBe(201);
    const graphql = recordToRest(gqlData(g).createSupplier);
    const rest = restData(r, 201);
    expect(withoutId(graphql)).toEqual(withoutId(rest));
    expect(withoutId(rest)).toEqual({ ...expectedRecord(expected), created_at: restTime(T0), updated_at: restTime(T0) });
    expect(rest._id).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('read one', () => {
  it.each([
    ['address as parts', fullBody()],
    ['address as one line', fullBody({ address: 'Calle 1 234, La Plata' })],
    ['minimal', { name: 'Solo Nombre' }],
  ])('GET /{id}/ and supplier(id) give the same record (%s)', async (_title, body) => {
    const { key } = await gw.account([...ALL_SCOPES]);
    const created = await seed(gw, key, body, T0);
    const g = recordToRest(gqlData(await gw.gql(Q.get, { id: created._id }, { key })).supplier);
    const r = restData(await gw.rest('GET', `/suppliers/${created._id}/`, { key }), 200);
    expect(g).toEqual(r);
    expect(r).toEqual(created);
  });

  it('an unknown id is NOT_FOUND / 404 on both', async () => {
    const { key } = await gw.account([...ALL_SCOPES]);
    const g = await gw.gql(Q.get, { id: MISSING_ID }, { key });
    const r = await gw.rest('GET', `/suppliers/${MISSING_ID}/`, { key });
    expectSameError(g, r, { code: 'NOT_FOUND', paths: [] });
  });
});

describe('partial update', () => {
  const cases: Array<{ title: string; change: Row; expectChanged: Row }> = [
    { title: 'one field changes, the others keep their values', change: { phone: '+54 341 555-0000' }, expectChanged: { phone: '+54 341 555-0000' } },
    {
      title: 'name is trimmed, status changes',
      change: { name: '  Nuevo Nombre SA  ', status: 'active' },
      expectChanged: { name: 'Nuevo Nombre SA', status: 'active' },
    },
    {
      title: 'null clears optional fields',
      change: { email: null, phone: null, tax_id: null, contact_name: null, address: null, fiscal_info: null, category: null, notes: null },
      expectChanged: { email: null, phone: null, tax_id: null, contact_name: null, address: null, fiscal_info: null, category: null, notes: null },
    },
    { title: 'address parts become one line', change: { address: 'Ruta 8 km 50, Pilar' }, expectChanged: { address: 'Ruta 8 km 50, Pilar' } },
    {
      title: 'address replaced by other parts',
      change: { address: { city: 'Córdoba', country: 'AR' } },
      expectChanged: { address: { city: 'Córdoba', country: 'AR' } },
    },
    {
      title: 'tags and condicion_iva replaced',
      change: { tags: ['nuevo'], fiscal_info: { condicion_iva: 'monotributo' } },
      expectChanged: { tags: ['nuevo'], fiscal_info: { condicion_iva: 'monotributo' } },
    },
    { title: 'an empty change keeps everything', change: {}, expectChanged: {} },
  ];

  it.each(cases)('$title', async ({ change, expectChanged }) => {
    const keys = await twinAccounts(gw);
    const gSeed = await seed(gw, keys.g, fullBody(), T0);
    const rSeed = await seed(gw, keys.r, fullBody(), T0);
    gw.clock.now = T1;
    const g = await gw.gql(Q.update, { id: gSeed._id, input: bodyToGql(change) }, { key: keys.g });
    const r = await gw.rest('PUT', `/suppliers/${rSeed._id}/`, { key: keys.r, body: change });
    const graphql = recordToRest(gqlData(g).updateSupplier);
    const rest = restData(r, 200);
    expect(withoutId(graphql)).toEqual(withoutId(rest));
    expect(rest).toEqual({ ...rSeed, ...expectedRecord(expectChanged, false), updated_at: restTime(T1) });
    // persisted
    const reread = restData(await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), 200);
    expect(reread).toEqual(rest);
    const gReread = recordToRest(gqlData(await gw.gql(Q.get, { id: gSeed._id }, { key: keys.g })).supplier);
    expect(gReread).toEqual(graphql);
  });

  it('PUT with a whole record as GET returned it works and ignores the read-only fields', async () => {
    const keys = await twinAccounts(gw);
    const gSeed = await seed(gw, keys.g, fullBody(), T0);
    const rSeed = await seed(gw, keys.r, fullBody(), T0);
    const other = await seed(gw, keys.r, { name: 'Otro' }, T0);
    const got = restData(await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), 200);
    gw.clock.now = T1;
    const body = {
      ...got,
      _id: other._id, // read-only: must not redirect the update
      created_at: '1999-01-01T00:00:00.000Z',
      updated_at: '1999-01-01T00:00:00.000Z',
      name: 'Renombrado SA',
      notes: 'nota nueva',
    };
    const r = await gw.rest('PUT', `/suppliers/${rSeed._id}/`, { key: keys.r, body });
    const rest = restData(r, 200);
    expect(rest).toEqual({ ...rSeed, name: 'Renombrado SA', notes: 'nota nueva', updated_at: restTime(T1) });
    // the other supplier is untouched
    expect(restData(await gw.rest('GET', `/suppliers/${other._id}/`, { key: keys.r }), 200)).toEqual(other);
    // same change through GraphQL gives the same record
    const g = await gw.gql(Q.update, { id: gSeed._id, input: { name: 'Renombrado SA', notes: 'nota nueva' } }, { key: keys.g });
    expect(withoutId(recordToRest(gqlData(g).updateSupplier))).toEqual(withoutId(rest));
  });

  it('PUT with a whole GET record whose address is one line also works', async () => {
    const { key } = await gw.account([...ALL_SCOPES]);
    const created = await seed(gw, key, fullBody({ address: 'Calle Falsa 123' }), T0);
    gw.clock.now = T1;
    const r = await gw.rest('PUT', `/suppliers/${created._id}/`, { key, body: { ...created, phone: '111' } });
    expect(restData(r, 200)).toEqual({ ...created, phone: '111', updated_at: restTime(T1) });
  });

  it('an unknown field is refused, naming it, on both (update)', async () => {
    const keys = await twinAccounts(gw);
    const gSeed = await seed(gw, keys.g, fullBody(), T0);
    const rSeed = await seed(gw, keys.r, fullBody(), T0);
    const got = restData(await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), 200);
    const g = await gw.gql(Q.update, { id: gSeed._id, input: { name: 'X Nuevo', creditLimit: 10 } }, { key: keys.g });
    const r = await gw.rest('PUT', `/suppliers/${rSeed._id}/`, { key: keys.r, body: { ...got, name: 'X Nuevo', credit_limit: 10 } });
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['credit_limit'] });
    expect(restData(await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), 200)).toEqual(rSeed);
  });

  it('an update of an unknown id is NOT_FOUND / 404 on both', async () => {
    const { key } = await gw.account([...ALL_SCOPES]);
    const g = await gw.gql(Q.update, { id: MISSING_ID, input: { name: 'Nadie' } }, { key });
    const r = await gw.rest('PUT', `/suppliers/${MISSING_ID}/`, { key, body: { name: 'Nadie' } });
    expectSameError(g, r, { code: 'NOT_FOUND', paths: [] });
  });
});

describe('validation failures', () => {
  it.each(INVALID_CREATES)('create: $title', async ({ body, paths }) => {
    const keys = await twinAccounts(gw);
    const { g, r } = await createBoth(keys, body);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths });
    expect(await countOf(keys.g)).toEqual({ rest: 0, graphql: 0 });
    expect(await countOf(keys.r)).toEqual({ rest: 0, graphql: 0 });
  });

  const updateCases = INVALID_CREATES.filter(({ title }) => title !== 'name left out').map(({ title, body, paths }) => {
    // On update the name may be left out; keep the failing fields only.
    const change: Row = { ...body };
    if (!paths.includes('name')) delete change.name;
    return { title, change, paths };
  });

  it.each(updateCases)('update: $title', async ({ change, paths }) => {
    const keys = await twinAccounts(gw);
    const gSeed = await seed(gw, keys.g, fullBody(), T0);
    const rSeed = await seed(gw, keys.r, fullBody(), T0);
    gw.clock.now = T1;
    const g = await gw.gql(Q.update, { id: gSeed._id, input: bodyToGql(change) }, { key: keys.g });
    const r = await gw.rest('PUT', `/suppliers/${rSeed._id}/`, { key: keys.r, body: change });
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths });
    expect(restData(await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), 200)).toEqual(rSeed);
  });
});

describe('conflicts', () => {
  it('a duplicate tax_id within the account is CONFLICT / 409 on create', async () => {
    const keys = await twinAccounts(gw);
    await seed(gw, keys.g, { name: 'Primero', tax_id: '30-70000000-7' }, T0);
    await seed(gw, keys.r, { name: 'Primero', tax_id: '30-70000000-7' }, T0);
    const { g, r } = await createBoth(keys, { name: 'Segundo', tax_id: '30-70000000-7' });
    expectSameError(g, r, { code: 'CONFLICT', paths: ['tax_id'] });
    expect(await countOf(keys.r)).toEqual({ rest: 1, graphql: 1 });
  });

  it('a duplicate tax_id within the account is CONFLICT / 409 on update', async () => {
    const keys = await twinAccounts(gw);
    await seed(gw, keys.g, { name: 'Primero', tax_id: '30-70000000-7' }, T0);
    await seed(gw, keys.r, { name: 'Primero', tax_id: '30-70000000-7' }, T0);
    const gOther = await seed(gw, keys.g, { name: 'Segundo', tax_id: '20-1' }, T0);
    const rOther = await seed(gw, keys.r, { name: 'Segundo', tax_id: '20-1' }, T0);
    const g = await gw.gql(Q.update, { id: gOther._id, input: { taxId: '30-70000000-7' } }, { key: keys.g });
    const r = await gw.rest('PUT', `/suppliers/${rOther._id}/`, { key: keys.r, body: { tax_id: '30-70000000-7' } });
    expectSameError(g, r, { code: 'CONFLICT', paths: ['tax_id'] });
    expect(restData(await gw.rest('GET', `/suppliers/${rOther._id}/`, { key: keys.r }), 200).tax_id).toBe('20-1');
  });

  it('the same tax_id in two different accounts is fine', async () => {
    const keys = await twinAccounts(gw);
    const { g, r } = await createBoth(keys, { name: 'Compartido', tax_id: '30-79999999-1' });
    expect(gqlData(g).createSupplier.taxId).toBe('30-79999999-1');
    expect(restData(r, 201).tax_id).toBe('30-79999999-1');
  });
});

describe('authentication and authorization', () => {
  it('no key is UNAUTHENTICATED / 401 on both', async () => {
    const g = await gw.gql(Q.list, {});
    const r = await gw.rest('GET', '/suppliers/list/');
    expectSameError(g, r, { code: 'UNAUTHENTICATED', paths: [] });
  });

  it('a read-only key writing is FORBIDDEN / 403 on both, nothing written', async () => {
    const { accountId } = await gw.account([...ALL_SCOPES]);
    const reader = await gw.key(accountId, ['suppliers:read']);
    const g = await gw.gql(Q.create, { input: { name: 'Nuevo' } }, { key: reader });
    const r = await gw.rest('POST', '/suppliers/', { key: reader, body: { name: 'Nuevo' } });
    expectSameError(g, r, { code: 'FORBIDDEN', paths: [] });
    expect(await countOf(reader)).toEqual({ rest: 0, graphql: 0 });
  });
});

describe('delete', () => {
  it('deletes, then the record is NOT_FOUND / 404, and a second delete too', async () => {
    const keys = await twinAccounts(gw);
    const gSeed = await seed(gw, keys.g, fullBody(), T0);
    const rSeed = await seed(gw, keys.r, fullBody(), T0);
    const keep = await seed(gw, keys.r, { name: 'Se queda' }, T0);
    const g = await gw.gql(Q.delete, { id: gSeed._id }, { key: keys.g });
    const r = await gw.rest('DELETE', `/suppliers/${rSeed._id}/`, { key: keys.r });
    expect(gqlData(g)).toEqual({ deleteSupplier: gSeed._id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { _id: rSeed._id, deleted: true } });

    expectSameError(await gw.gql(Q.get, { id: gSeed._id }, { key: keys.g }), await gw.rest('GET', `/suppliers/${rSeed._id}/`, { key: keys.r }), {
      code: 'NOT_FOUND',
      paths: [],
    });
    expectSameError(await gw.gql(Q.delete, { id: gSeed._id }, { key: keys.g }), await gw.rest('DELETE', `/suppliers/${rSeed._id}/`, { key: keys.r }), {
      code: 'NOT_FOUND',
      paths: [],
    });
    expect(await countOf(keys.g)).toEqual({ rest: 0, graphql: 0 });
    expect(await countOf(keys.r)).toEqual({ rest: 1, graphql: 1 });
    expect(restData(await gw.rest('GET', `/suppliers/${keep._id}/`, { key: keys.r }), 200)).toEqual(keep);
  });
});

describe('list', () => {
  let key: string;
  const day = (d: number, time = '10:00:00.000') => new Date(`2025-01-0${d}T${time}Z`);
  const SEED: Array<{ at: Date; body: Row }> = [
    {
      at: day(1),
      body: { name: 'Alfa Insumos', status: 'active', category: 'insumos', tags: ['mayorista'], tax_id: '20-11111111-1', email: 'alfa@ejemplo.com' },
    },
    {
      at: day(2),
      body: { name: 'Beta Servicios', status: 'inactive', category: 'servicios', tags: ['local'], tax_id: '30-22222222-2', email: 'contacto@beta.ar' },
    },
    {
      at: day(3),
      body: {
        name: 'Gamma Logistica',
        status: 'active',
        category: 'servicios',
        tags: ['mayorista', 'local'],
        tax_id: '30-33333333-3',
        email: 'gamma@logi.com',
      },
    },
    { at: day(4, '23:59:59.000'), body: { name: 'Delta', status: 'active', category: 'insumos' } },
    {
      at: day(5, '00:00:00.000'),
      body: { name: 'Epsilon SRL', status: 'inactive', category: 'insumos', tags: ['importador'], tax_id: '27-55555555-5', email: 'ventas@epsilon.com' },
    },
    { at: day(6), body: { name: 'Zeta Alimentos', status: 'active', category: 'alimentos', tags: ['mayorista'], tax_id: 'ZX-9', email: 'zeta@alimentos.com' } },
    { at: day(7), body: { name: 'Eta', status: 'active' } },
  ];

  beforeAll(async () => {
    key = (await gw.account([...ALL_SCOPES])).key;
    const ids: string[] = [];
    for (const { at, body } of SEED) ids.push((await seed(gw, key, body, at))._id);
    // Beta is the most recently updated.
    gw.clock.now = new Date('2025-01-10T00:00:00.000Z');
    restData(await gw.rest('PUT', `/suppliers/${ids[1]}/`, { key, body: { notes: 'actualizado' } }), 200);
  });

  const byCreatedDesc = ['Eta', 'Zeta Alimentos', 'Epsilon SRL', 'Delta', 'Gamma Logistica', 'Beta Servicios', 'Alfa Insumos'];

  const cases: Array<{ title: string; query: string; vars: Row; names: string[]; total?: number; page?: number; limit?: number; pages?: number }> = [
    { title: 'no parameters (defaults: page 1, limit 20, newest first)', query: '', vars: {}, names: byCreatedDesc, page: 1, limit: 20, pages: 1 },
    { title: 'status=inactive', query: 'status=inactive', vars: { filter: { status: 'inactive' } }, names: ['Epsilon SRL', 'Beta Servicios'] },
    {
      title: 'status=active',
      query: 'status=active',
      vars: { filter: { status: 'active' } },
      names: ['Eta', 'Zeta Alimentos', 'Delta', 'Gamma Logistica', 'Alfa Insumos'],
    },
    { title: 'category=insumos', query: 'category=insumos', vars: { filter: { category: 'insumos' } }, names: ['Epsilon SRL', 'Delta', 'Alfa Insumos'] },
    { title: 'tag=mayorista', query: 'tag=mayorista', vars: { filter: { tag: 'mayorista' } }, names: ['Zeta Alimentos', 'Gamma Logistica', 'Alfa Insumos'] },
    { title: 'tag=local', query: 'tag=local', vars: { filter: { tag: 'local' } }, names: ['Gamma Logistica', 'Beta Servicios'] },
    { title: 'search in the name (not the category)', query: 'search=servicios', vars: { filter: { search: 'servicios' } }, names: ['Beta Servicios'] },
    { title: 'search in the name, case-insensitive', query: 'search=GAMMA', vars: { filter: { search: 'GAMMA' } }, names: ['Gamma Logistica'] },
    { title: 'search in the tax_id', query: 'search=33333333', vars: { filter: { search: '33333333' } }, names: ['Gamma Logistica'] },
    {
      title: 'search in the email, case-insensitive',
      query: 'search=VENTAS%40EPSILON',
      vars: { filter: { search: 'VENTAS@EPSILON' } },
      names: ['Epsilon SRL'],
    },
    { title: 'search with regex characters is literal', query: 'search=.%2A', vars: { filter: { search: '.*' } }, names: [] },
    {
      title: 'created range as whole Argentine days (created_to includes its whole day)',
      query: 'created_from=2025-01-02&created_to=2025-01-04',
      vars: { filter: { createdFrom: '2025-01-02T00:00:00.000-03:00', createdTo: '2025-01-04T23:59:59.999-03:00' } },
      // Epsilon was created at 00:00 UTC on the 5th: 21:00 on the 4th in Argentina.
      names: ['Epsilon SRL', 'Delta', 'Gamma Logistica', 'Beta Servicios'],
    },
    {
      title: 'created_from as an instant (inclusive)',
      query: 'created_from=2025-01-05T00:00:00.000Z',
      vars: { filter: { createdFrom: '2025-01-05T00:00:00.000Z' } },
      names: ['Eta', 'Zeta Alimentos', 'Epsilon SRL'],
    },
    {
      title: 'created_to as a day',
      query: 'created_to=2025-01-01',
      vars: { filter: { createdTo: '2025-01-01T23:59:59.999-03:00' } },
      names: ['Alfa Insumos'],
    },
    {
      title: 'filters combined',
      query: 'status=active&tag=mayorista&category=insumos',
      vars: { filter: { status: 'active', tag: 'mayorista', category: 'insumos' } },
      names: ['Alfa Insumos'],
    },
    {
      title: 'order by name ascending',
      query: 'sort_by=name&sort_order=asc',
      vars: { orderBy: { field: 'name', direction: 'asc' } },
      names: ['Alfa Insumos', 'Beta Servicios', 'Delta', 'Epsilon SRL', 'Eta', 'Gamma Logistica', 'Zeta Alimentos'],
    },
    {
      title: 'order by name descending',
      query: 'sort_by=name&sort_order=desc',
      vars: { orderBy: { field: 'name', direction: 'desc' } },
      names: ['Zeta Alimentos', 'Gamma Logistica', 'Eta', 'Epsilon SRL', 'Delta', 'Beta Servicios', 'Alfa Insumos'],
    },
    {
      title: 'order by created_at ascending',
      query: 'sort_by=created_at&sort_order=asc',
      vars: { orderBy: { field: 'createdAt', direction: 'asc' } },
      names: [...byCreatedDesc].reverse(),
    },
    {
      title: 'order by updated_at (default direction desc)',
      query: 'sort_by=updated_at',
      vars: { orderBy: { field: 'updatedAt' } },
      names: ['Beta Servicios', 'Eta', 'Zeta Alimentos', 'Epsilon SRL', 'Delta', 'Gamma Logistica', 'Alfa Insumos'],
    },
    { title: 'page 1 of 3', query: 'page=1&limit=3', vars: { first: 3, offset: 0 }, names: byCreatedDesc.slice(0, 3), total: 7, page: 1, limit: 3, pages: 3 },
    { title: 'page 2 of 3', query: 'page=2&limit=3', vars: { first: 3, offset: 3 }, names: byCreatedDesc.slice(3, 6), total: 7, page: 2, limit: 3, pages: 3 },
    {
      title: 'page 3 of 3 (partial)',
      query: 'page=3&limit=3',
      vars: { first: 3, offset: 6 },
      names: byCreatedDesc.slice(6),
      total: 7,
      page: 3,
      limit: 3,
      pages: 3,
    },
    { title: 'a page past the end is empty', query: 'page=4&limit=3', vars: { first: 3, offset: 9 }, names: [], total: 7, page: 4, limit: 3, pages: 3 },
    { title: 'limit=100 (the maximum)', query: 'limit=100', vars: { first: 100 }, names: byCreatedDesc, total: 7, page: 1, limit: 100, pages: 1 },
    {
      title: 'filter and pages together',
      query: 'status=active&page=2&limit=2&sort_by=name&sort_order=asc',
      vars: { filter: { status: 'active' }, orderBy: { field: 'name', direction: 'asc' }, first: 2, offset: 2 },
      names: ['Eta', 'Gamma Logistica'],
      total: 5,
      page: 2,
      limit: 2,
      pages: 3,
    },
    { title: 'nothing matches', query: 'category=nada', vars: { filter: { category: 'nada' } }, names: [], total: 0, page: 1, limit: 20, pages: 0 },
  ];

  it.each(cases)('$title', async ({ query, vars, names, total, page, limit, pages }) => {
    const g = gqlData(await gw.gql(Q.list, vars, { key })).suppliers;
    const r = restData(await gw.rest('GET', `/suppliers/list/${query ? `?${query}` : ''}`, { key }), 200);
    expect(r.items).toEqual(g.nodes.map(recordToRest));
    expect(r.items.map((item: Row) => item.name)).toEqual(names);
    expect(r.total).toBe(g.totalCount);
    const expectedTotal = total ?? names.length;
    expect(r.total).toBe(expectedTotal);
    const expectedLimit = limit ?? 20;
    expect({ page: r.page, limit: r.limit, pages: r.pages }).toEqual({
      page: page ?? 1,
      limit: expectedLimit,
      pages: pages ?? Math.ceil(expectedTotal / expectedLimit),
    });
  });

  it('a GraphQL cursor (after) gives the same page as REST page=2', async () => {
    const first = gqlData(await gw.gql(Q.list, { first: 3 }, { key })).suppliers;
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = gqlData(await gw.gql(Q.list, { first: 3, after: first.pageInfo.endCursor }, { key })).suppliers;
    const r = restData(await gw.rest('GET', '/suppliers/list/?page=2&limit=3', { key }), 200);
    expect(r.items).toEqual(second.nodes.map(recordToRest));
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it.each([
    { title: 'limit zero', query: 'limit=0', vars: { first: 0 }, paths: ['limit'] },
    { title: 'invalid status', query: 'status=archived', vars: { filter: { status: 'archived' } }, paths: ['status'] },
    {
      title: 'created_from after created_to',
      query: 'created_from=2025-01-05&created_to=2025-01-02',
      vars: { filter: { createdFrom: '2025-01-05T00:00:00.000-03:00', createdTo: '2025-01-02T23:59:59.999-03:00' } },
      paths: ['created_from'],
    },
  ])('an invalid list request fails the same way: $title', async ({ query, vars, paths }) => {
    const g = await gw.gql(Q.list, vars, { key });
    const r = await gw.rest('GET', `/suppliers/list/?${query}`, { key });
    // GraphQL names the argument (first, filter.status …); REST names the query parameter.
    const gs = gqlError(g);
    expect(gs.code).toBe('BAD_USER_INPUT');
    expect(gs.paths.map((p) => p.replace(/^filter\./, '').replace(/^first$/, 'limit'))).toEqual(paths);
    expect(r.status).toBe(400);
    expect(restError(r)).toEqual({ code: 'BAD_USER_INPUT', paths });
  });
});

describe('bulk create', () => {
  const items = [
    fullBody({ name: 'Bulk Uno', tax_id: 'B-1' }),
    { name: 'Bulk Dos', address: 'Calle 2', tags: ['x'] },
    { name: 'Bulk Tres', status: 'inactive', fiscal_info: { condicion_iva: 'exento' } },
  ];

  async function both(keys: { g: string; r: string }, list: Row[], allOrNone: boolean) {
    gw.clock.now = T0;
    const g = await gw.gql(Q.bulkCreate, { inputs: bodyToGql(list), allOrNone }, { key: keys.g });
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key: keys.r, body: { items: list, all_or_none: allOrNone } });
    return { g, r };
  }

  it('all_or_none true, every item valid: all created, same records', async () => {
    const keys = await twinAccounts(gw);
    const { g, r } = await both(keys, items, true);
    const gd = gqlData(g).createSuppliers;
    const rd = restData(r, 201);
    expect(rd.created).toBe(3);
    expect(gd.count).toBe(3);
    expect(rd.errors).toEqual([]);
    expect(gd.errors).toEqual([]);
    expect(rd.items.map(withoutId)).toEqual(gd.items.map(recordToRest).map(withoutId));
    expect(rd.items.map((i: Row) => i.name)).toEqual(['Bulk Uno', 'Bulk Dos', 'Bulk Tres']);
    expect(withoutId(rd.items[0])).toEqual({
      ...expectedRecord(fullBody({ name: 'Bulk Uno', tax_id: 'B-1' })),
      created_at: restTime(T0),
      updated_at: restTime(T0),
    });
    expect(await countOf(keys.g)).toEqual({ rest: 3, graphql: 3 });
    expect(await countOf(keys.r)).toEqual({ rest: 3, graphql: 3 });
  });

  it('all_or_none true with failing items: nothing written, every item problem listed as index.field', async () => {
    const keys = await twinAccounts(gw);
    const list = [{ name: 'Bueno' }, { name: 'x' }, { name: 'Otro', tax_id: chars(51, '1'), email: 'mal' }];
    const { g, r } = await both(keys, list, true);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1.name', '2.email', '2.tax_id'] });
    expect(await countOf(keys.g)).toEqual({ rest: 0, graphql: 0 });
    expect(await countOf(keys.r)).toEqual({ rest: 0, graphql: 0 });
  });

  it('all_or_none left out means true (REST)', async () => {
    const { key } = await gw.account([...ALL_SCOPES]);
    const r = await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: [{ name: 'Bueno' }, { name: 'x' }] } });
    expect(r.status).toBe(400);
    expect(restError(r)).toEqual({ code: 'BAD_USER_INPUT', paths: ['1.name'] });
    expect((await countOf(key)).rest).toBe(0);
  });

  it('all_or_none true with a duplicate tax_id in the batch: nothing written', async () => {
    const keys = await twinAccounts(gw);
    const list = [
      { name: 'Uno', tax_id: 'DUP-1' },
      { name: 'Dos', tax_id: 'DUP-1' },
    ];
    const { g, r } = await both(keys, list, true);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1.tax_id'] });
    expect(await countOf(keys.g)).toEqual({ rest: 0, graphql: 0 });
    expect(await countOf(keys.r)).toEqual({ rest: 0, graphql: 0 });
  });

  it('all_or_none false: valid items written, failures reported per item', async () => {
    const keys = await twinAccounts(gw);
    await seed(gw, keys.g, { name: 'Existente', tax_id: 'TAKEN' }, T0);
    await seed(gw, keys.r, { name: 'Existente', tax_id: 'TAKEN' }, T0);
    const list = [{ name: 'Bueno Uno' }, { name: 'x', email: 'mal' }, { name: 'Choca', tax_id: 'TAKEN' }, { name: 'Bueno Dos', address: 'Calle 9' }];
    const { g, r } = await both(keys, list, false);
    const gd = gqlData(g).createSuppliers;
    const rd = restData(r, 201);
    expect(rd.created).toBe(2);
    expect(gd.count).toBe(2);
    expect(rd.items.map(withoutId)).toEqual(gd.items.map(recordToRest).map(withoutId));
    expect(rd.items.map((i: Row) => i.name)).toEqual(['Bueno Uno', 'Bueno Dos']);
    const expectedErrors = [
      { index: 1, code: 'BAD_USER_INPUT', paths: ['email', 'name'] },
      { index: 2, code: 'CONFLICT', paths: ['tax_id'] },
    ];
    expect(restBulkErrors(rd.errors)).toEqual(expectedErrors);
    expect(bulkErrorsToRest(gd.errors)).toEqual(expectedErrors);
    for (const error of rd.errors) expect(typeof error.message).toBe('string');
    expect(await countOf(keys.g)).toEqual({ rest: 3, graphql: 3 });
    expect(await countOf(keys.r)).toEqual({ rest: 3, graphql: 3 });
  });

  it('all_or_none true with an item missing its name: per-item path', async () => {
    const keys = await twinAccounts(gw);
    const { g, r } = await both(keys, [{ name: 'Bueno' }, { email: 'a@b.com' }], true);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1.name'] });
    expect(await countOf(keys.r)).toEqual({ rest: 0, graphql: 0 });
  });

  it('all_or_none false with an item missing its name: reported per item, the others written', async () => {
    const keys = await twinAccounts(gw);
    const { g, r } = await both(keys, [{ name: 'Bueno' }, { email: 'a@b.com' }], false);
    const expectedErrors = [{ index: 1, code: 'BAD_USER_INPUT', paths: ['name'] }];
    const rd = restData(r, 201);
    expect(rd.created).toBe(1);
    expect(restBulkErrors(rd.errors)).toEqual(expectedErrors);
    const gd = gqlData(g).createSuppliers;
    expect(gd.count).toBe(1);
    expect(bulkErrorsToRest(gd.errors)).toEqual(expectedErrors);
  });

  it('an item with an unknown field makes the request malformed: 400 naming it, nothing written, even with all_or_none false', async () => {
    const keys = await twinAccounts(gw);
    const { g, r } = await both(keys, [{ name: 'Bueno' }, { name: 'Raro', rating: 3 }], false);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_USER_INPUT');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(['1.rating']);
    expect(g.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    for (const key of [keys.g, keys.r]) expect((await gw.rest('GET', '/suppliers/list/', { key })).body.data.total).toBe(0);
  });
});

describe('bulk update', () => {
  async function seedBoth(keys: { g: string; r: string }) {
    const bodies = [fullBody({ name: 'Uno', tax_id: 'U-1' }), { name: 'Dos', phone: '222' }, { name: 'Tres', email: 'tres@x.com' }];
    const g: Row[] = [];
    const r: Row[] = [];
    for (const body of bodies) {
      g.push(await seed(gw, keys.g, body, T0));
      r.push(await seed(gw, keys.r, body, T0));
    }
    gw.clock.now = T1;
    return { g, r };
  }

  async function both(keys: { g: string; r: string }, gItems: Row[], rItems: Row[], allOrNone: boolean) {
    const g = await gw.gql(Q.bulkUpdate, { inputs: bodyToGql(gItems), allOrNone }, { key: keys.g });
    const r = await gw.rest('PUT', '/suppliers/bulk/update/', { key: keys.r, body: { items: rItems, all_or_none: allOrNone } });
    return { g, r };
  }

  it('all_or_none true: partial updates applied, fields left out keep their values', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const change = (rows: Row[]) => [
      { _id: rows[0]._id, phone: '999', email: null },
      { _id: rows[1]._id, status: 'inactive', address: 'Calle 5' },
    ];
    const { g, r } = await both(keys, change(s.g), change(s.r), true);
    const gd = gqlData(g).updateSuppliers;
    const rd = restData(r, 200);
    expect(rd.updated).toBe(2);
    expect(gd.count).toBe(2);
    expect(rd.errors).toEqual([]);
    expect(rd.items.map(withoutId)).toEqual(gd.items.map(recordToRest).map(withoutId));
    const t1 = restTime(T1);
    expect(rd.items).toEqual([
      { ...s.r[0], phone: '999', email: null, updated_at: t1 },
      { ...s.r[1], status: 'inactive', address: 'Calle 5', updated_at: t1 },
    ]);
    expect(restData(await gw.rest('GET', `/suppliers/${s.r[2]._id}/`, { key: keys.r }), 200)).toEqual(s.r[2]);
  });

  it('all_or_none true with a failing item: nothing written, problems listed as index.field', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const change = (rows: Row[]) => [
      { _id: rows[0]._id, phone: '999' },
      { _id: rows[1]._id, name: 'x', tax_id: chars(51, '1') },
    ];
    const { g, r } = await both(keys, change(s.g), change(s.r), true);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1.name', '1.tax_id'] });
    for (const row of s.r) expect(restData(await gw.rest('GET', `/suppliers/${row._id}/`, { key: keys.r }), 200)).toEqual(row);
    for (const row of s.g) expect(recordToRest(gqlData(await gw.gql(Q.get, { id: row._id }, { key: keys.g })).supplier)).toEqual(row);
  });

  it('all_or_none true with an unknown id: nothing written', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const change = (rows: Row[]) => [
      { _id: rows[0]._id, phone: '999' },
      { _id: MISSING_ID, phone: '1' },
    ];
    const { g, r } = await both(keys, change(s.g), change(s.r), true);
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1'] });
    expect(restData(await gw.rest('GET', `/suppliers/${s.r[0]._id}/`, { key: keys.r }), 200)).toEqual(s.r[0]);
  });

  it('all_or_none true with an item without its id: the missing _id is named', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const g = await gw.gql(Q.bulkUpdate, { inputs: [{ id: s.g[0]._id, phone: '1' }, { phone: '2' }], allOrNone: true }, { key: keys.g });
    const r = await gw.rest('PUT', '/suppliers/bulk/update/', { key: keys.r, body: { items: [{ _id: s.r[0]._id, phone: '1' }, { phone: '2' }] } });
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1._id'] });
    expect(restData(await gw.rest('GET', `/suppliers/${s.r[0]._id}/`, { key: keys.r }), 200)).toEqual(s.r[0]);
  });

  it('all_or_none false: good items written, failures per item (not found, validation, conflict)', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const change = (rows: Row[]) => [
      { _id: rows[0]._id, phone: '111' },
      { _id: MISSING_ID, phone: '1' },
      { _id: rows[1]._id, email: 'mal' },
      { _id: rows[2]._id, tax_id: 'U-1' },
      { _id: rows[1]._id, notes: 'ok' },
    ];
    const { g, r } = await both(keys, change(s.g), change(s.r), false);
    const gd = gqlData(g).updateSuppliers;
    const rd = restData(r, 200);
    expect(rd.updated).toBe(2);
    expect(gd.count).toBe(2);
    expect(rd.items.map(withoutId)).toEqual(gd.items.map(recordToRest).map(withoutId));
    const expectedErrors = [
      { index: 1, code: 'NOT_FOUND', paths: [] },
      { index: 2, code: 'BAD_USER_INPUT', paths: ['email'] },
      { index: 3, code: 'CONFLICT', paths: ['tax_id'] },
    ];
    expect(restBulkErrors(rd.errors)).toEqual(expectedErrors);
    expect(bulkErrorsToRest(gd.errors)).toEqual(expectedErrors);
    const t1 = restTime(T1);
    expect(rd.items).toEqual([
      { ...s.r[0], phone: '111', updated_at: t1 },
      { ...s.r[1], notes: 'ok', updated_at: t1 },
    ]);
  });
});

describe('bulk delete', () => {
  async function seedBoth(keys: { g: string; r: string }) {
    const g: string[] = [];
    const r: string[] = [];
    for (const name of ['Uno', 'Dos', 'Tres']) {
      g.push((await seed(gw, keys.g, { name }, T0))._id);
      r.push((await seed(gw, keys.r, { name }, T0))._id);
    }
    return { g, r };
  }

  it('all_or_none true: deletes all', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const g = await gw.gql(Q.bulkDelete, { ids: s.g.slice(0, 2), allOrNone: true }, { key: keys.g });
    const r = await gw.rest('POST', '/suppliers/bulk/delete/', { key: keys.r, body: { ids: s.r.slice(0, 2), all_or_none: true } });
    const gd = gqlData(g).deleteSuppliers;
    const rd = restData(r, 200);
    expect(gd).toEqual({ count: 2, items: s.g.slice(0, 2).map((id) => ({ id, deleted: true })), errors: [] });
    expect(rd).toEqual({ deleted: 2, items: s.r.slice(0, 2).map((_id) => ({ _id, deleted: true })), errors: [] });
    expect(await countOf(keys.g)).toEqual({ rest: 1, graphql: 1 });
    expect(await countOf(keys.r)).toEqual({ rest: 1, graphql: 1 });
  });

  it('all_or_none true with an unknown id: nothing deleted, the item is named', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const g = await gw.gql(Q.bulkDelete, { ids: [s.g[0], MISSING_ID], allOrNone: true }, { key: keys.g });
    const r = await gw.rest('POST', '/suppliers/bulk/delete/', { key: keys.r, body: { ids: [s.r[0], MISSING_ID] } });
    expectSameError(g, r, { code: 'BAD_USER_INPUT', paths: ['1'] });
    expect(await countOf(keys.g)).toEqual({ rest: 3, graphql: 3 });
    expect(await countOf(keys.r)).toEqual({ rest: 3, graphql: 3 });
  });

  it('all_or_none false: known ids deleted, unknown ones reported', async () => {
    const keys = await twinAccounts(gw);
    const s = await seedBoth(keys);
    const g = await gw.gql(Q.bulkDelete, { ids: [s.g[0], MISSING_ID, s.g[2], 'not-an-id'], allOrNone: false }, { key: keys.g });
    const r = await gw.rest('POST', '/suppliers/bulk/delete/', { key: keys.r, body: { ids: [s.r[0], MISSING_ID, s.r[2], 'not-an-id'], all_or_none: false } });
    const gd = gqlData(g).deleteSuppliers;
    const rd = restData(r, 200);
    expect(gd.count).toBe(2);
    expect(rd.deleted).toBe(2);
    expect(rd.items).toEqual([s.r[0], s.r[2]].map((_id) => ({ _id, deleted: true })));
    expect(gd.items).toEqual([s.g[0], s.g[2]].map((id) => ({ id, deleted: true })));
    const expectedErrors = [
      { index: 1, code: 'NOT_FOUND', paths: [] },
      { index: 3, code: 'NOT_FOUND', paths: [] },
    ];
    expect(restBulkErrors(rd.errors)).toEqual(expectedErrors);
    expect(bulkErrorsToRest(gd.errors)).toEqual(expectedErrors);
    expect(await countOf(keys.r)).toEqual({ rest: 1, graphql: 1 });
    expect(restData(await gw.rest('GET', `/suppliers/${s.r[1]}/`, { key: keys.r }), 200).name).toBe('Dos');
  });
});
