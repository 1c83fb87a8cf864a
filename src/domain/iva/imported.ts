import type { ObjectId } from 'mongodb';
import { requirePrincipal, type RequestContext } from '../context';
import { coefficientBp } from './coefficient';
import { getConfig, type IvaConfig } from './iva.config';
import { keepLines, SOURCE_ORIGINS, writeLines } from './kept';
import { fromIssuedVoucher, fromReceivedInvoice, type IssuedVoucherSource, type ReceivedInvoiceSource } from './sources';

const configOfRequest = new WeakMap<RequestContext, ReturnType<typeof getConfig>>();

/** The settings, read once per import: every batch of the request shares them. */
function configOf(context: RequestContext): ReturnType<typeof getConfig> {
  let config = configOfRequest.get(context);
  if (!config) {
    config = getConfig(context);
    configOfRequest.set(context, config);
  }
  return config;
}

/** The fields that tell one voucher of an account from another (the collection's unique index, after the account). */
const NATURAL_KEY = {
  received_invoices: ['supplier_cuit', 'voucher_type', 'sale_point', 'voucher_number'],
  issued_vouchers: ['voucher_type', 'sale_point', 'voucher_number'],
} as const;

type ImportedKind = keyof typeof NATURAL_KEY;

const keyOf = (kind: ImportedKind, voucher: Record<string, unknown>) => JSON.stringify(NATURAL_KEY[kind].map((field) => voucher[field]));

/**
 * The stored documents of a batch's duplicates that have no book line: a batch an import stored before its process
 * died, its lines not yet written (they follow the batch's write, outside its transaction). Two reads on indexes: the
 * documents by their unique key, then their lines by source; nothing more when every line is there.
 */
async function unlined(context: RequestContext, kind: ImportedKind, duplicates: object[]): Promise<ObjectId[]> {
  const accountId = requirePrincipal(context).accountId;
  const wanted = new Set(duplicates.map((voucher) => keyOf(kind, voucher as Record<string, unknown>)));
  const filter: Record<string, unknown> = { account_id: accountId };
  for (const field of NATURAL_KEY[kind]) filter[field] = { $in: [...new Set(duplicates.map((voucher) => (voucher as Record<string, unknown>)[field]))] };
  const projection = Object.fromEntries(NATURAL_KEY[kind].map((field) => [field, 1]));
  // The $in of each field may match more than the batch's vouchers (other combinations of the same values): only the
  // batch's own are kept.
  const stored = (await context.store.collection(kind).find(filter, { projection }).toArray()).filter((doc) => wanted.has(keyOf(kind, doc)));
  if (!stored.length) return [];
  const lined = await context.store
    .collection('iva_book_entries')
    .find({ account_id: accountId, origin: SOURCE_ORIGINS[kind], source_id: { $in: stored.map((doc) => doc._id) } }, { projection: { _id: 0, source_id: 1 } })
    .toArray();
  const has = new Set(lined.map((line) => String(line.source_id)));
  return stored.map((doc) => doc._id).filter((id) => !has.has(String(id)));
}

const deadImportsOfRequest = new WeakMap<RequestContext, Map<ImportedKind, Promise<boolean>>>();

/**
 * Whether another import of the account's vouchers of this kind died with months still marked as its own (see
 * stats/pending-days.ts): only then may stored vouchers lack their lines, since the sweep rebuilds a dead import's
 * books before it lets its marks go. Asked once per import, on the marks' index.
 */
function deadImport(context: RequestContext, kind: ImportedKind, importId: ObjectId): Promise<boolean> {
  let byKind = deadImportsOfRequest.get(context);
  if (!byKind) {
    byKind = new Map();
    deadImportsOfRequest.set(context, byKind);
  }
  let dead = byKind.get(kind);
  if (!dead) {
    dead = context.store
      .collection('stats_pending_days')
      .findOne({ account_id: requirePrincipal(context).accountId, source: kind, writer: { $nin: [null, importId] } }, { projection: { _id: 1 } })
      .then((mark) => mark !== null);
    byKind.set(kind, dead);
  }
  return dead;
}

const takes = (kind: ImportedKind, config: IvaConfig) => (kind === 'issued_vouchers' ? config.sources.issuedVouchers : config.sources.receivedInvoices);

/**
 * The book lines of an import's batch, made from the documents just stored, and written with one bulk write. A batch
 * is inserted with one unordered insertMany that lets the unique natural key refuse duplicates, which a transaction
 * does not survive (a refused write aborts it): the lines follow the batch's write instead of sharing its transaction.
 * The import refuses rows of closed periods, so every line falls in an open one; lines are upserts by source, so
 * writing them again changes nothing.
 *
 * Should the process die between a batch and its lines, those documents are stored without lines, and its months stay
 * marked as its own. The same file uploaded again (the way to complete an interrupted import) meets them as
 * duplicates: while such marks are there, their missing lines are written then, with their books' totals, in one
 * transaction (keepLines, which also leaves what makes no line, an ignored invoice or a closed month, as it is).
 * Without them no duplicate is looked up: a re-upload of a complete import reads nothing more.
 */
export async function keepImportedLines(
  context: RequestContext,
  kind: ImportedKind,
  batch: ReadonlyArray<{ voucher: object }>,
  duplicateAt: ReadonlySet<number>,
  importId: ObjectId,
): Promise<void> {
  const config = await configOf(context);
  if (!takes(kind, config)) return;
  const stored = batch.filter((_, at) => !duplicateAt.has(at)).map(({ voucher }) => voucher);
  if (stored.length) {
    const coefficient = coefficientBp(config);
    const lines =
      kind === 'issued_vouchers'
        ? (stored as IssuedVoucherSource[]).map(fromIssuedVoucher)
        : (stored as ReceivedInvoiceSource[]).map((invoice) => fromReceivedInvoice(invoice, coefficient));
    await writeLines(context, lines, context.now());
  }
  const duplicates = batch.filter((_, at) => duplicateAt.has(at)).map(({ voucher }) => voucher);
  const missing = duplicates.length && (await deadImport(context, kind, importId)) ? await unlined(context, kind, duplicates) : [];
  if (missing.length) await context.store.transaction((session) => keepLines(context, kind, missing, config, context.now(), session));
}
