import { day, declareResource, instant, int, lines, money, oneOf, ref, text, type LinesRefinement } from '../declare/field';

export const JOURNAL_STATUSES = ['draft', 'posted', 'reversed'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

export const MAX_JOURNAL_LINES = 1000;

const MACHINE = 'draft → posted (numbered, balances moved) → reversed (by a posted counter-entry). Only drafts are edited or deleted.';

/** Each line carries exactly one amount: a debit or a credit above zero (values are centavos here). */
const oneAmountPerLine: LinesRefinement = (lines) =>
  lines.flatMap((line, index): Array<[number, string, string]> => {
    const debit = (line.debit as number | null | undefined) ?? 0;
    const credit = (line.credit as number | null | undefined) ?? 0;
    if (debit > 0 && credit > 0) return [[index, 'credit', 'a line is either a debit or a credit, not both']];
    if (debit <= 0 && credit <= 0) return [[index, 'debit', 'a line needs a debit or a credit greater than 0']];
    return [];
  });

/** A journal entry (asiento, contract §2.9, §3.5). */
export const JOURNAL_ENTRY = declareResource({
  type: 'JournalEntry',
  one: 'journalEntry',
  many: 'journalEntries',
  label: 'journal entry',
  description: `A double-entry journal entry: its debits equal its credits to the cent. ${MACHINE}`,
  collection: 'journal_entries',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  rest: { base: '/accounting/journal', idName: '_id' },
  fields: {
    date: day({ today: true, sort: true, window: { from: 'dateFrom', to: 'dateTo' }, description: 'The day of the entry (default: today in Argentina).' }),
    description: text(500, { example: 'Servicio de internet de marzo', min: 1, required: true }),
    lines: lines(
      'JournalLine',
      {
        accountCode: text(20, { example: '5.2.1.01.003', min: 1, required: true, filter: 'accountCode', description: 'Code of an active detail account.' }),
        accountName: text(200, { example: 'Servicios de internet', description: "The account's name as shown (default: the account's name)." }),
        debit: money(0, { example: 100000, max: 1e12, description: 'Debit amount (exact, 2 decimals); a line has a debit or a credit.' }),
        credit: money(0, { example: 0, max: 1e12, description: 'Credit amount (exact, 2 decimals).' }),
        description: text(500, { example: 'Abono de marzo' }),
      },
      MAX_JOURNAL_LINES,
      { required: true, min: 2, refine: oneAmountPerLine, typeDescription: 'One line of a journal entry.' },
    ),
    referenceType: text(50, { example: 'expense', filter: 'referenceType', description: 'What the entry records (e.g. expense, received_invoice).' }),
    referenceId: text(100, { example: '6650a1c2e4b0d5a7c8e9f014', filter: 'referenceId', description: 'The id of the record it comes from.' }),
    status: oneOf(JOURNAL_STATUSES, 'JournalEntryStatus', { readOnly: true, default: 'draft', filter: 'status', typeDescription: MACHINE }),
    number: int(1, 99_999_999, {
      example: 152,
      readOnly: true,
      filter: 'number',
      sort: true,
      description: 'Correlative within its fiscal year, given when posted.',
    }),
    fiscalYear: int(1900, 9999, { example: 2025, readOnly: true, filter: 'fiscalYear', description: 'The fiscal year it was posted in.' }),
    totalDebit: money(0, { example: 121000, readOnly: true, default: 0, description: 'Sum of the debits.' }),
    totalCredit: money(0, { example: 121000, readOnly: true, default: 0, description: 'Sum of the credits.' }),
    postedAt: instant({ description: 'When it was posted.' }),
    reversedAt: instant({ description: 'When its counter-entry was posted.' }),
    reversalId: ref('journal_entries', 'journal entry', { readOnly: true, description: 'On a reversed entry: its counter-entry.' }),
    reversesId: ref('journal_entries', 'journal entry', { readOnly: true, description: 'On a counter-entry: the entry it reverses.' }),
  },
  search: { fields: ['description', 'referenceId'], description: 'Case-insensitive text found in the description or reference id (literal).' },
  defaultSort: { field: 'date', direction: 'desc' },
  notes: {
    create: 'Creates a draft entry: every line on an active detail account, debits equal to credits.',
    update: 'Changes a draft (409 NOT_EDITABLE once posted).',
    remove: 'Deletes a draft (409 NOT_EDITABLE once posted: reverse it instead).',
  },
});
