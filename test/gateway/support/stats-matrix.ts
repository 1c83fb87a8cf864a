/**
 * The statistics entries of the authorization matrix (test/gateway/authorization.test.ts). The dashboard and series
 * cases store a received invoice of account A in February 2001; another account's invoice (March 2001) must never
 * count in A's figures. The activity cases create a supplier of A; B's supplier must never be in A's activity.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import { refreshDailyTotals } from '../../../src/domain/stats/daily-totals';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

const READ: Scope = 'stats:read';
const DOCUMENT = 'query Q($period: String) { statsDashboard(period: $period) { current { purchases { count } } } }';
const ACTIVITY = 'query Q { activity(resourceType: "suppliers", perPage: 100) { items { resourceId } } }';
const SERIES = 'query Q($input: TransactionSeriesInput!) { transactionSeries(input: $input) { count } }';
const seriesOf = (month: string) => ({ measure: 'purchases', interval: 'month', from: `${month}-01`, to: `${month}-28` });

/** `accountA`: the id of the caller's account; B's invoice belongs to another account of its own. */
export function statsMatrix(env: MatrixEnv, accountA: () => string): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const invoices = () => env.gw().store.collection('received_invoices');
  const otherAccount = new ObjectId();
  const invoiceOf = async (accountId: ObjectId, issueDate: string) => {
    const { insertedId } = await invoices().insertOne({
      account_id: accountId,
      supplier_cuit: env.unique('C'),
      voucher_type: 1,
      sale_point: 1,
      voucher_number: 1,
      issue_date: new Date(`${issueDate}T03:00:00.000Z`),
      total_amount_cents: 1000,
      exchange_rate: 1,
      status: 'pending',
      vat_items: [],
    });
    // Stored directly, the invoice skips the writes that keep the dashboard's daily totals: its day is recomputed here.
    await refreshDailyTotals(env.gw().store.db, 'received_invoices', accountId, [issueDate]);
    return insertedId.toHexString();
  };
  let ofB: Promise<string> | undefined;
  const supplierOfA = async () => {
    const res = await env.gw().rest('POST', '/suppliers/', { key: env.fullA(), body: { name: env.unique('Activity supplier') } });
    return res.body.data._id as string;
  };
  let supplierOfB: Promise<string> | undefined;
  const activityIdsOfA = async () => {
    supplierOfB ??= env
      .gw()
      .rest('POST', '/suppliers/', { key: env.fullB(), body: { name: env.unique('B activity supplier') } })
      .then((res) => res.body.data._id as string);
    const idOfB = await supplierOfB;
    const res = await env.gw().rest('GET', '/stats/activity/?resource_type=suppliers&per_page=100', { key: env.fullA() });
    expect(res.status).toBe(200);
    return { ids: res.body.data.items.map((item: { resource_id: string }) => item.resource_id), idOfB };
  };
  const activityOf = (id: string) =>
    env
      .gw()
      .store.collection('activity')
      .countDocuments({ resource_id: new ObjectId(id) });
  return {
    rest: {
      'GET /stats/activity/': {
        record: supplierOfA,
        request: () => ({ path: '/stats/activity/?resource_type=suppliers&per_page=100' }),
        succeeded: (res, id) => expect(res.body.data.items.map((item: { resource_id: string }) => item.resource_id)).toContain(id),
        async unchanged(id) {
          expect(await activityOf(id)).toBe(1);
        },
        async otherAccount() {
          const { ids, idOfB } = await activityIdsOfA();
          expect(ids).not.toContain(idOfB);
        },
      },
      'POST /stats/transactions/': {
        record: () => invoiceOf(new ObjectId(accountA()), '2001-02-10'),
        request: () => ({ path: '/stats/transactions/', body: seriesOf('2001-02') }),
        succeeded: (res) => expect(res.body.data.count).toBeGreaterThanOrEqual(1),
        async unchanged(id) {
          expect(await invoices().countDocuments({ _id: new ObjectId(id) })).toBe(1);
          expect(await activityOf(id)).toBe(0);
        },
        async otherAccount() {
          ofB ??= invoiceOf(otherAccount, '2001-03-10');
          await ofB;
          const res = await env.gw().rest('POST', '/stats/transactions/', { key: env.fullA(), body: seriesOf('2001-03') });
          expect(res.status).toBe(200);
          expect(res.body.data.count).toBe(0);
        },
      },
      'GET /stats/dashboard/': {
        record: () => invoiceOf(new ObjectId(accountA()), '2001-02-10'),
        request: () => ({ path: '/stats/dashboard/?period=2001-02' }),
        succeeded: (res) => expect(res.body.data.current.purchases.count).toBeGreaterThanOrEqual(1),
        async unchanged(id) {
          expect(await invoices().countDocuments({ _id: new ObjectId(id) })).toBe(1);
        },
        async otherAccount() {
          ofB ??= invoiceOf(otherAccount, '2001-03-10');
          await ofB;
          const res = await env.gw().rest('GET', '/stats/dashboard/?period=2001-03', { key: env.fullA() });
          expect(res.body.data.current.purchases.count).toBe(0);
        },
      },
    },
    gql: {
      activity: {
        scope: READ,
        record: supplierOfA,
        document: ACTIVITY,
        variables: () => ({}),
        succeeded: (data, id) => expect(data.activity.items.map((item: { resourceId: string }) => item.resourceId)).toContain(id),
        async unchanged(id) {
          expect(await activityOf(id)).toBe(1);
        },
        async otherAccount() {
          const { idOfB } = await activityIdsOfA();
          const res = await env.gw().gql(ACTIVITY, {}, { key: env.fullA() });
          expect(res.body.data.activity.items.map((item: { resourceId: string }) => item.resourceId)).not.toContain(idOfB);
        },
      },
      transactionSeries: {
        scope: READ,
        record: () => invoiceOf(new ObjectId(accountA()), '2001-02-10'),
        document: SERIES,
        variables: () => ({ input: seriesOf('2001-02') }),
        succeeded: (data) => expect(data.transactionSeries.count).toBeGreaterThanOrEqual(1),
        async unchanged(id) {
          expect(await invoices().countDocuments({ _id: new ObjectId(id) })).toBe(1);
        },
        async otherAccount() {
          ofB ??= invoiceOf(otherAccount, '2001-03-10');
          await ofB;
          const res = await env.gw().gql(SERIES, { input: seriesOf('2001-03') }, { key: env.fullA() });
          expect(res.body.data.transactionSeries.count).toBe(0);
        },
      },
      statsDashboard: {
        scope: READ,
        record: () => invoiceOf(new ObjectId(accountA()), '2001-02-10'),
        document: DOCUMENT,
        variables: () => ({ period: '2001-02' }),
        succeeded: (data) => expect(data.statsDashboard.current.purchases.count).toBeGreaterThanOrEqual(1),
        async unchanged(id) {
          expect(await invoices().countDocuments({ _id: new ObjectId(id) })).toBe(1);
        },
        async otherAccount() {
          ofB ??= invoiceOf(otherAccount, '2001-03-10');
          await ofB;
          const res = await env.gw().gql(DOCUMENT, { period: '2001-03' }, { key: env.fullA() });
          expect(res.body.data.statsDashboard.current.purchases.count).toBe(0);
        },
      },
    },
  };
}
