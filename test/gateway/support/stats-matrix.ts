/**
 * The statistics entries of the authorization matrix (test/gateway/authorization.test.ts). Each case stores a
 * received invoice of account A in February 2001; another account's invoice (March 2001) must never count in A's figures.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

const READ: Scope = 'stats:read';
const DOCUMENT = 'query Q($period: String) { statsDashboard(period: $period) { current { purchases { count } } } }';

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
    return insertedId.toHexString();
  };
  let ofB: Promise<string> | undefined;
  return {
    rest: {
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
