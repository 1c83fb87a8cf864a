import type { Db, IndexDescription } from 'mongodb';
import { ACTIVITY_RETENTION_DAYS } from './activity.store';

/**
 * A throttling counter's indexes: rate-limiter-flexible's RateLimiterMongo keeps one document per counted key (`key`,
 * `points`, `expire`), found by `key` and removed by the expiry index once its window ends. Declared here (the library
 * is told not to create them), so they exist before the first request and under our names.
 */
const THROTTLE_COUNTERS: IndexDescription[] = [
  { key: { key: 1 }, name: 'key_unique', unique: true },
  { key: { expire: -1 }, name: 'expiry', expireAfterSeconds: 0 },
];

/** Every collection the application uses, with its indexes, declared in one place. */
export const COLLECTIONS = {
  accounts: [{ key: { cuit: 1 }, name: 'cuit_unique', unique: true }],
  users: [
    { key: { email: 1 }, name: 'email_unique', unique: true },
    { key: { account_id: 1 }, name: 'account' },
  ],
  api_keys: [
    { key: { key_hash: 1 }, name: 'key_hash_unique', unique: true },
    { key: { account_id: 1 }, name: 'account' },
  ],
  sessions: [
    { key: { token_hash: 1 }, name: 'token_hash_unique', unique: true },
    { key: { user_id: 1, expires_at: 1 }, name: 'user_expiry' },
  ],
  /**
   * Throttling counters, shared by every gateway process over this store (src/http/throttle.ts): login attempts per
   * email (by its SHA-256) and per client address, requests per caller and minute, unknown API keys per address.
   */
  throttle_login_accounts: THROTTLE_COUNTERS,
  throttle_login_addresses: THROTTLE_COUNTERS,
  throttle_requests: THROTTLE_COUNTERS,
  throttle_unknown_keys: THROTTLE_COUNTERS,
  // The list indexes come from the supplier declaration.
  suppliers: [
    // A supplier's CUIT identifies it within the account.
    {
      key: { account_id: 1, tax_id: 1 },
      name: 'account_tax_id_unique',
      unique: true,
      partialFilterExpression: { tax_id: { $type: 'string' } },
    },
  ],
  // The list indexes come from the declarations; a SKU is unique within the account.
  products: [{ key: { account_id: 1, sku: 1 }, name: 'account_sku_unique', unique: true }],
  customers: [],
  stock_movements: [{ key: { account_id: 1, item_id: 1, created_at: -1 }, name: 'account_item_created' }],
  // The list indexes come from the declarations (by supplier, by date: the supplier filter's and the date order's).
  expenses: [],
  supplies: [],
  // The list indexes come from the supply consumption declaration.
  supply_consumptions: [],
  // The list indexes come from the delivery note declaration; this one keeps numbers unique per sale point.
  delivery_notes: [
    {
      key: { account_id: 1, sale_point: 1, number: 1 },
      name: 'account_sale_point_number_unique',
      unique: true,
      partialFilterExpression: { number: { $type: 'number' } },
    },
  ],
  // The list indexes come from the received invoice declaration; this one is the export's natural key, so a voucher
  // imported twice (a re-import, two concurrent uploads) is stored once.
  received_invoices: [
    {
      key: { account_id: 1, supplier_cuit: 1, voucher_type: 1, sale_point: 1, voucher_number: 1 },
      name: 'account_voucher_unique',
      unique: true,
    },
  ],
  // An FCE voucher's lifecycle log, newest first.
  fce_events: [{ key: { account_id: 1, fce_invoice_id: 1, seq: -1 }, name: 'account_invoice_seq', unique: true }],
  // The history lists newest first with _id breaking ties of one instant: both in the key, so no in-memory sort.
  received_invoice_imports: [{ key: { account_id: 1, started_at: -1, _id: -1 }, name: 'account_started_id' }],
  // The list indexes come from the issued voucher declaration; this one is the Emitidos export's natural key within
  // the account (its issuer), so a voucher imported twice is stored once.
  issued_vouchers: [
    {
      key: { account_id: 1, voucher_type: 1, sale_point: 1, voucher_number: 1 },
      name: 'account_voucher_unique',
      unique: true,
    },
    // The FCE issued list, by status or all FCE statuses, newest first (only FCE vouchers carry fce_status).
    { key: { account_id: 1, fce_status: 1, issue_date: -1, _id: -1 }, name: 'account_fce_status_issued' },
  ],
  issued_voucher_imports: [{ key: { account_id: 1, started_at: -1, _id: -1 }, name: 'account_started_id' }],
  /** Atomic sequences (delivery note numbers per sale point). */
  counters: [{ key: { account_id: 1, name: 1 }, name: 'account_name_unique', unique: true }],
  // The list indexes come from the declarations; these keep codes and posted numbers unique.
  // The reports read an account's detail accounts by its code among their ancestors (`path`), and the statements
  // the chart of some types down to a level.
  ledger_accounts: [
    { key: { account_id: 1, code: 1 }, name: 'account_code_unique', unique: true },
    { key: { account_id: 1, path: 1, is_detail: 1 }, name: 'account_path_detail' },
    { key: { account_id: 1, account_type: 1, level: 1 }, name: 'account_type_level' },
  ],
  journal_entries: [
    // The posted lines of one ledger account in a date range (bank reconciliation's candidates).
    { key: { account_id: 1, 'lines.account_code': 1, date: 1 }, name: 'account_line_account_date' },
    {
      key: { account_id: 1, fiscal_year: 1, number: 1 },
      name: 'account_fiscal_year_number_unique',
      unique: true,
      partialFilterExpression: { number: { $type: 'number' } },
    },
    // The reports read posted lines in book order: an account's (Libro Mayor) and a day's (Libro Diario).
    { key: { account_id: 1, 'lines.account_code': 1, date: 1, number: 1 }, name: 'account_line_account_date_number' },
    { key: { account_id: 1, date: 1, number: 1 }, name: 'account_date_number' },
  ],
  /** Posted debits and credits per account and day: balances and reports add these up, never the lines. */
  ledger_daily_totals: [
    { key: { account_id: 1, account_code: 1, day: 1 }, name: 'account_code_day_unique', unique: true },
    { key: { account_id: 1, ancestors: 1, day: 1 }, name: 'account_ancestors_day' },
    { key: { account_id: 1, day: 1 }, name: 'account_day' },
  ],
  fiscal_years: [{ key: { account_id: 1, year: 1 }, name: 'account_year_unique', unique: true }],
  // The list indexes come from the tax rule declaration; these serve the default list (active rules in display
  // order) and a country's rules, and keep one default per country and category.
  tax_rules: [
    { key: { account_id: 1, is_active: 1, display_order: 1, _id: 1 }, name: 'account_active_order' },
    { key: { account_id: 1, country: 1, is_active: 1, category: 1, display_order: 1, _id: 1 }, name: 'account_country_active_order' },
    {
      key: { account_id: 1, country: 1, category: 1 },
      name: 'account_country_category_default_unique',
      unique: true,
      partialFilterExpression: { is_default: true },
    },
  ],
  // The list indexes come from the declaration; this one keeps an identity's CUIT unique within the account.
  additional_taxpayers: [{ key: { account_id: 1, tax_id: 1 }, name: 'account_tax_id_unique', unique: true }],
  // Bank reconciliation: statements newest first, a statement's lines in file order or open ones by date, a movement
  // stored once per bank account, a journal line matched once.
  bank_statements: [
    { key: { account_id: 1, created_at: -1, _id: -1 }, name: 'account_created' },
    { key: { account_id: 1, ledger_account_code: 1, created_at: -1, _id: -1 }, name: 'account_ledger_created' },
  ],
  bank_statement_lines: [
    { key: { account_id: 1, ledger_account_code: 1, dedup_key: 1 }, name: 'account_ledger_dedup_unique', unique: true },
    { key: { account_id: 1, statement_id: 1, line: 1, _id: 1 }, name: 'account_statement_line' },
    { key: { account_id: 1, statement_id: 1, status: 1, date: 1, _id: 1 }, name: 'account_statement_status_date' },
  ],
  bank_matches: [
    { key: { account_id: 1, entry_id: 1, line_index: 1 }, name: 'account_entry_line_unique', unique: true },
    { key: { account_id: 1, statement_line_id: 1 }, name: 'account_statement_line' },
  ],
  /**
   * ARCA deadlines: one per tax and due month (two seeds racing collide here, and the loser finds the winner's),
   * listed by due day, a year as a range of it.
   */
  fiscal_deadlines: [
    { key: { account_id: 1, year: 1, month: 1, tax: 1 }, name: 'account_year_month_tax_unique', unique: true },
    { key: { account_id: 1, due_date: 1, _id: 1 }, name: 'account_due_date' },
    // A month's or a tax's deadlines by due day (the month first: it is the narrower where both are asked).
    { key: { account_id: 1, month: 1, due_date: 1, _id: 1 }, name: 'account_month_due_date' },
    { key: { account_id: 1, tax: 1, due_date: 1, _id: 1 }, name: 'account_tax_due_date' },
  ],
  /** An account's own non-working days: one per date, listed in date order. */
  fiscal_non_working_days: [{ key: { account_id: 1, date: 1 }, name: 'account_date_unique', unique: true }],
  /** One per account (_id = account id): the revision that seeds and day changes bump, so that they serialize. */
  fiscal_calendars: [],
  /** One per account and name (`afip_wsfe`): the name is the record's REST identifier. */
  billing_systems: [{ key: { account_id: 1, name: 1 }, name: 'account_name_unique', unique: true }],
  /**
   * WSAA access tickets, keyed (_id) by environment, certificate fingerprint and service: shared by every process.
   * Each key holds one ticket, replaced at the next login; the expiry index finds lapsed ones (and makes the
   * collection exist from the start, so a lookup by _id is the server's direct one).
   */
  afip_tickets: [{ key: { expires_at: 1 }, name: 'expiry' }],
  /**
   * VAT books: settings and period states once per account and month; a book's lines listed by date, a generated line
   * stored once per source document (its writes update it in place); the calculated position of each month.
   */
  iva_config: [{ key: { account_id: 1 }, name: 'account_unique', unique: true }],
  iva_periods: [{ key: { account_id: 1, period: 1 }, name: 'account_period_unique', unique: true }],
  iva_book_entries: [
    { key: { account_id: 1, period: 1, book_type: 1, date: 1, _id: 1 }, name: 'account_book_date' },
    {
      key: { account_id: 1, origin: 1, source_id: 1 },
      name: 'account_source_unique',
      unique: true,
      partialFilterExpression: { source_id: { $type: 'objectId' } },
    },
  ],
  iva_summaries: [{ key: { account_id: 1, period: 1 }, name: 'account_period_unique', unique: true }],
  // A book's totals, kept by the writes of its lines: one per account, month and book.
  iva_book_totals: [{ key: { account_id: 1, period: 1, book_type: 1 }, name: 'account_period_book_unique', unique: true }],
  /**
   * Withholdings and perceptions: settings once per account; the account's own regime versions once per code and
   * date; a payment's withholding once per regime (a second apply of the payment collides here); lists newest first
   * (all, of a supplier, of a tax), and a supplier's month per regime for the accumulation; what a supplier's payments
   * left pending, once per regime; certificates numbered once per tax and issued once per withholding; a sale's
   * perception once per voucher and regime.
   */
  withholding_config: [{ key: { account_id: 1 }, name: 'account_unique', unique: true }],
  withholding_regimes: [{ key: { account_id: 1, code: 1, valid_from: 1 }, name: 'account_code_valid_from_unique', unique: true }],
  withholdings: [
    { key: { account_id: 1, payment_id: 1, regime_code: 1 }, name: 'account_payment_regime_unique', unique: true },
    { key: { account_id: 1, date: -1, _id: -1 }, name: 'account_date' },
    { key: { account_id: 1, supplier_id: 1, date: -1, _id: -1 }, name: 'account_supplier_date' },
    { key: { account_id: 1, tax: 1, date: -1, _id: -1 }, name: 'account_tax_date' },
    { key: { account_id: 1, supplier_id: 1, regime_code: 1, period: 1 }, name: 'account_supplier_regime_period' },
  ],
  withholding_pending: [{ key: { account_id: 1, supplier_id: 1, regime_code: 1 }, name: 'account_supplier_regime_unique', unique: true }],
  withholding_certificates: [
    { key: { account_id: 1, tax: 1, number: 1 }, name: 'account_tax_number_unique', unique: true },
    { key: { account_id: 1, withholding_id: 1 }, name: 'account_withholding_unique', unique: true },
    { key: { account_id: 1, date: -1, _id: -1 }, name: 'account_date' },
    { key: { account_id: 1, supplier_id: 1, date: -1, _id: -1 }, name: 'account_supplier_date' },
    { key: { account_id: 1, tax: 1, date: -1, _id: -1 }, name: 'account_tax_date' },
  ],
  perceptions: [
    {
      key: { account_id: 1, voucher_type: 1, sale_point: 1, voucher_number: 1, regime_code: 1 },
      name: 'account_voucher_regime_unique',
      unique: true,
    },
    { key: { account_id: 1, date: -1, _id: -1 }, name: 'account_date' },
    { key: { account_id: 1, tax: 1, date: -1, _id: -1 }, name: 'account_tax_date' },
  ],
  /**
   * The account's latest changes, newest first: all of them, of one resource type or of one action, each a range
   * of its own index with `_id` breaking ties of one instant; `retention` expires records (ACTIVITY_RETENTION_DAYS).
   */
  activity: [
    { key: { account_id: 1, at: -1, _id: -1 }, name: 'account_at' },
    { key: { account_id: 1, resource_type: 1, at: -1, _id: -1 }, name: 'account_type_at' },
    { key: { account_id: 1, action: 1, at: -1, _id: -1 }, name: 'account_action_at' },
    { key: { at: 1 }, name: 'retention', expireAfterSeconds: ACTIVITY_RETENTION_DAYS * 86_400 },
  ],
  /** The statistics' daily totals per source and Argentine day (see domain/stats/daily-totals.ts). */
  stats_daily_totals: [{ key: { account_id: 1, source: 1, day: 1 }, name: 'account_source_day_unique', unique: true }],
  /** Days an import changed whose daily totals are still to be recounted (see domain/stats/pending-days.ts). */
  stats_pending_days: [{ key: { account_id: 1, source: 1, day: 1, writer: 1 }, name: 'account_source_day_writer_unique', unique: true }],
  /**
   * Answers kept under the `Idempotency-Key` of the request that made them (src/http/idempotency.ts): one per key of
   * an account, removed a day after it was first used.
   */
  idempotency_keys: [
    { key: { account_id: 1, key: 1 }, name: 'account_key_unique', unique: true },
    { key: { expires_at: 1 }, name: 'expiry', expireAfterSeconds: 0 },
  ],
  /** Leases of the periodic sweeps, so that one gateway over the store runs each at a time (domain/stats/sweep.ts). */
  sweeps: [],
  /** Stored-data upgrades already applied (see upgrades.ts). */
  upgrades: [],
} satisfies Record<string, IndexDescription[]>;

export type CollectionName = keyof typeof COLLECTIONS;

/** Indexes earlier versions created that nothing reads any more (each costs every write its entry). */
const RETIRED: Partial<Record<CollectionName, string[]>> = {
  // The FCE list reads issued vouchers; this was declared on the received ones by mistake.
  received_invoices: ['account_fce_status_issued'],
  // Served by the declarations' indexes, which start with the same keys (the created_at order, the supplier filter).
  suppliers: ['account_created'],
  products: ['account_created'],
  customers: ['account_created'],
  expenses: ['account_date', 'account_supplier'],
  supplies: ['account_created', 'account_supplier'],
};

const keyText = (index: IndexDescription) => JSON.stringify(index.key);

/**
 * Whether another index starts with all of this one's keys, in the same order and directions: it serves every query
 * this one does (an equality filter, a range, the same order), so this one would only cost writes; or is a natural
 * key leading with this one's first two (below). Only plain indexes give way: a unique, partial, sparse or expiring
 * one means more than its keys.
 */
function servedByLonger(index: IndexDescription, others: IndexDescription[]): boolean {
  if (index.unique || index.partialFilterExpression || index.sparse || index.expireAfterSeconds !== undefined) return false;
  const fields = Object.entries(index.key);
  return others.some((other) => {
    const longer = Object.entries(other.key);
    if (other === index || other.partialFilterExpression || other.sparse) return false;
    const leading = (count: number) => fields.slice(0, count).every(([field, direction], i) => longer[i]?.[0] === field && longer[i]?.[1] === direction);
    if (longer.length > fields.length && leading(fields.length)) return true;
    // A natural key (unique over the whole collection) that leads with the account and the filter's field already
    // narrows that filter to a few documents per value; a second index for its order would cost every write more.
    return Boolean(other.unique) && fields.length > 2 && leading(2);
  });
}

/** The indexes a collection has, name → keys (none when it does not exist yet). */
async function existingIndexes(db: Db, name: string): Promise<Map<string, string>> {
  const listed = await db
    .collection(name)
    .listIndexes()
    .toArray()
    .catch((error: { codeName?: string }) => {
      if (error.codeName === 'NamespaceNotFound') return [];
      throw error;
    });
  return new Map(listed.map((index) => [index.name as string, JSON.stringify(index.key)]));
}

/**
 * Creates every index: the catalogue's, and `more` (what the domain's declarations derive for their lists). An index
 * the catalogue already has under the same name or keys is not repeated, one that a longer index serves is left out
 * (and dropped where an earlier version made it), one whose keys changed is rebuilt, and retired ones are dropped.
 */
export async function ensureIndexes(db: Db, more: Partial<Record<CollectionName, IndexDescription[]>> = {}): Promise<void> {
  for (const [name, indexes] of Object.entries(COLLECTIONS) as Array<[CollectionName, IndexDescription[]]>) {
    // An index is known by its name and by its keys (MongoDB refuses the same keys under a second name).
    const known = new Set(indexes.flatMap((index) => [index.name, keyText(index)]));
    const derived = (more[name] ?? []).filter((index) => !known.has(index.name) && !known.has(keyText(index)));
    const candidates = [...indexes, ...derived];
    const redundant = derived.filter((index) => servedByLonger(index, candidates));
    const all = candidates.filter((index) => !redundant.includes(index));
    const existing = await existingIndexes(db, name);
    // An index whose declaration changed keys keeps its name: the old one is dropped and built anew.
    for (const index of all) {
      const found = existing.get(index.name!);
      if (found && found !== keyText(index)) await db.collection(name).dropIndex(index.name!);
    }
    if (all.length) await db.collection(name).createIndexes(all);
    const retired = [...(RETIRED[name] ?? []), ...redundant.map((index) => index.name!)];
    for (const index of retired) if (existing.has(index)) await db.collection(name).dropIndex(index);
  }
}
