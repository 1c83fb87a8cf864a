import type { ValidationError } from '../../../src/domain/errors';
import { parseEntry } from '../../../src/domain/iva/entry-input';

/** Manual VAT book lines: the rules an imported voucher meets, and their pesos. */
const MANUAL = {
  date: '2025-12-15',
  voucher_type: 1,
  sale_point: 7,
  voucher_number: 501,
  document_type: 80,
  document_number: '30708884444',
  counterpart_name: 'Servicios Técnicos SRL',
  total: 1331,
  vat_lines: [{ rate: 21, base: 1000, vat: 210 }],
  vat_perception: 30,
  untaxed: 91,
};
const purchases = { period: '2025-12', bookType: 'purchases' as const };

const problems = (input: unknown, book = purchases) => {
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
