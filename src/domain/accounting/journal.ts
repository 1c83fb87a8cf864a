import type { AnyBulkWriteOperation, ClientSession } from 'mongodb';
import { actionOn, entryNumber } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import { nextSequenceValue } from '../../store/counters';
import type { JournalEntryDocument, JournalLineDocument, LedgerAccountDocument, LedgerDailyTotalDocument } from '../../store/ledger';
import { parseId } from '../../store/ids';
import { requirePrincipal, type RequestContext } from '../context';
import { argentineDay } from '../dates';
import { changesOf } from '../declare/mapping';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { type AppError, ConflictError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { fromCents } from '../money';
import { Resource } from '../resource';
import { accountsByCode, entriesOf } from './accounts';
import { enterOpenYear, refuseClosedYear } from './fiscal-years';
import { JOURNAL_ENTRY } from './journal-declaration';

type Row = Record<string, unknown>;

const {
  definition: declared,
  createSchema: createJournalEntrySchema,
  updateSchema: updateJournalEntrySchema,
  filterSchema: journalEntryFilterSchema,
} = declaredDefinition<JournalEntryDocument>(JOURNAL_ENTRY, {
  projection: { reversal: ['reversal_id'], reverses: ['reverses_id'], 'lines.account': ['account_code'] },
});
export { createJournalEntrySchema, journalEntryFilterSchema, updateJournalEntrySchema };

/** The fiscal year of a day: the calendar year until the fiscal calendar gives accounts their own. */
export const fiscalYearOf = (day: string): number => Number(day.slice(0, 4));

const money = (cents: number) => fromCents(cents).toFixed(2);

/**
 * Checks stored lines against the chart (each on an existing, active, detail account; names filled in from it) and
 * that debits equal credits to the cent; answers the lines and totals. `fail` makes the error: a 400 when a client
 * is writing the lines, a 409 when posting finds the chart changed since.
 */
async function checkedLines(
  context: RequestContext,
  lines: JournalLineDocument[],
  session: ClientSession,
  fail: (message: string, problems: ErrorDetail[]) => AppError,
): Promise<{ lines: JournalLineDocument[]; debit: number; credit: number; accounts: Map<string, LedgerAccountDocument> }> {
  const found = await accountsByCode(
    context,
    lines.map((line) => line.account_code),
    session,
  );
  const problems: ErrorDetail[] = [];
  const accounts = new Map<string, LedgerAccountDocument>();
  const checked = lines.map((line, index) => {
    const account = found[index];
    const path = `lines.${index}.accountCode`;
    if (!account) problems.push({ path, message: `no account ${line.account_code} in the chart` });
    else if (!account.is_active) problems.push({ path, message: `account ${account.code} is inactive` });
    else if (!account.is_detail) problems.push({ path, message: `account ${account.code} is not a detail (postable) account` });
    if (account) accounts.set(account.code, account);
    return account && !line.account_name ? { ...line, account_name: account.name } : line;
  });
  const debit = lines.reduce((sum, line) => sum + (line.debit_cents ?? 0), 0);
  const credit = lines.reduce((sum, line) => sum + (line.credit_cents ?? 0), 0);
  if (debit !== credit) problems.push({ path: 'lines', message: `debits (${money(debit)}) and credits (${money(credit)}) must be equal` });
  if (problems.length) throw fail(`the entry cannot be recorded: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  return { lines: checked, debit, credit, accounts };
}

const invalid = (message: string, problems: ErrorDetail[]) => new ValidationError(message, problems);
const notPostable = (message: string, problems: ErrorDetail[]) => new ConflictError(message, problems, 'ACCOUNT_NOT_POSTABLE');

function notEditable(entry: JournalEntryDocument, what: string): ConflictError {
  return new ConflictError(
    `only draft journal entries can be ${what}; this one is ${entry.status}${entry.status === 'posted' ? ' (reverse it instead)' : ''}`,
    [{ path: 'status', message: `is ${entry.status}` }],
    'NOT_EDITABLE',
  );
}

class JournalEntryResource extends Resource<JournalEntryDocument, Row, Row, Row, ListOrder> {
  override async create(context: RequestContext, input: Row, session?: ClientSession): Promise<JournalEntryDocument> {
    if (!session) return context.store.transaction((own) => this.create(context, input, own));
    const now = context.now();
    const fields = declared.fieldsForCreate(input, now) as unknown as JournalEntryDocument;
    const { lines, debit, credit } = await checkedLines(context, fields.lines, session, invalid);
    return this.collection(context).insert(
      { ...fields, lines, status: 'draft', number: null, total_debit_cents: debit, total_credit_cents: credit } as never,
      now,
      session,
    );
  }

  override async update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<JournalEntryDocument> {
    if (!session) return context.store.transaction((own) => this.update(context, id, input, own));
    const entries = this.collection(context);
    const entry = await entries.findById(id, session);
    if (!entry) throw notFound('journal entry', id);
    if (entry.status !== 'draft') throw notEditable(entry, 'changed');
    const { set, unset } = changesOf(JOURNAL_ENTRY, input);
    if (set.lines) {
      const { lines, debit, credit } = await checkedLines(context, set.lines as JournalLineDocument[], session, invalid);
      Object.assign(set, { lines, total_debit_cents: debit, total_credit_cents: credit });
    }
    const updated = await entries.update(id, set as never, unset, context.now(), session);
    if (!updated) throw notFound('journal entry', id);
    return updated;
  }

  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const entries = this.collection(context);
    if (await entries.delete(id, session, { status: 'draft' })) return id;
    const entry = await entries.findById(id, session);
    if (!entry) throw notFound('journal entry', id);
    throw notEditable(entry, 'deleted');
  }
}

export const journalEntries = new JournalEntryResource({
  ...declared,
  fieldsForUpdate: () => {
    throw new Error('journal entries are updated by their own rules');
  },
});

/**
 * Posts `entry` inside `session`: checks its year is open and its accounts still postable, adds its lines to the
 * daily totals of their accounts, and takes the next number of its fiscal year. The year's document and the counter
 * are written last, so concurrent postings hold them for the shortest time (writing the year's document is what
 * keeps a racing close out, see enterOpenYear); a posting that fails gives its number back with the transaction, so
 * numbers have no gaps.
 */
export async function postInSession(context: RequestContext, entry: JournalEntryDocument, session: ClientSession): Promise<Partial<JournalEntryDocument>> {
  const year = fiscalYearOf(entry.date);
  await refuseClosedYear(context, year, entry.date, session);
  const { accounts } = await checkedLines(context, entry.lines, session, notPostable);
  const accountId = requirePrincipal(context).accountId;
  const now = context.now();
  const perAccount = new Map<string, { debit: number; credit: number }>();
  for (const line of entry.lines) {
    const sum = perAccount.get(line.account_code) ?? { debit: 0, credit: 0 };
    sum.debit += line.debit_cents ?? 0;
    sum.credit += line.credit_cents ?? 0;
    perAccount.set(line.account_code, sum);
  }
  const writes: AnyBulkWriteOperation<LedgerDailyTotalDocument>[] = [...perAccount].map(([code, sum]) => ({
    updateOne: {
      filter: { account_id: accountId, account_code: code, day: entry.date },
      update: {
        $inc: { debit_cents: sum.debit, credit_cents: sum.credit },
        $set: { updated_at: now },
        $setOnInsert: { ancestors: accounts.get(code)!.path, created_at: now },
      },
      upsert: true,
    },
  }));
  await context.store.collection<LedgerDailyTotalDocument>('ledger_daily_totals').bulkWrite(writes, { session, ordered: true });
  await enterOpenYear(context, year, entry.date, session);
  const number = await nextSequenceValue(context.store, accountId, `journal:${year}`, now, session);
  return { status: 'posted', number, fiscal_year: year, posted_at: now };
}

/** Takes the entry from `from` to `to` inside the session, or explains why not (404, 409). */
async function claim(context: RequestContext, id: string, from: string, set: Row, session: ClientSession, verb: string): Promise<JournalEntryDocument> {
  const entries = entriesOf(context);
  const _id = parseId(id);
  const claimed = _id
    ? ((await entries.collection.findOneAndUpdate(
        entries.scope({ _id, status: from }),
        { $set: { ...set, updated_at: context.now() } },
        { session, returnDocument: 'after' },
      )) as JournalEntryDocument | null)
    : null;
  if (claimed) return claimed;
  const entry = await entries.findById(id, session);
  if (!entry) throw notFound('journal entry', id);
  throw new ConflictError(
    `a ${entry.status} journal entry cannot be ${verb} (only ${from} ones)`,
    [{ path: 'status', message: `is ${entry.status}` }],
    'INVALID_TRANSITION',
  );
}

/** draft → posted: numbered within its fiscal year, balances moved; one transaction. */
export function postJournalEntry(context: RequestContext, id: string): Promise<JournalEntryDocument> {
  return context.store.transaction(async (session) => {
    // Claiming the draft first makes a concurrent post of the same entry conflict at once (one wins).
    const entry = await claim(context, id, 'draft', { status: 'posted' }, session, 'posted');
    const posted = await postInSession(context, entry, session);
    const stored = (await entriesOf(context).update(id, posted, [], context.now(), session))!;
    await recordChanges(context, [actionOn('journal_entries', 'journal entry', 'posted', stored, entryNumber(stored))], session);
    return stored;
  });
}

/**
 * posted → reversed: posts the counter-entry (every debit a credit and the other way round) dated `date` (default
 * today in Argentina, never before the original), links both ways; one transaction.
 */
export function reverseJournalEntry(
  context: RequestContext,
  id: string,
  date: string | null | undefined,
): Promise<{ original: JournalEntryDocument; reversal: JournalEntryDocument }> {
  return context.store.transaction(async (session) => {
    const now = context.now();
    const original = await claim(context, id, 'posted', { status: 'reversed', reversed_at: now }, session, 'reversed');
    if (original.reverses_id)
      throw new ConflictError(
        'a counter-entry cannot itself be reversed (post a new entry instead)',
        [{ path: 'reversesId', message: 'is a counter-entry' }],
        'INVALID_TRANSITION',
      );
    const day = date ?? argentineDay(now);
    if (day < original.date)
      throw new ValidationError(`the reversal cannot be dated before the entry it reverses (${original.date})`, [
        { path: 'date', message: `must not be before ${original.date}` },
      ]);
    const label = `Reversal of entry ${original.number}/${original.fiscal_year}: ${original.description}`;
    const lines = original.lines.map(({ debit_cents: debit, credit_cents: credit, ...rest }) => ({
      ...rest,
      ...(credit ? { debit_cents: credit } : {}),
      ...(debit ? { credit_cents: debit } : {}),
    }));
    const entries = entriesOf(context);
    const draft = await entries.insert(
      {
        date: day,
        description: label.slice(0, 500),
        lines,
        ...(original.reference_type ? { reference_type: original.reference_type } : {}),
        ...(original.reference_id ? { reference_id: original.reference_id } : {}),
        status: 'posted',
        number: null,
        total_debit_cents: original.total_credit_cents,
        total_credit_cents: original.total_debit_cents,
        reverses_id: original._id,
      } as never,
      now,
      session,
    );
    const posted = await postInSession(context, draft, session);
    const reversal = (await entries.update(draft._id.toHexString(), posted, [], now, session))!;
    const linked = (await entries.update(id, { reversal_id: reversal._id }, [], now, session))!;
    await recordChanges(
      context,
      [actionOn('journal_entries', 'journal entry', 'reversed', linked, `contraasiento ${entryNumber(reversal).slice(8)}`)],
      session,
    );
    return { original: linked, reversal };
  });
}

export type JournalEntryRecord = JournalEntryDocument;
