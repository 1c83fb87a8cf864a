import {
  centsOf,
  currencyOf,
  dayOf,
  decimalOf,
  documentTypeOf,
  vatAt,
  voucherClassOf,
  voucherCodeOf,
  wholeOf,
} from '../../../src/domain/mis-comprobantes/values';

/**
 * Cell values of the Mis Comprobantes export: G1 writes decimal points without trailing zeros (`10909.3`), G2 and G3
 * decimal commas (`5814,05`), decided per file; amounts are never negative (a credit note's sign comes from its voucher
 * code, ARCA's table of voucher types); dates `yyyy-mm-dd` (G2, G3) or `dd/mm/yyyy` (G1, Excel re-saves).
 */

describe('amounts', () => {
  test.each([
    // G2/G3: decimal comma, no thousands separator in the portal's files; Excel re-saves may add points.
    ['5814,05', true, 581405],
    ['27685,95', true, 2768595],
    ['0,00', true, 0],
    ['252,3', true, 25230],
    ['1.234.567,89', true, 123456789],
    ['$ 1,50', true, 150],
    ['$1,50', true, 150],
    ['1234567890123,45', true, 123456789012345],
    // G1: decimal point, trailing zeros dropped.
    ['35800', false, 3580000],
    ['42877.78', false, 4287778],
    ['10909.3', false, 1090930],
    ['0', false, 0],
    ['  12  ', false, 1200],
  ])('%j (decimal comma: %s) is %i centavos', (cell, comma, cents) => {
    expect(centsOf(cell, comma)).toBe(cents);
  });

  test('an empty cell is no amount (a rate the voucher does not use)', () => {
    expect(centsOf('', true)).toBeNull();
    expect(centsOf('   ', true)).toBeNull();
    expect(centsOf(undefined, true)).toBeNull();
  });

  test.each([
    ['-100,00', true],
    ['-35800', false],
    ['1,234', true],
    ['7,50154E+13', true],
    ['1e5', false],
    ['12.5.3', false],
    ['abc', true],
    ['12345678901234,00', true],
    ['1.234', false],
    ['1.2345', true],
    ['1$2', true],
  ])('%j is refused: negative, three decimals, scientific or not a number', (cell, comma) => {
    const value = centsOf(cell, comma);
    expect(value).toBeInstanceOf(Error);
    expect((value as Error).message).toBe(`not an amount: ${JSON.stringify(cell)}`);
  });

  test('a point in a decimal-comma file is a thousands separator only before three digits', () => {
    expect(centsOf('1.500', true)).toBe(150000);
    expect(centsOf('1.500,25', true)).toBe(150025);
    expect(centsOf('1.50', true)).toBe(150);
  });
});

describe('exchange rates', () => {
  test.each([
    ['1,00', true, 1],
    ['1465,0222', true, 1465.0222],
    ['1028,00', true, 1028],
    ['1', false, 1],
    ['1438.43498', false, 1438.43498],
    ['1,12345678', true, 1.12345678],
    ['123456789', false, 123456789],
  ])('%j is %d', (cell, comma, rate) => {
    expect(decimalOf(cell, comma)).toBe(rate);
  });

  test('an absent rate is refused, named as absent', () => {
    expect(decimalOf(undefined, true)).toEqual(new Error('not an exchange rate: undefined'));
  });

  test('spaces around a rate are not part of it', () => {
    expect(decimalOf(' 1,00 ', true)).toBe(1);
  });

  test.each([['0'], ['0,00'], [''], ['-1'], ['1,2,3'], ['1,123456789'], ['1234567890']])('%j is refused', (cell) => {
    expect(decimalOf(cell, true)).toEqual(new Error(`not an exchange rate: ${JSON.stringify(cell)}`));
  });

  test('a decimal-comma rate in a decimal-point file is refused (a point is read in either)', () => {
    expect(decimalOf('1465.0222', true)).toBe(1465.0222);
    expect(decimalOf('1465,0222', false)).toBeInstanceOf(Error);
  });
});

describe('dates', () => {
  test.each([
    ['2025-12-01', '2025-12-01'],
    ['2024-2-9', '2024-02-09'],
    ['25/03/2022', '2022-03-25'],
    ['2/9/2020', '2020-09-02'],
    ['02/09/20', '2020-09-02'],
    ['29/02/2024', '2024-02-29'],
    [' 2025-12-31 ', '2025-12-31'],
    ['0999-01-05', '0999-01-05'],
  ])('%j is %s', (cell, day) => {
    expect(dayOf(cell)).toBe(day);
  });

  test.each([['31/04/2025'], ['29/02/2025'], ['2025-13-01'], ['2025-00-10'], ['00/01/2025'], ['20251201'], [''], ['1/1/202']])('%j is no day', (cell) => {
    expect(dayOf(cell)).toBeNull();
  });

  test('an absent cell is no day', () => {
    expect(dayOf(undefined)).toBeNull();
  });

  test.each([['x2025-12-01'], ['2025-12-01x'], ['x25/03/2022'], ['25/03/2022x']])('%j, with more around the date, is no day', (cell) => {
    expect(dayOf(cell)).toBeNull();
  });

  test('a two-digit year written in four digits is no day (the calendar would read 0050 as 1950)', () => {
    expect(dayOf('0050-01-01')).toBeNull();
  });
});

describe('voucher codes and classes (ARCA voucher type table)', () => {
  test.each([
    ['1', 1],
    ['1.0', 1],
    ['1.00', 1],
    ['1-Factura A', 1],
    ['1 - Factura A', 1],
    ['3 - Nota de Crédito A', 3],
    ['201', 201],
    [' 11 ', 11],
  ])('%j is code %i', (cell, code) => {
    expect(voucherCodeOf(cell)).toBe(code);
  });

  test.each([['0'], ['Factura A'], ['1000'], [''], ['1.5']])('%j is no code', (cell) => {
    expect(voucherCodeOf(cell)).toBeNull();
  });

  test('an absent cell is no code', () => {
    expect(voucherCodeOf(undefined)).toBeNull();
  });

  test.each([
    [1, 'invoice'],
    [6, 'invoice'],
    [11, 'invoice'],
    [201, 'invoice'],
    [3, 'credit_note'],
    [8, 'credit_note'],
    [13, 'credit_note'],
    [203, 'credit_note'],
    [2, 'debit_note'],
    [7, 'debit_note'],
    [202, 'debit_note'],
    [4, 'receipt'],
    [15, 'receipt'],
    [99, 'other'],
  ])('code %i is a %s (a credit note keeps positive amounts: its class gives the sign)', (code, voucherClass) => {
    expect(voucherClassOf(code)).toBe(voucherClass);
  });
});

describe('whole numbers, currencies and document types', () => {
  test('points of sale and numbers are whole numbers within their bound', () => {
    expect(wholeOf('1203', 99999)).toBe(1203);
    expect(wholeOf(' 7 ', 99999)).toBe(7);
    expect(wholeOf('99999', 99999)).toBe(99999);
    expect(wholeOf('100000', 99999)).toBeNull();
    expect(wholeOf('1.5', 99999)).toBeNull();
    expect(wholeOf('', 99999)).toBeNull();
    expect(wholeOf(undefined, 99999)).toBeNull();
    expect(wholeOf('1234567890', 9999999999)).toBeNull();
  });

  test.each([
    ['$', 'ARS'],
    ['PES', 'ARS'],
    ['ars', 'ARS'],
    ['DOL', 'USD'],
    ['USD', 'USD'],
    ['U$S', 'USD'],
    ['060', 'EUR'],
    ['EUR', 'EUR'],
    ['BRL', 'BRL'],
  ])('currency %j is %s', (cell, currency) => {
    expect(currencyOf(cell)).toBe(currency);
  });

  test('spaces around a currency or a document type are not part of it', () => {
    expect(currencyOf(' USD ')).toBe('USD');
    expect(documentTypeOf(' 80 ')).toBe(80);
    expect(documentTypeOf(' dni ')).toBe(96);
  });

  test.each([['dólares'], ['US'], [''], ['12'], ['ABCD'], ['XYZ'], ['BTC']])('currency %j is unknown', (cell) => {
    expect(currencyOf(cell)).toBeNull();
  });

  test('an absent currency is unknown', () => {
    expect(currencyOf(undefined)).toBeNull();
  });

  test.each([
    ['80', 80],
    ['96', 96],
    ['CUIT', 80],
    ['cuil', 86],
    ['CDI', 87],
    ['LE', 89],
    ['LC', 90],
    ['Pasaporte', 94],
    ['DNI', 96],
  ])('document type %j is %i', (cell, type) => {
    expect(documentTypeOf(cell)).toBe(type);
  });

  test('an unknown document type is none', () => {
    expect(documentTypeOf('RUT')).toBeNull();
    expect(documentTypeOf('800')).toBeNull();
    expect(documentTypeOf(undefined)).toBeNull();
  });
});

describe('VAT of a base at a rate, half up to the centavo', () => {
  test.each([
    // 2403.00 × 10.5 % = 252.315 → 252.32 (half up); 27685.95 × 21 % = 5814.0495 → 5814.05.
    [240300, 10.5, 25232],
    [2768595, 21, 581405],
    // 0.02 × 27 % = 0.0054 → 0.01; 0.01 × 27 % = 0.0027 → 0.00.
    [2, 27, 1],
    [1, 27, 0],
    // 1.00 × 2.5 % = 0.025 → 0.03 (half up); 1.00 × 5 % = 0.05.
    [100, 2.5, 3],
    [100, 5, 5],
    [0, 21, 0],
  ])('%i at %s %% is %i', (base, rate, vat) => {
    expect(vatAt(base, rate)).toBe(vat);
  });
});
