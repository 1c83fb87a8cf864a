import { ObjectId } from 'mongodb';
import { DEFAULT_CONFIG } from '../../../src/domain/iva/iva.config';
import { putConfig } from '../../../src/domain/iva/config-update';
import { keepImportedLines } from '../../../src/domain/iva/imported';
import { keepLines, monthsBetween, monthsWithBooks, rebuildBook, rebuildOpenMonths } from '../../../src/domain/iva/kept';
import { closePeriod, reopenPeriod } from '../../../src/domain/iva/periods';
import { suppliers } from '../../../src/domain/suppliers/suppliers.service';
import { keepsBooks, refreshTouchedBooks } from '../../../src/domain/iva/touched';
import { IVA_BOOKS_STEP, rebuildAllOpenBooks } from '../../../src/domain/iva/upgrade';
import type { CollectionName } from '../../../src/store/catalog';
import { upgradeStoredData } from '../../../src/store/upgrades';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes } from './context';
import { issuedVoucher, postedExpense, receivedInvoice } from './entries';

/**
 * The book lines kept by the writes of their sources (Libro IVA Compras: received invoices and posted expenses;
 * Libro IVA Ventas: issued vouchers — RG 4597/2019): one line per source, rewritten with it, gone with it, frozen in a
 * closed month (Ley de IVA art. 27: the month's return is filed), rebuilt from the sources by an explicit write
 * (settings, reopen, the start-up upgrade). Every figure is worked by hand from the documents inserted.
 */
const store = suiteDatabase('iva-kept', ivaIndexes);
const at = new Date('2026-01-15T12:00:00Z');

/** Each case on an account of its own. */
function fresh() {
  const id = new ObjectId();
  const ctx = () => contextOn(store(), id, { now: () => at });
  return { id, ctx };
}

const received = receivedInvoice;
const expense = postedExpense;
const issued = (account: ObjectId, when: string, base: number) => issuedVoucher(account, when, base);

const insert = (collection: CollectionName, ...docs: object[]) =>
  store()
    .collection(collection)
    .insertMany(docs as never[]);
const linesOf = (account: ObjectId, filter: Record<string, unknown> = {}) =>
  store()
    .collection('iva_book_entries')
    .find({ account_id: account, ...filter }, { sort: { date: 1, _id: 1 } })
    .toArray();

describe('keepLines: the lines of the sources a write touched', () => {
  it('writes a new source its line, replaces it when the source changes (same line, first written kept), deletes it when it makes none', async () => {
    const { id, ctx } = fresh();
    const invoice = received(id, '2025-12-10T15:00:00Z', 100_000);
    await insert('received_invoices', invoice);
    expect(await keepLines(ctx(), 'received_invoices', [invoice._id], DEFAULT_CONFIG, new Date('2026-01-01T00:00:00Z'))).toBe(1);
    const [first] = await linesOf(id);
    // 1.000,00 + 21 % = 1.210,00; the VAT all computable.
    expect(first).toMatchObject({
      period: '2025-12',
      book_type: 'purchases',
      origin: 'received_invoice',
      total_cents: 121_000,
      vat_cents: 21_000,
      computable_credit_cents: 21_000,
    });
    await store()
      .collection('received_invoices')
      .updateOne({ _id: invoice._id }, { $set: { total_amount_cents: 60_500, vat_items: [{ aliquot: 21, base_cents: 50_000, amount_cents: 10_500 }] } });
    await keepLines(ctx(), 'received_invoices', [invoice._id], DEFAULT_CONFIG, at);
    const [second] = await linesOf(id);
    expect(second).toMatchObject({ _id: first._id, total_cents: 60_500, vat_cents: 10_500, created_at: new Date('2026-01-01T00:00:00Z'), updated_at: at });
    await store()
      .collection('received_invoices')
      .updateOne({ _id: invoice._id }, { $set: { status: 'ignored' } });
    await keepLines(ctx(), 'received_invoices', [invoice._id], DEFAULT_CONFIG, at);
    expect(await linesOf(id)).toEqual([]);
  });

  it('touches nothing for no source, and only the named sources', async () => {
    const { id, ctx } = fresh();
    const named = received(id, '2025-12-10T15:00:00Z', 1_000);
    const other = received(id, '2025-12-11T15:00:00Z', 2_000);
    await insert('received_invoices', named, other);
    expect(await keepLines(ctx(), 'received_invoices', [], DEFAULT_CONFIG, at)).toBe(0);
    await keepLines(ctx(), 'received_invoices', [named._id], DEFAULT_CONFIG, at);
    expect((await linesOf(id)).map((line) => line.source_id.toHexString())).toEqual([named._id.toHexString()]);
  });

  it('a source switched off makes no line: its stored one goes', async () => {
    const { id, ctx } = fresh();
    const posted = expense(id, '2025-12-05', 10_000);
    await insert('expenses', posted);
    await keepLines(ctx(), 'expenses', [posted._id], DEFAULT_CONFIG, at);
    expect(await linesOf(id)).toHaveLength(1);
    await keepLines(ctx(), 'expenses', [posted._id], { ...DEFAULT_CONFIG, sources: { ...DEFAULT_CONFIG.sources, expenses: false } }, at);
    expect(await linesOf(id)).toEqual([]);
  });

  it('a closed month is frozen: its line is neither changed nor deleted, and no line moves into it or out of it', async () => {
    const { id, ctx } = fresh();
    const invoice = received(id, '2025-10-10T15:00:00Z', 10_000);
    const later = received(id, '2025-11-10T15:00:00Z', 20_000);
    await insert('received_invoices', invoice, later);
    await keepLines(ctx(), 'received_invoices', [invoice._id, later._id], DEFAULT_CONFIG, at);
    const before = await linesOf(id);
    await closePeriod(ctx(), '2025-10');
    await store()
      .collection('received_invoices')
      .updateOne({ _id: invoice._id }, { $set: { vat_items: [{ aliquot: 21, base_cents: 5_000, amount_cents: 1_050 }] } });
    // Moved into the closed month: its November line stays where it is.
    await store()
      .collection('received_invoices')
      .updateOne({ _id: later._id }, { $set: { issue_date: new Date('2025-10-20T15:00:00Z') } });
    expect(await keepLines(ctx(), 'received_invoices', [invoice._id, later._id], DEFAULT_CONFIG, at)).toBe(0);
    await store().collection('received_invoices').deleteOne({ _id: invoice._id });
    await keepLines(ctx(), 'received_invoices', [invoice._id], DEFAULT_CONFIG, at);
    expect(await linesOf(id)).toEqual(before);
  });
});

describe('rebuildBook: a month of one book from its sources', () => {
  it('writes every source of the month, moves a line whose source moved in, deletes the lines of sources gone, keeps manual lines', async () => {
    const { id, ctx } = fresh();
    const stays = received(id, '2025-12-02T15:00:00Z', 10_000);
    const movesIn = received(id, '2025-11-20T15:00:00Z', 20_000);
    const leaves = received(id, '2025-12-03T15:00:00Z', 30_000);
    await insert('received_invoices', stays, movesIn, leaves);
    await keepLines(ctx(), 'received_invoices', [stays._id, movesIn._id, leaves._id], DEFAULT_CONFIG, at);
    const manual = { _id: new ObjectId(), account_id: id, period: '2025-12', book_type: 'purchases', origin: 'manual', source_id: null, date: '2025-12-09' };
    await insert('iva_book_entries', manual);
    const moved = (await linesOf(id, { source_id: movesIn._id }))[0];
    await store()
      .collection('received_invoices')
      .updateOne({ _id: movesIn._id }, { $set: { issue_date: new Date('2025-12-20T15:00:00Z') } });
    await store().collection('received_invoices').deleteOne({ _id: leaves._id });
    await rebuildBook(ctx(), '2025-12', 'purchases', DEFAULT_CONFIG, at);
    const december = await linesOf(id, { period: '2025-12' });
    expect(december.map((line) => [line.origin, line.source_id?.toHexString() ?? null, line.total_cents ?? null])).toEqual([
      ['received_invoice', stays._id.toHexString(), 12_100],
      ['manual', null, null],
      ['received_invoice', movesIn._id.toHexString(), 24_200],
    ]);
    expect(december[2]._id).toEqual(moved._id);
    expect(await linesOf(id, { period: '2025-11' })).toEqual([]);
  });

  it('leaves a closed month as it was, and a line frozen in a closed month where it is', async () => {
    const { id, ctx } = fresh();
    const frozen = received(id, '2025-09-10T15:00:00Z', 10_000);
    await insert('received_invoices', frozen);
    await keepLines(ctx(), 'received_invoices', [frozen._id], DEFAULT_CONFIG, at);
    await closePeriod(ctx(), '2025-09');
    await rebuildBook(ctx(), '2025-09', 'purchases', { ...DEFAULT_CONFIG, prorata: 'global', prorataCoefficient: 0.5 }, at);
    expect((await linesOf(id))[0]).toMatchObject({ period: '2025-09', computable_credit_cents: 2_100 });
    await store()
      .collection('received_invoices')
      .updateOne({ _id: frozen._id }, { $set: { issue_date: new Date('2025-10-10T15:00:00Z') } });
    await rebuildBook(ctx(), '2025-10', 'purchases', DEFAULT_CONFIG, at);
    expect(await linesOf(id)).toMatchObject([{ period: '2025-09', computable_credit_cents: 2_100 }]);
  });

  it('the sales book from the issued vouchers; an empty month writes nothing', async () => {
    const { id, ctx } = fresh();
    await insert('issued_vouchers', issued(id, '2025-12-05T15:00:00Z', 50_000));
    await rebuildBook(ctx(), '2025-12', 'sales', DEFAULT_CONFIG, at);
    await rebuildBook(ctx(), '2025-11', 'sales', DEFAULT_CONFIG, at);
    // 500,00 + 21 % = 605,00.
    expect((await linesOf(id)).map((line) => [line.period, line.book_type, line.total_cents, line.vat_cents])).toEqual([['2025-12', 'sales', 60_500, 10_500]]);
  });
});

describe('the months that may hold lines', () => {
  it('every month from the first to the last, across a new year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2025-05', '2025-05')).toEqual(['2025-05']);
  });

  it('from the earliest to the latest of the lines and the sources (Argentine days); none for an account without either', async () => {
    const { id, ctx } = fresh();
    expect(await monthsWithBooks(ctx())).toEqual([]);
    // 1 March 2025 at 02:00 UTC is still 28 February in Argentina.
    await insert('received_invoices', received(id, '2025-03-01T02:00:00Z', 1_000));
    await insert('expenses', expense(id, '2025-04-30', 1_000));
    await insert('issued_vouchers', issued(id, '2025-03-15T15:00:00Z', 1_000));
    expect(await monthsWithBooks(ctx())).toEqual(['2025-02', '2025-03', '2025-04']);
    await insert('iva_book_entries', { _id: new ObjectId(), account_id: id, period: '2025-06', book_type: 'sales', origin: 'manual', source_id: null });
    expect(await monthsWithBooks(ctx())).toEqual(['2025-02', '2025-03', '2025-04', '2025-05', '2025-06']);
  });
});

describe('the explicit rebuilds', () => {
  it('a settings change of the coefficient rebuilds every open month; a closed one keeps its credit', async () => {
    const { id, ctx } = fresh();
    const open = received(id, '2025-12-10T15:00:00Z', 100_000);
    const closed = received(id, '2025-11-10T15:00:00Z', 100_000);
    await insert('received_invoices', open, closed);
    await keepLines(ctx(), 'received_invoices', [open._id, closed._id], DEFAULT_CONFIG, at);
    await closePeriod(ctx(), '2025-11');
    await putConfig(ctx(), { prorata: 'global', prorataCoefficient: 0.4 });
    // 40 % of 210,00 (Ley de IVA art. 13).
    expect((await linesOf(id)).map((line) => [line.period, line.computable_credit_cents])).toEqual([
      ['2025-11', 21_000],
      ['2025-12', 8_400],
    ]);
    // Reopened, the month takes the settings now in force.
    await reopenPeriod(ctx(), '2025-11', 'pro-rata');
    expect((await linesOf(id)).map((line) => [line.period, line.computable_credit_cents])).toEqual([
      ['2025-11', 8_400],
      ['2025-12', 8_400],
    ]);
  });

  it('a change that alters no line (the VAT condition, the default period) rewrites nothing', async () => {
    const { id, ctx } = fresh();
    const invoice = received(id, '2025-12-10T15:00:00Z', 100_000);
    await insert('received_invoices', invoice);
    // Stored behind the writes' back: only a rebuild would write its line.
    await putConfig(ctx(), { vatCondition: 'exento', defaultPeriod: '2025-12' });
    expect(await linesOf(id)).toEqual([]);
    await putConfig(ctx(), { sources: { issuedVouchers: false } });
    expect(await linesOf(id)).toHaveLength(1);
  });

  it('rebuildOpenMonths answers how many months it rebuilt', async () => {
    const { id, ctx } = fresh();
    await insert('received_invoices', received(id, '2025-10-10T15:00:00Z', 1_000), received(id, '2025-12-10T15:00:00Z', 1_000));
    expect(await rebuildOpenMonths(ctx(), DEFAULT_CONFIG)).toBe(3);
    expect((await linesOf(id)).map((line) => line.period)).toEqual(['2025-10', '2025-12']);
  });
});

describe('refreshTouchedBooks: what every write does after its own', () => {
  it('the collections whose changes move lines', () => {
    expect(['received_invoices', 'issued_vouchers', 'expenses', 'suppliers'].map(keepsBooks)).toEqual([true, true, true, true]);
    expect(['customers', 'iva_config', 'activity'].map(keepsBooks)).toEqual([false, false, false]);
  });

  it("a supplier renamed renames its posted expenses' lines; other collections touch no line", async () => {
    const { id, ctx } = fresh();
    const supplier = { _id: new ObjectId(), account_id: id, name: 'Papelera Norte', tax_id: '20111111112' };
    const posted = expense(id, '2025-12-05', 10_000, { supplier_id: supplier._id });
    await insert('suppliers', supplier);
    await insert('expenses', posted);
    await refreshTouchedBooks(ctx(), [{ collection: 'expenses', id: posted._id }]);
    expect((await linesOf(id))[0]).toMatchObject({ counterpart_name: 'Papelera Norte', document_number: '20111111112' });
    await store()
      .collection('suppliers')
      .updateOne({ _id: supplier._id }, { $set: { name: 'Papelera Norte SRL' } });
    await refreshTouchedBooks(ctx(), [
      { collection: 'customers', id: new ObjectId() },
      { collection: 'suppliers', id: supplier._id },
    ]);
    expect((await linesOf(id))[0]).toMatchObject({ counterpart_name: 'Papelera Norte SRL' });
    // A supplier no expense names moves nothing.
    await refreshTouchedBooks(ctx(), [{ collection: 'suppliers', id: new ObjectId() }]);
    expect(await linesOf(id)).toHaveLength(1);
  });

  it('each source collection its own lines, in one call', async () => {
    const { id, ctx } = fresh();
    const invoice = received(id, '2025-12-10T15:00:00Z', 1_000);
    const voucher = issued(id, '2025-12-11T15:00:00Z', 2_000);
    await insert('received_invoices', invoice);
    await insert('issued_vouchers', voucher);
    await refreshTouchedBooks(ctx(), [
      { collection: 'received_invoices', id: invoice._id },
      { collection: 'issued_vouchers', id: voucher._id },
    ]);
    expect((await linesOf(id)).map((line) => [line.origin, line.book_type])).toEqual([
      ['received_invoice', 'purchases'],
      ['issued_voucher', 'sales'],
    ]);
  });
});

describe("an import's batch", () => {
  it('writes the lines of the new vouchers only, as the settings take them', async () => {
    const { id, ctx } = fresh();
    const context = ctx();
    const fresh1 = received(id, '2025-12-10T15:00:00Z', 100_000);
    const duplicate = received(id, '2025-12-11T15:00:00Z', 100_000);
    await putConfig(context, { prorata: 'global', prorataCoefficient: 0.5 });
    await keepImportedLines(context, 'received_invoices', [{ voucher: fresh1 }, { voucher: duplicate }], new Set([1]), new ObjectId());
    // Half of 210,00.
    expect((await linesOf(id)).map((line) => [line.source_id.toHexString(), line.computable_credit_cents])).toEqual([[fresh1._id.toHexString(), 10_500]]);
    await keepImportedLines(context, 'issued_vouchers', [{ voucher: issued(id, '2025-12-12T15:00:00Z', 1_000) }], new Set(), new ObjectId());
    expect(await linesOf(id, { book_type: 'sales' })).toHaveLength(1);
    await keepImportedLines(context, 'received_invoices', [{ voucher: duplicate }], new Set([0]), new ObjectId());
    expect(await linesOf(id, { book_type: 'purchases' })).toHaveLength(1);
  });

  it('writes none for a source switched off', async () => {
    const { id, ctx } = fresh();
    const context = ctx();
    await putConfig(context, { sources: { receivedInvoices: false, issuedVouchers: false } });
    await keepImportedLines(context, 'received_invoices', [{ voucher: received(id, '2025-12-10T15:00:00Z', 1_000) }], new Set(), new ObjectId());
    await keepImportedLines(context, 'issued_vouchers', [{ voucher: issued(id, '2025-12-10T15:00:00Z', 1_000) }], new Set(), new ObjectId());
    expect(await linesOf(id)).toEqual([]);
  });
});

describe('the start-up upgrade', () => {
  it("brings every account's open months in line with their sources once; a closed month stays as closed", async () => {
    const { id, ctx } = fresh();
    await store()
      .collection('accounts')
      .insertOne({ _id: id, cuit: '30712345671' } as never);
    const invoice = received(id, '2025-12-10T15:00:00Z', 100_000);
    const frozen = received(id, '2025-11-10T15:00:00Z', 100_000);
    await insert('received_invoices', invoice, frozen);
    await keepLines(ctx(), 'received_invoices', [invoice._id, frozen._id], DEFAULT_CONFIG, at);
    await closePeriod(ctx(), '2025-11');
    // Left stale: a line's amounts changed behind the writes' back, a line of a source gone, a source without one.
    await store()
      .collection('iva_book_entries')
      .updateOne({ source_id: invoice._id }, { $set: { total_cents: 1, vat_cents: 1 } });
    const orphan = new ObjectId();
    await insert('iva_book_entries', {
      _id: new ObjectId(),
      account_id: id,
      period: '2025-12',
      book_type: 'purchases',
      origin: 'received_invoice',
      source_id: orphan,
      date: '2025-12-01',
    });
    const missing = issued(id, '2025-12-20T15:00:00Z', 10_000);
    await insert('issued_vouchers', missing);
    await store()
      .collection('iva_book_entries')
      .updateOne({ source_id: frozen._id }, { $set: { counterpart_name: 'as closed' } });
    await upgradeStoredData(store().db, [IVA_BOOKS_STEP]);
    const lines = await linesOf(id);
    expect(lines.map((line) => [line.period, line.origin, line.source_id.toHexString(), line.total_cents, line.counterpart_name])).toEqual([
      ['2025-11', 'received_invoice', frozen._id.toHexString(), 121_000, 'as closed'],
      ['2025-12', 'received_invoice', invoice._id.toHexString(), 121_000, 'Proveedor SA'],
      ['2025-12', 'issued_voucher', missing._id.toHexString(), 12_100, 'Cliente SA'],
    ]);
    expect(
      await store()
        .collection('upgrades')
        .findOne({ _id: IVA_BOOKS_STEP.id as never }),
    ).toBeTruthy();
    // Run once: a second start finds it done.
    await store()
      .collection('iva_book_entries')
      .updateOne({ source_id: invoice._id }, { $set: { total_cents: 2 } });
    await upgradeStoredData(store().db, [IVA_BOOKS_STEP]);
    expect((await linesOf(id, { source_id: invoice._id }))[0].total_cents).toBe(2);
    expect(await rebuildAllOpenBooks(store().db, () => at)).toBeGreaterThanOrEqual(2);
    expect((await linesOf(id, { source_id: invoice._id }))[0].total_cents).toBe(121_000);
  });
});

describe('a write of a source through its resource', () => {
  it('opens a transaction when called without one, and its line follows the write', async () => {
    const { id, ctx } = fresh();
    const context = ctx();
    const supplier = await suppliers.create(context, { name: 'Papelera Norte' } as never);
    const posted = expense(id, '2025-12-05', 10_000, { supplier_id: supplier._id });
    await insert('expenses', posted);
    await refreshTouchedBooks(context, [{ collection: 'expenses', id: posted._id }]);
    const transaction = jest.spyOn(context.store, 'transaction');
    await suppliers.update(context, supplier._id.toHexString(), { name: 'Papelera Norte SRL' } as never);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect((await linesOf(id))[0]).toMatchObject({ counterpart_name: 'Papelera Norte SRL' });
    // Given a session, it writes in it.
    await context.store.transaction((session) => suppliers.update(context, supplier._id.toHexString(), { name: 'Papelera Sur' } as never, session));
    expect(transaction).toHaveBeenCalledTimes(2);
    expect((await linesOf(id))[0]).toMatchObject({ counterpart_name: 'Papelera Sur' });
    await suppliers.remove(context, supplier._id.toHexString());
    expect(transaction).toHaveBeenCalledTimes(3);
    // Without its supplier, the line names the expense's vendor.
    expect((await linesOf(id))[0]).toMatchObject({ counterpart_name: 'Librería', document_number: '0' });
    transaction.mockRestore();
  });
});
