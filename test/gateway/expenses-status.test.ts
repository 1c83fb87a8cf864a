/**
 * The expense status machine: pending → approved → paid → refunded; pending or approved → cancelled. Every move,
 * allowed and refused, through the explicit mutations and through `status` in PUT / updateExpense; the fields each
 * status fixes; which expenses may be deleted; bulk moves; concurrent moves.
 */
import { ObjectId } from 'mongodb';
import { SCOPES } from '../../src/domain/auth/scopes';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { createGql, EQ, restDateTime, restError, type Row } from './support/expenses';

let gw: TestGateway;
let key: string;
let supplierId: string;

const STATUSES = ['pending', 'approved', 'paid', 'refunded', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const ALLOWED: Record<Status, Status[]> = {
  pending: ['approved', 'cancelled'],
  approved: ['paid', 'cancelled'],
  paid: ['refunded'],
  refunded: [],
  cancelled: [],
};
/** The explicit mutation leading into each status. */
const MUTATION: Partial<Record<Status, string>> = { approved: 'approveExpense', paid: 'payExpense', refunded: 'refundExpense', cancelled: 'cancelExpense' };
/** How to reach each status from pending. */
const PATH: Record<Status, Status[]> = {
  pending: [],
  approved: ['approved'],
  paid: ['approved', 'paid'],
  refunded: ['approved', 'paid', 'refunded'],
  cancelled: ['cancelled'],
};
const STAMP: Partial<Record<Status, string>> = { approved: 'approved_at', paid: 'paid_at', refunded: 'refunded_at', cancelled: 'cancelled_at' };

const T0 = new Date('2025-06-01T10:00:00.000Z');
const T1 = new Date('2025-06-02T11:30:00.000Z');

beforeAll(async () => {
  gw = await startTestGateway();
  key = (await gw.account([...SCOPES])).key;
  supplierId = (await gw.rest('POST', '/suppliers/', { key, body: { name: 'Edenor SA' } })).body.data._id;
});
afterAll(async () => {
  await gw?.stop();
});

const stored = (id: string) => gw.store.collection('expenses').findOne({ _id: new ObjectId(id) });

async function move(id: string, to: Status): Promise<Row> {
  const res = await gw.gql(EQ.move(MUTATION[to]!), { id }, { key });
  expect(res.body.errors).toBeUndefined();
  return res.body.data[MUTATION[to]!];
}

/** A new expense brought to `status` (at T0). */
async function expenseIn(status: Status, fields: Row = {}): Promise<string> {
  gw.clock.now = T0;
  const { id } = await createGql(gw, key, { supplierId, ivaItems: [{ id: 5, baseImp: 100, importe: 21 }], ...fields });
  for (const step of PATH[status]) await move(id, step);
  expect((await stored(id))!.status).toBe(status);
  return id;
}

const PAIRS = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== from).map((to) => ({ from, to, allowed: ALLOWED[from].includes(to) })));

describe.each(['mutation', 'PUT status', 'updateExpense status'] as const)('every move through %s', (surface) => {
  const pairs = surface === 'mutation' ? PAIRS.filter((pair) => MUTATION[pair.to]) : PAIRS;

  it.each(pairs.filter((p) => p.allowed))('$from → $to is allowed', async ({ from, to }) => {
    const id = await expenseIn(from);
    gw.clock.now = T1;
    let status: string;
    if (surface === 'mutation') status = (await move(id, to)).status;
    else if (surface === 'PUT status') {
      const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { status: to } });
      expect(res.status).toBe(200);
      expect(res.body.data[STAMP[to]!]).toBe(restDateTime(T1.toISOString()));
      status = res.body.data.status;
    } else {
      const res = await gw.gql(EQ.update, { id, input: { status: to } }, { key });
      expect(res.body.errors).toBeUndefined();
      status = res.body.data.updateExpense.status;
    }
    expect(status).toBe(to);
    const doc = await stored(id);
    expect(doc).toMatchObject({ status: to, [STAMP[to]!]: T1, updated_at: T1 });
    // Earlier stamps are kept.
    for (const step of PATH[from]) expect(doc![STAMP[step]!]).toEqual(T0);
  });

  it.each(pairs.filter((p) => !p.allowed))('$from → $to is refused with 409 INVALID_TRANSITION, nothing changes', async ({ from, to }) => {
    const id = await expenseIn(from);
    const before = await stored(id);
    gw.clock.now = T1;
    let code: string;
    let message: string;
    if (surface === 'mutation') {
      const res = await gw.gql(EQ.move(MUTATION[to]!), { id }, { key });
      ({ code } = res.body.errors[0].extensions);
      ({ message } = res.body.errors[0]);
      expect(res.body.data).toBeNull();
    } else if (surface === 'PUT status') {
      const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { status: to } });
      expect(res.status).toBe(409);
      ({ code, message } = res.body.error);
    } else {
      const res = await gw.gql(EQ.update, { id, input: { status: to } }, { key });
      ({ code } = res.body.errors[0].extensions);
      ({ message } = res.body.errors[0]);
    }
    expect(code).toBe('INVALID_TRANSITION');
    expect(message).toContain(`from ${from} to ${to}`);
    expect(await stored(id)).toEqual(before);
  });
});

describe('moves into the current status', () => {
  it.each(STATUSES.filter((s) => MUTATION[s]))('the %s mutation on an expense already %s → 409 INVALID_TRANSITION', async (status) => {
    const id = await expenseIn(status);
    const before = await stored(id);
    const res = await gw.gql(EQ.move(MUTATION[status]!), { id }, { key });
    expect(res.body.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    expect(await stored(id)).toEqual(before);
  });

  it.each(STATUSES)('PUT with the current status (%s) is no move: 200, status and stamps unchanged', async (status) => {
    const id = await expenseIn(status);
    const before = await stored(id);
    gw.clock.now = T1;
    const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { status } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe(status);
    // The update is still a write (its time is stamped), so the revision counts it (docs/writes.md).
    const { updated_at: _a, revision, ...after } = (await stored(id))!;
    const { updated_at: _b, revision: wasRevision, ...was } = before!;
    expect(after).toEqual(was);
    expect(revision).toBe((wasRevision ?? 0) + 1);
  });
});

describe('creation in a later status', () => {
  it('approved and paid expenses may be recorded as such, with their stamps', async () => {
    gw.clock.now = T1;
    const approved = await createGql(gw, key, { status: 'approved' });
    expect(approved).toMatchObject({ status: 'approved', approvedAt: T1.toISOString(), paidAt: null });
    const paid = await createGql(gw, key, { status: 'paid' });
    expect(paid).toMatchObject({ status: 'paid', approvedAt: T1.toISOString(), paidAt: T1.toISOString() });
    expect((await move(paid.id, 'refunded')).status).toBe('refunded');
  });

  it('refunded and cancelled ones too (contract §2.5 lists every status), stamped with each step to them, and final', async () => {
    gw.clock.now = T1;
    const at = T1.toISOString();
    const refunded = await createGql(gw, key, { status: 'refunded' });
    expect(refunded).toMatchObject({ status: 'refunded', approvedAt: at, paidAt: at, refundedAt: at, cancelledAt: null });
    const cancelled = await createGql(gw, key, { status: 'cancelled' });
    expect(cancelled).toMatchObject({ status: 'cancelled', approvedAt: null, paidAt: null, refundedAt: null, cancelledAt: at });
    const rest = await gw.rest('POST', '/expenses/', { key, body: { amount: 10, description: 'Anulado', tax_rate: 21, status: 'cancelled' } });
    expect(rest.status).toBe(201);
    expect(await stored(rest.body.data._id)).toMatchObject({ status: 'cancelled', cancelled_at: T1 });
    for (const id of [refunded.id, cancelled.id]) {
      const again = await gw.gql(EQ.move(MUTATION.approved!), { id }, { key });
      expect(again.body.errors?.[0]?.extensions?.code).toBe('INVALID_TRANSITION');
    }
  });
});

describe('fields each status fixes (409 EXPENSE_LOCKED)', () => {
  const MONEY: Array<[string, Row]> = [
    ['amount', { amount: 200 }],
    ['tax_rate', { tax_rate: 10.5 }],
    ['iva_items', { iva_items: [{ Id: 4, BaseImp: 100, Importe: 10.5 }] }],
    ['date', { date: '2025-01-02' }],
    ['supplier_id', { supplier_id: null }],
    ['payment_method', { payment_method: 'cash' }],
  ];
  const FREE: Array<[string, Row]> = [
    ['description', { description: 'Otro texto' }],
    ['category', { category: 'Otra' }],
    ['receipt_number', { receipt_number: 'A-0001-00000001' }],
    ['notes', { notes: 'nota' }],
    ['recurring', { recurring: true, recurring_period: 'monthly' }],
  ];

  it.each((['pending', 'approved'] as Status[]).flatMap((s) => [...MONEY, ...FREE].map(([field, body]) => ({ status: s, field, body }))))(
    '$status: $field may change',
    async ({ status, body }) => {
      const id = await expenseIn(status);
      const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject(body);
      expect(res.body.data.status).toBe(status);
    },
  );

  it.each((['paid', 'refunded'] as Status[]).flatMap((s) => MONEY.map(([field, body]) => ({ status: s, field, body }))))(
    '$status: $field is fixed → 409 naming it, nothing changes',
    async ({ status, field, body }) => {
      const id = await expenseIn(status);
      const before = await stored(id);
      const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { ...body, notes: 'also this' } });
      expect({ status: res.status, error: restError(res) }).toEqual({ status: 409, error: { code: 'EXPENSE_LOCKED', paths: [field] } });
      expect(await stored(id)).toEqual(before);
    },
  );

  it.each((['paid', 'refunded'] as Status[]).flatMap((s) => FREE.map(([field, body]) => ({ status: s, field, body }))))(
    '$status: $field may still change',
    async ({ status, body }) => {
      const id = await expenseIn(status);
      const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ ...body, status });
    },
  );

  it.each([...MONEY, ...FREE.filter(([field]) => field !== 'notes')])('cancelled: %s is fixed', async (field, body) => {
    const id = await expenseIn('cancelled');
    const before = await stored(id);
    const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EXPENSE_LOCKED');
    expect(restError(res).paths).toContain(field === 'recurring' ? 'recurring' : field);
    expect(await stored(id)).toEqual(before);
  });

  it('cancelled: notes may change', async () => {
    const id = await expenseIn('cancelled');
    const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { notes: 'anulado por duplicado' } });
    expect(res.status).toBe(200);
    expect((await stored(id))!.notes).toBe('anulado por duplicado');
  });

  it('a paid expense accepts its fixed fields with their current values (a whole record PUT)', async () => {
    const id = await expenseIn('paid');
    const record = (await gw.rest('GET', `/expenses/${id}/`, { key })).body.data;
    const res = await gw.rest('PUT', `/expenses/${id}/`, { key, body: { ...record, description: 'Factura de luz' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ amount: record.amount, description: 'Factura de luz', status: 'paid' });
  });

  it('the lock applies to the status before the move: paying and changing the amount at once is allowed from approved, not from paid', async () => {
    const approved = await expenseIn('approved');
    const ok = await gw.rest('PUT', `/expenses/${approved}/`, { key, body: { status: 'paid', amount: 123.45 } });
    expect(ok.body.data).toMatchObject({ status: 'paid', amount: 123.45 });
    const refused = await gw.rest('PUT', `/expenses/${approved}/`, { key, body: { status: 'refunded', amount: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('EXPENSE_LOCKED');
    expect((await stored(approved))!.status).toBe('paid');
  });
});

describe('delete', () => {
  it.each(['pending', 'cancelled'] as Status[])('a %s expense may be deleted (REST and GraphQL)', async (status) => {
    const viaRest = await expenseIn(status);
    expect((await gw.rest('DELETE', `/expenses/${viaRest}/`, { key })).body).toEqual({ success: true, data: { _id: viaRest, deleted: true } });
    expect(await stored(viaRest)).toBeNull();
    const viaGql = await expenseIn(status);
    expect((await gw.gql(EQ.delete, { id: viaGql }, { key })).body.data.deleteExpense).toBe(viaGql);
    expect(await stored(viaGql)).toBeNull();
  });

  it.each(['approved', 'paid', 'refunded'] as Status[])('a %s expense stays on record: 409 EXPENSE_LOCKED', async (status) => {
    const id = await expenseIn(status);
    const res = await gw.rest('DELETE', `/expenses/${id}/`, { key });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: 'EXPENSE_LOCKED' });
    const gql = await gw.gql(EQ.delete, { id }, { key });
    expect(gql.body.errors[0].extensions.code).toBe('EXPENSE_LOCKED');
    expect(await stored(id)).not.toBeNull();
  });

  it('bulk delete: all_or_none refuses the batch when one is paid; item by item deletes the others', async () => {
    const pending = await expenseIn('pending');
    const paid = await expenseIn('paid');
    const all = await gw.rest('POST', '/expenses/bulk/delete/', { key, body: { ids: [pending, paid] } });
    expect(all.status).toBe(400);
    expect(await stored(pending)).not.toBeNull();
    const each = await gw.rest('POST', '/expenses/bulk/delete/', { key, body: { ids: [pending, paid], all_or_none: false } });
    expect(each.body.data).toMatchObject({ deleted: 1, items: [{ _id: pending, deleted: true }], errors: [{ index: 1, code: 'EXPENSE_LOCKED' }] });
    expect(await stored(pending)).toBeNull();
    expect(await stored(paid)).not.toBeNull();
  });
});

describe('bulk moves', () => {
  it('all_or_none: one refused move rolls back the others', async () => {
    const a = await expenseIn('pending');
    const b = await expenseIn('refunded');
    const res = await gw.rest('PUT', '/expenses/bulk/update/', {
      key,
      body: {
        items: [
          { _id: a, status: 'approved' },
          { _id: b, status: 'paid' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '1.status' })]);
    expect((await stored(a))!.status).toBe('pending');
  });

  it('item by item: the allowed move is made, the refused one reported as INVALID_TRANSITION', async () => {
    const a = await expenseIn('pending');
    const b = await expenseIn('refunded');
    const res = await gw.gql(
      EQ.bulkUpdate,
      {
        inputs: [
          { id: a, status: 'approved' },
          { id: b, status: 'paid' },
        ],
        allOrNone: false,
      },
      { key },
    );
    expect(res.body.data.updateExpenses).toMatchObject({
      count: 1,
      items: [{ id: a, status: 'approved' }],
      errors: [{ index: 1, code: 'INVALID_TRANSITION' }],
    });
    expect((await stored(a))!.status).toBe('approved');
    expect((await stored(b))!.status).toBe('refunded');
  });
});

describe('concurrent moves', () => {
  it('ten concurrent payExpense on one approved expense: exactly one succeeds', async () => {
    const id = await expenseIn('approved');
    const results = await Promise.all(Array.from({ length: 10 }, () => gw.gql(EQ.move('payExpense'), { id }, { key })));
    const ok = results.filter((r) => !r.body.errors);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.body.errors)) expect(r.body.errors[0].extensions.code).toBe('INVALID_TRANSITION');
    expect((await stored(id))!.status).toBe('paid');
  });

  it('pay and cancel racing on an approved expense: exactly one wins, and the stored status is the winner’s', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await expenseIn('approved');
      const [pay, cancel] = await Promise.all([gw.gql(EQ.move('payExpense'), { id }, { key }), gw.gql(EQ.move('cancelExpense'), { id }, { key })]);
      const winners = [pay, cancel].filter((r) => !r.body.errors);
      expect(winners).toHaveLength(1);
      const doc = await stored(id);
      expect(doc!.status).toBe(winners[0] === pay ? 'paid' : 'cancelled');
      expect(doc).not.toHaveProperty(winners[0] === pay ? 'cancelled_at' : 'paid_at');
    }
  });
});
