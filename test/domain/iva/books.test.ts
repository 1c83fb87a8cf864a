import { ObjectId } from 'mongodb';
import { ConflictError, NotFoundError, ValidationError } from '../../../src/domain/errors';
import { bookEntries, bookOfId, createEntry, deleteEntry, generated, getBook, listEntries, updateEntry } from '../../../src/domain/iva/books';
import { rebuildOpenMonths } from '../../../src/domain/iva/kept';
import { recountTotals } from '../../../src/domain/iva/totals';
import { refreshTouchedBooks } from '../../../src/domain/iva/touched';
import { DEFAULT_CONFIG } from '../../../src/domain/iva/iva.config';
import { exportBook } from '../../../src/domain/iva/export';
import { closePeriod, reopenPeriod } from '../../../src/domain/iva/periods';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes, rejection } from './context';
import { issuedVoucher, lines, MANUAL_LINE, postedExpense, receivedInvoice } from './entries';

/**
 * A month's VAT books on the suite's own store: which source documents feed them (Libro IVA Compras: received
 * invoices and posted expenses; Libro IVA Ventas: issued vouchers — RG 4597/2019, Libro IVA Digital), their totals in
 * pesos with credit notes subtracting (Ley de IVA arts. 11–12), manual lines, and the closed month left as it was.
 * Every figure below is worked by hand from the documents inserted.
 */
const store = suiteDatabase('iva-books', ivaIndexes);
const account = new ObjectId();
const other = new ObjectId();
const ctx = () => contextOn(store(), account);

/** A received Factura A in pesos of the suite's account: 21 % of `base` cents. */
const received = (issued: string, base: number, overrides: Record<string, unknown> = {}) => receivedInvoice(account, issued, base, overrides);

/** A posted expense of the suite's account with one 21 % VAT line. */
const expense = (date: string, base: number, overrides: Record<string, unknown> = {}) => postedExpense(account, date, base, overrides);

const issued = (at: string, base: number, overrides: Record<string, unknown> = {}) =>
  issuedVoucher(account, at, base, { voucher_number: 900, receiver_doc: '30-70888444-4', ...overrides });

const MANUAL = MANUAL_LINE;

const supplier = { _id: new ObjectId(), account_id: account, tax_id: '20111111112', name: 'Papelera Norte' };
const inBook = {
  first: received('2025-12-01T03:00:00Z', 100_000, { voucher_number: 1 }), // 1 December, 00:00 in Argentina
  last: received('2026-01-01T02:59:59Z', 50_000, { voucher_number: 2 }), // 31 December, 23:59:59 in Argentina
  tenFive: received('2025-12-10T15:00:00Z', 20_000, {
    voucher_number: 3,
    total_amount_cents: 22_100,
    vat_items: [{ aliquot: 10.5, base_cents: 20_000, amount_cents: 2_100 }],
  }),
  creditNote: received('2025-12-20T15:00:00Z', 10_000, { voucher_type: 3, voucher_number: 4 }),
  usd: received('2025-12-22T15:00:00Z', 10_000, { voucher_number: 5, currency: 'USD', exchange_rate: 1000.5 }),
  expense: expense('2025-12-31', 40_000, { supplier_id: supplier._id }),
  expenseFirst: expense('2025-12-01', 10_000, { receipt_number: 'sin número' }),
};
const outOfBook = {
  november: received('2025-12-01T02:59:59Z', 70_000, { voucher_number: 11 }), // still 30 November in Argentina
  january: received('2026-01-01T03:00:00Z', 70_000),
  ignored: received('2025-12-15T15:00:00Z', 70_000, { status: 'ignored' }),
  otherAccount: received('2025-12-15T15:00:00Z', 70_000, { account_id: other }),
  expenseNovember: expense('2025-11-30', 70_000),
  expenseJanuary: expense('2026-01-01', 70_000),
  unposted: expense('2025-12-15', 70_000, { journal_entry_id: null }),
  noVat: expense('2025-12-15', 70_000, { iva_items: [] }),
  fromInvoice: expense('2025-12-15', 70_000, { received_invoice_id: new ObjectId() }),
};

beforeAll(async () => {
  const db = store();
  await db.collection('received_invoices').insertMany(Object.values({ ...inBook, ...outOfBook }).filter((doc) => 'supplier_cuit' in doc) as never[]);
  await db.collection('expenses').insertMany(Object.values({ ...inBook, ...outOfBook }).filter((doc) => 'iva_items' in doc) as never[]);
  await db.collection('suppliers').insertOne(supplier as never);
  await db
    .collection('issued_vouchers')
    .insertMany([
      issued('2025-12-05T15:00:00Z', 200_000),
      issued('2025-12-06T15:00:00Z', 30_000, { voucher_type: 3, voucher_number: 901 }),
      issued('2025-12-07T15:00:00Z', 5_000, { voucher_type: 6, voucher_number: 902, receiver_doc_type: 99, receiver_doc: '0' }),
      issued('2026-01-01T03:00:00Z', 99_000, { voucher_number: 903 }),
      issued('2025-12-08T15:00:00Z', 99_000, { account_id: other, voucher_number: 904 }),
    ] as never[]);
  await db.collection('accounts').insertOne({ _id: account, cuit: '30712345671' } as never);
  // Stored behind the writes' back: the books are rebuilt from them once, as the start-up upgrade does.
  await rebuildOpenMonths(ctx(), DEFAULT_CONFIG);
});

/** What a write of these sources does after writing them: their lines follow. */
const touched = (collection: string, ...docs: Array<{ _id: ObjectId }>) =>
  refreshTouchedBooks(
    ctx(),
    docs.map((doc) => ({ collection, id: doc._id })),
  );

const numbers = (items: Array<{ voucherNumber: number; origin: string }>) => items.map((item) => `${item.origin}:${item.voucherNumber}`).sort();

describe('the lines a month of purchases is made of', () => {
  it('received invoices of the month (Argentine days), not ignored, and posted expenses with VAT lines not made from an invoice', async () => {
    const lines = await generated(ctx(), '2025-12', 'purchases', DEFAULT_CONFIG);
    expect(numbers(lines)).toEqual([
      'expense:0',
      'expense:456',
      'received_invoice:1',
      'received_invoice:2',
      'received_invoice:3',
      'received_invoice:4',
      'received_invoice:5',
    ]);
    const fromExpense = lines.find((line) => line.voucherNumber === 456);
    expect(fromExpense).toMatchObject({
      date: '2025-12-31',
      salePoint: 3,
      documentNumber: '20111111112',
      counterpartName: 'Papelera Norte',
      computableCreditCents: 8_400,
    });
    expect(lines.find((line) => line.voucherNumber === 0)).toMatchObject({ documentNumber: '0', counterpartName: 'Librería' });
  });

  it('a source switched off feeds nothing; with the received invoices off, an expense made from one is in the book', async () => {
    const expensesOnly = await generated(ctx(), '2025-12', 'purchases', { ...DEFAULT_CONFIG, sources: { ...DEFAULT_CONFIG.sources, receivedInvoices: false } });
    expect(numbers(expensesOnly)).toEqual(['expense:0', 'expense:456', 'expense:456']);
    const invoicesOnly = await generated(ctx(), '2025-12', 'purchases', { ...DEFAULT_CONFIG, sources: { ...DEFAULT_CONFIG.sources, expenses: false } });
    expect(numbers(invoicesOnly)).toEqual(['received_invoice:1', 'received_invoice:2', 'received_invoice:3', 'received_invoice:4', 'received_invoice:5']);
  });

  it('under global pro-rata (Ley de IVA art. 13) each purchase computes its share of the credit', async () => {
    const lines = await generated(ctx(), '2025-12', 'purchases', { ...DEFAULT_CONFIG, prorata: 'global', prorataCoefficient: 0.5 });
    expect(lines.find((line) => line.voucherNumber === 1)?.computableCreditCents).toBe(10_500);
    expect(lines.find((line) => line.voucherNumber === 456)?.computableCreditCents).toBe(4_200);
  });
});

describe('the lines a month of sales is made of', () => {
  it('the vouchers issued in the month by the account; none with the issued vouchers switched off', async () => {
    expect(numbers(await generated(ctx(), '2025-12', 'sales', DEFAULT_CONFIG))).toEqual(['issued_voucher:900', 'issued_voucher:901', 'issued_voucher:902']);
    expect(await generated(ctx(), '2025-12', 'sales', { ...DEFAULT_CONFIG, sources: { ...DEFAULT_CONFIG.sources, issuedVouchers: false } })).toEqual([]);
  });
});

describe('a book', () => {
  it('adds up its lines in pesos, credit notes subtracting, by rate in rate order', async () => {
    // Pesos: 1.210,00 + 605,00 + 221,00 − 121,00 + 121.060,50 (USD 121,00 × 1000,5) + 484,00 + 121,00.
    // VAT: 210,00 + 105,00 + 21,00 − 21,00 + 21.010,50 + 84,00 + 21,00; the 10,5 % rate apart.
    const book = await getBook(ctx(), '2025-12', 'purchases');
    expect(book).toEqual({
      id: '2025-12-purchases',
      period: '2025-12',
      bookType: 'purchases',
      status: 'open',
      count: 7,
      entriesToReview: 0,
      totalCents: 121_000 + 60_500 + 22_100 - 12_100 + 12_106_050 + 48_400 + 12_100,
      vatCents: 21_000 + 10_500 + 2_100 - 2_100 + 2_101_050 + 8_400 + 2_100,
      computableCreditCents: 21_000 + 10_500 + 2_100 - 2_100 + 2_101_050 + 8_400 + 2_100,
      rates: [
        { rate: 10.5, baseCents: 20_000, vatCents: 2_100 },
        { rate: 21, baseCents: 100_000 + 50_000 - 10_000 + 10_005_000 + 40_000 + 10_000, vatCents: 21_000 + 10_500 - 2_100 + 2_101_050 + 8_400 + 2_100 },
      ],
    });
    const sales = await getBook(ctx(), '2025-12', 'sales');
    // 2.420,00 − 363,00 + a class B voucher of 60,50 (its VAT as stated: 10,50).
    expect([sales.count, sales.totalCents, sales.vatCents, sales.computableCreditCents]).toEqual([3, 242_000 - 36_300 + 6_050, 42_000 - 6_300 + 1_050, 0]);
  });

  it('an empty month is a book of zeros', async () => {
    expect(await getBook(ctx(), '2024-03', 'sales')).toEqual({
      id: '2024-03-sales',
      period: '2024-03',
      bookType: 'sales',
      status: 'open',
      count: 0,
      entriesToReview: 0,
      totalCents: 0,
      vatCents: 0,
      computableCreditCents: 0,
      rates: [],
    });
  });

  it('reading it again changes nothing: one line per source', async () => {
    await getBook(ctx(), '2025-12', 'purchases');
    const stored = await store().collection('iva_book_entries').find({ account_id: account, period: '2025-12', book_type: 'purchases' }).toArray();
    expect(stored).toHaveLength(7);
    expect(new Set(stored.map((doc) => doc.source_id.toHexString())).size).toBe(7);
    expect(stored.every((doc) => doc.created_at instanceof Date && doc.updated_at instanceof Date)).toBe(true);
  });

  it("bringing one book in line with its sources leaves another month's and the other book's lines as they are", async () => {
    const stored = (filter: Record<string, unknown>) =>
      store()
        .collection('iva_book_entries')
        .find({ account_id: account, origin: { $ne: 'manual' }, ...filter }, { projection: { _id: 1 } })
        .toArray();
    const invoice = received('2025-08-10T15:00:00Z', 1_000, { voucher_number: 31 });
    await store()
      .collection('received_invoices')
      .insertOne(invoice as never);
    const december = await stored({ period: '2025-12', book_type: 'purchases' });
    await touched('received_invoices', invoice);
    const august = await stored({ period: '2025-08' });
    const sales = await stored({ period: '2025-12', book_type: 'sales' });
    expect([august.length, sales.length]).toEqual([1, 3]);
    await touched('received_invoices', inBook.first);
    expect(await stored({ period: '2025-08' })).toEqual(august);
    expect(await stored({ period: '2025-12', book_type: 'purchases' })).toEqual(december);
    expect(await stored({ period: '2025-12', book_type: 'sales' })).toEqual(sales);
  });

  it('counts the lines to review: a rate the import flagged, kept with its VAT', async () => {
    await store()
      .collection('received_invoices')
      .updateOne({ _id: inBook.tenFive._id }, { $set: { rate_review: { reason: 'VAT not one rate of its net', flagged_at: new Date() } } });
    await touched('received_invoices', inBook.tenFive);
    const book = await getBook(ctx(), '2025-12', 'purchases');
    expect([book.entriesToReview, book.count, book.rates[0]]).toEqual([1, 7, { rate: 10.5, baseCents: 20_000, vatCents: 2_100 }]);
    const error = await rejection(exportBook(ctx(), '2025-12', 'purchases'));
    expect([error instanceof ConflictError, error.code]).toEqual([true, 'VAT_RATES_TO_REVIEW']);
    await store()
      .collection('received_invoices')
      .updateOne({ _id: inBook.tenFive._id }, { $set: { rate_review: null } });
    await touched('received_invoices', inBook.tenFive);
    expect((await getBook(ctx(), '2025-12', 'purchases')).entriesToReview).toBe(0);
  });

  it('a line stored before the peso side existed adds up its own amounts, which were pesos', async () => {
    await store()
      .collection('iva_book_entries')
      .insertOne({
        _id: new ObjectId(),
        account_id: account,
        period: '2024-05',
        book_type: 'purchases',
        origin: 'manual',
        source_id: null,
        date: '2024-05-02',
        voucher_type: 1,
        total_cents: 12_100,
        vat_cents: 2_100,
        computable_credit_cents: 2_100,
        vat_perception_cents: 0,
        vat_lines: [{ rate: 21, base_cents: 10_000, vat_cents: 2_100 }],
      });
    // Stored before the totals were kept: the start-up upgrade counts it.
    await recountTotals(ctx(), '2024-05', 'purchases');
    const book = await getBook(ctx(), '2024-05', 'purchases');
    expect([book.count, book.totalCents, book.vatCents, book.computableCreditCents, book.rates]).toEqual([
      1,
      12_100,
      2_100,
      2_100,
      [{ rate: 21, baseCents: 10_000, vatCents: 2_100 }],
    ]);
  });
});

describe('the export', () => {
  it('names the files after the CUIT and the period, one record per voucher', async () => {
    const files = await exportBook(ctx(), '2025-12', 'sales');
    expect(files.map((file) => file.name)).toEqual([
      'LIBRO_IVA_DIGITAL_30712345671_202512_VENTAS_CBTE.txt',
      'LIBRO_IVA_DIGITAL_30712345671_202512_VENTAS_ALICUOTAS.txt',
    ]);
    expect(lines(files[0].content)).toHaveLength(3);
  });

  it('an account without a CUIT yet gets CUIT in the names', async () => {
    const files = await exportBook(contextOn(store(), new ObjectId()), '2025-12', 'purchases');
    expect(files.map((file) => file.name)).toEqual(['LIBRO_IVA_DIGITAL_CUIT_202512_COMPRAS_CBTE.txt', 'LIBRO_IVA_DIGITAL_CUIT_202512_COMPRAS_ALICUOTAS.txt']);
    expect(files.map((file) => file.content.length)).toEqual([0, 0]);
  });
});

describe('following the sources', () => {
  it('a source deleted or moved to another month leaves the book; a manual line stays', async () => {
    const manual = await createEntry(ctx(), '2025-11-purchases', { ...MANUAL, date: '2025-11-20' });
    await store()
      .collection('received_invoices')
      .updateOne({ _id: inBook.last._id }, { $set: { issue_date: new Date('2025-11-29T15:00:00Z') } });
    await store().collection('expenses').deleteOne({ _id: inBook.expenseFirst._id });
    await touched('received_invoices', inBook.last);
    await touched('expenses', inBook.expenseFirst);
    expect((await getBook(ctx(), '2025-12', 'purchases')).count).toBe(5);
    const november = await bookEntries(ctx(), '2025-11', 'purchases');
    expect(november.map((line) => [line.origin, line.voucherNumber, line.date]).sort()).toEqual([
      ['expense', 456, '2025-11-30'],
      ['manual', 501, '2025-11-20'],
      ['received_invoice', 11, '2025-11-30'],
      ['received_invoice', 2, '2025-11-29'],
    ]);
    expect(november.find((line) => line.origin === 'manual')).toMatchObject({ sourceId: null, totalCents: 121_000 });
    expect(november.find((line) => line.voucherNumber === 2)?.sourceId).toBe(inBook.last._id.toHexString());
    expect(manual.origin).toBe('manual');
  });

  it('a closed month is left as it was closed, whatever its sources do; reopened, it follows them again', async () => {
    const invoice = received('2025-10-10T15:00:00Z', 1_000, { voucher_number: 21 });
    await store()
      .collection('received_invoices')
      .insertOne(invoice as never);
    const posted = expense('2025-10-11', 1_000);
    await store()
      .collection('expenses')
      .insertOne(posted as never);
    await touched('received_invoices', invoice);
    await touched('expenses', posted);
    expect((await getBook(ctx(), '2025-10', 'purchases')).count).toBe(2);
    await closePeriod(ctx(), '2025-10');
    await store().collection('received_invoices').deleteOne({ _id: invoice._id });
    await touched('received_invoices', invoice);
    const closed = await getBook(ctx(), '2025-10', 'purchases');
    expect([closed.status, closed.count]).toEqual(['closed', 2]);
    await reopenPeriod(ctx(), '2025-10', 'a deleted invoice');
    const reopened = await getBook(ctx(), '2025-10', 'purchases');
    expect([reopened.status, reopened.count]).toEqual(['open', 1]);
  });
});

describe('manual lines', () => {
  it('book ids that are no book are 404', () => {
    for (const id of ['2025-13-sales', 'purchases', '2025-12-compras']) {
      let error: unknown;
      try {
        bookOfId(id);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe(`no VAT book ${id}: a book id is YYYY-MM-purchases or YYYY-MM-sales`);
      expect((error as NotFoundError).details).toEqual([{ path: 'book_id', message: 'not a book id' }]);
    }
    expect(bookOfId('2025-12-sales')).toEqual({ period: '2025-12', bookType: 'sales' });
  });

  it('are created in their book, validated, and recorded in the activity log', async () => {
    const doc = await createEntry(ctx(), '2026-02-purchases', { ...MANUAL, date: '2026-02-03' });
    const stored = await store().collection('iva_book_entries').findOne({ _id: doc._id });
    expect(stored).toMatchObject({
      account_id: account,
      period: '2026-02',
      book_type: 'purchases',
      origin: 'manual',
      source_id: null,
      date: '2026-02-03',
      total_cents: 121_000,
      computable_credit_cents: 21_000,
      review_reason: null,
    });
    expect(stored?.created_at).toEqual(new Date('2026-01-15T12:00:00Z'));
    expect(await store().collection('activity').countDocuments({ account_id: account, resource_id: doc._id, action: 'created' })).toBe(1);
    const invalid = await rejection(createEntry(ctx(), '2026-02-purchases', { ...MANUAL }));
    expect([invalid instanceof ValidationError, invalid.details]).toEqual([true, [{ path: 'date', message: "must be in the book's period 2026-02" }]]);
  });

  it('under pro-rata, a manual purchase computes its share', async () => {
    await store()
      .collection('iva_config')
      .insertOne({ account_id: account, ...DEFAULT_CONFIG, prorata: 'global', prorataCoefficient: 0.25 } as never);
    const doc = await createEntry(ctx(), '2026-02-purchases', { ...MANUAL, date: '2026-02-04', voucher_number: 502 });
    expect(doc.computable_credit_cents).toBe(5_250);
    const updated = await updateEntry(ctx(), doc._id.toHexString(), { ...MANUAL, date: '2026-02-05', voucher_number: 503 });
    expect([updated.computable_credit_cents, updated.voucher_number, updated.date]).toEqual([5_250, 503, '2026-02-05']);
    await store().collection('iva_config').deleteOne({ account_id: account });
  });

  it('are listed by date, then in the order they were added, a page at a time, with the count of the book', async () => {
    const late = await createEntry(ctx(), '2026-05-purchases', { ...MANUAL, date: '2026-05-20', voucher_number: 601 });
    const first = await createEntry(ctx(), '2026-05-purchases', { ...MANUAL, date: '2026-05-03', voucher_number: 602 });
    const second = await createEntry(ctx(), '2026-05-purchases', { ...MANUAL, date: '2026-05-03', voucher_number: 603 });
    const page = await listEntries(ctx(), '2026-05-purchases', { skip: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item._id)).toEqual([first._id, second._id]);
    const rest = await listEntries(ctx(), '2026-05-purchases', { skip: 2, limit: 2 });
    expect([rest.total, rest.items.map((item) => item._id)]).toEqual([3, [late._id]]);
    expect((await listEntries(contextOn(store(), other), '2026-05-purchases', { skip: 0, limit: 10 })).total).toBe(0);
    expect((await listEntries(ctx(), '2026-05-sales', { skip: 0, limit: 10 })).total).toBe(0);
  });

  it("are changed and deleted by id; an unknown id, another account's line or no id at all is 404", async () => {
    const doc = await createEntry(ctx(), '2026-03-sales', { ...MANUAL, date: '2026-03-02', document_type: 99, document_number: '0' });
    const updated = await updateEntry(ctx(), doc._id.toHexString(), {
      ...MANUAL,
      date: '2026-03-09',
      document_type: 99,
      document_number: '0',
      total: 2420,
      vat_lines: [{ rate: 21, base: 2000, vat: 420 }],
    });
    expect([updated.total_cents, updated.date, updated.book_type, updated.computable_credit_cents]).toEqual([242_000, '2026-03-09', 'sales', 0]);
    expect(await store().collection('activity').countDocuments({ account_id: account, resource_id: doc._id, action: 'updated' })).toBe(1);
    for (const id of [new ObjectId().toHexString(), 'not-an-id', 'zzzzzzzzzzzzzzzzzzzzzzzz', '123456789012']) {
      const missing = await rejection(updateEntry(ctx(), id, MANUAL));
      expect([missing instanceof NotFoundError, missing.message, missing.details]).toEqual([
        true,
        'VAT book entry not found',
        [{ path: 'entry_id', message: 'no such entry' }],
      ]);
    }
    expect(await rejection(deleteEntry(contextOn(store(), other), doc._id.toHexString()))).toBeInstanceOf(NotFoundError);
    expect(
      (await updateEntry(ctx(), doc._id.toHexString().toUpperCase(), { ...MANUAL, date: '2026-03-10', document_type: 99, document_number: '0' })).date,
    ).toBe('2026-03-10');
    // A line written before it (first in the collection) stays: only the line named goes.
    const before = await store()
      .collection('iva_book_entries')
      .findOne({}, { sort: { _id: 1 } });
    expect((await deleteEntry(ctx(), doc._id.toHexString()))._id).toEqual(doc._id);
    expect(await store().collection('iva_book_entries').findOne({ _id: doc._id })).toBeNull();
    expect(before?._id).not.toEqual(doc._id);
    expect(await store().collection('iva_book_entries').findOne({ _id: before?._id })).not.toBeNull();
    expect(await store().collection('activity').countDocuments({ account_id: account, resource_id: doc._id, action: 'deleted' })).toBe(1);
    expect(await rejection(deleteEntry(ctx(), doc._id.toHexString()))).toBeInstanceOf(NotFoundError);
  });

  it('a generated line is changed through its source (409 GENERATED_ENTRY)', async () => {
    const line = await store().collection('iva_book_entries').findOne({ account_id: account, origin: 'received_invoice', period: '2025-12' });
    const expenseLine = await store().collection('iva_book_entries').findOne({ account_id: account, origin: 'expense', period: '2025-12' });
    const lineId = String(line?._id);
    for (const attempt of [updateEntry(ctx(), lineId, MANUAL), deleteEntry(ctx(), lineId)]) {
      const error = await rejection(attempt);
      expect([error instanceof ConflictError, error.code, error.message, error.details]).toEqual([
        true,
        'GENERATED_ENTRY',
        'this line comes from a received invoice: change the source document instead',
        [{ path: 'entry_id', message: 'a generated line' }],
      ]);
    }
    expect((await rejection(deleteEntry(ctx(), String(expenseLine?._id)))).message).toBe('this line comes from a expense: change the source document instead');
    expect(await store().collection('iva_book_entries').countDocuments({ _id: line?._id })).toBe(1);
  });

  it('nothing is added, changed or deleted in a closed month (409 PERIOD_CLOSED)', async () => {
    const doc = await createEntry(ctx(), '2026-04-purchases', { ...MANUAL, date: '2026-04-02' });
    await closePeriod(ctx(), '2026-04');
    for (const attempt of [
      createEntry(ctx(), '2026-04-purchases', { ...MANUAL, date: '2026-04-03' }),
      updateEntry(ctx(), doc._id.toHexString(), { ...MANUAL, date: '2026-04-03' }),
      deleteEntry(ctx(), doc._id.toHexString()),
    ]) {
      const error = await rejection(attempt);
      expect([error instanceof ConflictError, error.code]).toEqual([true, 'PERIOD_CLOSED']);
    }
    const stored = await store().collection('iva_book_entries').find({ account_id: account, period: '2026-04' }).toArray();
    expect(stored.map((row) => row.date)).toEqual(['2026-04-02']);
  });
});
