import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** The activity feed (contract §4.15): changes recorded with the writes, newest first, one account's only. */
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const SCOPES = ['suppliers:read', 'suppliers:write', 'stats:read'] as const;
const stored = (accountId: string) =>
  gw.store
    .collection('activity')
    .find({ account_id: new ObjectId(accountId) })
    .sort({ at: -1, _id: -1 })
    .toArray();
const keyIdOf = async (accountId: string) => (await gw.store.collection('api_keys').findOne({ account_id: new ObjectId(accountId) }))!._id.toHexString();

describe('recording', () => {
  it('records create (REST), update (GraphQL) and delete (REST) with the record, the action, the API key and a summary', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Papelera Central SRL' } });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const updated = await gw.gql('mutation ($id: ID!) { updateSupplier(id: $id, input: { notes: "paga a 30 días" }) { id } }', { id }, { key });
    expect(updated.body.errors).toBeUndefined();
    expect((await gw.rest('DELETE', `/suppliers/${id}/`, { key })).status).toBe(200);

    const actor = { kind: 'api_key', id: new ObjectId(await keyIdOf(accountId)), name: expect.any(String) };
    expect(await stored(accountId)).toEqual(
      ['deleted', 'updated', 'created'].map((action) => ({
        _id: expect.any(ObjectId),
        account_id: new ObjectId(accountId),
        resource_type: 'suppliers',
        resource_id: new ObjectId(id),
        action,
        actor,
        at: gw.clock.now,
        summary: `supplier «Papelera Central SRL» ${action}`,
      })),
    );

    const listed = await gw.rest('GET', '/stats/activity/', { key });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 3, page: 1, per_page: 20 });
    expect(listed.body.data.items.map((item: { action: string }) => item.action)).toEqual(['deleted', 'updated', 'created']);
    expect(listed.body.data.items[0]).toEqual({
      id: expect.any(String),
      resource_type: 'suppliers',
      resource_id: id,
      action: 'deleted',
      actor: { kind: 'api_key', id: await keyIdOf(accountId), name: expect.any(String) },
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
      summary: 'supplier «Papelera Central SRL» deleted',
    });
  });

  it('records bulk writes with one entry per record', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const res = await gw.rest('POST', '/suppliers/bulk/create/', { key, body: { items: [{ name: 'Uno SA' }, { name: 'Dos SRL' }] } });
    expect(res.status).toBe(201);
    const ids = res.body.data.items.map((item: { _id: string }) => item._id);
    const deleted = await gw.rest('POST', '/suppliers/bulk/delete/', { key, body: { ids } });
    expect(deleted.body.data.deleted).toBe(2);
    const actions = (await stored(accountId)).map((doc) => `${doc.action} ${doc.summary}`);
    expect(actions.sort()).toEqual(
      [
        'created supplier «Uno SA» created',
        'created supplier «Dos SRL» created',
        'deleted supplier «Uno SA» deleted',
        'deleted supplier «Dos SRL» deleted',
      ].sort(),
    );
  });

  it('records nothing for a refused write or a rolled-back batch', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    expect((await gw.rest('POST', '/suppliers/', { key, body: { name: 'Con CUIT', tax_id: '30-71234567-1' } })).status).toBe(201);
    const before = (await stored(accountId)).length;
    // A duplicate tax id fails at the write (409); all-or-none, the valid first item is rolled back with it.
    const duplicate = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Otro', tax_id: '30-71234567-1' } });
    expect(duplicate.status).toBe(409);
    const batch = await gw.rest('POST', '/suppliers/bulk/create/', {
      key,
      body: { items: [{ name: 'Vale SA' }, { name: 'Choca SA', tax_id: '30-71234567-1' }] },
    });
    expect(batch.body.success).toBe(false);
    expect(await gw.store.collection('suppliers').countDocuments({ account_id: new ObjectId(accountId), name: 'Vale SA' })).toBe(0);
    expect((await gw.rest('PUT', `/suppliers/${new ObjectId().toHexString()}/`, { key, body: { notes: 'x' } })).status).toBe(404);
    expect(await stored(accountId)).toHaveLength(before);
  });

  it('records a rolled-back transaction of a resource that writes in its own transaction as nothing', async () => {
    const { accountId, key } = await gw.account(['accounting:read', 'accounting:write', 'stats:read']);
    const made = await gw.rest('POST', '/accounting/accounts/', { key, body: { code: '1', name: 'ACTIVO', account_type: 'asset' } });
    expect(made.status).toBe(201);
    const clash = await gw.rest('POST', '/accounting/accounts/', { key, body: { code: '1', name: 'ACTIVO otra vez', account_type: 'asset' } });
    expect(clash.status).toBe(409);
    expect((await stored(accountId)).map((doc) => doc.summary)).toEqual(['ledger account «1 ACTIVO» created']);
  });
});

describe('reading', () => {
  it('shows only the calling account’s activity, filtered by resource type, action and Argentine days', async () => {
    const mine = await gw.account([...SCOPES, 'expenses:write']);
    const other = await gw.account([...SCOPES]);
    await gw.rest('POST', '/suppliers/', { key: other.key, body: { name: 'Ajeno SA' } });
    await gw.rest('POST', '/suppliers/', { key: mine.key, body: { name: 'Propio SA' } });
    const expense = await gw.rest('POST', '/expenses/', { key: mine.key, body: { description: 'Luz', amount: 12100, tax_rate: 21, date: '2026-10-01' } });
    expect(expense.status).toBe(201);

    const all = await gw.rest('GET', '/stats/activity/', { key: mine.key });
    expect(all.body.data.items.map((item: { summary: string }) => item.summary)).toEqual([
      'expense «Luz» ($ 12.100,00) created',
      'supplier «Propio SA» created',
    ]);
    const suppliersOnly = await gw.rest('GET', '/stats/activity/?resource_type=suppliers&action=created', { key: mine.key });
    expect(suppliersOnly.body.data.items.map((item: { summary: string }) => item.summary)).toEqual(['supplier «Propio SA» created']);
    const deletions = await gw.rest('GET', '/stats/activity/?action=deleted', { key: mine.key });
    expect(deletions.body.data).toMatchObject({ items: [], total: 0 });

    const today = new Date(gw.clock.now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(gw.clock.now.getTime() + 21 * 3600_000).toISOString().slice(0, 10);
    expect((await gw.rest('GET', `/stats/activity/?from=${today}&to=${today}`, { key: mine.key })).body.data.total).toBe(2);
    expect((await gw.rest('GET', `/stats/activity/?from=${tomorrow}`, { key: mine.key })).body.data.total).toBe(0);
  });

  it('pages newest first', async () => {
    const { key } = await gw.account([...SCOPES]);
    for (const name of ['A', 'B', 'C']) await gw.rest('POST', '/suppliers/', { key, body: { name: `Proveedor ${name}` } });
    const second = await gw.rest('GET', '/stats/activity/?per_page=2&page=2', { key });
    expect(second.body.data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(second.body.data.items.map((item: { summary: string }) => item.summary)).toEqual(['supplier «Proveedor A» created']);
  });

  it.each([
    ['action=borrado', 'action'],
    ['from=2026-02-30', 'from'],
    ['from=2026-03-02&to=2026-03-01', 'to'],
    ['resource_type=%24where', 'resource_type'],
    ['per_page=1.5', 'per_page'],
  ])('?%s → 400 naming %s', async (query, path) => {
    const { key } = await gw.account(['stats:read']);
    const res = await gw.rest('GET', `/stats/activity/?${query}`, { key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_USER_INPUT');
    expect(res.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
  });

  it('GraphQL activity leads to the record while it exists and the key may read it', async () => {
    const { accountId, key } = await gw.account([...SCOPES]);
    const created = await gw.rest('POST', '/suppliers/', { key, body: { name: 'Enlazado SA' } });
    const query = '{ activity { total items { action resourceType resourceId record { __typename ... on Supplier { id name } } } } }';
    const res = await gw.gql(query, {}, { key });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.activity.items).toEqual([
      {
        action: 'created',
        resourceType: 'suppliers',
        resourceId: created.body.data._id,
        record: { __typename: 'Supplier', id: created.body.data._id, name: 'Enlazado SA' },
      },
    ]);
    const statsOnly = await gw.gql(query, {}, { key: await gw.key(accountId, ['stats:read']) });
    expect(statsOnly.body.data.activity.items[0].record).toBeNull();
    await gw.rest('DELETE', `/suppliers/${created.body.data._id}/`, { key });
    const after = await gw.gql(query, {}, { key });
    expect(after.body.data.activity.items.map((item: { record: unknown }) => item.record)).toEqual([null, null]);
  });
});
