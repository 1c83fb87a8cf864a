import { NotFoundError } from '../domain/errors';
import { verifyLedger, type Cents, type LedgerDifference } from '../domain/accounting/reports/reports.verify';
import { fromCents } from '../domain/money';
import type { AccountDocument } from '../store/accounts.store';
import { parseId } from '../store/ids';
import type { Store } from '../store/store';

/** What a command prints and the exit code it ends with (a check that found something is not a usage error). */
export class CommandOutcome {
  constructor(
    readonly output: unknown,
    readonly exitCode: number,
  ) {}
}

/** Exit code of a ledger whose stored figures disagree with its lines. */
export const DIFFERENCES_FOUND = 3;

const pesos = (cents: Cents | null) => (cents ? { debit: fromCents(cents.debit), credit: fromCents(cents.credit) } : null);

/** A difference in pesos, as the rest of the API shows money. */
function shown(difference: LedgerDifference): Record<string, unknown> {
  switch (difference.kind) {
    case 'daily_total':
      return { ...difference, from_lines: pesos(difference.from_lines), stored: pesos(difference.stored) };
    case 'balance':
      return { ...difference, from_lines: pesos(difference.from_lines), from_totals: pesos(difference.from_totals) };
    case 'entry':
      return { ...difference, lines: pesos(difference.lines), stored: pesos(difference.stored) };
    default:
      return difference;
  }
}

/**
 * `verify-ledger --account ID`: recomputes the account's daily totals and balances from its posted journal lines
 * and prints every difference (JSON on stdout); exits 0 when there are none, 3 when there are.
 */
export async function verifyLedgerCommand(store: Store, accountText: string): Promise<CommandOutcome> {
  const accountId = parseId(accountText);
  if (!accountId || !(await store.collection<AccountDocument>('accounts').findOne({ _id: accountId }, { projection: { _id: 1 } })))
    throw new NotFoundError(`account ${accountText} not found`);
  const check = await verifyLedger(store, accountId);
  return new CommandOutcome(
    {
      account: accountText,
      ok: check.differences.length === 0,
      checked: { posted_entries: check.entries, daily_totals: check.dailyTotals, ledger_accounts: check.accounts },
      differences: check.differences.map(shown),
    },
    check.differences.length ? DIFFERENCES_FOUND : 0,
  );
}
