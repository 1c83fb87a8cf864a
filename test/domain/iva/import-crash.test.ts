import { Readable } from 'node:stream';
import { ObjectId } from 'mongodb';
import type { RequestContext } from '../../../src/domain/context';
import { rebuildBooksOfDeadImports } from '../../../src/domain/iva/abandoned';
import { putConfig } from '../../../src/domain/iva/config-update';
import { keepImportedLines } from '../../../src/domain/iva/imported';
import { closePeriod } from '../../../src/domain/iva/periods';
import { readTotals, recountTotals } from '../../../src/domain/iva/totals';
import { importIssuedVouchers } from '../../../src/domain/issued-vouchers/issued-vouchers.import';
import { importReceivedInvoices } from '../../../src/domain/received-invoices/received-invoices.import';
import { suiteDatabase } from '../../support/database';
import { declaredIndexes } from '../../../src/domain/declarations';
import { ensureIndexes } from '../../../src/store/catalog';
import { contextOn } from './context';
import { issuedVoucher, receivedInvoice } from './entries';
import { testCuit } from '../../support/cuit';

/**
 * An import writes a batch's book lines after the batch (outside its transaction: see iva/imported.ts). A process that
 * dies between the two leaves vouchers stored without lines; the same file uploaded again — every row a duplicate —
 * writes the missing lines and their books' totals, and nothing when none is missing. The crash is simulated by
 * bringing the store to the state it leaves: the file imported, then the lines of its vouchers removed and the books'
 * totals counted from the lines left, as they stood before the batch, and its months still marked as its own (the
 * statistics' marks of stats/pending-days.ts, which a finished import lets go and the sweep clears after rebuilding).
 */
const store = suiteDatabase('iva-import-crash', (opened) => ensureIndexes(opened.db, declaredIndexes()));

const G2 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
/** The Emitidos export's G2 header: the same columns, the counterpart being the receiver. */
const G2_ISSUED = G2.replace(/Emisor/g, 'Receptor');
/** A G2 row of 1.000,00 net at 21 % (210,00), total 1.210,00, from one supplier (or, in Emitidos, to one customer). */
const row = (day: string, salePoint: number, number: number) =>
  `${day};1;${salePoint};${number};${number};75481234500011;80;30715551248;PANADERÍA LA ESPAÑOLA S.R.L.;1,00;$;1000,00;0,00;0,00;0,00;210,00;1210,00`;
const ROWS = [row('2025-12-01', 3, 101), row('2025-12-02', 4, 102), row('2025-11-28', 3, 103)];
const fileOf = (kind: 'received_invoices' | 'issued_vouchers' = 'received_invoices') => {
  const content = [kind === 'received_invoices' ? G2 : G2_ISSUED, ...ROWS].join('\n');
  return { filename: 'comprobantes.csv', createReadStream: () => Readable.from([Buffer.from(content)]) };
};

async function account(): Promise<RequestContext> {
  const accountId = new ObjectId();
  await store()
    .collection('accounts')
    .insertOne({ _id: accountId, name: 'Cuenta', cuit: testCuit(), settings: { widgets: {} }, created_at: new Date(), updated_at: new Date() });
  return contextOn(store(), accountId);
}

const linesOf = (context: RequestContext) =>
  store()
    .collection('iva_book_entries')
    .find({ account_id: context.principal!.accountId }, { projection: { _id: 0, source_id: 1, period: 1, book_type: 1, vat_cents: 1, total_cents: 1 } })
    .sort({ period: 1, source_id: 1 })
    .toArray();

/** A month of the account marked as being written by an import whose process died (its writer's mark left behind). */
async function markedByDeadImport(context: RequestContext, kind: 'received_invoices' | 'issued_vouchers', writer = new ObjectId()) {
  await store()
    .collection('stats_pending_days')
    .insertOne({ account_id: context.principal!.accountId, source: kind, day: '2025-12', writer, since: new Date() });
}

/** The store as an import of `kind` leaves it when its process dies after storing its batch, before its lines. */
async function importedThenCrashed(context: RequestContext, kind: 'received_invoices' | 'issued_vouchers') {
  await (kind === 'received_invoices' ? importReceivedInvoices : importIssuedVouchers)(context, fileOf(kind));
  const accountId = context.principal!.accountId;
  const vouchers = await store()
    .collection(kind)
    .find({ account_id: accountId }, { projection: { _id: 1 } })
    .toArray();
  const lines = store().collection('iva_book_entries');
  const books = await lines.distinct('period', { account_id: accountId });
  await lines.deleteMany({ account_id: accountId, source_id: { $in: vouchers.map((doc) => doc._id) } });
  for (const period of books) for (const bookType of ['purchases', 'sales'] as const) await recountTotals(context, period, bookType);
  await markedByDeadImport(context, kind);
}

/** The account's books as stored: lines and totals, every field. */
const books = async (context: RequestContext) => ({
  lines: await store().collection('iva_book_entries').find({ account_id: context.principal!.accountId }).sort({ _id: 1 }).toArray(),
  totals: await store().collection('iva_book_totals').find({ account_id: context.principal!.accountId }).sort({ _id: 1 }).toArray(),
});

describe('a crash between a batch and its book lines', () => {
  it('leaves the vouchers without lines; the same file again writes them and the totals, once', async () => {
    const context = await account();
    await importedThenCrashed(context, 'received_invoices');
    expect(await readTotals(context, '2025-12', 'purchases')).toMatchObject({ count: 0, totalCents: 0 });
    const invoices = await store().collection('received_invoices').find({ account_id: context.principal!.accountId }).toArray();
    expect(invoices).toHaveLength(3);
    expect(await linesOf(context)).toEqual([]);

    const again = await importReceivedInvoices(context, fileOf());
    expect(again).toMatchObject({ status: 'completed', rows_imported: 0, rows_duplicated: 3 });
    // One line per voucher, in its month's purchases book: 1.210,00 with 210,00 of VAT each.
    const line = (period: string) => ({ period, book_type: 'purchases', total_cents: 121_000, vat_cents: 21_000 });
    expect((await linesOf(context)).map(({ source_id: _, ...rest }) => rest)).toEqual([line('2025-11'), line('2025-12'), line('2025-12')]);
    expect((await linesOf(context)).map((doc) => String(doc.source_id)).sort()).toEqual(invoices.map((doc) => String(doc._id)).sort());
    expect(await readTotals(context, '2025-12', 'purchases')).toMatchObject({ count: 2, totalCents: 242_000, vatCents: 42_000 });
    expect(await readTotals(context, '2025-11', 'purchases')).toMatchObject({ count: 1, totalCents: 121_000, vatCents: 21_000 });

    // A third upload finds every line there: the books stay as they are, to the last field (no line rewritten).
    const repaired = await books(context);
    expect(await importReceivedInvoices(context, fileOf())).toMatchObject({ rows_imported: 0, rows_duplicated: 3 });
    expect(await books(context)).toEqual(repaired);
  });

  it('issued vouchers likewise, into the sales book', async () => {
    const context = await account();
    await importedThenCrashed(context, 'issued_vouchers');
    expect(await linesOf(context)).toEqual([]);
    expect(await importIssuedVouchers(context, fileOf('issued_vouchers'))).toMatchObject({ rows_imported: 0, rows_duplicated: 3 });
    expect((await linesOf(context)).map((doc) => `${doc.period} ${doc.book_type}`)).toEqual(['2025-11 sales', '2025-12 sales', '2025-12 sales']);
    expect(await readTotals(context, '2025-12', 'sales')).toMatchObject({ count: 2, vatCents: 42_000 });
  });

  it('a duplicate that makes no line is left without one: an ignored invoice, a closed month, a source switched off', async () => {
    const context = await account();
    await importedThenCrashed(context, 'received_invoices');
    const invoices = store().collection('received_invoices');
    await invoices.updateOne({ account_id: context.principal!.accountId, voucher_number: 101 }, { $set: { status: 'ignored' } });
    await closePeriod(context, '2025-11');
    await importReceivedInvoices(context, fileOf());
    // Only 102 (December, not ignored) gets its line; November is closed, 101 is ignored.
    const stored = await invoices.findOne({ account_id: context.principal!.accountId, voucher_number: 102 });
    expect((await linesOf(context)).map((doc) => [doc.period, String(doc.source_id)])).toEqual([['2025-12', String(stored!._id)]]);

    // With received invoices off as a source, no line is written for them, new or duplicate.
    const off = await account();
    await putConfig(off, { sources: { receivedInvoices: false } });
    await importReceivedInvoices(off, fileOf());
    await importReceivedInvoices(off, fileOf());
    expect(await linesOf(off)).toEqual([]);
  });

  it('a stored voucher with the values of the batch’s vouchers in another combination is not taken for one of them', async () => {
    const context = await account();
    await importedThenCrashed(context, 'received_invoices');
    // Stored without a line: the supplier, type and a sale point and a number of the file's rows, but no row's pair.
    const other = new ObjectId();
    await store()
      .collection('received_invoices')
      .insertOne({
        _id: other,
        account_id: context.principal!.accountId,
        supplier_cuit: '30715551248',
        voucher_type: 1,
        sale_point: 3,
        voucher_number: 102,
        issue_date: new Date('2025-12-02T03:00:00Z'),
        status: 'pending',
        total_amount_cents: 121_000,
      });
    await importReceivedInvoices(context, fileOf());
    const lined = (await linesOf(context)).map((doc) => String(doc.source_id));
    expect(lined).toHaveLength(3);
    expect(lined).not.toContain(String(other));
  });
});

describe('keepImportedLines on a batch of duplicates', () => {
  /** The rows of a re-upload: the same vouchers, each read with an `_id` of its own (never stored). */
  const batchOf = (...docs: Array<Record<string, unknown>>) => docs.map((doc) => ({ voucher: { ...doc, _id: new ObjectId() } }));

  it('writes the line of each stored duplicate that has none, in its book, and only those', async () => {
    const context = await account();
    const accountId = context.principal!.accountId;
    const lined = receivedInvoice(accountId, '2025-12-03T15:00:00Z', 50_000, { sale_point: 7, voucher_number: 1 });
    const unlined = receivedInvoice(accountId, '2025-12-04T15:00:00Z', 100_000, { sale_point: 8, voucher_number: 2 });
    // Another combination of the same values (sale point 7, number 2): stored without a line, not in the batch.
    const other = receivedInvoice(accountId, '2025-12-05T15:00:00Z', 70_000, { sale_point: 7, voucher_number: 2 });
    await store().collection('received_invoices').insertMany([lined, unlined, other]);
    await markedByDeadImport(context, 'received_invoices');
    await keepImportedLines(context, 'received_invoices', [{ voucher: lined }], new Set(), new ObjectId());
    expect((await linesOf(context)).map((doc) => String(doc.source_id))).toEqual([String(lined._id)]);

    await keepImportedLines(context, 'received_invoices', batchOf(lined, unlined), new Set([0, 1]), new ObjectId());
    const after = await linesOf(context);
    expect(after.map((doc) => String(doc.source_id)).sort()).toEqual([String(lined._id), String(unlined._id)].sort());
    // 1.000,00 + 21 %, as the line of a new voucher would be; the book's totals count both.
    expect(after.find((doc) => String(doc.source_id) === String(unlined._id))).toMatchObject({
      period: '2025-12',
      book_type: 'purchases',
      total_cents: 121_000,
      vat_cents: 21_000,
    });
    expect(await readTotals(context, '2025-12', 'purchases')).toMatchObject({ count: 2, totalCents: 60_500 + 121_000 });

    // Every duplicate lined: the books stay as they are (a line rewritten a month later would show it).
    const kept = await books(context);
    const later = contextOn(store(), accountId, { now: () => new Date('2026-02-15T12:00:00Z') });
    // (still marked: the dead import's months are only let go by the sweep, after it rebuilds their books)
    await keepImportedLines(later, 'received_invoices', batchOf(lined, unlined), new Set([0, 1]), new ObjectId());
    expect(await books(context)).toEqual(kept);
  });

  it('issued duplicates get their sales lines; a duplicate not stored at all (another account’s) gets none', async () => {
    const context = await account();
    const accountId = context.principal!.accountId;
    const sold = issuedVoucher(accountId, '2025-12-06T15:00:00Z', 100_000, { sale_point: 9, voucher_number: 5 });
    await store().collection('issued_vouchers').insertOne(sold);
    const elsewhere = issuedVoucher(new ObjectId(), '2025-12-06T15:00:00Z', 100_000, { sale_point: 9, voucher_number: 6 });
    await store().collection('issued_vouchers').insertOne(elsewhere);
    await markedByDeadImport(context, 'issued_vouchers');
    await keepImportedLines(context, 'issued_vouchers', batchOf(sold, { ...elsewhere, account_id: accountId }), new Set([0, 1]), new ObjectId());
    expect((await linesOf(context)).map((doc) => [doc.book_type, String(doc.source_id)])).toEqual([['sales', String(sold._id)]]);
    const none = await account();
    await keepImportedLines(none, 'issued_vouchers', batchOf(elsewhere), new Set([0]), new ObjectId());
    expect(await linesOf(none)).toEqual([]);
  });
});

describe('keepImportedLines without a dead import', () => {
  /** The state a crash leaves, the marks aside: vouchers stored without their lines. */
  async function unlinedVoucher(context: RequestContext) {
    const voucher = receivedInvoice(context.principal!.accountId, '2025-12-04T15:00:00Z', 100_000, { sale_point: 12, voucher_number: 1 });
    await store().collection('received_invoices').insertOne(voucher);
    return [{ voucher: { ...voucher, _id: new ObjectId() } }];
  }

  it('looks no duplicate up: with no import of the kind marked dead, none can lack its line', async () => {
    const context = await account();
    const batch = await unlinedVoucher(context);
    // Only changed days (no writer) and another kind's dead import are marked.
    await store()
      .collection('stats_pending_days')
      .insertOne({ account_id: context.principal!.accountId, source: 'received_invoices', day: '2025-12-04', writer: null, since: new Date() });
    await markedByDeadImport(context, 'issued_vouchers');
    await keepImportedLines(context, 'received_invoices', batch, new Set([0]), new ObjectId());
    expect(await linesOf(context)).toEqual([]);
  });

  it("the import's own marks are not a dead import's; another account's dead import is not this one's", async () => {
    const context = await account();
    const batch = await unlinedVoucher(context);
    const importId = new ObjectId();
    await markedByDeadImport(context, 'received_invoices', importId);
    await markedByDeadImport(await account(), 'received_invoices');
    await keepImportedLines(context, 'received_invoices', batch, new Set([0]), importId);
    expect(await linesOf(context)).toEqual([]);
    // Another import's mark: the line is written.
    const next = contextOn(store(), context.principal!.accountId);
    await markedByDeadImport(next, 'received_invoices');
    await keepImportedLines(next, 'received_invoices', batch, new Set([0]), importId);
    expect(await linesOf(context)).toHaveLength(1);
  });
});

describe('keepImportedLines with one source switched off', () => {
  it('issued vouchers off, received invoices on: an issued voucher, new or a duplicate, gets no line; a received one does', async () => {
    const context = await account();
    const accountId = context.principal!.accountId;
    await putConfig(context, { sources: { issuedVouchers: false } });
    const sold = issuedVoucher(accountId, '2025-12-06T15:00:00Z', 100_000, { sale_point: 11, voucher_number: 1 });
    const again = issuedVoucher(accountId, '2025-12-07T15:00:00Z', 100_000, { sale_point: 11, voucher_number: 2 });
    await store().collection('issued_vouchers').insertMany([sold, again]);
    await keepImportedLines(context, 'issued_vouchers', [{ voucher: sold }, { voucher: { ...again, _id: new ObjectId() } }], new Set([1]), new ObjectId());
    expect(await linesOf(context)).toEqual([]);
    const bought = receivedInvoice(accountId, '2025-12-06T15:00:00Z', 100_000, { sale_point: 11, voucher_number: 3 });
    await store().collection('received_invoices').insertOne(bought);
    await keepImportedLines(context, 'received_invoices', [{ voucher: bought }], new Set(), new ObjectId());
    expect((await linesOf(context)).map((doc) => String(doc.source_id))).toEqual([String(bought._id)]);
  });
});

describe('rebuildBooksOfDeadImports', () => {
  it("rebuilds the purchases or sales book of each dead import's month, and nothing for a collection without a book", async () => {
    const context = await account();
    const accountId = context.principal!.accountId;
    const bought = receivedInvoice(accountId, '2026-02-10T15:00:00Z', 100_000);
    const sold = issuedVoucher(accountId, '2026-03-10T15:00:00Z', 100_000);
    await store().collection('received_invoices').insertOne(bought);
    await store().collection('issued_vouchers').insertOne(sold);
    const now = new Date('2026-04-01T00:00:00Z');
    expect(await rebuildBooksOfDeadImports(store(), accountId, [{ source: 'expenses', month: '2026-02' }], now)).toBe(0);
    expect(await linesOf(context)).toEqual([]);
    const rebuilt = await rebuildBooksOfDeadImports(
      store(),
      accountId,
      [
        { source: 'received_invoices', month: '2026-02' },
        { source: 'expenses', month: '2026-02' },
        { source: 'issued_vouchers', month: '2026-03' },
      ],
      now,
    );
    expect(rebuilt).toBe(2);
    expect((await linesOf(context)).map((doc) => [doc.period, doc.book_type, String(doc.source_id)])).toEqual([
      ['2026-02', 'purchases', String(bought._id)],
      ['2026-03', 'sales', String(sold._id)],
    ]);
    expect(await readTotals(context, '2026-02', 'purchases')).toMatchObject({ count: 1, totalCents: 121_000 });
    const line = await store().collection('iva_book_entries').findOne({ source_id: bought._id });
    expect(line?.updated_at).toEqual(now);
  });
});
