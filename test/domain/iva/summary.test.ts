import { ObjectId } from 'mongodb';
import { ConflictError, ValidationError } from '../../../src/domain/errors';
import { createEntry } from '../../../src/domain/iva/books';
import { closePeriod } from '../../../src/domain/iva/periods';
import { calculate, position } from '../../../src/domain/iva/iva.summary';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes, rejection } from './context';
import { recountTotals } from '../../../src/domain/iva/totals';

/**
 * The month's VAT position from its books on the suite's own store (Ley de IVA arts. 11–12: débito of the sales,
 * crédito of the purchases; art. 24: saldos a favor carried; perceptions and withholdings as payments on account),
 * the calculated month stored so the next one carries its balances. Figures worked by hand from the lines below.
 */
const store = suiteDatabase('iva-summary', ivaIndexes);
const account = new ObjectId();
const at = new Date('2026-01-20T12:00:00Z');
const ctx = () => contextOn(store(), account, { now: () => at });

let numbered = 0;
const line = (date: string, base: number, overrides: Record<string, unknown> = {}) => ({
  date,
  voucher_type: 1,
  sale_point: 1,
  voucher_number: ++numbered,
  document_type: 80,
  document_number: '30708884444',
  counterpart_name: 'Contraparte SA',
  total: Math.round(base * 121) / 100,
  vat_lines: [{ rate: 21, base, vat: Math.round(base * 21) / 100 }],
  ...overrides,
});

beforeAll(async () => {
  // November: débito 210,00, crédito 420,00 → saldo técnico a favor 210,00; perceptions 10,00 → libre disponibilidad 10,00.
  await createEntry(ctx(), '2025-11-sales', line('2025-11-05', 1000, { document_type: 99, document_number: '0' }));
  await createEntry(ctx(), '2025-11-purchases', line('2025-11-06', 2000, { vat_perception: 10, total: 2430 }));
  // December: débito 2.100,00 − 21,00 (a credit note), crédito 630,00, perceptions 15,00 (a sale's 7,00 is not ours).
  await createEntry(ctx(), '2025-12-sales', line('2025-12-05', 10000, { document_type: 99, document_number: '0' }));
  await createEntry(ctx(), '2025-12-sales', line('2025-12-06', 100, { voucher_type: 3, document_type: 99, document_number: '0' }));
  await createEntry(ctx(), '2025-12-sales', line('2025-12-07', 100, { document_type: 99, document_number: '0', vat_perception: 7, total: 128 }));
  await createEntry(ctx(), '2025-12-purchases', line('2025-12-08', 3000, { vat_perception: 15, total: 3645 }));
});

describe('the position of a month', () => {
  it('a month whose previous month was never calculated carries nothing', async () => {
    expect(await position(ctx(), '2025-11')).toEqual({
      period: '2025-11',
      debitCents: 21_000,
      creditCents: 42_000,
      perceptionsCents: 1_000,
      withholdingsCents: 0,
      previousTechnicalFavorCents: 0,
      previousFreeBalanceCents: 0,
      debitByRate: [{ rate: 21, baseCents: 100_000, vatCents: 21_000 }],
      creditByRate: [{ rate: 21, baseCents: 200_000, vatCents: 42_000 }],
      technicalBalanceCents: -21_000,
      appliedTechnicalFavorCents: 0,
      determinedTaxCents: 0,
      newTechnicalFavorCents: 21_000,
      paymentsOnAccountCents: 1_000,
      balanceCents: -1_000,
      toPayCents: 0,
      newFreeBalanceCents: 1_000,
      calculatedAt: null,
    });
    expect(await store().collection('iva_summaries').countDocuments({ account_id: account })).toBe(0);
  });

  it('calculating stores the month with its withholdings; the next month carries its saldos a favor', async () => {
    const november = await calculate(ctx(), '2025-11', 2.5);
    expect([november.withholdingsCents, november.newFreeBalanceCents, november.newTechnicalFavorCents, november.calculatedAt]).toEqual([
      250,
      1_250,
      21_000,
      at,
    ]);
    expect(await store().collection('iva_summaries').findOne({ account_id: account, period: '2025-11' })).toMatchObject({
      withholdingsCents: 250,
      newTechnicalFavorCents: 21_000,
      newFreeBalanceCents: 1_250,
      calculatedAt: at,
    });
    const december = await position(ctx(), '2025-12');
    // Débito 2.100,00 − 21,00 + 21,00 = 2.100,00; crédito 630,00; saldo técnico 1.470,00, less the 210,00 carried = 1.260,00;
    // payments on account: perceptions 15,00 + libre disponibilidad 12,50 → 1.232,50 to pay.
    expect(december).toMatchObject({
      debitCents: 210_000,
      creditCents: 63_000,
      perceptionsCents: 1_500,
      withholdingsCents: 0,
      previousTechnicalFavorCents: 21_000,
      previousFreeBalanceCents: 1_250,
      technicalBalanceCents: 147_000,
      appliedTechnicalFavorCents: 21_000,
      determinedTaxCents: 126_000,
      paymentsOnAccountCents: 2_750,
      toPayCents: 123_250,
      calculatedAt: null,
    });
  });

  it('withholdings not given again keep the ones last given; given, they replace them', async () => {
    await calculate(ctx(), '2025-12', 100);
    expect((await position(ctx(), '2025-12')).withholdingsCents).toBe(10_000);
    expect((await calculate(ctx(), '2025-12', null)).withholdingsCents).toBe(10_000);
    expect((await calculate(ctx(), '2025-12', undefined)).withholdingsCents).toBe(10_000);
    expect((await calculate(ctx(), '2025-12', 0)).withholdingsCents).toBe(0);
    expect(await store().collection('iva_summaries').countDocuments({ account_id: account, period: '2025-12' })).toBe(1);
  });

  it.each([
    [-1, 'must be at least 0'],
    [1.005, 'must have at most 2 decimals'],
    ['100', 'must be a number'],
  ])('withholdings of %j are refused (400) and nothing is stored', async (withholdings, message) => {
    const error = await rejection(calculate(ctx(), '2026-02', withholdings));
    expect(error).toBeInstanceOf(ValidationError);
    expect([error.message, error.details]).toEqual(['withholdings must be an amount of at least 0', [{ path: 'withholdings', message }]]);
    expect(await store().collection('iva_summaries').countDocuments({ account_id: account, period: '2026-02' })).toBe(0);
  });

  it('a closed month is not calculated again (409 PERIOD_CLOSED), its stored position kept', async () => {
    await calculate(ctx(), '2025-11', 2.5);
    const before = await store().collection('iva_summaries').findOne({ account_id: account, period: '2025-11' });
    await closePeriod(ctx(), '2025-11');
    const error = await rejection(calculate(contextOn(store(), account, { now: () => new Date('2026-03-01T00:00:00Z') }), '2025-11', 5));
    expect([error instanceof ConflictError, error.code]).toEqual([true, 'PERIOD_CLOSED']);
    expect(await store().collection('iva_summaries').findOne({ account_id: account, period: '2025-11' })).toEqual(before);
  });

  it('a purchase line stored before the peso side existed counts its own perceptions, which were pesos', async () => {
    await store().collection('iva_book_entries').insertOne({
      _id: new ObjectId(),
      account_id: account,
      period: '2024-05',
      book_type: 'purchases',
      origin: 'manual',
      source_id: null,
      date: '2024-05-02',
      voucher_type: 1,
      vat_perception_cents: 300,
      vat_lines: [],
    });
    // Stored before the totals were kept: the start-up upgrade counts it.
    await recountTotals(ctx(), '2024-05', 'purchases');
    expect((await position(ctx(), '2024-05')).perceptionsCents).toBe(300);
  });

  it('a received credit note takes back the perception its invoice carried, as it takes back the VAT (credit notes subtract: Ley de IVA arts. 11–12)', async () => {
    // Invoice: 3.000,00 + 630,00 VAT + 15,00 perception; credit note (003): 1.000,00 + 210,00 VAT + 4,00 perception.
    await createEntry(ctx(), '2026-06-purchases', line('2026-06-08', 3000, { vat_perception: 15, total: 3645 }));
    await createEntry(ctx(), '2026-06-purchases', line('2026-06-09', 1000, { voucher_type: 3, vat_perception: 4, total: 1214 }));
    const june = await position(ctx(), '2026-06');
    expect([june.creditCents, june.perceptionsCents]).toEqual([63_000 - 21_000, 1_500 - 400]);
  });

  it("another account's months are its own", async () => {
    const other = await position(contextOn(store(), new ObjectId()), '2025-12');
    expect([other.debitCents, other.creditCents, other.perceptionsCents, other.previousTechnicalFavorCents]).toEqual([0, 0, 0, 0]);
  });
});
