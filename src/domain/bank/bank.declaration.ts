import { day, instant, money, ref, text, whole } from '../declare/field';
import { arg, declareOperation } from '../declare/operation';
import { declareShape, listOf } from '../declare/shape';
import type { BankStatementDocument } from '../stored';

/**
 * The imported bank statements (`/accounting/bank/statements/`), with the shape of a statement that the import, the
 * auto-match and one statement's reconciliation answer too. Balances are integer centavos stored, pesos answered.
 */

const ROW_ERROR = declareShape({
  type: 'BankRowError',
  description: 'A row of a statement file that was not imported, with its line.',
  fields: { line: whole({ example: 2 }), message: text(500, { example: 'the amount is not a number' }) },
});

export const BANK_STATEMENT = declareShape({
  type: 'BankStatement',
  description: 'An imported bank statement file.',
  stored: true,
  fields: {
    id: ref('bank_statements', 'bank statement', { example: '6650a1c2e4b0d5a7c8e9f012', read: (doc: BankStatementDocument) => doc._id }),
    ledgerAccountCode: text(20, { example: '1.1.2.01.001', description: 'The bank’s ledger account (an asset detail account).' }),
    fileName: text(255, { example: 'mis-comprobantes-recibidos-2025-03.zip' }),
    size: whole({ example: 48213 }),
    sha256: text(64, { example: '3f1c9a7be2d4c8a1f0e5b6d7c8a9b0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b' }),
    format: text(3, { values: ['csv', 'ofx'], description: 'csv or ofx.' }),
    preset: text(20, {
      values: ['galicia', 'mercadopago', 'generic', 'mapped', 'ofx'],
      description: 'What read the columns: galicia, mercadopago, generic, mapped (the client’s columns) or ofx.',
    }),
    encoding: text(20, { example: 'utf-8' }),
    periodFrom: day({ nullable: true, example: '2025-03-01' }),
    periodTo: day({ nullable: true, example: '2025-03-31' }),
    openingBalance: money(Number.NEGATIVE_INFINITY, { nullable: true, example: 924300.75 }),
    closingBalance: money(Number.NEGATIVE_INFINITY, { nullable: true, example: 1254300.75 }),
    linesTotal: whole({ example: 49 }),
    linesImported: whole({ example: 48 }),
    linesDuplicated: whole({ example: 0, description: 'Movements already stored for this bank account (an overlapping or repeated file).' }),
    linesWithErrors: whole({ example: 1 }),
    rowErrors: listOf(ROW_ERROR, { description: 'The first 100 rows refused.' }),
    balanceCheck: text(10, {
      values: ['ok', 'mismatch', 'absent'],
      description: 'ok: every running balance follows; mismatch: some does not; absent: the file gives none.',
    }),
    createdAt: instant({ example: '2025-03-14T10:32:05.120' }),
  },
});

const STATEMENT_PAGE = declareShape({
  type: 'BankStatementPage',
  fields: { items: listOf(BANK_STATEMENT), total: whole({ example: 127 }) },
});

/** Statements and their movements come in pages of up to 500 (a month of a busy account). */
export const BANK_PAGE_SIZE = { fallback: 100, max: 500 };

export const BANK_STATEMENTS = declareOperation({
  name: 'bankStatements',
  description: 'Imported bank statements, newest first (optionally of one bank ledger account).',
  scope: 'accounting:read',
  args: {
    ledgerAccountCode: arg.text(20, { rest: { description: 'Only the statements of this bank ledger account.' } }),
    page: arg.int(1, Number.POSITIVE_INFINITY, { description: 'From 1 (default 1).', rest: { page: true } }),
    limit: arg.int(1, BANK_PAGE_SIZE.max, {
      description: `1 to ${BANK_PAGE_SIZE.max} (default ${BANK_PAGE_SIZE.fallback}).`,
      rest: { pageSize: { ...BANK_PAGE_SIZE, what: 'Page size' } },
    }),
  },
  result: STATEMENT_PAGE,
  rest: {
    method: 'get',
    path: '/accounting/bank/statements/',
    summary: 'Imported bank statements, newest first (`ledger_account_code` of one bank; `page`, `limit` 1 to 500, default 100)',
    paged: true,
  },
});
