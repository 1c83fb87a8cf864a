import { computableCredit, operationCode } from '../../../src/domain/iva/credit';

const taxed = [{ rate: 21, baseCents: 1000, vatCents: 210 }];
const zero = [{ rate: 0, baseCents: 1000, vatCents: 0 }];

/** Libro IVA Digital field 20 "código de operación" and COMPRAS_CBTE field 21 "crédito fiscal computable". */
describe('operationCode', () => {
  it('X for an export voucher (019, 020, 021), even with a 0 % line', () => {
    for (const type of [19, 20, 21]) expect(operationCode('sales', type, zero, 0)).toBe('X');
  });
  it('space when some rate carries VAT', () => {
    expect(operationCode('sales', 1, taxed, 500)).toBe(' ');
    expect(operationCode('purchases', 1, [...zero, ...taxed], 0)).toBe(' ');
  });
  it('N for a class B/C purchase without VAT lines, even with an exempt amount', () => {
    expect(operationCode('purchases', 11, [], 500)).toBe('N');
    expect(operationCode('purchases', 6, zero, 500)).toBe('N');
  });
  it('E when the voucher has an exempt amount and no VAT, N otherwise', () => {
    expect(operationCode('purchases', 1, zero, 1)).toBe('E');
    expect(operationCode('sales', 11, [], 1)).toBe('E');
    expect(operationCode('purchases', 1, zero, 0)).toBe('N');
    expect(operationCode('sales', 1, [], 0)).toBe('N');
  });
});

describe('computableCredit', () => {
  it('is the VAT of the lines, all of it with coefficient 10000 (or more)', () => {
    expect(computableCredit(1, [...taxed, { rate: 10.5, baseCents: 1000, vatCents: 105 }], 10_000)).toBe(315);
    expect(computableCredit(1, taxed, 12_000)).toBe(210);
  });
  it('is none for class B and C vouchers', () => {
    expect(computableCredit(6, taxed, 10_000)).toBe(0);
    expect(computableCredit(11, taxed, 10_000)).toBe(0);
  });
  it('is the pro-rata share, rounded half up, under global pro-rata', () => {
    expect(computableCredit(1, taxed, 5_000)).toBe(105);
    expect(computableCredit(1, [{ rate: 21, baseCents: 10, vatCents: 21 }], 5_000)).toBe(11); // 10,5 → 11
    expect(computableCredit(1, taxed, 9_999)).toBe(210); // 209,979 → 210
    expect(computableCredit(1, taxed, 0)).toBe(0);
  });
  it('stays exact on a VAT whose product with the coefficient passes 2^53', () => {
    expect(computableCredit(1, [{ rate: 21, baseCents: 0, vatCents: 100_000_000_000_001 }], 9_999)).toBe(99_990_000_000_001);
  });
});
