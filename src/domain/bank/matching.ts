import type { ClientSession, ObjectId } from 'mongodb';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument } from '../../store/bank.store';
import type { JournalEntryDocument } from '../../store/ledger';
import { parseId } from '../../store/ids';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound, ValidationError } from '../errors';
import { fromCents } from '../money';
import { normalized } from './statement-file';

/** A posted journal line on the bank's ledger account: +in (debit) / −out (credit). */
export interface BankJournalLine {
  entryId: ObjectId;
  lineIndex: number;
  date: string;
  amountCents: number;
  number: number | null;
  text: string;
}

export const DEFAULT_WINDOW_DAYS = 3;
export const MAX_WINDOW_DAYS = 31;

const POSTED = ['posted', 'reversed'];

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const dayDistance = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/** The posted lines of a ledger account dated in [from, to], each with its entry (one indexed query). */
export async function bankJournalLines(context: RequestContext, code: string, from: string, to: string, session?: ClientSession): Promise<BankJournalLine[]> {
  return (await bankJournalLinesOf(context, [code], from, to, session)).map(({ code: _code, ...line }) => line);
}

/** The posted lines of several ledger accounts dated in [from, to], each with its account's code (one query). */
export async function bankJournalLinesOf(
  context: RequestContext,
  codes: readonly string[],
  from: string,
  to: string,
  session?: ClientSession,
): Promise<Array<BankJournalLine & { code: string }>> {
  const wanted = new Set(codes);
  const entries = await context.store
    .collection<JournalEntryDocument>('journal_entries')
    .find(
      {
        account_id: requirePrincipal(context).accountId,
        'lines.account_code': codes.length === 1 ? codes[0] : { $in: [...codes] },
        date: { $gte: from, $lte: to },
        status: { $in: POSTED },
      },
      { session, projection: { date: 1, number: 1, description: 1, reference_id: 1, lines: 1 } },
    )
    .toArray();
  return entries.flatMap((entry) =>
    entry.lines.flatMap((line, lineIndex) =>
      wanted.has(line.account_code)
        ? [
            {
              code: line.account_code,
              entryId: entry._id,
              lineIndex,
              date: entry.date,
              amountCents: (line.debit_cents ?? 0) - (line.credit_cents ?? 0),
              number: entry.number ?? null,
              text: `${entry.description} ${entry.reference_id ?? ''} ${line.description ?? ''}`,
            },
          ]
        : [],
    ),
  );
}

/** Which of `lines` are already matched to a statement line. */
async function matchedKeys(context: RequestContext, lines: BankJournalLine[], session?: ClientSession): Promise<Set<string>> {
  if (!lines.length) return new Set();
  const matches = await context.store
    .collection<BankMatchDocument>('bank_matches')
    .find(
      {
        account_id: requirePrincipal(context).accountId,
        entry_id: { $in: [...new Map(lines.map((line) => [line.entryId.toHexString(), line.entryId])).values()] },
      },
      { session, projection: { entry_id: 1, line_index: 1 } },
    )
    .toArray();
  return new Set(matches.map((match) => `${match.entry_id.toHexString()}:${match.line_index}`));
}

const keyOf = (line: { entryId: ObjectId; lineIndex: number }) => `${line.entryId.toHexString()}:${line.lineIndex}`;

/** The lines not matched to any statement movement yet. */
export async function unmatchedLines(context: RequestContext, lines: BankJournalLine[], session?: ClientSession): Promise<BankJournalLine[]> {
  const used = await matchedKeys(context, lines, session);
  return lines.filter((line) => !used.has(keyOf(line)));
}

/** Identifying tokens of a text: numbers of 4 digits or more (CUITs, CBUs, vouchers) and words of 4 letters or more. */
function tokens(text: string): Set<string> {
  return new Set(normalized(text).match(/\d{4,}|[A-Z]{4,}/g) ?? []);
}

function similarity(a: string, b: string): number {
  const left = tokens(a);
  let shared = 0;
  for (const token of tokens(b)) if (left.has(token)) shared += /\d/.test(token) ? 3 : 1;
  return shared;
}

const money = (cents: number) => fromCents(cents).toFixed(2);
const described = (line: BankJournalLine) => `entry ${line.number ? `#${line.number}` : line.entryId.toHexString()} of ${line.date}`;

interface Decision {
  line: BankStatementLineDocument;
  journal: BankJournalLine;
  explanation: string;
}

/**
 * Pairs open statement lines with posted journal lines of the bank account: same amount, dated within `window` days.
 * A statement line and a journal line that are each other's only candidate are matched; where several candidates
 * remain, the one whose text shares the most identifying tokens (CUITs, CBUs, numbers, names) wins when it is the
 * only best. One-to-one: a journal line is used once. Every decision carries its explanation.
 */
export function decideMatches(
  open: BankStatementLineDocument[],
  journal: BankJournalLine[],
  window: number,
): { matched: Decision[]; unmatched: Map<string, string> } {
  const byAmount = new Map<number, BankJournalLine[]>();
  for (const line of journal) byAmount.set(line.amountCents, [...(byAmount.get(line.amountCents) ?? []), line]);
  const candidatesOf = (line: BankStatementLineDocument) => (byAmount.get(line.amount_cents) ?? []).filter((j) => dayDistance(j.date, line.date) <= window);
  const claims = new Map<string, number>();
  const candidates = new Map(open.map((line) => [line._id.toHexString(), candidatesOf(line)]));
  for (const list of candidates.values()) for (const j of list) claims.set(keyOf(j), (claims.get(keyOf(j)) ?? 0) + 1);
  const taken = new Set<string>();
  const matched: Decision[] = [];
  const unmatched = new Map<string, string>();
  const pending: BankStatementLineDocument[] = [];
  for (const line of open) {
    const list = candidates.get(line._id.toHexString())!;
    if (list.length === 1 && claims.get(keyOf(list[0])) === 1) {
      taken.add(keyOf(list[0]));
      matched.push({
        line,
        journal: list[0],
        explanation: `the only posted line of ${money(line.amount_cents)} within ${window} days: ${described(list[0])}`,
      });
    } else pending.push(line);
  }
  for (const line of pending.sort((a, b) => a.date.localeCompare(b.date) || a.line - b.line)) {
    const list = candidates.get(line._id.toHexString())!.filter((j) => !taken.has(keyOf(j)));
    if (!list.length) {
      unmatched.set(line._id.toHexString(), `no free posted line of ${money(line.amount_cents)} within ${window} days`);
      continue;
    }
    const text = `${line.description} ${line.reference ?? ''}`;
    const scored = list
      .map((j) => ({ j, score: similarity(text, j.text) }))
      .sort((a, b) => b.score - a.score || dayDistance(a.j.date, line.date) - dayDistance(b.j.date, line.date));
    const [best, second] = scored;
    if (list.length === 1 && claims.get(keyOf(best.j)) === 1) {
      taken.add(keyOf(best.j));
      matched.push({
        line,
        journal: best.j,
        explanation: `the only free posted line of ${money(line.amount_cents)} within ${window} days: ${described(best.j)}`,
      });
    } else if (best.score > 0 && (!second || best.score > second.score)) {
      taken.add(keyOf(best.j));
      matched.push({
        line,
        journal: best.j,
        explanation: `${list.length} posted lines of ${money(line.amount_cents)} within ${window} days; ${described(best.j)} shares the most references with the movement`,
      });
    } else
      unmatched.set(
        line._id.toHexString(),
        `${list.length} posted lines of ${money(line.amount_cents)} within ${window} days and none stands out: match it by hand`,
      );
  }
  return { matched, unmatched };
}

async function statementOf(context: RequestContext, id: string, session?: ClientSession): Promise<BankStatementDocument> {
  const _id = parseId(id);
  const statement = _id
    ? await context.store.collection<BankStatementDocument>('bank_statements').findOne({ _id, account_id: requirePrincipal(context).accountId }, { session })
    : null;
  if (!statement) throw notFound('bank statement', id);
  return statement;
}

export interface AutoMatchResult {
  statement: BankStatementDocument;
  matched: number;
  open: number;
  /** Why each line left open was not matched. */
  left: Array<{ lineId: ObjectId; explanation: string }>;
}

/** Auto-matches a statement's open lines, in one transaction (a racing run finds the lines already matched). */
export async function autoMatch(context: RequestContext, statementId: string, windowDays = DEFAULT_WINDOW_DAYS): Promise<AutoMatchResult> {
  if (!Number.isInteger(windowDays) || windowDays < 0 || windowDays > MAX_WINDOW_DAYS)
    throw new ValidationError(`date_window_days must be 0 to ${MAX_WINDOW_DAYS}`, [{ path: 'dateWindowDays', message: `must be 0 to ${MAX_WINDOW_DAYS}` }]);
  const principal = requirePrincipal(context);
  return context.store.transaction(async (session) => {
    const statement = await statementOf(context, statementId, session);
    const lines = context.store.collection<BankStatementLineDocument>('bank_statement_lines');
    const open = await lines
      .find({ account_id: principal.accountId, statement_id: statement._id, status: 'open' }, { session, sort: { date: 1, _id: 1 } })
      .toArray();
    if (!open.length) return { statement, matched: 0, open: 0, left: [] };
    const days = open.map((line) => line.date).sort();
    const journal = await bankJournalLines(
      context,
      statement.ledger_account_code,
      shiftDay(days[0], -windowDays),
      shiftDay(days[days.length - 1], windowDays),
      session,
    );
    const { matched, unmatched } = decideMatches(open, await unmatchedLines(context, journal, session), windowDays);
    const now = context.now();
    if (matched.length) {
      await context.store.collection<BankMatchDocument>('bank_matches').insertMany(
        matched.map(({ line, journal: j, explanation }) => ({
          account_id: principal.accountId,
          statement_id: statement._id,
          statement_line_id: line._id,
          entry_id: j.entryId,
          line_index: j.lineIndex,
          amount_cents: j.amountCents,
          kind: 'auto',
          explanation,
          user_id: principal.userId,
          created_at: now,
          updated_at: now,
        })) as never,
        { session },
      );
      await lines.updateMany(
        { _id: { $in: matched.map(({ line }) => line._id) }, account_id: principal.accountId, status: 'open' },
        { $set: { status: 'matched', match_kind: 'auto', updated_at: now } },
        { session },
      );
      await recordChanges(
        context,
        [actionOn('bank_statements', 'bank statement', 'matched', statement, `${matched.length} movimientos conciliados automáticamente`)],
        session,
      );
    }
    return {
      statement,
      matched: matched.length,
      open: unmatched.size,
      left: [...unmatched].map(([id, explanation]) => ({ lineId: open.find((line) => line._id.toHexString() === id)!._id, explanation })),
    };
  });
}

async function openLine(context: RequestContext, lineId: string, session: ClientSession): Promise<BankStatementLineDocument> {
  const _id = parseId(lineId);
  const line = _id
    ? await context.store
        .collection<BankStatementLineDocument>('bank_statement_lines')
        .findOne({ _id, account_id: requirePrincipal(context).accountId }, { session })
    : null;
  if (!line) throw notFound('bank statement line', lineId);
  return line;
}

/**
 * Matches one statement line to one or more posted journal lines of its bank account whose amounts add up to the
 * movement's; a matched statement line or an already matched journal line is 409.
 */
export async function manualMatch(
  context: RequestContext,
  lineId: string,
  journalLines: Array<{ entryId: string; lineIndex: number }>,
): Promise<BankStatementLineDocument> {
  const principal = requirePrincipal(context);
  if (!journalLines.length || journalLines.length > 100)
    throw new ValidationError('give 1 to 100 journal lines', [{ path: 'journalLines', message: 'must hold 1 to 100 journal lines' }]);
  return context.store.transaction(async (session) => {
    const line = await openLine(context, lineId, session);
    if (line.status !== 'open') throw new ConflictError('the statement line is already matched: unmatch it first', [], 'ALREADY_MATCHED');
    const wanted = journalLines.map((ref, index) => ({ ...ref, index, id: parseId(ref.entryId) }));
    const seen = new Set<string>();
    for (const ref of wanted) {
      const key = `${ref.entryId}:${ref.lineIndex}`;
      if (seen.has(key)) throw new ValidationError('a journal line is given twice', [{ path: `journalLines.${ref.index}`, message: 'given twice' }]);
      seen.add(key);
    }
    const ids = wanted.flatMap((ref) => (ref.id ? [ref.id] : []));
    const entries = await context.store
      .collection<JournalEntryDocument>('journal_entries')
      .find({ _id: { $in: ids }, account_id: principal.accountId }, { session, projection: { date: 1, status: 1, lines: 1 } })
      .toArray();
    const byId = new Map(entries.map((entry) => [entry._id.toHexString(), entry]));
    const picked: BankJournalLine[] = wanted.map((ref) => {
      const entry = ref.id ? byId.get(ref.id.toHexString()) : undefined;
      if (!entry) throw notFound('journal entry', ref.entryId);
      const journalLine = entry.lines[ref.lineIndex];
      const problem = !POSTED.includes(entry.status)
        ? 'the entry is not posted'
        : !journalLine
          ? 'the entry has no such line'
          : journalLine.account_code !== line.ledger_account_code
            ? `the line is not on the bank's account ${line.ledger_account_code}`
            : null;
      if (problem) throw new ValidationError(`journal line ${ref.index}: ${problem}`, [{ path: `journalLines.${ref.index}`, message: problem }]);
      return {
        entryId: entry._id,
        lineIndex: ref.lineIndex,
        date: entry.date,
        amountCents: (journalLine.debit_cents ?? 0) - (journalLine.credit_cents ?? 0),
        number: null,
        text: '',
      };
    });
    const total = picked.reduce((sum, j) => sum + j.amountCents, 0);
    if (total !== line.amount_cents)
      throw new ValidationError(`the journal lines add up to ${money(total)}, the movement is ${money(line.amount_cents)}`, [
        { path: 'journalLines', message: `add up to ${money(total)}, not ${money(line.amount_cents)}` },
      ]);
    const used = await matchedKeys(context, picked, session);
    const clash = picked.findIndex((j) => used.has(keyOf(j)));
    if (clash >= 0)
      throw new ConflictError(
        'a journal line is already matched to another movement',
        [{ path: `journalLines.${clash}`, message: 'already matched' }],
        'LINE_ALREADY_MATCHED',
      );
    const now = context.now();
    const explanation = `matched by hand to ${picked.length} journal line${picked.length > 1 ? 's' : ''} adding up to ${money(total)}`;
    await context.store.collection<BankMatchDocument>('bank_matches').insertMany(
      picked.map((j) => ({
        account_id: principal.accountId,
        statement_id: line.statement_id,
        statement_line_id: line._id,
        entry_id: j.entryId,
        line_index: j.lineIndex,
        amount_cents: j.amountCents,
        kind: 'manual',
        explanation,
        user_id: principal.userId,
        created_at: now,
        updated_at: now,
      })) as never,
      { session },
    );
    const updated = await context.store
      .collection<BankStatementLineDocument>('bank_statement_lines')
      .findOneAndUpdate(
        { _id: line._id, account_id: principal.accountId, status: 'open' },
        { $set: { status: 'matched', match_kind: 'manual', updated_at: now } },
        { session, returnDocument: 'after' },
      );
    if (!updated) throw new ConflictError('the statement line is already matched: unmatch it first', [], 'ALREADY_MATCHED');
    await recordChanges(context, [actionOn('bank_statement_lines', 'bank statement line', 'matched', updated, explanation)], session);
    return updated;
  });
}

/** Undoes a line's match: the line is open again and its journal lines free. */
export async function unmatch(context: RequestContext, lineId: string): Promise<BankStatementLineDocument> {
  const principal = requirePrincipal(context);
  return context.store.transaction(async (session) => {
    const line = await openLine(context, lineId, session);
    if (line.status !== 'matched') throw new ConflictError('the statement line is not matched', [], 'NOT_MATCHED');
    await context.store.collection<BankMatchDocument>('bank_matches').deleteMany({ account_id: principal.accountId, statement_line_id: line._id }, { session });
    const updated = await context.store
      .collection<BankStatementLineDocument>('bank_statement_lines')
      .findOneAndUpdate(
        { _id: line._id, account_id: principal.accountId },
        { $set: { status: 'open', updated_at: context.now() }, $unset: { match_kind: '' } },
        { session, returnDocument: 'after' },
      );
    await recordChanges(context, [actionOn('bank_statement_lines', 'bank statement line', 'unmatched', updated!)], session);
    return updated!;
  });
}

export { statementOf };
