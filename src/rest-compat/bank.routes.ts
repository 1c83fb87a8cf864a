import { BANK_PAGE_SIZE, BANK_STATEMENT, BANK_STATEMENTS } from '../domain/bank/bank.declaration';
import { MAX_STATEMENT_BYTES } from '../domain/bank/bank.import';
import { operationRoute, shapeSchema } from './operation.routes';
import { ValidationError } from '../domain/errors';
import { withRestDateTimes } from './naming';
import { pagedAnswer, pagedSchema, pageSizeParameter, readPaging, type Paging, type PagingSpec } from './paging';
import { onlyFields, queryReading } from './query';
import type { RestRoute } from './route';

type Row = Record<string, unknown>;

const BASE = '/accounting/bank';

const STATEMENT_FIELDS = `id ledger_account_code: ledgerAccountCode file_name: fileName size sha256 format preset encoding
  period_from: periodFrom period_to: periodTo opening_balance: openingBalance closing_balance: closingBalance
  lines_total: linesTotal lines_imported: linesImported lines_duplicated: linesDuplicated lines_with_errors: linesWithErrors
  row_errors: rowErrors { line message } balance_check: balanceCheck created_at: createdAt`;
const RECONCILIATION_FIELDS = `statement_closing_balance: statementClosingBalance ledger_balance: ledgerBalance matched_lines: matchedLines
  open_lines: openLines matched_amount: matchedAmount open_statement_amount: openStatementAmount open_ledger_lines: openLedgerLines
  open_ledger_amount: openLedgerAmount reconciled_balance: reconciledBalance difference`;
const LINE_FIELDS = `id statement_id: statementId line date description reference amount balance status match_kind: matchKind
  match_explanation: matchExplanation matches { kind amount journal_entry_id: journalEntryId line_index: lineIndex explanation }`;

const money = { type: 'number' };
const nullableMoney = { type: ['number', 'null'] };
const STATEMENT_SCHEMA = shapeSchema(BANK_STATEMENT) as { properties: Record<string, unknown> };
const RECONCILIATION_SCHEMA = {
  type: 'object',
  description: 'The statement against the ledger of its bank account: reconciled balance = ledger balance + open movements − open ledger lines.',
  properties: {
    statement_closing_balance: { ...nullableMoney, examples: [1254300.75] },
    ledger_balance: { ...money, examples: [1254300.75] },
    matched_lines: { examples: [42], type: 'integer' },
    open_lines: { examples: [3], type: 'integer' },
    matched_amount: { ...money, examples: [121000] },
    open_statement_amount: { ...money, examples: [36300] },
    open_ledger_lines: { examples: [2], type: 'integer' },
    open_ledger_amount: { ...money, examples: [24200] },
    reconciled_balance: { ...money, examples: [1254300.75] },
    difference: { ...nullableMoney, examples: [0] },
  },
};
const LINE_SCHEMA = {
  type: 'object',
  properties: {
    id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    statement_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    line: { examples: [2], type: 'integer' },
    date: { examples: ['2025-03-14'], type: 'string', format: 'date' },
    description: { examples: ['TRANSF. A PAPELERA DEL PLATA SA'], type: 'string' },
    reference: { examples: ['TRF 000123456'], type: ['string', 'null'] },
    amount: { examples: [12100.5], type: 'number', description: '+in / −out.' },
    balance: { ...nullableMoney, examples: [125430.75] },
    status: { type: 'string', enum: ['open', 'matched'] },
    match_kind: { type: ['string', 'null'], enum: ['auto', 'manual', null] },
    match_explanation: { examples: ['Mismo importe y fecha a 1 día'], type: ['string', 'null'] },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { examples: ['expense'], type: 'string' },
          amount: { ...money, examples: [12100.5] },
          journal_entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
          line_index: { examples: [0], type: 'integer' },
          explanation: { examples: ['Mismo importe y fecha a 1 día'], type: 'string' },
        },
      },
    },
  },
};

const restStatement = (row: Row) => withRestDateTimes(row, ['created_at']);

/** Statements and their movements come in pages of up to 500 (a month of a busy account). */
const BANK_PAGING: PagingSpec = { size: 'limit', ...BANK_PAGE_SIZE };
const pagingVariables = (paging: Paging) => ({ page: paging.page, limit: paging.size });

const linesQuery = queryReading((reader) => ({
  status: reader.oneOf('status', ['open', 'matched', 'all'] as const, 'all'),
  paging: readPaging(reader, BANK_PAGING),
}));

const STATEMENT: RestRoute = {
  method: 'get',
  path: `${BASE}/statements/{id}/`,
  summary: 'A statement with its reconciliation against the ledger and a page of its movements (`status` open or matched; `page`, `limit` 1 to 500)',
  scope: 'accounting:read',
  document: `query RestBankStatement($id: ID!, $status: String, $page: Int, $limit: Int) {
    bankStatement(id: $id) {
      ${STATEMENT_FIELDS}
      reconciliation { ${RECONCILIATION_FIELDS} }
      lines(status: $status, page: $page, limit: $limit) { total items { ${LINE_FIELDS} } }
    }
  }`,
  // Its movements' matches and the ledger it is reconciled with change without the statement: the tag is the answer's.
  conditional: 'view',
  variables({ params, query }) {
    const { status, paging } = linesQuery(query);
    return { id: params.id, status: status === 'all' ? undefined : status, ...pagingVariables(paging) };
  },
  respond(data, { query }) {
    const { reconciliation, lines, ...statement } = data.bankStatement as Row & { reconciliation: Row; lines: { total: number; items: Row[] } };
    const { paging } = linesQuery(query);
    return { status: 200, data: { ...restStatement(statement), reconciliation, lines: pagedAnswer(BANK_PAGING, paging, lines.items, lines.total) } };
  },
  parameters: [
    { name: 'status', description: 'open, matched or all (default).', schema: { type: 'string', enum: ['open', 'matched', 'all'] } },
    { name: 'page', description: 'Page of movements, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
    pageSizeParameter(BANK_PAGING, 'Movements per page'),
  ],
  responseSchema: {
    ...STATEMENT_SCHEMA,
    properties: {
      ...STATEMENT_SCHEMA.properties,
      reconciliation: RECONCILIATION_SCHEMA,
      lines: pagedSchema(BANK_PAGING, LINE_SCHEMA),
    },
  },
  successStatus: 200,
};

const MAPPING = ['date', 'description', 'amount', 'debit', 'credit', 'balance', 'reference'] as const;

const IMPORT: RestRoute = {
  method: 'post',
  path: `${BASE}/import/`,
  summary:
    'Import a statement: multipart/form-data, field `file` (CSV — Galicia, Nación, Mercado Pago detected, others by `<x>_column` fields naming the header — or OFX; at most 5 MB) and `ledger_account_code` (the bank’s ledger account; a form field, before or after the file, or the query)',
  scope: 'accounting:write',
  document: `mutation RestImportBankStatement($file: Upload!, $ledgerAccountCode: String!, $columns: BankColumnMappingInput) {
    importBankStatement(file: $file, ledgerAccountCode: $ledgerAccountCode, columns: $columns) { ${STATEMENT_FIELDS} }
  }`,
  variables({ body, query }) {
    const form = (body ?? {}) as Row;
    const read = (name: string) => {
      const value = form[name] ?? query[name];
      if (value !== undefined && typeof value !== 'string') throw new ValidationError(`${name} must be text`, [{ path: name, message: 'must be text' }]);
      return value as string | undefined;
    };
    const code = read('ledger_account_code');
    if (!code) throw new ValidationError('ledger_account_code is required', [{ path: 'ledger_account_code', message: 'is required' }]);
    const columns = Object.fromEntries(MAPPING.map((name) => [name, read(`${name}_column`)]).filter(([, value]) => value));
    return { file: form.file, ledgerAccountCode: code, columns: Object.keys(columns).length ? columns : undefined };
  },
  respond(data) {
    const statement = restStatement(data.importBankStatement as Row);
    return {
      status: 200,
      data: statement,
      extra: {
        message: `${statement.lines_imported} movements imported, ${statement.lines_duplicated} already stored, ${statement.lines_with_errors} rows refused.`,
      },
    };
  },
  pathRenames: { ledgerAccountCode: 'ledger_account_code' },
  upload: { field: 'file', maxBytes: MAX_STATEMENT_BYTES },
  requestBody: {
    type: 'object',
    properties: {
      file: { type: 'string', format: 'binary', description: 'The statement: CSV or OFX.' },
      ledger_account_code: { examples: ['1.1.2.01.001'], type: 'string', description: 'The bank’s ledger account (an active asset detail account).' },
      ...Object.fromEntries(
        MAPPING.map((name) => [`${name}_column`, { type: 'string', description: `Header of the ${name} column (files that are no known export).` }]),
      ),
    },
    required: ['file', 'ledger_account_code'],
  },
  examples: {
    request: {
      name: 'galicia-csv',
      summary: 'A Banco Galicia CSV export (a known layout: no column names needed)',
      description:
        'Two form parts: `file`, the statement sent as a file, and `ledger_account_code`. A CSV of another bank also names its columns (`date_column`, `amount_column`…).',
      value: { file: 'galicia-cc-ars-2025-03.csv', ledger_account_code: '1.1.2.01.001' },
    },
  },
  responseSchema: STATEMENT_SCHEMA,
  responseExtra: { message: { examples: ['48 movements imported, 0 already stored, 1 rows refused.'], type: 'string' } },
  successStatus: 200,
};

const AUTO_MATCH: RestRoute = {
  method: 'post',
  path: `${BASE}/auto-match/{id}/`,
  summary:
    'Match the statement’s open movements to posted lines of its bank account (same amount, within `date_window_days`, default 3, at most 31; one to one; explained)',
  scope: 'accounting:write',
  document: `mutation RestAutoMatchBankStatement($id: ID!, $dateWindowDays: Int) {
    autoMatchBankStatement(id: $id, dateWindowDays: $dateWindowDays) { matched open left { line_id: lineId explanation } statement { id } }
  }`,
  variables({ params, body }) {
    const fields = onlyFields(body, ['date_window_days'], 'an auto-match');
    const window = fields.date_window_days;
    if (window !== undefined && window !== null && !Number.isInteger(window))
      throw new ValidationError('date_window_days must be an integer', [{ path: 'date_window_days', message: 'must be an integer from 0 to 31' }]);
    return { id: params.id, dateWindowDays: window ?? undefined };
  },
  respond(data) {
    const { statement, ...result } = data.autoMatchBankStatement as Row & { statement: Row };
    return {
      status: 200,
      data: { statement_id: statement.id, ...result },
      extra: { message: `${result.matched} movements matched, ${result.open} left open.` },
    };
  },
  pathRenames: { dateWindowDays: 'date_window_days' },
  requestBody: { type: 'object', properties: { date_window_days: { examples: [5], type: 'integer', minimum: 0, maximum: 31 } }, additionalProperties: false },
  responseSchema: {
    type: 'object',
    properties: {
      statement_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      matched: { examples: [42], type: 'integer' },
      open: { examples: [2], type: 'integer' },
      left: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            line_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
            explanation: { examples: ['Mismo importe y fecha a 1 día'], type: 'string' },
          },
        },
      },
    },
    required: ['statement_id', 'matched', 'open', 'left'],
  },
  responseExtra: { message: { examples: ['42 movements matched, 3 left open.'], type: 'string' } },
  successStatus: 200,
};

const MANUAL_MATCH: RestRoute = {
  method: 'post',
  path: `${BASE}/manual-match/`,
  summary:
    'Match one movement (`line_id`) to posted lines of its bank account (`journal_lines`: [{entry_id, line_index}], one or more) whose amounts add up to it',
  scope: 'accounting:write',
  document: `mutation RestMatchBankStatementLine($lineId: ID!, $journalLines: [JournalLineRefInput!]!) {
    matchBankStatementLine(lineId: $lineId, journalLines: $journalLines) { ${LINE_FIELDS} }
  }`,
  variables({ body }) {
    const fields = onlyFields(body, ['line_id', 'journal_lines'], 'a match');
    const lines = fields.journal_lines;
    if (!Array.isArray(lines))
      throw new ValidationError('journal_lines must be an array', [{ path: 'journal_lines', message: 'must be an array of {entry_id, line_index}' }]);
    return {
      lineId: fields.line_id,
      journalLines: lines.map((line, index) => {
        const ref = onlyFields(line, ['entry_id', 'line_index'], 'a journal line');
        if (typeof ref.entry_id !== 'string' || !Number.isInteger(ref.line_index))
          throw new ValidationError(`journal_lines.${index}: entry_id (text) and line_index (integer) are required`, [
            { path: `journal_lines.${index}`, message: 'needs entry_id (text) and line_index (integer)' },
          ]);
        return { entryId: ref.entry_id, lineIndex: ref.line_index };
      }),
    };
  },
  respond: (data) => ({ status: 200, data: data.matchBankStatementLine, extra: { message: 'Movement matched.' } }),
  pathRenames: { lineId: 'line_id', journalLines: 'journal_lines', entryId: 'entry_id', lineIndex: 'line_index' },
  requestBody: {
    type: 'object',
    properties: {
      line_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
      journal_lines: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: {
          type: 'object',
          properties: { entry_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' }, line_index: { examples: [0], type: 'integer', minimum: 0 } },
          required: ['entry_id', 'line_index'],
        },
      },
    },
    required: ['line_id', 'journal_lines'],
    additionalProperties: false,
  },
  responseSchema: LINE_SCHEMA,
  responseExtra: { message: { examples: ['Movement matched.'], type: 'string' } },
  successStatus: 200,
};

const UNMATCH: RestRoute = {
  method: 'post',
  path: `${BASE}/unmatch/`,
  summary: 'Undo a movement’s match (`line_id`): it is open again and its journal lines free',
  scope: 'accounting:write',
  document: `mutation RestUnmatchBankStatementLine($lineId: ID!) { unmatchBankStatementLine(lineId: $lineId) { ${LINE_FIELDS} } }`,
  variables({ body }) {
    return { lineId: onlyFields(body, ['line_id'], 'an unmatch').line_id };
  },
  respond: (data) => ({ status: 200, data: data.unmatchBankStatementLine, extra: { message: 'Match undone.' } }),
  pathRenames: { lineId: 'line_id' },
  requestBody: {
    type: 'object',
    properties: { line_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' } },
    required: ['line_id'],
    additionalProperties: false,
  },
  responseSchema: LINE_SCHEMA,
  responseExtra: { message: { examples: ['Match undone.'], type: 'string' } },
  successStatus: 200,
};

export const BANK_ROUTES: RestRoute[] = [operationRoute(BANK_STATEMENTS), STATEMENT, IMPORT, AUTO_MATCH, MANUAL_MATCH, UNMATCH];
