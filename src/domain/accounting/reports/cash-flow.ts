import type { JournalEntryDocument, LedgerAccountDocument } from '../../../store/ledger';
import { requirePrincipal, type RequestContext } from '../../context';
import { accountsByCode } from '../accounts';
import { accountOrNotFound, chartInCodeOrder, NO_SUMS, signedClosing, signedOpening, sumsByCode } from './figures';
import { POSTED } from './lines';
import type { Period } from './params';

/** The default chart's Caja y Bancos: the cash and bank accounts unless the caller names another heading. */
export const DEFAULT_CASH_ACCOUNT = '1.1.1';

export const ACTIVITIES = ['operating', 'investing', 'financing'] as const;
export type Activity = (typeof ACTIVITIES)[number];

/**
 * The activity a movement of cash belongs to, by its counterpart account: non-current assets are investing (bienes
 * de uso, intangibles, long-term credits: 1.2 in the default chart); bank and financial debts (2.1.2, 2.2.1) and
 * equity (contributions, dividends) are financing; everything else (customers, suppliers, salaries, taxes,
 * revenue and expenses) is operating.
 */
export function activityOf(account: Pick<LedgerAccountDocument, 'account_type' | 'path'>): Activity {
  const under = (code: string) => account.path.includes(code);
  if (account.account_type === 'equity' || under('2.1.2') || under('2.2.1')) return 'financing';
  if (under('1.2')) return 'investing';
  return 'operating';
}

export interface FlowRow {
  account: LedgerAccountDocument;
  /** Cash in (positive) or out (negative), centavos. */
  amount: number;
}

export interface CashFlow {
  period: Period;
  cashAccount: LedgerAccountDocument;
  openingCash: number;
  inflows: number;
  outflows: number;
  netChange: number;
  closingCash: number;
  activities: Record<Activity, { total: number; rows: FlowRow[] }>;
  /** Opening + net change = closing, and the activities add up to the net change. */
  balanced: boolean;
}

const amountOf = (line: string) => ({ $subtract: [{ $ifNull: [`${line}.debit_cents`, 0] }, { $ifNull: [`${line}.credit_cents`, 0] }] });
const sumOf = (list: unknown, line: string) => ({
  $sum: { $map: { input: list, as: 'l', in: line === 'debit' ? amountOf('$$l') : { $multiply: [-1, amountOf('$$l')] } } },
});

/**
 * Splits, in the database, the cash each posted entry of the period moved among its other lines, and adds the
 * shares up per counterpart account. An entry's net cash (debit − credit on the cash accounts) is shared among the
 * other lines on the opposite side in proportion to their amounts (cash in: the credited accounts; cash out: the
 * debited ones), so a purchase paid partly on credit shows only the cash paid, and a transfer between cash
 * accounts moves nothing. Shares are whole centavos: floors, the remainder to the first line, so they add up to
 * the entry's net cash exactly.
 */
function counterpartPipeline(accountId: unknown, cash: string[], period: Period): Record<string, unknown>[] {
  const isCash = { $in: ['$$l.account_code', cash] };
  return [
    { $match: { account_id: accountId, 'lines.account_code': { $in: cash }, date: { $gte: period.from, $lte: period.to }, status: POSTED } },
    {
      $project: {
        net: sumOf({ $filter: { input: '$lines', as: 'l', cond: isCash } }, 'debit'),
        others: { $filter: { input: '$lines', as: 'l', cond: { $not: [isCash] } } },
      },
    },
    { $match: { net: { $ne: 0 } } },
    {
      $project: {
        net: 1,
        opposite: {
          $filter: {
            input: '$others',
            as: 'l',
            cond: { $gt: [{ $ifNull: [{ $cond: [{ $gt: ['$net', 0] }, '$$l.credit_cents', '$$l.debit_cents'] }, 0] }, 0] },
          },
        },
      },
    },
    {
      $project: {
        net: 1,
        codes: { $map: { input: '$opposite', as: 'l', in: '$$l.account_code' } },
        weights: { $map: { input: '$opposite', as: 'l', in: { $abs: amountOf('$$l') } } },
      },
    },
    { $project: { codes: 1, net: 1, weights: 1, total: { $sum: '$weights' } } },
    {
      $project: {
        codes: 1,
        net: 1,
        floors: { $map: { input: '$weights', as: 'w', in: { $floor: { $divide: [{ $multiply: [{ $abs: '$net' }, '$$w'] }, '$total'] } } } },
      },
    },
    {
      $project: {
        shares: {
          $map: {
            input: { $range: [0, { $size: '$codes' }] },
            as: 'i',
            in: {
              code: { $arrayElemAt: ['$codes', '$$i'] },
              amount: {
                $multiply: [
                  { $cond: [{ $gt: ['$net', 0] }, 1, -1] },
                  {
                    $add: [{ $arrayElemAt: ['$floors', '$$i'] }, { $cond: [{ $eq: ['$$i', 0] }, { $subtract: [{ $abs: '$net' }, { $sum: '$floors' }] }, 0] }],
                  },
                ],
              },
            },
          },
        },
      },
    },
    { $unwind: '$shares' },
    { $group: { _id: '$shares.code', amount: { $sum: '$shares.amount' } } },
  ];
}

/**
 * Estado de Flujo de Efectivo, direct method. Opening and closing cash and the period's inflows and outflows come
 * from the daily totals of the cash heading; the movements by counterpart account from the entries that moved cash
 * (found by the index on line account and day, split in the database by counterpartPipeline), classified by
 * activity and rolled up to `level` within each.
 */
export async function cashFlow(context: RequestContext, period: Period, cashCode: string): Promise<CashFlow> {
  const cashAccount = await accountOrNotFound(context, cashCode);
  const cashAccounts = cashAccount.is_detail ? [cashAccount] : await chartInCodeOrder(context, { path: cashCode, is_detail: true });
  const cash = cashAccounts.map((account) => account.code);
  const [sums, counterparts] = await Promise.all([
    sumsByCode(context, period.from, period.to, [cashCode]),
    cash.length
      ? context.store
          .collection<JournalEntryDocument>('journal_entries')
          .aggregate<{ _id: string; amount: number }>(counterpartPipeline(requirePrincipal(context).accountId, cash, period))
          .toArray()
      : Promise.resolve([]),
  ]);
  const figures = sums.get(cashCode) ?? NO_SUMS;
  const found = await accountsByCode(
    context,
    counterparts.map((row) => row._id),
  );
  // Roll-ups name the ancestor at `level`: one query for every ancestor code the counterparts have.
  const ancestorCodes = new Set<string>();
  const placed = counterparts.flatMap((row, index) => {
    const account = found[index];
    if (!account) return [];
    const code = account.path[Math.min(period.level, account.path.length) - 1] ?? account.code;
    ancestorCodes.add(code);
    return [{ activity: activityOf(account), code, amount: row.amount }];
  });
  const ancestors = new Map((await accountsByCode(context, [...ancestorCodes])).filter(Boolean).map((account) => [account!.code, account!]));
  const activities = Object.fromEntries(ACTIVITIES.map((activity) => [activity, { total: 0, rows: [] as FlowRow[] }])) as CashFlow['activities'];
  const rows = new Map<string, FlowRow>();
  for (const { activity, code, amount } of placed) {
    activities[activity].total += amount;
    const key = `${activity}:${code}`;
    const row = rows.get(key) ?? { account: ancestors.get(code)!, amount: 0 };
    if (!rows.has(key) && row.account) {
      rows.set(key, row);
      activities[activity].rows.push(row);
    }
    row.amount += amount;
  }
  for (const activity of ACTIVITIES) {
    activities[activity].rows = activities[activity].rows
      .filter((row) => period.includeZero || row.amount !== 0)
      .sort((a, b) => (a.account.code < b.account.code ? -1 : 1));
  }
  const openingCash = signedOpening(figures);
  const closingCash = signedClosing(figures);
  const netChange = figures.debit - figures.credit;
  const byActivity = ACTIVITIES.reduce((sum, activity) => sum + activities[activity].total, 0);
  return {
    period,
    cashAccount,
    openingCash,
    inflows: figures.debit,
    outflows: figures.credit,
    netChange,
    closingCash,
    activities,
    balanced: openingCash + netChange === closingCash && byActivity === netChange,
  };
}
