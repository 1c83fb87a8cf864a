import { ConflictError } from '../../../src/domain/errors';
import { assertExportable, MISSING_DISPATCH, reviewReason } from '../../../src/domain/iva/review';
import { fromStored, toStored } from '../../../src/domain/iva/iva.stored';
import { entry } from './entries';

describe('lines that need review', () => {
  it('a rate review from the import, a dispatch without its number, or nothing', () => {
    expect(reviewReason(entry({ rateReview: 'VAT not one rate' }))).toBe('VAT not one rate');
    expect(reviewReason(entry({ voucherType: 66, customsDispatch: '' }))).toBe('customs dispatch without its 16-character dispatch number');
    expect(reviewReason(entry({ voucherType: 66, customsDispatch: '25001IC04001234K' }))).toBeNull();
    expect(reviewReason(entry({ voucherType: 1, customsDispatch: '' }))).toBeNull();
    expect(reviewReason(entry({ voucherType: 66, customsDispatch: '', rateReview: 'VAT not one rate' }))).toBe('VAT not one rate');
  });
});

describe('assertExportable', () => {
  const thrown = (entries: Parameters<typeof assertExportable>[0]) => {
    try {
      assertExportable(entries);
    } catch (error) {
      return error as ConflictError;
    }
    return null;
  };

  it('lets a clean book through', () => {
    expect(thrown([entry(), entry({ voucherType: 66, customsDispatch: '25001IC04001234K' })])).toBeNull();
  });

  it('refuses VAT_RATES_TO_REVIEW naming each flagged voucher first', () => {
    const error = thrown([
      entry(),
      entry({ rateReview: 'VAT 210,00 is not one rate of 1000,01', sourceId: 'abc' }),
      entry({ voucherType: 66, customsDispatch: '', salePoint: 0, voucherNumber: 5 }),
    ]);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error?.code).toBe('VAT_RATES_TO_REVIEW');
    expect(error?.message).toMatch(/^1 voucher\(s\)/);
    expect(error?.details).toEqual([{ path: 'vouchers', message: '001 00004-00024442 of 30708884444 (source abc): VAT 210,00 is not one rate of 1000,01' }]);
  });

  it('then refuses CUSTOMS_DISPATCH_MISSING naming each dispatch without its number', () => {
    const error = thrown([entry(), entry({ voucherType: 66, customsDispatch: '', salePoint: 0, voucherNumber: 5, documentNumber: '33693450239' })]);
    expect(error?.code).toBe('CUSTOMS_DISPATCH_MISSING');
    expect(error?.message).toMatch(/^1 customs dispatch/);
    expect(error?.details).toEqual([{ path: 'vouchers', message: `066 00000-00000005 of 33693450239: ${MISSING_DISPATCH}` }]);
  });
});

describe('stored lines', () => {
  const usd = entry({
    currency: 'DOL',
    exchangeRateMicro: 1_000_500_000,
    vatPerceptionCents: 10,
    rateReview: 'VAT not one rate',
    pesos: {
      totalCents: 121_061_501,
      vatCents: 21_010_500,
      computableCreditCents: 21_010_500,
      vatPerceptionCents: 10_005,
      vatLines: [{ rate: 21, baseCents: 100_051_001, vatCents: 21_010_500 }],
    },
  });

  it('store the stated amounts beside their pesos and the review reason, and read back the same line', () => {
    const stored = toStored(usd);
    expect(stored).toMatchObject({
      total_cents: 121_000,
      vat_cents: 21_000,
      vat_lines: [{ rate: 21, base_cents: 100_000, vat_cents: 21_000, base_pesos_cents: 100_051_001, vat_pesos_cents: 21_010_500 }],
      pesos: { total_cents: 121_061_501, vat_cents: 21_010_500, computable_credit_cents: 21_010_500, vat_perception_cents: 10_005 },
      rate_review: 'VAT not one rate',
      review_reason: 'VAT not one rate',
    });
    expect(
      fromStored({ ...stored, _id: undefined as never, account_id: undefined as never, source_id: null, created_at: new Date(), updated_at: new Date() }),
    ).toEqual(usd);
    expect(toStored(entry({ voucherType: 66 })).review_reason).toBe(MISSING_DISPATCH);
    expect(toStored(entry()).review_reason).toBeNull();
  });

  it('a line stored before the peso side existed held pesos: it reads back as its own pesos, with nothing to review', () => {
    const { pesos: _pesos, rate_review: _review, review_reason: _reason, ...old } = toStored(usd);
    const oldLines = old.vat_lines.map((line) => ({ rate: line.rate, base_cents: line.base_cents, vat_cents: line.vat_cents }));
    const read = fromStored({
      ...old,
      vat_lines: oldLines,
      _id: undefined as never,
      account_id: undefined as never,
      source_id: null,
      created_at: new Date(),
      updated_at: new Date(),
    });
    expect(read.rateReview).toBeNull();
    expect(read.pesos).toEqual({
      totalCents: 121_000,
      vatCents: 21_000,
      computableCreditCents: 21_000,
      vatPerceptionCents: 10,
      vatLines: [{ rate: 21, baseCents: 100_000, vatCents: 21_000 }],
    });
  });
});
