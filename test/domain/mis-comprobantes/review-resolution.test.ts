import { ObjectId } from 'mongodb';
import { ValidationError } from '../../../src/domain/errors';
import { applyReviewChange, changedConflict, type ReviewedVoucher, reviewChange, reviewSummary } from '../../../src/domain/mis-comprobantes/review-resolution';
import { TenantCollection } from '../../../src/store/tenant-collection';
import { suiteDatabase } from '../../support/database';

/**
 * Resolving a rate review: the lines an accountant sets, and the net split restated with them when the export
 * misplaced taxed net. Rules: Ley de IVA art. 28 rates and the one-centavo tolerance (vat-lines.ts); the import's
 * bound of the components by the total, $1 (row.ts). Figures worked out by hand in the comments (amounts in centavos).
 */

// 300.00 of VAT is 21 % of 1428.57 (299.9997 → 300.00); the export listed 428.57 of it as untaxed.
const VOUCHER = {
  total_amount_cents: 172857,
  iva_cents: 30000,
  other_taxes_cents: 0,
  net_taxed_cents: 100000,
  net_untaxed_cents: 42857,
  exempt_cents: 0,
};
const LINE_21 = [{ aliquot: 21, base: 1428.57, amount: 300 }];

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the change asked for', () => {
  test('lines that add up to the net taxed as stored: no restatement', () => {
    const change = reviewChange({ ...VOUCHER, net_taxed_cents: 142857, net_untaxed_cents: 0 }, LINE_21, {});
    expect(change).toEqual({
      lines: [{ aliquot: 21, base_cents: 142857, amount_cents: 30000 }],
      split: { net_taxed_cents: 142857, net_untaxed_cents: 0, exempt_cents: 0 },
      imported: { net_taxed_cents: 142857, net_untaxed_cents: 0, exempt_cents: 0 },
      restates: false,
    });
  });

  test('the restated amounts replace the stored ones; those not given (or null) stay', () => {
    const change = reviewChange(VOUCHER, LINE_21, { netTaxed: 1428.57, netUntaxed: 0, exempt: null });
    expect(change.split).toEqual({ net_taxed_cents: 142857, net_untaxed_cents: 0, exempt_cents: 0 });
    expect(change.imported).toEqual({ net_taxed_cents: 100000, net_untaxed_cents: 42857, exempt_cents: 0 });
    expect(change.restates).toBe(true);
  });

  test('restating each amount alone counts as a restatement', () => {
    const lines = [{ aliquot: 21, base: 1000, amount: 210 }];
    const voucher = { ...VOUCHER, iva_cents: 21000, total_amount_cents: 200000 };
    expect(reviewChange(voucher, lines, { netUntaxed: 1 }).restates).toBe(true);
    expect(reviewChange(voucher, lines, { exempt: 1 }).restates).toBe(true);
    expect(reviewChange(voucher, lines, { netTaxed: 1000 }).restates).toBe(false);
  });

  test('lines that do not add up to the net taxed as stored are refused, naming the total', () => {
    const error = refusal(() => reviewChange(VOUCHER, LINE_21, {}));
    expect(error.code).toBe('VAT_LINES_INVALID');
    expect(error.details).toEqual([{ path: 'vatItems', message: "the rate lines' bases add up to 1428.57, not to the net taxed 1000.00" }]);
  });

  test('a line off its rate is named by its index', () => {
    const error = refusal(() => reviewChange(VOUCHER, [{ aliquot: 21, base: 1428.57, amount: 300.02 }], { netTaxed: 1428.57, netUntaxed: 0 }));
    expect(error.details[0]).toEqual({ path: 'vatItems.0', message: 'VAT 300.02 is not 21 % of 1428.57 (300.00) within ±0.01' });
  });

  test('a restated split above the total by more than $1 is refused on netTaxed, with the lines still checked', () => {
    // 1428.57 + 1.01 + 300.00 = 1729.58: $1.01 above 1728.57.
    const error = refusal(() => reviewChange(VOUCHER, LINE_21, { netTaxed: 1428.57, netUntaxed: 1.01 }));
    expect(error.code).toBe('VAT_LINES_INVALID');
    expect(error.details).toEqual([
      {
        path: 'netTaxed',
        message: "net taxed 1428.57, untaxed 1.01 and exempt 0.00 with the VAT and other taxes add up to 1729.58, above the voucher's total 1728.57",
      },
    ]);
    expect(error.message).toBe(`invalid VAT lines: netTaxed: ${error.details[0].message}`);
  });

  test('a stored split above its total does not block lines that restate nothing', () => {
    const voucher = { ...VOUCHER, net_taxed_cents: 142857, net_untaxed_cents: 500000 };
    expect(reviewChange(voucher, LINE_21, { netUntaxed: 5000 }).restates).toBe(false);
  });

  test('input that is not lines or money is refused before anything is read', () => {
    expect(refusal(() => reviewChange(VOUCHER, [], {})).details[0]).toMatchObject({ path: 'vatItems' });
    expect(refusal(() => reviewChange(VOUCHER, LINE_21, { netTaxed: 'x' })).details[0]).toMatchObject({ path: 'netTaxed' });
    expect(refusal(() => reviewChange(VOUCHER, LINE_21, { netTaxed: 1.001 })).details[0]).toMatchObject({ path: 'netTaxed' });
    expect(refusal(() => reviewChange(VOUCHER, LINE_21, { other: 1 } as never)).details[0].path).toBe('');
  });

  test('what the activity log says: the rates, then the split restated beside the imported one', () => {
    expect(reviewSummary(reviewChange(VOUCHER, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 }))).toBe(
      'alícuotas de IVA 21 %: 300.00; neto gravado 1428.57, no gravado 0.00, exento 0.00 (importado: 1000.00, 428.57, 0.00)',
    );
    const plain = { ...VOUCHER, net_taxed_cents: 240300 + 162000, net_untaxed_cents: 0, iva_cents: 25232 + 34020 };
    const lines = [
      { aliquot: 10.5, base: 2403, amount: 252.32 },
      { aliquot: 21, base: 1620, amount: 340.2 },
    ];
    expect(reviewSummary(reviewChange(plain, lines, {}))).toBe('alícuotas de IVA 10.5 %: 252.32, 21 %: 340.20');
  });

  test('the refusal of a voucher changed under the writer', () => {
    const error = changedConflict('issued voucher', 'abc');
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 409,
      code: 'VOUCHER_CHANGED',
      message: 'issued voucher abc changed while its VAT lines were being set: read it and try again',
    });
  });
});

describe('writing the change', () => {
  const store = suiteDatabase('review-resolution');
  const account = new ObjectId();
  const NOW = new Date('2026-01-10T12:00:00Z');
  type Voucher = ReviewedVoucher & { status: string };
  const vouchers = () => new TenantCollection<Voucher>(store().db.collection<Voucher>('vouchers'), account);

  async function stored(fields: Partial<Voucher> = {}): Promise<Voucher> {
    const doc = {
      _id: new ObjectId(),
      account_id: account,
      ...VOUCHER,
      vat_items: [{ aliquot: 27, base_cents: 100000, amount_cents: 30000 }],
      rate_review: { reason: 'VAT 300.00 on a net taxed of 1000.00 is outside… (VAT_RATE_UNKNOWN)', flagged_at: new Date('2026-01-02') },
      needs_review: true,
      status: 'pending',
      created_at: new Date('2026-01-02'),
      updated_at: new Date('2026-01-02'),
      ...fields,
    } as Voucher;
    await vouchers().collection.insertOne(doc as never);
    return doc;
  }

  test('stores the lines and the restated split, keeps the split as imported, clears the mark', async () => {
    const doc = await stored();
    const updated = await applyReviewChange(vouchers(), doc, reviewChange(doc, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 }), NOW);
    const expected = {
      vat_items: [{ aliquot: 21, base_cents: 142857, amount_cents: 30000 }],
      net_taxed_cents: 142857,
      net_untaxed_cents: 0,
      exempt_cents: 0,
      stated_net: { net_taxed_cents: 100000, net_untaxed_cents: 42857, exempt_cents: 0 },
      rate_review: null,
      needs_review: false,
      updated_at: NOW,
      total_amount_cents: 172857,
      iva_cents: 30000,
    };
    expect(updated).toMatchObject(expected);
    expect(await vouchers().collection.findOne({ _id: doc._id })).toMatchObject(expected);
  });

  test('a second restatement keeps the split as first imported', async () => {
    const doc = await stored({ stated_net: { net_taxed_cents: 1, net_untaxed_cents: 2, exempt_cents: 3 } });
    const updated = await applyReviewChange(vouchers(), doc, reviewChange(doc, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 }), NOW);
    expect(updated!.stated_net).toEqual({ net_taxed_cents: 1, net_untaxed_cents: 2, exempt_cents: 3 });
  });

  test('lines without a restatement write no stated_net', async () => {
    const doc = await stored({ net_taxed_cents: 142857, net_untaxed_cents: 0 });
    const updated = await applyReviewChange(vouchers(), doc, reviewChange(doc, LINE_21, {}), NOW);
    expect(updated).toMatchObject({ net_taxed_cents: 142857, needs_review: false });
    expect(updated!.stated_net).toBeUndefined();
  });

  test('a split changed since it was read, a state no longer open or another account: nothing is written', async () => {
    const doc = await stored();
    const change = reviewChange(doc, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 });
    await vouchers().collection.updateOne({ _id: doc._id }, { $set: { net_untaxed_cents: 42856 } });
    expect(await applyReviewChange(vouchers(), doc, change, NOW)).toBeNull();

    const linked = await stored({ status: 'linked' });
    expect(
      await applyReviewChange(vouchers(), linked, reviewChange(linked, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 }), NOW, { status: 'pending' }),
    ).toBeNull();

    const other = new TenantCollection<Voucher>(store().db.collection<Voucher>('vouchers'), new ObjectId());
    const mine = await stored();
    expect(await applyReviewChange(other, mine, reviewChange(mine, LINE_21, { netTaxed: 1428.57, netUntaxed: 0 }), NOW)).toBeNull();
    for (const untouched of [linked, mine])
      expect(await vouchers().collection.findOne({ _id: untouched._id })).toMatchObject({ needs_review: true, net_taxed_cents: 100000 });
  });
});
