import { declareResource, flag, int, money, oneOf, text } from '../declare/field';

export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Accounts whose balance is naturally a debit one (the others: credit). */
export const DEBIT_NATURE: ReadonlySet<string> = new Set(['asset', 'expense']);

/** The deepest level of the chart (rubro, grupo, subgrupo, cuenta, subcuenta). */
export const MAX_LEVEL = 5;

/** An account of the chart of accounts (plan de cuentas, contract §2.8). */
export const LEDGER_ACCOUNT = declareResource({
  type: 'LedgerAccount',
  one: 'ledgerAccount',
  many: 'ledgerAccounts',
  label: 'ledger account',
  description:
    'An account of the chart of accounts. Accounts form a tree by parent code; only detail accounts take journal lines, and balances roll up to their parents.',
  collection: 'ledger_accounts',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  rest: { base: '/accounting/accounts', idName: '_id' },
  fields: {
    code: text(20, {
      example: '1.1.1.01.001',
      min: 1,
      required: true,
      sort: true,
      description: 'Unique within the account (409 CONFLICT otherwise), e.g. 1.1.1.01.001.',
    }),
    name: text(200, { example: 'Caja en pesos', min: 1, required: true }),
    accountType: oneOf(ACCOUNT_TYPES, 'LedgerAccountType', {
      required: true,
      filter: 'accountType',
      typeDescription: 'asset and expense accounts have debit balances; liability, equity and revenue accounts credit balances.',
    }),
    parentCode: text(20, { example: '1.1.1.01', filter: 'parentCode', description: "The parent account's code: an account of the same type, one level up." }),
    level: int(1, MAX_LEVEL, {
      example: 5,
      filter: 'level',
      description: "Depth in the chart, 1 to 5 (default: the parent's level + 1, or 1 without a parent).",
    }),
    isDetail: flag({ filter: 'isDetail', description: 'Whether journal lines may be posted to it (default: true at level 5, false above).' }),
    description: text(500, { example: 'Efectivo en la caja de la oficina central' }),
    afipCode: text(20, { example: '1.1.1', description: 'Tax-authority code of the account.' }),
    isActive: flag({
      default: true,
      filter: 'isActive',
      description: 'Inactive accounts take no new lines; deactivate an account that has children or lines instead of deleting it.',
    }),
    balance: money(-1e15, {
      readOnly: true,
      max: 1e15,
      description:
        'Posted balance (drafts do not count) in the account’s nature: debits − credits for asset and expense accounts, credits − debits otherwise; a parent’s includes its descendants.',
    }),
  },
  search: { fields: ['code', 'name'], description: 'Case-insensitive text found in the code or name (literal).' },
  defaultSort: { field: 'code', direction: 'asc' },
  notes: {
    create: 'Creates an account. The parent must exist and share its type; the level is the parent’s + 1.',
    update:
      'Changes the given fields. Code, type, parent, level and detail flag are fixed once the account has children or journal lines (409 ACCOUNT_IN_USE).',
    remove: 'Deletes an account without children or journal lines (409 ACCOUNT_IN_USE otherwise: deactivate it instead).',
  },
});
