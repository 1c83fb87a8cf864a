import type { ValidationError } from '../../../src/domain/errors';
import { parseEntry } from '../../../src/domain/iva/entry-input';
import { MANUAL_LINE } from './entries';

/** Manual VAT book lines: the rules an imported voucher meets, and their pesos. */
const MANUAL = { ...MANUAL_LINE, total: 1331, vat_perception: 30, untaxed: 91 };
const purchases = { period: '2025-12', bookType: 'purchases' as const };

const problems = (input: unknown, book: { period: string; bookType: 'purchases' | 'sales' } = purchases) => {
  try {
    parseEntry(input, book, 10_000);
  } catch (error) {
    return (error as ValidationError).details.map((detail) => detail.path);
  }
  return [];
};

describe('parseEntry', () => {
  it('a peso line: its amounts are its pesos', () => {
    const entry = parseEntry(MANUAL, purchases, 10_000);
    expect(entry).toMatchObject({
      origin: 'manual',
      currency: 'PES',
      exchangeRateMicro: 1_000_000,
      totalCents: 133_100,
      computableCreditCents: 21_000,
      rateReview: null,
    });
    expect(entry.pesos).toEqual({
      totalCents: 133_100,
      vatCents: 21_000,
      computableCreditCents: 21_000,
      vatPerceptionCents: 3_000,
      vatLines: [{ rate: 21, baseCents: 100_000, vatCents: 21_000 }],
    });
  });

  it('a USD line keeps its dollars and converts each amount to pesos at its rate', () => {
    const entry = parseEntry({ ...MANUAL, currency: 'DOL', exchange_rate: 1000.5 }, purchases, 5_000);
    expect([entry.currency, entry.exchangeRateMicro, entry.totalCents, entry.computableCreditCents]).toEqual(['DOL', 1_000_500_000, 133_100, 10_500]);
    expect(entry.pesos).toEqual({
      totalCents: 133_166_550,
      vatCents: 21_010_500,
      computableCreditCents: 10_505_250,
      vatPerceptionCents: 3_001_500,
      vatLines: [{ rate: 21, baseCents: 100_050_000, vatCents: 21_010_500 }],
    });
  });

  it('a sales line computes no credit', () => {
    expect(parseEntry({ ...MANUAL, document_type: 99, document_number: '0' }, { period: '2025-12', bookType: 'sales' }, 10_000).computableCreditCents).toBe(0);
  });

  it('a customs dispatch needs its 16-character dispatch number', () => {
    const dispatch = { ...MANUAL, voucher_type: 66, sale_point: 0 };
    expect(problems(dispatch)).toEqual(['customs_dispatch']);
    expect(problems({ ...dispatch, customs_dispatch: '25001IC0400123' })).toEqual(['customs_dispatch']);
    expect(problems({ ...dispatch, customs_dispatch: '25001IC04001234K' })).toEqual([]);
    expect(parseEntry({ ...dispatch, customs_dispatch: '25001IC04001234K' }, purchases, 10_000).customsDispatch).toBe('25001IC04001234K');
    expect(parseEntry(MANUAL, purchases, 10_000).customsDispatch).toBe('');
  });

  it('refuses what an import would: the date outside the period, a bad CUIT, VAT not round(base × rate), a wrong total, a rate twice, pesos at another rate', () => {
    expect(problems({ ...MANUAL, date: '2025-11-30' })).toEqual(['date']);
    expect(problems({ ...MANUAL, document_number: '30708884445' })).toEqual(['document_number']);
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 21, base: 1000, vat: 210.01 }], total: 1331.01 })).toEqual(['vat_lines.0.vat']);
    expect(problems({ ...MANUAL, total: 1330 })).toEqual(['total']);
    expect(problems({ ...MANUAL, vat_lines: [MANUAL.vat_lines[0], MANUAL.vat_lines[0]], total: 2541 })).toEqual(['vat_lines.1.rate']);
    expect(problems({ ...MANUAL, exchange_rate: 2 })).toEqual(['exchange_rate']);
    expect(problems({ ...MANUAL, currency: 'DOL', exchange_rate: 1.0000001 })).toEqual(['exchange_rate']);
    expect(problems({ ...MANUAL, document_type: 99, document_number: '0' })).toEqual(['document_type']);
    expect(problems({ ...MANUAL, voucher_number_to: 500 })).toEqual(['voucher_number_to']);
    expect(problems({ ...MANUAL, voucher_type: 14 })).toEqual(['voucher_type']);
  });
});

/**
 * The bounds of a manual line's fields, as the Libro IVA Digital record design writes them (RG 4597/2019, "Diseño de
 * registros": point of sale 5 digits, counterpart document 20, dispatch number 16 letters and digits, rate 4 + 6
 * digits, at most 9 rate records per voucher in this service) and the code tables (document types, VAT rates).
 */
describe('the fields of a manual line', () => {
  it.each([
    ['a point of sale of 5 digits', { sale_point: 99_999 }],
    ['point of sale 0', { sale_point: 0 }],
    ['the largest number', { voucher_number: 99_999_999_999 }],
    ['number 1', { voucher_number: 1 }],
    ['a range ending at its first number', { voucher_number_to: 501 }],
    ['a range without an end', { voucher_number_to: null }],
    ['a document of 20 digits (DNI, type 96)', { document_type: 96, document_number: '12345678901234567890' }],
    ['a name of 300 characters', { counterpart_name: 'x'.repeat(300) }],
    ['a dollar rate of 4 + 6 digits', { currency: 'DOL', exchange_rate: 9999.999999 }],
    ['a due date', { payment_due_date: '2026-01-31' }],
    ['a class B voucher: its total stands alone, no components', { voucher_type: 6, vat_lines: [], untaxed: 0, vat_perception: 0, total: 1331 }],
  ])('takes %s', (_, change) => {
    expect(problems({ ...MANUAL, ...change })).toEqual([]);
  });

  it.each([
    [{ sale_point: 100_000 }, 'sale_point'],
    [{ sale_point: -1 }, 'sale_point'],
    [{ sale_point: 1.5 }, 'sale_point'],
    [{ voucher_number: 0 }, 'voucher_number'],
    [{ voucher_number: 100_000_000_000 }, 'voucher_number'],
    [{ voucher_number: 2.5 }, 'voucher_number'],
    [{ voucher_number_to: 0 }, 'voucher_number_to'],
    [{ voucher_number_to: 100_000_000_000 }, 'voucher_number_to'],
    [{ voucher_number_to: 600.5 }, 'voucher_number_to'],
    [{ voucher_type: 1.5 }, 'voucher_type'],
    [{ customs_dispatch: '25001IC04001234KX' }, 'customs_dispatch'],
    [{ customs_dispatch: '25001-IC0400123K' }, 'customs_dispatch'],
    [{ document_type: 81 }, 'document_type'],
    [{ document_type: 80.5 }, 'document_type'],
    [{ document_type: 96, document_number: '' }, 'document_number'],
    [{ document_type: 96, document_number: '123456789012345678901' }, 'document_number'],
    [{ document_type: 96, document_number: '30-70888444-4' }, 'document_number'],
    [{ document_type: 96, document_number: 'x12345678' }, 'document_number'],
    [{ document_type: 96, document_number: '12345678x' }, 'document_number'],
    [{ counterpart_name: '   ' }, 'counterpart_name'],
    [{ counterpart_name: 'x'.repeat(301) }, 'counterpart_name'],
    [{ currency: 'dol' }, 'currency'],
    [{ currency: 'DOLL' }, 'currency'],
    [{ currency: 'xDOL' }, 'currency'],
    [{ currency: 'DO' }, 'currency'],
    [{ currency: 'DOL', exchange_rate: 0 }, 'exchange_rate'],
    [{ currency: 'DOL', exchange_rate: 10_000 }, 'exchange_rate'],
    [{ total: -1 }, 'total'],
    [{ total: 1e12 }, 'total'],
    [{ untaxed: -1 }, 'untaxed'],
    [{ vat_lines: [{ rate: 22, base: 1000, vat: 220 }], total: 1311 }, 'vat_lines.0.rate'],
    [{ vat_lines: [{ rate: 21, base: 1000, vat: 210, id: 5 }] }, 'vat_lines.0'],
    [{ vat_lines: [{ rate: 21, base: -1000, vat: 210 }] }, 'vat_lines.0.base'],
    [{ vat_lines: [{ rate: 21, base: 1000, vat: -210 }] }, 'vat_lines.0.vat'],
    [{ payment_due_date: '2026-02-30' }, 'payment_due_date'],
    [{ date: '2025-12-32' }, 'date'],
    [{ colour: 'blue' }, 'input'],
  ])('refuses %j naming %s', (change, path) => {
    expect(problems({ ...MANUAL, ...change })).toEqual([path]);
  });

  it('refuses ten rate records, and what is not an object', () => {
    const ten = Array.from({ length: 10 }, () => ({ rate: 0, base: 1, vat: 0 }));
    expect(problems({ ...MANUAL, vat_lines: ten, total: 10 + 91 + 30 })).toEqual(['vat_lines']);
    // Nine pass the schema (then each repeated rate is named).
    expect(problems({ ...MANUAL, vat_lines: ten.slice(1), total: 9 + 91 + 30 })).toEqual(
      ['1', '2', '3', '4', '5', '6', '7', '8'].map((i) => `vat_lines.${i}.rate`),
    );
    expect(problems('entry')).toEqual(['input']);
  });

  it('keeps the fields given, and their defaults: pesos at 1, zero amounts, no due date', () => {
    const bare = parseEntry(
      {
        date: '2025-12-01',
        voucher_type: 11,
        sale_point: 3,
        voucher_number: 9,
        document_type: 80,
        document_number: '30708884444',
        counterpart_name: '  Monotributista  ',
        total: 500,
      },
      purchases,
      10_000,
    );
    expect(bare).toMatchObject({
      period: '2025-12',
      bookType: 'purchases',
      sourceId: null,
      date: '2025-12-01',
      voucherType: 11,
      salePoint: 3,
      voucherNumber: 9,
      voucherNumberTo: 9,
      customsDispatch: '',
      documentType: 80,
      documentNumber: '30708884444',
      counterpartName: 'Monotributista',
      currency: 'PES',
      exchangeRateMicro: 1_000_000,
      totalCents: 50_000,
      untaxedCents: 0,
      exemptCents: 0,
      vatPerceptionCents: 0,
      nationalPerceptionCents: 0,
      grossIncomePerceptionCents: 0,
      municipalPerceptionCents: 0,
      internalTaxesCents: 0,
      otherTaxesCents: 0,
      vatLines: [],
      operationCode: 'N',
      computableCreditCents: 0,
      paymentDueDate: null,
    });
    const full = parseEntry(
      {
        ...MANUAL,
        voucher_number_to: 510,
        untaxed: 1,
        exempt: 2,
        vat_perception: 3,
        national_perception: 4,
        gross_income_perception: 5,
        municipal_perception: 6,
        internal_taxes: 7,
        other_taxes: 8,
        total: 1246,
        payment_due_date: '2026-01-20',
      },
      purchases,
      10_000,
    );
    expect([
      full.voucherNumberTo,
      full.untaxedCents,
      full.exemptCents,
      full.vatPerceptionCents,
      full.nationalPerceptionCents,
      full.grossIncomePerceptionCents,
      full.municipalPerceptionCents,
      full.internalTaxesCents,
      full.otherTaxesCents,
      full.paymentDueDate,
    ]).toEqual([510, 100, 200, 300, 400, 500, 600, 700, 800, '2026-01-20']);
  });

  it('the total is the sum of every component: each amount counts once', () => {
    // 1000 + 210 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 = 1246; one centavo off either way is refused.
    const all = {
      untaxed: 1,
      exempt: 2,
      vat_perception: 3,
      national_perception: 4,
      gross_income_perception: 5,
      municipal_perception: 6,
      internal_taxes: 7,
      other_taxes: 8,
    };
    expect(problems({ ...MANUAL, ...all, total: 1246 })).toEqual([]);
    expect(problems({ ...MANUAL, ...all, total: 1246.01 })).toEqual(['total']);
    expect(problems({ ...MANUAL, ...all, total: 1245.99 })).toEqual(['total']);
    for (const key of Object.keys(all)) expect(problems({ ...MANUAL, ...all, [key]: 0, total: 1246 })).toEqual(['total']);
    // Components without rate lines (an untaxed-only voucher) must add up too.
    expect(problems({ ...MANUAL, vat_lines: [], vat_perception: 0, untaxed: 100, total: 100 })).toEqual([]);
    expect(problems({ ...MANUAL, vat_lines: [], vat_perception: 0, untaxed: 100, total: 101 })).toEqual(['total']);
    // A 0 % rate line with a base and no VAT is a component.
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 0, base: 50, vat: 0 }], vat_perception: 0, untaxed: 0, total: 50 })).toEqual([]);
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 0, base: 50, vat: 0 }], vat_perception: 0, untaxed: 0, total: 51 })).toEqual(['total']);
  });

  it('names the problem: the total it should be, the VAT it should be', () => {
    try {
      parseEntry({ ...MANUAL, total: 1330, vat_lines: [{ rate: 10.5, base: 1000, vat: 105.01 }] }, purchases, 10_000);
      throw new Error('expected a refusal');
    } catch (error) {
      expect((error as ValidationError).message).toBe('invalid VAT book entry: vat_lines.0.vat, total');
      expect((error as ValidationError).details).toEqual([
        { path: 'vat_lines.0.vat', message: 'must be round(base × 10.5%, 2) = 105.00' },
        { path: 'total', message: 'must be the sum of its components (1226.01)' },
      ]);
    }
  });

  it('a CUIT (80) or a CUIL (86) needs its check digit; other documents do not have one', () => {
    expect(problems({ ...MANUAL, document_type: 86, document_number: '20111111113' })).toEqual(['document_number']);
    expect(problems({ ...MANUAL, document_type: 86, document_number: '20111111112' })).toEqual([]);
    expect(problems({ ...MANUAL, document_type: 87, document_number: '20111111113' })).toEqual([]);
  });

  it('a sale may go to an unidentified final consumer (99); a purchase names its seller', () => {
    const sales = { period: '2025-12', bookType: 'sales' as const };
    expect(problems({ ...MANUAL, document_type: 99, document_number: '0' }, sales)).toEqual([]);
    expect(problems({ ...MANUAL, document_type: 99, document_number: '0' })).toEqual(['document_type']);
  });

  it('each rate once: two different rates are two lines', () => {
    const two = [
      { rate: 21, base: 1000, vat: 210 },
      { rate: 10.5, base: 100, vat: 10.5 },
    ];
    expect(problems({ ...MANUAL, vat_lines: two, total: 1441.5 })).toEqual([]);
  });

  it('the VAT of a line is its base × rate rounded half away from zero to the centavo', () => {
    // 0,50 × 21 % = 0,105 → 0,11; 0,02 × 10,5 % = 0,0021 → 0,00.
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 21, base: 0.5, vat: 0.11 }], vat_perception: 0, untaxed: 0, total: 0.61 })).toEqual([]);
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 21, base: 0.5, vat: 0.1 }], vat_perception: 0, untaxed: 0, total: 0.6 })).toEqual(['vat_lines.0.vat']);
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 10.5, base: 0.02, vat: 0 }], vat_perception: 0, untaxed: 0, total: 0.02 })).toEqual([]);
  });

  it('each refusal names its field and says what a right value is, in the words the client reads', () => {
    const refusal = (input: unknown) => {
      try {
        parseEntry(input, purchases, 10_000);
      } catch (error) {
        expect((error as ValidationError).message).toBe('invalid VAT book entry');
        return (error as ValidationError).details;
      }
      throw new Error('accepted');
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ voucher_type: 400 }, 'voucher_type', 'not an ARCA voucher type'],
      [{ voucher_type: 66, customs_dispatch: '25-001' }, 'customs_dispatch', 'letters and digits only'],
      [{ document_type: 81 }, 'document_type', 'one of 80, 86, 87, 89, 90, 91, 92, 93, 94, 95, 96, 99'],
      [{ document_number: '30-70888444-4' }, 'document_number', 'digits only, at most 20'],
      [{ currency: 'USD$' }, 'currency', 'an ARCA currency code (PES, DOL, 060…)'],
      [{ currency: 'XYZ', exchange_rate: 2 }, 'currency', 'not in ARCA’s currency table (PES, DOL, 060…)'],
      [{ vat_lines: [{ rate: 19, base: 1000, vat: 190 }] }, 'vat_lines.0.rate', 'one of 0, 2.5, 5, 10.5, 21, 27'],
    ];
    for (const [change, path, message] of cases) expect(refusal({ ...MANUAL, ...change })).toContainEqual({ path, message });
  });

  it('amounts stop below a trillion pesos: the total, each base and each VAT', () => {
    const huge = 1e12;
    expect(problems({ ...MANUAL, total: huge })).toContain('total');
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 21, base: huge, vat: 210 }] })).toContain('vat_lines.0.base');
    expect(problems({ ...MANUAL, vat_lines: [{ rate: 21, base: 1000, vat: huge }] })).toContain('vat_lines.0.vat');
    expect(problems({ ...MANUAL, untaxed: huge })).toContain('untaxed');
  });

  it('the rules read after the shape say which rule failed', () => {
    const sales = { period: '2025-12', bookType: 'sales' as const };
    const detailsOf = (input: unknown, book: { period: string; bookType: 'purchases' | 'sales' } = purchases) => {
      try {
        parseEntry(input, book, 10_000);
      } catch (error) {
        return (error as ValidationError).details;
      }
      return [];
    };
    expect(detailsOf({ ...MANUAL, document_number: '30708884445' })).toContainEqual({
      path: 'document_number',
      message: 'not a valid CUIT/CUIL (check digit)',
    });
    expect(detailsOf({ ...MANUAL, document_type: 99, document_number: '0' })).toContainEqual({
      path: 'document_type',
      message: 'a seller must be identified (not 99)',
    });
    expect(detailsOf({ ...MANUAL, document_type: 99, document_number: '0' }, sales)).toEqual([]);
    expect(detailsOf({ ...MANUAL, voucher_type: 66 })).toContainEqual({
      path: 'customs_dispatch',
      message: 'a customs dispatch (066) needs its 16-character dispatch number',
    });
    expect(detailsOf({ ...MANUAL, voucher_number_to: 500 })).toContainEqual({ path: 'voucher_number_to', message: 'must not be below voucher_number' });
    expect(detailsOf({ ...MANUAL, currency: 'DOL', exchange_rate: 1.0000001 })).toContainEqual({ path: 'exchange_rate', message: 'at most 6 decimals' });
    expect(detailsOf({ ...MANUAL, exchange_rate: 2 })).toContainEqual({ path: 'exchange_rate', message: 'must be 1 for pesos' });
    const twice = [
      { rate: 21, base: 500, vat: 105 },
      { rate: 21, base: 500, vat: 105 },
    ];
    expect(detailsOf({ ...MANUAL, vat_lines: twice })).toContainEqual({ path: 'vat_lines.1.rate', message: 'another line already has this rate' });
  });
});
