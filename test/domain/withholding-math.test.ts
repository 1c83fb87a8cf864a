import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatStep, gananciasStep, percentOf, scaleOf } from '../../src/domain/withholdings/math';
import { SEEDED_REGIMES } from '../../src/domain/withholdings/regimes';
import { sicoreAmount } from '../../src/domain/withholdings/sicore';

/** The withholding arithmetic in centavos: percentages, the Anexo VIII scale, the month's accumulation, SICORE amounts. */
const NOTES = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'withholdings', 'rg830-anexo-viii.json'), 'utf8'));
const regime = (code: string) => SEEDED_REGIMES.find((candidate) => candidate.code === code)!;

it('percentages are exact and round half away from zero', () => {
  expect(percentOf(6_283_000, 2)).toBe(125_660);
  expect(percentOf(1, 50)).toBe(1);
  expect(percentOf(3, 0.25)).toBe(0);
  expect(percentOf(200, 0.25)).toBe(1);
  expect(percentOf(-200, 0.25)).toBe(-1);
  // 0.1 % of a large amount: no binary-float drift.
  expect(percentOf(123_456_789_012, 0.1)).toBe(123_456_789);
});

it('the scale is the notes’ table: at each bracket’s lower edge it pays the fixed amount, and the fixed amounts chain', () => {
  for (const bracket of NOTES.escala)
    expect({ over: bracket.over, pays: scaleOf(bracket.over * 100) }).toEqual({ over: bracket.over, pays: bracket.pay * 100 });
  for (const [index, bracket] of NOTES.escala.slice(0, -1).entries()) {
    const next = NOTES.escala[index + 1];
    expect(bracket.pay * 100 + percentOf((bracket.up_to - bracket.over) * 100, bracket.percent)).toBe(next.pay * 100);
  }
  expect(scaleOf(100_000_00)).toBe(18_640_00 + 1_240_00);
});

it('the worked example, step by step', () => {
  const steps: number[] = [];
  let previousBaseCents = 0;
  let previouslyWithheldCents = 0;
  for (const payment of NOTES.worked_example.payments) {
    const step = gananciasStep(regime('94'), 'inscripto', { baseCents: payment.amount * 100, previousBaseCents, previouslyWithheldCents, exclusionPercent: 0 });
    steps.push(step.amountCents);
    previousBaseCents += payment.amount * 100;
    previouslyWithheldCents += step.amountCents;
  }
  expect(steps).toEqual(NOTES.worked_example.payments.map((payment: { withheld: number }) => Math.round(payment.withheld * 100)));
});

it('urban rentals to no inscriptos: nothing under $1.020, all of it from there', () => {
  const rental = regime('31');
  expect(gananciasStep(rental, 'no_inscripto', { baseCents: 3_600_00, previousBaseCents: 0, previouslyWithheldCents: 0, exclusionPercent: 0 })).toMatchObject({
    computedTotalCents: 1_008_00,
    amountCents: 0,
    belowMinimum: true,
  });
  expect(
    gananciasStep(rental, 'no_inscripto', { baseCents: 3_700_00, previousBaseCents: 0, previouslyWithheldCents: 0, exclusionPercent: 0 }).amountCents,
  ).toBe(1_036_00);
});

it('IVA: nothing at $400 or less, the whole share above', () => {
  const iva = regime('IVA-50');
  expect(flatStep(800_00, 50, iva.minimumCents, 0)).toMatchObject({ computedTotalCents: 400_00, amountCents: 0, belowMinimum: true });
  expect(flatStep(800_02, 50, iva.minimumCents, 0)).toMatchObject({ amountCents: 400_01, belowMinimum: false });
});

it('SICORE amounts: zero-padded, a comma and two decimals, refusing what does not fit', () => {
  expect(sicoreAmount(8_000_000, 16)).toBe('0000000080000,00');
  expect(sicoreAmount(125_660, 14)).toBe('00000001256,60');
  expect(sicoreAmount(5, 6)).toBe('000,05');
  expect(() => sicoreAmount(100_000_000_000_000, 14)).toThrow(RangeError);
});
