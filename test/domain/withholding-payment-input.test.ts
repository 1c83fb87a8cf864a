import { MAX_PAYMENT, paymentSchema } from '../../src/domain/withholdings/payment-input';
import { detailsOf } from '../../src/domain/validation';

/**
 * What a payment to withhold on must say, and its bounds. Amounts are pesos with at most 2 decimals, parsed to
 * centavos; every amount is under $100.000.000.000 because SICORE's amount fields are 14 characters, 11 whole digits,
 * a comma and 2 decimals (SICORE import design), so a larger payment could not be declared.
 */
const SUPPLIER = '64b7f0c2a1b2c3d4e5f60718';
const payment = (over: Record<string, unknown> = {}) => ({ supplierId: SUPPLIER, date: '2026-11-27', amount: 124_000, regimeCodes: ['94'], ...over });
const issues = (raw: unknown) => {
  const result = paymentSchema.safeParse(raw);
  return result.success ? [] : detailsOf(result.error);
};
const parsed = (raw: unknown) => paymentSchema.parse(raw);

it('a payment with only what it must say is accepted, amounts in centavos', () => {
  expect(parsed(payment({ vatAmount: 21_000, otherTaxes: 3_000 }))).toEqual({
    supplierId: SUPPLIER,
    date: '2026-11-27',
    amount: 12_400_000,
    vatAmount: 2_100_000,
    otherTaxes: 300_000,
    regimeCodes: ['94'],
  });
});

it('the amount paid is more than zero and under $100.000.000.000 (11 whole digits in SICORE)', () => {
  expect(MAX_PAYMENT).toBe(100_000_000_000);
  expect(issues(payment({ amount: 0 }))).toEqual([{ path: 'amount', message: 'must be greater than 0' }]);
  expect(parsed(payment({ amount: 0.01 })).amount).toBe(1);
  expect(parsed(payment({ amount: 99_999_999_999.99 })).amount).toBe(9_999_999_999_999);
  expect(issues(payment({ amount: 100_000_000_000 }))).toEqual([{ path: 'amount', message: 'must be less than 100,000,000,000' }]);
});

it('VAT and other taxes are under the same bound and together never exceed the amount paid', () => {
  expect(issues(payment({ vatAmount: 100_000_000_000 }))).toContainEqual({ path: 'vatAmount', message: 'must be less than 100,000,000,000' });
  expect(issues(payment({ otherTaxes: 100_000_000_000 }))).toContainEqual({ path: 'otherTaxes', message: 'must be less than 100,000,000,000' });
  expect(issues(payment({ amount: 24_000, vatAmount: 21_000, otherTaxes: 3_000.01 }))).toEqual([
    { path: 'vatAmount', message: 'VAT and other taxes cannot exceed the amount paid' },
  ]);
  expect(issues(payment({ amount: 24_000, vatAmount: 21_000, otherTaxes: 3_000 }))).toEqual([]);
});

it('the date is a real calendar date', () => {
  expect(issues(payment({ date: '2026-02-29' }))).toEqual([{ path: 'date', message: 'must be a real calendar date (YYYY-MM-DD)' }]);
  expect(issues(payment({ date: '2028-02-29' }))).toEqual([]);
});

it('the supplier is an id', () => {
  expect(issues(payment({ supplierId: 'acme' }))).toEqual([{ path: 'supplierId', message: 'must be a supplier id' }]);
});

it('one to five régimenes, each once whatever its case, each 1 to 20 characters', () => {
  expect(issues(payment({ regimeCodes: [] }))).toEqual([{ path: 'regimeCodes', message: 'at least one regime' }]);
  expect(issues(payment({ regimeCodes: ['94', '116-I', '116-II', '119', 'IVA-50'] }))).toEqual([]);
  expect(issues(payment({ regimeCodes: ['94', '116-I', '116-II', '119', 'IVA-50', '78'] }))).toEqual([{ path: 'regimeCodes', message: 'at most 5 regimes' }]);
  expect(issues(payment({ regimeCodes: ['iibb-arba', 'IIBB-ARBA'] }))).toEqual([{ path: 'regimeCodes', message: 'each regime once' }]);
  // Codes are looked up upper-cased: 'ß' upper-cases to 'SS', so both name the same régimen.
  expect(issues(payment({ regimeCodes: ['SS', 'ß'] }))).toEqual([{ path: 'regimeCodes', message: 'each regime once' }]);
  expect(issues(payment({ regimeCodes: ['  '] }))).toEqual([{ path: 'regimeCodes.0', message: 'must not be empty' }]);
  expect(issues(payment({ regimeCodes: ['A'.repeat(20)] }))).toEqual([]);
  expect(issues(payment({ regimeCodes: ['A'.repeat(21)] }))).toEqual([{ path: 'regimeCodes.0', message: 'at most 20 characters' }]);
  expect(parsed(payment({ regimeCodes: [' 94 '] })).regimeCodes).toEqual(['94']);
});

it('the payment order number, invoices and payment account are bounded', () => {
  expect(issues(payment({ paymentId: ' ' }))).toEqual([{ path: 'paymentId', message: 'must not be empty' }]);
  expect(parsed(payment({ paymentId: ` ${'9'.repeat(30)} ` })).paymentId).toBe('9'.repeat(30));
  expect(issues(payment({ paymentId: '9'.repeat(31) }))).toEqual([{ path: 'paymentId', message: 'at most 30 characters' }]);
  const invoices = Array.from({ length: 50 }, (_, n) => `A-00001-${String(n).padStart(8, '0')}`);
  expect(parsed(payment({ invoices })).invoices).toHaveLength(50);
  expect(issues(payment({ invoices: [...invoices, 'A-00001-00000050'] }))).toEqual([{ path: 'invoices', message: 'at most 50 invoices' }]);
  expect(issues(payment({ invoices: [''] }))).toEqual([{ path: 'invoices.0', message: 'must not be empty' }]);
  expect(issues(payment({ invoices: ['F'.repeat(40)] }))).toEqual([]);
  expect(issues(payment({ invoices: ['F'.repeat(41)] }))).toEqual([{ path: 'invoices.0', message: 'at most 40 characters' }]);
  expect(parsed(payment({ invoices: [' A-1 '] })).invoices).toEqual(['A-1']);
  expect(issues(payment({ paymentAccountCode: ' ' }))).toEqual([{ path: 'paymentAccountCode', message: 'must not be empty' }]);
  expect(issues(payment({ paymentAccountCode: '1'.repeat(20) }))).toEqual([]);
  expect(issues(payment({ paymentAccountCode: '1'.repeat(21) }))).toEqual([{ path: 'paymentAccountCode', message: 'at most 20 characters' }]);
  expect(parsed(payment({ paymentAccountCode: ' 1.1.1.02 ' })).paymentAccountCode).toBe('1.1.1.02');
});

it('the condition is inscripto or no inscripto; percents are 0 to 100 with 2 decimals; nothing else is accepted', () => {
  expect(parsed(payment({ condition: 'no_inscripto', exclusionPercent: 100, iibbRate: 0, issueCertificates: false }))).toMatchObject({
    condition: 'no_inscripto',
    exclusionPercent: 100,
    iibbRate: 0,
    issueCertificates: false,
  });
  expect(parsed(payment({ condition: 'inscripto' })).condition).toBe('inscripto');
  expect(issues(payment({ condition: 'monotributo' }))[0]?.path).toBe('condition');
  expect(issues(payment({ exclusionPercent: 100.01 }))).toEqual([{ path: 'exclusionPercent', message: 'must be at most 100' }]);
  expect(issues(payment({ iibbRate: 3.555 }))).toEqual([{ path: 'iibbRate', message: 'must have at most 2 decimals' }]);
  expect(issues(payment({ currency: 'USD' }))[0]?.message).toMatch(/currency/);
});
