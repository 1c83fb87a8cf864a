import { ObjectId } from 'mongodb';
import { ValidationError } from '../../src/domain/errors';
import type { FceVoucher } from '../../src/domain/fce/documents';
import { listIssuedFce, MAX_ISSUED_PER_PAGE } from '../../src/domain/fce/issued';
import { catalogIndexes } from '../support/indexes';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { domainContext } from '../support/domain-context';

/**
 * The account's issued FCE vouchers (contract §2.3, GET /fce/issued/), newest first, by status as they read at the
 * request's time: one left pending past its acceptance term stands accepted (Ley 27.440 art. 6). Terms from
 * src/domain/fce/term.ts: received 2026-05-04 → 21 días corridos (Resolución SPyMEEyEC 219/2025), tacitly accepted
 * from 2026-05-26 00:00 (UTC−3); received 2026-05-05 → from 2026-05-27 00:00.
 */
const opened = suiteDatabase('fce-issued-store', (store) => catalogIndexes(store, ['issued_vouchers']));
let store: Store;
beforeAll(() => {
  store = opened();
});

/** 2026-05-26 10:00 in Argentina: the term of the vouchers of May 4 has ended, that of May 5 still runs. */
const NOW = new Date('2026-05-26T10:00:00-03:00');
const accountId = new ObjectId();
const listed = (options: Parameters<typeof listIssuedFce>[1]) => listIssuedFce(domainContext(store, { accountId, now: () => NOW }), options);

let number = 1;
const voucher = (issued: string, fields: Partial<FceVoucher> = {}) =>
  ({
    _id: new ObjectId(),
    account_id: accountId,
    voucher_type: 201,
    sale_point: 3,
    voucher_number: number++,
    issue_date: new Date(issued),
    total_amount_cents: 600_000_000,
    fce_status: 'pending',
    last_event_at: null,
    fce_events: 0,
    ...fields,
  }) as FceVoucher;

const ACCEPTED_AT = new Date('2026-05-10T12:00:00Z');
const V = {
  lapsed: voucher('2026-05-04T23:00:00-03:00'),
  running: voucher('2026-05-05T00:00:00-03:00'),
  accepted: voucher('2026-05-03T12:00:00-03:00', { fce_status: 'accepted', fce_events: 1, last_event_at: ACCEPTED_AT }),
  rejected: voucher('2026-05-06T12:00:00-03:00', { fce_status: 'rejected', fce_events: 1, last_event_at: ACCEPTED_AT }),
  paid: voucher('2026-05-02T12:00:00-03:00', { fce_status: 'paid_in_full', fce_events: 2, last_event_at: ACCEPTED_AT }),
};

beforeAll(async () => {
  await store.collection<FceVoucher>('issued_vouchers').insertMany([
    ...Object.values(V),
    // An ordinary invoice carries no FCE state; another account's FCE is not the caller's.
    voucher('2026-05-07T12:00:00-03:00', { voucher_type: 1, fce_status: undefined, fce_events: undefined, last_event_at: undefined }),
    { ...voucher('2026-05-07T12:00:00-03:00'), account_id: new ObjectId() },
  ]);
});

const ids = (items: FceVoucher[]) => items.map((item) => item._id.toHexString());

describe('the issued FCE list', () => {
  it('answers every FCE voucher of the account, newest first, each as it reads now', async () => {
    const page = await listed({});
    expect(page).toMatchObject({ total: 5, page: 1, perPage: 20 });
    expect(ids(page.items)).toEqual(ids([V.rejected, V.running, V.lapsed, V.accepted, V.paid]));
    const lapsed = page.items.find((item) => item._id.equals(V.lapsed._id));
    expect(lapsed).toMatchObject({ fce_status: 'accepted', last_event_at: new Date('2026-05-26T00:00:00-03:00') });
    expect(page.items.find((item) => item._id.equals(V.running._id))).toMatchObject({ fce_status: 'pending', last_event_at: null });
    expect(await listed({ status: null })).toMatchObject({ total: 5 });
  });

  it('splits the stored pending ones at the term’s end: pending while it runs, accepted after', async () => {
    expect(ids((await listed({ status: 'pending' })).items)).toEqual(ids([V.running]));
    const accepted = await listed({ status: 'accepted' });
    expect(accepted.total).toBe(2);
    expect(ids(accepted.items)).toEqual(ids([V.lapsed, V.accepted]));
    expect(accepted.items.map((item) => item.fce_status)).toEqual(['accepted', 'accepted']);
    expect(accepted.items[1].last_event_at).toEqual(ACCEPTED_AT);
  });

  it('answers a decided status as stored', async () => {
    expect(ids((await listed({ status: 'rejected' })).items)).toEqual(ids([V.rejected]));
    expect(ids((await listed({ status: 'paid_in_full' })).items)).toEqual(ids([V.paid]));
    expect(await listed({ status: 'anulled' })).toMatchObject({ items: [], total: 0 });
  });

  it('pages through them, the total counting every match', async () => {
    const second = await listed({ page: 2, perPage: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, perPage: 2 });
    expect(ids(second.items)).toEqual(ids([V.lapsed, V.accepted]));
    expect(ids((await listed({ page: 3, perPage: 2 })).items)).toEqual(ids([V.paid]));
    expect((await listed({ page: 1_000_000, perPage: MAX_ISSUED_PER_PAGE })).items).toEqual([]);
  });

  it('refuses every bad parameter at once, naming each', async () => {
    let thrown: unknown;
    try {
      await listed({ page: 0, perPage: MAX_ISSUED_PER_PAGE + 1, status: 'paid' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({
      message: 'invalid FCE list parameters',
      details: [
        { path: 'page', message: 'must be an integer from 1' },
        { path: 'per_page', message: 'must be an integer from 1 to 100' },
        { path: 'status', message: 'one of pending, accepted, rejected, anulled, transferred_sircreb, paid_in_full' },
      ],
    });
  });

  it.each([
    [{ page: 1.5 }, 'page'],
    [{ page: 1_000_001 }, 'page'],
    [{ perPage: 0 }, 'per_page'],
    [{ perPage: 2.5 }, 'per_page'],
    [{ status: 'PENDING' }, 'status'],
  ])('refuses %p', async (options, path) => {
    await expect(listed(options)).rejects.toMatchObject({ details: [expect.objectContaining({ path })] });
  });

  it('orders vouchers of one instant by id, newest first', async () => {
    const twinsOf = new ObjectId();
    const at = new Date('2026-05-20T12:00:00-03:00');
    const [a, b] = [new ObjectId(), new ObjectId()].sort((x, y) => x.toHexString().localeCompare(y.toHexString()));
    await store.collection<FceVoucher>('issued_vouchers').insertMany([
      { ...voucher('2026-05-20T12:00:00-03:00'), _id: a, account_id: twinsOf, issue_date: at },
      { ...voucher('2026-05-20T12:00:00-03:00'), _id: b, account_id: twinsOf, issue_date: at },
    ]);
    const page = await listIssuedFce(domainContext(store, { accountId: twinsOf, now: () => NOW }), {});
    expect(ids(page.items)).toEqual([b.toHexString(), a.toHexString()]);
  });
});
