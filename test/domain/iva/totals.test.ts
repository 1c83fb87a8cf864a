import { ObjectId } from 'mongodb';
import { DEFAULT_CONFIG } from '../../../src/domain/iva/iva.config';
import { createEntry, deleteEntry, getBook, updateEntry } from '../../../src/domain/iva/books';
import { keepLines, rebuildBook } from '../../../src/domain/iva/kept';
import { type CountedLine, increments, readTotals, recountTotals, setTotals, TotalsChange } from '../../../src/domain/iva/totals';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes } from './context';
import { MANUAL_LINE, receivedInvoice } from './entries';

/**
 * A book's totals kept by the writes of its lines: what each line adds (credit notes subtract — their type gives the
 * sign, Ley de IVA arts. 11–12 —, the peso side counted, a line stored before it existed counting its own amounts),
 * and the totals after a sequence of writes equal to a recount of the lines. Figures worked by hand.
 */
const store = suiteDatabase('iva-totals', ivaIndexes);
const at = new Date('2026-01-15T12:00:00Z');
const fresh = () => {
  const id = new ObjectId();
  return { id, ctx: () => contextOn(store(), id, { now: () => at }) };
};

const line = (overrides: Partial<CountedLine> = {}): CountedLine => ({
  period: '2025-12',
  book_type: 'purchases',
  voucher_type: 1,
  total_cents: 121_000,
  vat_cents: 21_000,
  computable_credit_cents: 21_000,
  vat_perception_cents: 500,
  vat_lines: [{ rate: 21, base_cents: 100_000, vat_cents: 21_000 }],
  review_reason: null,
  ...overrides,
});

describe('what a line adds to its book', () => {
  it('its own amounts when it has no peso side; its rates keyed in tenths of a percent', () => {
    expect(increments(line(), 1)).toEqual({
      count: 1,
      review: 0,
      total_cents: 121_000,
      vat_cents: 21_000,
      computable_credit_cents: 21_000,
      vat_perception_cents: 500,
      'rates.210.lines': 1,
      'rates.210.base_cents': 100_000,
      'rates.210.vat_cents': 21_000,
    });
  });

  it('its peso side when it has one (USD 121,00 at 1.000,50: 121.060,50 pesos, 21.010,50 of VAT)', () => {
    const usd = line({
      total_cents: 12_100,
      vat_cents: 2_100,
      pesos: { total_cents: 12_106_050, vat_cents: 2_101_050, computable_credit_cents: 2_101_050, vat_perception_cents: 0 },
      vat_lines: [{ rate: 10.5, base_cents: 10_000, vat_cents: 1_050, base_pesos_cents: 10_005_000, vat_pesos_cents: 1_050_525 }],
    });
    expect(increments(usd, 1)).toMatchObject({
      total_cents: 12_106_050,
      vat_cents: 2_101_050,
      computable_credit_cents: 2_101_050,
      vat_perception_cents: 0,
      'rates.105.base_cents': 10_005_000,
      'rates.105.vat_cents': 1_050_525,
    });
  });

  it('a credit note (003) subtracts, and taking a line out reverses what it added; a line to review counts once', () => {
    expect(increments(line({ voucher_type: 3, review_reason: 'VAT off its rate' }), 1)).toMatchObject({
      count: 1,
      review: 1,
      total_cents: -121_000,
      'rates.210.lines': 1,
      'rates.210.base_cents': -100_000,
    });
    expect(increments(line({ voucher_type: 3 }), -1)).toMatchObject({ count: -1, total_cents: 121_000, 'rates.210.lines': -1, 'rates.210.vat_cents': 21_000 });
    // A line stored before the review reason existed has none: not to review.
    expect(increments(line({ review_reason: undefined }), 1).review).toBe(0);
    expect(increments(line({ review_reason: '' }), 1).review).toBe(1);
    expect(increments(line({ vat_perception_cents: undefined as never, vat_lines: undefined as never }), 1)).toEqual({
      count: 1,
      review: 0,
      total_cents: 121_000,
      vat_cents: 21_000,
      computable_credit_cents: 21_000,
      vat_perception_cents: 0,
    });
  });
});

describe('two VAT lines of one rate', () => {
  it('add up in that rate (1.000,00 + 500,00 at 21 %: 1.500,00 and 315,00)', () => {
    const twice = line({
      vat_lines: [
        { rate: 21, base_cents: 100_000, vat_cents: 21_000 },
        { rate: 21, base_cents: 50_000, vat_cents: 10_500 },
      ],
    });
    expect(increments(twice, 1)).toMatchObject({ 'rates.210.lines': 2, 'rates.210.base_cents': 150_000, 'rates.210.vat_cents': 31_500 });
  });
});

describe('the totals of a book', () => {
  it('are zeros for a book without lines', async () => {
    const { ctx } = fresh();
    expect(await readTotals(ctx(), '2025-12', 'sales')).toEqual({
      count: 0,
      review: 0,
      totalCents: 0,
      vatCents: 0,
      computableCreditCents: 0,
      vatPerceptionCents: 0,
      rates: [],
    });
  });

  it('add up changes per book; a rate whose lines are all gone is no longer listed; rates in rate order', async () => {
    const { ctx } = fresh();
    const ten = line({ vat_lines: [{ rate: 10.5, base_cents: 20_000, vat_cents: 2_100 }] });
    await new TotalsChange()
      .add(line(), 1)
      .add(ten, 1)
      .add(line({ book_type: 'sales' }), 1)
      .write(ctx());
    expect((await readTotals(ctx(), '2025-12', 'purchases')).rates).toEqual([
      { rate: 10.5, baseCents: 20_000, vatCents: 2_100 },
      { rate: 21, baseCents: 100_000, vatCents: 21_000 },
    ]);
    await new TotalsChange().add(line(), -1).write(ctx());
    expect(await readTotals(ctx(), '2025-12', 'purchases')).toEqual({
      count: 1,
      review: 0,
      totalCents: 121_000,
      vatCents: 21_000,
      computableCreditCents: 21_000,
      vatPerceptionCents: 500,
      rates: [{ rate: 10.5, baseCents: 20_000, vatCents: 2_100 }],
    });
    expect((await readTotals(ctx(), '2025-12', 'sales')).count).toBe(1);
    // No change, no write.
    await new TotalsChange().write(ctx());
  });

  it('set from a list of lines replaces what was counted', async () => {
    const { ctx } = fresh();
    await new TotalsChange().add(line(), 1).write(ctx());
    await setTotals(ctx(), '2025-12', 'purchases', [
      line({ voucher_type: 3, total_cents: 1_210, vat_cents: 210, vat_lines: [{ rate: 21, base_cents: 1_000, vat_cents: 210 }] }),
    ]);
    expect(await readTotals(ctx(), '2025-12', 'purchases')).toMatchObject({
      count: 1,
      totalCents: -1_210,
      vatCents: -210,
      rates: [{ rate: 21, baseCents: -1_000, vatCents: -210 }],
    });
    await setTotals(ctx(), '2025-12', 'purchases', []);
    expect(await readTotals(ctx(), '2025-12', 'purchases')).toMatchObject({ count: 0, totalCents: 0, rates: [] });
  });
});

describe('kept by the writes of the lines', () => {
  const invoice = (account: ObjectId, day: string, base: number, overrides: Record<string, unknown> = {}) =>
    receivedInvoice(account, `${day}T15:00:00Z`, base, { voucher_number: 7, ...overrides });

  const MANUAL = MANUAL_LINE;

  it('sources written, changed, moved and gone, manual lines added, changed and deleted, a month rebuilt: always the recount of the lines', async () => {
    const { id, ctx } = fresh();
    const a = invoice(id, '2025-12-03', 100_000);
    const b = invoice(id, '2025-12-04', 50_000, { voucher_type: 3, voucher_number: 8 });
    await store()
      .collection('received_invoices')
      .insertMany([a, b] as never[]);
    await keepLines(ctx(), 'received_invoices', [a._id, b._id], DEFAULT_CONFIG, at);
    // 1.210,00 − 605,00; VAT 210,00 − 105,00.
    expect(await getBook(ctx(), '2025-12', 'purchases')).toMatchObject({
      count: 2,
      totalCents: 60_500,
      vatCents: 10_500,
      rates: [{ rate: 21, baseCents: 50_000, vatCents: 10_500 }],
    });
    const manual = await createEntry(ctx(), '2025-12-purchases', MANUAL);
    // + 1.210,00 and 210,00 of VAT.
    expect(await getBook(ctx(), '2025-12', 'purchases')).toMatchObject({ count: 3, totalCents: 181_500, vatCents: 31_500 });
    await updateEntry(ctx(), manual._id.toHexString(), { ...MANUAL, total: 2420, vat_lines: [{ rate: 21, base: 2000, vat: 420 }] });
    expect(await getBook(ctx(), '2025-12', 'purchases')).toMatchObject({ count: 3, totalCents: 302_500, vatCents: 52_500 });
    // b moves to January: December loses −605,00 (it gains it back), January counts it.
    await store()
      .collection('received_invoices')
      .updateOne({ _id: b._id }, { $set: { issue_date: new Date('2026-01-05T15:00:00Z') } });
    await keepLines(ctx(), 'received_invoices', [b._id], DEFAULT_CONFIG, at);
    expect(await getBook(ctx(), '2025-12', 'purchases')).toMatchObject({ count: 2, totalCents: 363_000, vatCents: 63_000 });
    expect(await getBook(ctx(), '2026-01', 'purchases')).toMatchObject({ count: 1, totalCents: -60_500, vatCents: -10_500 });
    await deleteEntry(ctx(), manual._id.toHexString());
    await store().collection('received_invoices').deleteOne({ _id: a._id });
    await keepLines(ctx(), 'received_invoices', [a._id], DEFAULT_CONFIG, at);
    expect(await getBook(ctx(), '2025-12', 'purchases')).toMatchObject({ count: 0, totalCents: 0, vatCents: 0, rates: [] });
    // b back in December by a rebuild of December: January loses it.
    await store()
      .collection('received_invoices')
      .updateOne({ _id: b._id }, { $set: { issue_date: new Date('2025-12-20T15:00:00Z') } });
    await rebuildBook(ctx(), '2025-12', 'purchases', DEFAULT_CONFIG, at);
    const december = await getBook(ctx(), '2025-12', 'purchases');
    const january = await getBook(ctx(), '2026-01', 'purchases');
    expect([december.count, december.totalCents, january.count, january.totalCents, january.rates]).toEqual([1, -60_500, 0, 0, []]);
    for (const period of ['2025-12', '2026-01']) {
      const kept = await readTotals(ctx(), period, 'purchases');
      await recountTotals(ctx(), period, 'purchases');
      expect(await readTotals(ctx(), period, 'purchases')).toEqual(kept);
    }
  });
});
