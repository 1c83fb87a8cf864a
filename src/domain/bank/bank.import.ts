import { createHash } from 'node:crypto';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import type { BankStatementDocument, BankStatementLineDocument } from '../../store/bank.store';
import { accountsByCode } from '../accounting/accounts';
import { requirePrincipal, type RequestContext } from '../context';
import { PayloadTooLargeError, ValidationError } from '../errors';
import { type ColumnMapping, normalized, parseStatement, type StatementRow } from './statement-file';

/** A statement file is a month or a few of movements: far below this. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;
const MAX_ROW_ERRORS = 100;

export interface UploadedStatement {
  filename: string;
  createReadStream(): Readable;
}

async function readCapped(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_STATEMENT_BYTES) {
      stream.destroy();
      throw new PayloadTooLargeError(`a statement file is at most ${MAX_STATEMENT_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The ledger account of a bank: an active detail asset account of the chart. */
export async function bankLedgerAccount(context: RequestContext, code: string): Promise<void> {
  const [account] = await accountsByCode(context, [code]);
  const problem = !account
    ? 'no such account in the chart'
    : account.account_type !== 'asset'
      ? 'must be an asset account (the bank account)'
      : !account.is_detail
        ? 'must be a detail account'
        : !account.is_active
          ? 'is inactive'
          : null;
  if (problem) throw new ValidationError(`ledger_account_code: ${problem}`, [{ path: 'ledgerAccountCode', message: problem }]);
}

/**
 * Whether each running balance is the previous one plus the movement, in the file's order or the reverse (some
 * banks list newest first); `absent` without balances.
 */
function balanceCheck(rows: StatementRow[]): BankStatementDocument['balance_check'] {
  const withBalance = rows.filter((row) => row.balanceCents !== null);
  if (withBalance.length < 2) return 'absent';
  const follows = (list: StatementRow[]) => list.every((row, i) => i === 0 || (list[i - 1].balanceCents as number) + row.amountCents === row.balanceCents);
  return follows(withBalance) || follows([...withBalance].reverse()) ? 'ok' : 'mismatch';
}

/** Identical movements of one file (same day, amount, balance or text) are told apart by their order. */
function dedupKeys(rows: StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const what = row.balanceCents !== null ? `b${row.balanceCents}` : `t${normalized(`${row.reference ?? ''} ${row.description}`)}`;
    const base = `${row.date}|${row.amountCents}|${what}`;
    const ordinal = (seen.get(base) ?? 0) + 1;
    seen.set(base, ordinal);
    return `${base}|${ordinal}`;
  });
}

/**
 * Imports a statement of the bank whose ledger account is `ledgerAccountCode`: the statement and its new movements in
 * one transaction. A movement already stored for that bank (an overlapping or repeated file) counts as a duplicate;
 * rows without a valid date or amount are reported by line and skipped.
 */
export async function importStatement(
  context: RequestContext,
  file: UploadedStatement,
  ledgerAccountCode: string,
  mapping?: ColumnMapping,
): Promise<BankStatementDocument> {
  const principal = requirePrincipal(context);
  await bankLedgerAccount(context, ledgerAccountCode);
  const bytes = await readCapped(file.createReadStream());
  const parsed = parseStatement(bytes, mapping);
  const keys = dedupKeys(parsed.rows);
  const days = parsed.rows.map((row) => row.date).sort();
  return context.store.transaction(async (session) => {
    const now = context.now();
    const statementId = new ObjectId();
    const lines = context.store.collection<BankStatementLineDocument>('bank_statement_lines');
    const stored = new Set(
      (
        await lines
          .find(
            { account_id: principal.accountId, ledger_account_code: ledgerAccountCode, dedup_key: { $in: keys } },
            { session, projection: { dedup_key: 1 } },
          )
          .toArray()
      ).map((line) => line.dedup_key),
    );
    const fresh: BankStatementLineDocument[] = parsed.rows
      .map((row, index) => ({ row, key: keys[index] }))
      .filter(({ key }) => !stored.has(key))
      .map(({ row, key }) => ({
        _id: new ObjectId(),
        account_id: principal.accountId,
        statement_id: statementId,
        ledger_account_code: ledgerAccountCode,
        line: row.line,
        date: row.date,
        description: row.description,
        reference: row.reference,
        amount_cents: row.amountCents,
        balance_cents: row.balanceCents,
        dedup_key: key,
        status: 'open',
        created_at: now,
        updated_at: now,
      }));
    if (fresh.length) await lines.insertMany(fresh, { session });
    const statement: BankStatementDocument = {
      _id: statementId,
      account_id: principal.accountId,
      ledger_account_code: ledgerAccountCode,
      file_name: (file.filename || 'statement').slice(0, 300),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      format: parsed.format,
      preset: parsed.preset,
      encoding: parsed.encoding,
      period_from: days[0] ?? null,
      period_to: days[days.length - 1] ?? null,
      opening_balance_cents: parsed.openingCents,
      closing_balance_cents: parsed.closingCents ?? closingFromRows(parsed.rows),
      lines_total: parsed.rows.length + parsed.problems.length,
      lines_imported: fresh.length,
      lines_duplicated: parsed.rows.length - fresh.length,
      lines_with_errors: parsed.problems.length,
      row_errors: parsed.problems.slice(0, MAX_ROW_ERRORS),
      balance_check: balanceCheck(parsed.rows),
      user_id: principal.userId,
      created_at: now,
      updated_at: now,
    };
    await context.store.collection<BankStatementDocument>('bank_statements').insertOne(statement, { session });
    const outcome = `${statement.file_name}, cuenta ${ledgerAccountCode}: ${fresh.length} movimientos nuevos, ${statement.lines_duplicated} repetidos`;
    await recordChanges(context, [actionOn('bank_statements', 'bank statement', 'imported', statement, outcome)], session);
    return statement;
  });
}

/** The balance after the last movement, when the file gives running balances (newest-first files end with the oldest). */
function closingFromRows(rows: StatementRow[]): number | null {
  const withBalance = rows.filter((row) => row.balanceCents !== null);
  if (!withBalance.length) return null;
  const newestFirst = withBalance[0].date > withBalance[withBalance.length - 1].date;
  return (newestFirst ? withBalance[0] : withBalance[withBalance.length - 1]).balanceCents;
}
