import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { carryAndCap, type OpenPending, pendingAfter, type RegimeStep } from '../../src/domain/withholdings/carry';
import { capAtPayment, flatStep, gananciasStep, percentOf, scaleOf } from '../../src/domain/withholdings/math';
import { inForceOn, type Regime, SCALE, SCALE_119, seededRegimes } from '../../src/domain/withholdings/table';
import {
  iibbPerception,
  ivaPerceptionLines,
  perceptionRate,
  perceptionRegimeCode,
  perceptionTotal,
  RG_2408_MINIMUM_CENTS,
  RG_2408_RATES,
} from '../../src/domain/withholdings/perception-math';
import { sicoreAmount } from '../../src/domain/withholdings/sicore';

/**
 * The withholding arithmetic in centavos: percentages, the Anexo VIII table and scales version by version (RG 4525/2019,
 * RG 5423/2023), the month's accumulation, which minimum applies, the exclusion certificate, the cap at what a
 * payment pays with the rest carried to the supplier's next payment, and SICORE amounts. Expected figures come from the
 * fixture written by hand from the resolutions (see its `source`), or are worked out in the comments.
 */
const NOTES = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'withholdings', 'rg830-anexo-viii.json'), 'utf8'));
const [RG_4525, RG_5423] = NOTES.versions;
type Row = Record<string, any>;
const on = (code: string, date: string) => inForceOn(seededRegimes(), date).find((candidate) => candidate.code === code) as Regime;
const regime = (code: string) => on(code, '2026-11-27');
const month = (over: Partial<{ baseCents: number; previousBaseCents: number; previouslyWithheldCents: number; exclusionPercent: number }>) => ({
  baseCents: 0,
  previousBaseCents: 0,
  previouslyWithheldCents: 0,
  exclusionPercent: 0,
  ...over,
});

it('percentages are exact and round half away from zero', () => {
  expect(percentOf(6_283_000, 2)).toBe(125_660);
  expect(percentOf(1, 50)).toBe(1);
  expect(percentOf(3, 0.25)).toBe(0);
  expect(percentOf(200, 0.25)).toBe(1);
  expect(percentOf(199, 0.25)).toBe(0);
  expect(percentOf(-200, 0.25)).toBe(-1);
  expect(percentOf(-199, 0.25)).toBe(0);
  // 0.1 % of a large amount: no binary-float drift.
  expect(percentOf(123_456_789_012, 0.1)).toBe(123_456_789);
});

describe('the Anexo VIII table, version by version', () => {
  it.each((NOTES.versions as Row[]).map((version): [string, Row] => [version.norm, version]))(
    '%s: every concept’s MNSR, rates and minimum',
    (_norm, version: Row) => {
      for (const concept of version.concepts) {
        const seeded = seededRegimes().find((candidate) => candidate.code === concept.code && candidate.validFrom === version.valid_from);
        expect({ code: concept.code, ...seeded }).toMatchObject({
          code: concept.code,
          tax: 'ganancias',
          sicoreCode: concept.code.slice(0, 3).padStart(3, '0'),
          validFrom: version.valid_from,
          usesScale: typeof concept.registered === 'string',
          scale: concept.registered === 'escala' ? SCALE : concept.registered === 'escala_119' ? SCALE_119 : null,
          rateRegistered: typeof concept.registered === 'string' ? null : concept.registered,
          rateUnregistered: concept.unregistered,
          nonTaxableCents: concept.mnsr * 100,
          minimumCents: version.minimum_withholding * 100,
          minimumUnregisteredCents: concept.code === '31' ? version.minimum_urban_rental_unregistered * 100 : null,
          seeded: true,
        });
        expect(seeded?.norm).toContain(version.norm);
      }
      const codes = seededRegimes()
        .filter((candidate) => candidate.tax === 'ganancias' && candidate.validFrom === version.valid_from)
        .map((r) => r.code);
      expect(codes.sort()).toEqual(version.concepts.map((concept: Row) => concept.code).sort());
    },
  );

  it('every concept names itself (the certificate prints it) and its norm; IVA and IIBB are in force today', () => {
    const table = seededRegimes();
    for (const regime of table) expect({ code: regime.code, description: regime.description.length > 5 }).toEqual({ code: regime.code, description: true });
    expect(new Set(table.map((regime) => `${regime.validFrom} ${regime.description}`)).size).toBe(table.length);
    expect(on('119', '2026-11-27').description).toMatch(/profesiones liberales/i);
    expect(on('116-II', '2023-10-01').description).not.toMatch(/profesiones liberales/i);
    expect(on('779', '2026-11-27').description).toMatch(/subsidios/i);
    expect(on('IVA-80', '2026-11-27')).toMatchObject({
      tax: 'iva',
      norm: expect.stringMatching(/RG 2854.*RG 3887/),
      sicoreCode: null,
      usesScale: false,
      scale: null,
    });
    expect(on('IIBB-ARBA', '2026-11-27')).toMatchObject({
      tax: 'iibb',
      norm: expect.stringContaining('ARBA'),
      rateRegistered: null,
      rateUnregistered: null,
      minimumCents: 0,
      nonTaxableCents: 0,
    });
    expect(on('IIBB-AGIP', '2026-11-27')).toMatchObject({ tax: 'iibb', norm: expect.stringContaining('AGIP'), usesScale: false, scale: null, seeded: true });
    // The IVA version carries RG 3887's $400 from 2016-07-01; the IIBB designations have no dated table of their own.
    expect([on('IVA-50', '2016-06-30'), on('IVA-50', '2016-07-01')?.validFrom]).toEqual([undefined, '2016-07-01']);
    expect([on('IIBB-ARBA', '1999-12-31'), on('IIBB-ARBA', '2000-01-01')?.validFrom]).toEqual([undefined, '2000-01-01']);
    expect(on('IVA-100', '2026-11-27')).toMatchObject({ nonTaxableCents: 0, minimumUnregisteredCents: null, seeded: true, rateUnregistered: 100 });
  });

  it.each([
    ['escala', RG_4525.escala, SCALE],
    ['escala_119', RG_5423.escala_119, SCALE_119],
  ])(
    'the %s: at each bracket’s lower edge it pays the fixed amount, one centavo over adds its percent, the fixed amounts chain',
    (_name, brackets: Row[], scale) => {
      expect(scale.map(([over, fixed, percent]) => ({ over: over / 100, pay: fixed / 100, percent }))).toEqual(
        brackets.map(({ over, pay, percent }) => ({ over, pay, percent })),
      );
      for (const bracket of brackets) {
        expect({ over: bracket.over, pays: scaleOf(bracket.over * 100, scale) }).toEqual({ over: bracket.over, pays: bracket.pay * 100 });
        // 100 centavos over the edge: the bracket's percent of $1 (5 % → 5 centavos …).
        expect(scaleOf(bracket.over * 100 + 100, scale)).toBe(bracket.pay * 100 + bracket.percent);
      }
      for (const [index, bracket] of brackets.slice(0, -1).entries())
        expect(bracket.pay * 100 + percentOf((bracket.up_to - bracket.over) * 100, bracket.percent)).toBe(brackets[index + 1].pay * 100);
    },
  );

  it('the general scale is the default; above the last bracket it adds 31 %', () => {
    expect(scaleOf(100_000_00)).toBe(18_640_00 + 1_240_00);
    expect(scaleOf(0)).toBe(0);
  });

  it('a payment’s date picks the version: 119 from 2023-10-01 on, 116-II narrowed then; nothing before RG 4525', () => {
    expect(on('119', '2023-09-30')).toBeUndefined();
    expect(on('119', '2023-10-01')).toMatchObject({ validFrom: '2023-10-01', nonTaxableCents: 160_000_00 });
    expect(on('116-II', '2023-09-30').validFrom).toBe('2019-07-01');
    expect(on('116-II', '2023-10-01').validFrom).toBe('2023-10-01');
    expect(on('94', '2019-06-30')).toBeUndefined();
    expect(on('94', '2019-07-01').validFrom).toBe('2019-07-01');
  });

  it('an account’s own version from the same day as a seeded one overrides it; a later one applies from its date', () => {
    const own: Regime = { ...regime('94'), nonTaxableCents: 1, seeded: false };
    expect(inForceOn([...seededRegimes(), own], '2026-01-01').find((r) => r.code === '94')).toBe(own);
    const later: Regime = { ...own, validFrom: '2030-01-01' };
    expect(inForceOn([...seededRegimes(), later], '2029-12-31').find((r) => r.code === '94')?.seeded).toBe(true);
    expect(inForceOn([later, ...seededRegimes()], '2030-01-01').find((r) => r.code === '94')).toBe(later);
  });

  it('the source’s professional fee of $180.000: $39.462,70 under 116-II before RG 5423, $1.000 under 119 after it', () => {
    const example = NOTES.professional_fee_example;
    const before = gananciasStep(on(example.before_rg5423.regime, '2023-09-30'), 'inscripto', month({ baseCents: example.fee * 100 }));
    expect(before).toMatchObject({
      taxableCents: example.before_rg5423.taxable * 100,
      scaleApplied: true,
      amountCents: Math.round(example.before_rg5423.withheld * 100),
    });
    const after = gananciasStep(on(example.from_rg5423.regime, '2023-10-01'), 'inscripto', month({ baseCents: example.fee * 100 }));
    expect(after).toMatchObject({
      taxableCents: example.from_rg5423.taxable * 100,
      scaleApplied: true,
      amountCents: Math.round(example.from_rg5423.withheld * 100),
    });
  });
});

describe('Ganancias month by month', () => {
  it('the worked example, step by step', () => {
    const steps: number[] = [];
    let previousBaseCents = 0;
    let previouslyWithheldCents = 0;
    for (const payment of NOTES.worked_example.payments) {
      const step = gananciasStep(regime('94'), 'inscripto', month({ baseCents: payment.amount * 100, previousBaseCents, previouslyWithheldCents }));
      steps.push(step.amountCents);
      previousBaseCents += payment.amount * 100;
      previouslyWithheldCents += step.amountCents;
    }
    expect(steps).toEqual(NOTES.worked_example.payments.map((payment: { withheld: number }) => Math.round(payment.withheld * 100)));
  });

  it('the MNSR at, one centavo under and one over the accumulated base (inscripto, 94: $67.170)', () => {
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 67_170_00 }))).toMatchObject({
      accumulatedBaseCents: 67_170_00,
      nonTaxableCents: 67_170_00,
      taxableCents: 0,
      computedTotalCents: 0,
      amountCents: 0,
      belowMinimum: false,
    });
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 67_169_99 }))).toMatchObject({ nonTaxableCents: 67_169_99, taxableCents: 0 });
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 60_000_00, previousBaseCents: 7_170_01 }))).toMatchObject({
      accumulatedBaseCents: 67_170_01,
      nonTaxableCents: 67_170_00,
      taxableCents: 1,
    });
    // No inscripto: no MNSR at all, the flat rate on the whole base.
    expect(gananciasStep(regime('94'), 'no_inscripto', month({ baseCents: 67_170_00 }))).toMatchObject({
      nonTaxableCents: 0,
      taxableCents: 67_170_00,
      rate: 28,
      amountCents: 18_807_60,
    });
  });

  it('the $240 minimum at, one centavo under and one over (inscripto, 94 at 2 %: $12.000 over the MNSR is $240)', () => {
    const at = gananciasStep(regime('94'), 'inscripto', month({ baseCents: 79_170_00 }));
    expect(at).toMatchObject({ taxableCents: 12_000_00, computedTotalCents: 240_00, amountCents: 240_00, belowMinimum: false });
    const under = gananciasStep(regime('94'), 'inscripto', month({ baseCents: 79_169_50 }));
    expect(under).toMatchObject({ computedTotalCents: 239_99, amountCents: 0, belowMinimum: true });
    const over = gananciasStep(regime('94'), 'inscripto', month({ baseCents: 79_170_50 }));
    expect(over).toMatchObject({ computedTotalCents: 240_01, amountCents: 240_01, belowMinimum: false });
  });

  it('which minimum: $1.020 for urban rentals to no inscriptos (at, under, over); $240 for inscriptos and other concepts', () => {
    // 28 % of $10.000 = $2.800; $1.780 already withheld leaves exactly $1.020.
    const rental = (withheld: number, condition: 'inscripto' | 'no_inscripto' = 'no_inscripto') =>
      gananciasStep(regime('31'), condition, month({ baseCents: 10_000_00, previouslyWithheldCents: withheld }));
    expect(rental(1_780_00)).toMatchObject({ computedTotalCents: 2_800_00, amountCents: 1_020_00, belowMinimum: false });
    expect(rental(1_780_01)).toMatchObject({ amountCents: 0, belowMinimum: true });
    expect(rental(1_779_99)).toMatchObject({ amountCents: 1_020_01, belowMinimum: false });
    // The same rentals paid to an inscripto: 6 % over the $11.200 MNSR, and the general $240.
    expect(gananciasStep(regime('31'), 'inscripto', month({ baseCents: 15_200_00 }))).toMatchObject({ taxableCents: 4_000_00, amountCents: 240_00 });
    // A no inscripto under another concept: $240, not $1.020 (28 % of $900 = $252; of $800, $224: nothing).
    expect(gananciasStep(regime('94'), 'no_inscripto', month({ baseCents: 800_00 }))).toMatchObject({
      computedTotalCents: 224_00,
      amountCents: 0,
      belowMinimum: true,
    });
    expect(gananciasStep(regime('94'), 'no_inscripto', month({ baseCents: 900_00 }))).toMatchObject({ amountCents: 252_00, belowMinimum: false });
    // The source's own check: 28 % of $3.600 is $1.008, under $1.020; of $3.700 it is $1.036.
    expect(gananciasStep(regime('31'), 'no_inscripto', month({ baseCents: 3_600_00 }))).toMatchObject({
      computedTotalCents: 1_008_00,
      amountCents: 0,
      belowMinimum: true,
    });
    expect(gananciasStep(regime('31'), 'no_inscripto', month({ baseCents: 3_700_00 })).amountCents).toBe(1_036_00);
  });

  it('the scale applies to inscriptos under a scale concept, never to no inscriptos nor to a flat-rate concept', () => {
    // 116-II: $40.000 − $16.830 = $23.170 → $1.120 + 12 % of $7.170 = $1.980,40.
    expect(gananciasStep(regime('116-II'), 'inscripto', month({ baseCents: 40_000_00 }))).toMatchObject({
      taxableCents: 23_170_00,
      scaleApplied: true,
      rate: null,
      amountCents: 1_980_40,
    });
    // 119: $300.000 − $160.000 = $140.000 → $3.550 + 9 % of $69.000 = $9.760.
    expect(gananciasStep(regime('119'), 'inscripto', month({ baseCents: 300_000_00 }))).toMatchObject({
      taxableCents: 140_000_00,
      scaleApplied: true,
      amountCents: 9_760_00,
    });
    // The same payments to a no inscripto: 28 % of the whole base.
    expect(gananciasStep(regime('116-II'), 'no_inscripto', month({ baseCents: 40_000_00 }))).toMatchObject({
      scaleApplied: false,
      rate: 28,
      amountCents: 11_200_00,
    });
    expect(gananciasStep(regime('119'), 'no_inscripto', month({ baseCents: 300_000_00 }))).toMatchObject({
      scaleApplied: false,
      rate: 28,
      amountCents: 84_000_00,
    });
    // A flat-rate concept for an inscripto: its rate, no scale (94: 2 % of $100.000 − $67.170 = $656,60).
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 100_000_00 }))).toMatchObject({ scaleApplied: false, rate: 2, amountCents: 656_60 });
  });

  it('the exclusion certificate reduces the withholding by its percent; 100 % leaves nothing', () => {
    // 94, inscripto, $100.000: 2 % of $32.830 = $656,60.
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 100_000_00, exclusionPercent: 50 }))).toMatchObject({
      computedTotalCents: 328_30,
      amountCents: 328_30,
    });
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: 100_000_00, exclusionPercent: 100 }))).toMatchObject({
      computedTotalCents: 0,
      amountCents: 0,
      belowMinimum: false,
    });
    // With the scale: $1.980,40 less 25 % = $1.485,30.
    expect(gananciasStep(regime('116-II'), 'inscripto', month({ baseCents: 40_000_00, exclusionPercent: 25 })).amountCents).toBe(1_485_30);
  });

  it('never withholds a negative amount: a payment smaller than the month’s earlier ones, a credit note, more already withheld', () => {
    // $1.256,60 already withheld on $130.000; a credit note of $30.000 takes the month to $100.000 ($656,60 owed).
    const credit = gananciasStep(regime('94'), 'inscripto', month({ baseCents: -30_000_00, previousBaseCents: 130_000_00, previouslyWithheldCents: 1_256_60 }));
    expect(credit).toMatchObject({ accumulatedBaseCents: 100_000_00, computedTotalCents: 656_60, amountCents: 0, belowMinimum: false });
    // A credit note larger than the month: no negative MNSR or taxable amount.
    expect(gananciasStep(regime('94'), 'inscripto', month({ baseCents: -50_000_00, previousBaseCents: 10_000_00 }))).toMatchObject({
      accumulatedBaseCents: -40_000_00,
      nonTaxableCents: 0,
      taxableCents: 0,
      amountCents: 0,
    });
    expect(gananciasStep(regime('94'), 'no_inscripto', month({ baseCents: -50_000_00 }))).toMatchObject({ taxableCents: 0, amountCents: 0 });
    expect(flatStep(-100_00, 50, 0, 0)).toMatchObject({ computedTotalCents: -50_00, amountCents: 0, belowMinimum: false });
  });
});

describe('IVA and IIBB on the payment alone', () => {
  it('IVA: nothing at $400 or less, the whole share above', () => {
    const iva = seededRegimes().find((candidate) => candidate.code === 'IVA-50') as Regime;
    expect(iva.minimumCents).toBe(NOTES.iva_rg2854.minimum_exclusive * 100 + 1);
    for (const [code, percent] of Object.entries(NOTES.iva_rg2854.percents)) expect(seededRegimes().find((r) => r.code === code)?.rateRegistered).toBe(percent);
    expect(flatStep(800_00, 50, iva.minimumCents, 0)).toMatchObject({ computedTotalCents: 400_00, amountCents: 0, belowMinimum: true });
    expect(flatStep(800_02, 50, iva.minimumCents, 0)).toMatchObject({
      accumulatedBaseCents: 800_02,
      taxableCents: 800_02,
      rate: 50,
      amountCents: 400_01,
      belowMinimum: false,
    });
  });

  it('an exclusion percent reduces a flat withholding too; nothing owed is not “under the minimum”', () => {
    expect(flatStep(1_000_00, 2.5, 0, 40)).toMatchObject({
      computedTotalCents: 15_00,
      amountCents: 15_00,
      scaleApplied: false,
      nonTaxableCents: 0,
      previouslyWithheldCents: 0,
    });
    expect(flatStep(0, 50, 400_01, 0)).toMatchObject({ computedTotalCents: 0, amountCents: 0, belowMinimum: false });
  });
});

describe('a withholding never exceeds what is paid', () => {
  it('each line takes what it owes out of what the payment still has; the rest stays pending', () => {
    expect(capAtPayment(100_00, [30_00, 50_00, 40_00])).toEqual([
      { withheldCents: 30_00, pendingCents: 0 },
      { withheldCents: 50_00, pendingCents: 0 },
      { withheldCents: 20_00, pendingCents: 20_00 },
    ]);
    expect(capAtPayment(100_00, [100_00, 1])).toEqual([
      { withheldCents: 100_00, pendingCents: 0 },
      { withheldCents: 0, pendingCents: 1 },
    ]);
    expect(capAtPayment(100_00, [99_99])).toEqual([{ withheldCents: 99_99, pendingCents: 0 }]);
    expect(capAtPayment(100_00, [0])).toEqual([{ withheldCents: 0, pendingCents: 0 }]);
  });

  const step = (regimeCode: string, amountCents: number): RegimeStep => ({
    ...gananciasStep(regime('94'), 'inscripto', month({})),
    amountCents,
    tax: 'ganancias',
    regimeCode,
    regimeDescription: regimeCode,
    sicoreCode: regimeCode,
    jurisdiction: null,
    baseCents: 0,
    exclusionPercent: 0,
  });
  const open = (regimeCode: string, pendingCents: number): OpenPending => ({
    regimeCode,
    tax: 'iva',
    regimeDescription: `pendiente ${regimeCode}`,
    sicoreCode: null,
    jurisdiction: 'ARBA',
    pendingCents,
  });

  it('a no inscripto paid $100 owes $280 under 94 (28 %): $100 withheld, $180 pending, nothing paid out', () => {
    const owed = gananciasStep(regime('94'), 'no_inscripto', month({ baseCents: 1_000_00 }));
    const [line] = carryAndCap([{ ...step('94', owed.amountCents), baseCents: 1_000_00 }], [], 100_00);
    expect(line).toMatchObject({ assessedCents: 280_00, carriedInCents: 0, amountCents: 100_00, pendingCents: 180_00 });
  });

  it('the supplier’s next payment owes the pending with its own line of the regime, or a line of its own', () => {
    const lines = carryAndCap([step('94', 500_00)], [open('94', 180_00), open('IVA-80', 70_00)], 1_000_00);
    expect(lines.map((line) => [line.regimeCode, line.assessedCents, line.carriedInCents, line.amountCents, line.pendingCents])).toEqual([
      ['94', 500_00, 180_00, 680_00, 0],
      ['IVA-80', 0, 70_00, 70_00, 0],
    ]);
    // The carried line keeps the pending regime's identity and determines nothing of its own.
    expect(lines[1]).toMatchObject({
      tax: 'iva',
      regimeDescription: 'pendiente IVA-80',
      sicoreCode: null,
      jurisdiction: 'ARBA',
      baseCents: 0,
      taxableCents: 0,
      computedTotalCents: 0,
      rate: null,
      scaleApplied: false,
      belowMinimum: false,
    });
    // Too small again: what fits is withheld, in order, and the rest stays pending.
    const again = carryAndCap([step('94', 500_00)], [open('94', 180_00), open('IVA-80', 70_00)], 600_00);
    expect(again.map((line) => [line.amountCents, line.pendingCents])).toEqual([
      [600_00, 80_00],
      [0, 70_00],
    ]);
    expect(again.reduce((sum, line) => sum + line.amountCents, 0)).toBeLessThanOrEqual(600_00);
  });
  it('what the supplier owes afterwards: what a line left pending, zero where it took an earlier pending, nothing else', () => {
    const lines = carryAndCap([step('94', 500_00), step('78', 0), step('IVA-50', 300_00)], [open('78', 40_00), open('IVA-80', 70_00)], 600_00);
    // 94 takes $500; 78 its $40 pending; IVA-50 $60 of its $300; IVA-80 none of its $70.
    expect(pendingAfter(lines)).toEqual([
      { ...open('78', 0), tax: 'ganancias', regimeDescription: '78', sicoreCode: '78', jurisdiction: null },
      { ...open('IVA-50', 240_00), tax: 'ganancias', regimeDescription: 'IVA-50', sicoreCode: 'IVA-50', jurisdiction: null },
      open('IVA-80', 70_00),
    ]);
    expect(pendingAfter(carryAndCap([step('94', 500_00)], [], 600_00))).toEqual([]);
  });
});

it('SICORE amounts: zero-padded, a comma and two decimals, refusing what does not fit', () => {
  expect(sicoreAmount(8_000_000, 16)).toBe('0000000080000,00');
  expect(sicoreAmount(125_660, 14)).toBe('00000001256,60');
  expect(sicoreAmount(5, 6)).toBe('000,05');
  expect(sicoreAmount(99_999_999_999_99, 14)).toBe('99999999999,99');
  expect(() => sicoreAmount(100_000_000_000_00, 14)).toThrow(new RangeError('amount 100000000000,00 does not fit 14 characters'));
});

describe('RG 2408 IVA perception on a sale', () => {
  it('3 % of the net at 21 %, 1,5 % of the net at 10,5 %; a rate given applies to every line', () => {
    expect(RG_2408_RATES).toEqual({ '21': NOTES.iva_rg2408.rate_21, '10.5': NOTES.iva_rg2408.rate_10_5 });
    expect(
      ivaPerceptionLines(
        [
          { rate: 21, base: 10_000_00 },
          { rate: 10.5, base: 2_000_00 },
        ],
        null,
      ),
    ).toEqual([
      { vat_rate: 21, base_cents: 10_000_00, rate: 3, amount_cents: 300_00 },
      { vat_rate: 10.5, base_cents: 2_000_00, rate: 1.5, amount_cents: 30_00 },
    ]);
    expect(ivaPerceptionLines([{ rate: 27, base: 1_000_00 }], 6).map((line) => line.amount_cents)).toEqual([60_00]);
  });

  it('a VAT rate without a general perception rate, or no net at all, is a 400 naming the field', () => {
    expect(() =>
      ivaPerceptionLines(
        [
          { rate: 21, base: 1 },
          { rate: 27, base: 1 },
        ],
        null,
      ),
    ).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'no general RG 2408 rate for VAT 27 %: give rate',
        details: [{ path: 'netByRate.1.rate', message: 'give rate' }],
      }),
    );
    expect(() => ivaPerceptionLines([], null)).toThrow(
      expect.objectContaining({ status: 400, message: 'netByRate is required for IVA', details: [{ path: 'netByRate', message: 'the net per VAT rate' }] }),
    );
  });

  it('nothing under $60: at $60 it is perceived, one centavo under it is not', () => {
    expect(RG_2408_MINIMUM_CENTS).toBe(NOTES.iva_rg2408.minimum * 100);
    const line = (amount_cents: number) => [{ vat_rate: 21, base_cents: 0, rate: 3, amount_cents }];
    expect(perceptionTotal(line(60_00), RG_2408_MINIMUM_CENTS)).toEqual({ computed: 60_00, amount: 60_00, belowMinimum: false });
    expect(perceptionTotal(line(59_99), RG_2408_MINIMUM_CENTS)).toEqual({ computed: 59_99, amount: 0, belowMinimum: true });
    expect(perceptionTotal([...line(30_00), ...line(30_00)], RG_2408_MINIMUM_CENTS)).toEqual({ computed: 60_00, amount: 60_00, belowMinimum: false });
    expect(perceptionTotal(line(0), RG_2408_MINIMUM_CENTS)).toEqual({ computed: 0, amount: 0, belowMinimum: false });
  });
});

describe('IIBB perception on a sale (ARBA / AGIP padrón regimes)', () => {
  const designation = { perception_rate: 3.5, minimum_cents: 50_00 };

  it('the customer’s padrón rate given with the sale, else the designation’s, on the net; the designation’s minimum', () => {
    // 2 % of $10.000 = $200; the designation's 3,5 % of $10.000 = $350.
    expect(iibbPerception(10_000_00, 2, designation, 'ARBA')).toEqual({
      lines: [{ vat_rate: null, base_cents: 10_000_00, rate: 2, amount_cents: 200_00 }],
      minimumCents: 50_00,
    });
    expect(iibbPerception(10_000_00, null, designation, 'ARBA').lines[0]).toMatchObject({ rate: 3.5, amount_cents: 350_00 });
    expect(iibbPerception(10_000_00, 1, null, 'AGIP')).toMatchObject({ minimumCents: 0 });
  });

  it('no net, or no rate known, is a 400 naming the field', () => {
    expect(() => iibbPerception(undefined, 2, designation, 'ARBA')).toThrow(
      expect.objectContaining({ status: 400, message: 'netAmount is required for IIBB', details: [{ path: 'netAmount', message: 'the net of the sale' }] }),
    );
    expect(() => iibbPerception(null, 2, designation, 'ARBA')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => iibbPerception(1_00, null, { perception_rate: null, minimum_cents: 0 }, 'AGIP')).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'rate is required: no default AGIP perception rate is set',
        details: [{ path: 'rate', message: 'required (the padrón rate)' }],
      }),
    );
    expect(() => iibbPerception(1_00, undefined, null, 'AGIP')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('is stored under IIBB-<jurisdiction>-P, IVA under IVA-RG2408', () => {
    expect(perceptionRegimeCode('iibb', 'ARBA')).toBe('IIBB-ARBA-P');
    expect(perceptionRegimeCode('iva', null)).toBe('IVA-RG2408');
  });

  it('has one rate when it was given or there is one line; none for lines at different rates', () => {
    const lines = ivaPerceptionLines(
      [
        { rate: 21, base: 1_000_00 },
        { rate: 10.5, base: 1_000_00 },
      ],
      null,
    );
    expect(perceptionRate(lines, null)).toBeNull();
    expect(perceptionRate(lines, undefined)).toBeNull();
    expect(perceptionRate(lines.slice(1), null)).toBe(1.5);
    const given = ivaPerceptionLines(
      [
        { rate: 21, base: 1_000_00 },
        { rate: 10.5, base: 1_000_00 },
      ],
      10,
    );
    expect(perceptionRate(given, 10)).toBe(10);
    // A 0 % given (a buyer exempt from the perception) is the rate of every line, not none.
    const exempt = ivaPerceptionLines(
      [
        { rate: 21, base: 1_000_00 },
        { rate: 10.5, base: 1_000_00 },
      ],
      0,
    );
    expect(exempt.map((line) => line.amount_cents)).toEqual([0, 0]);
    expect(perceptionRate(exempt, 0)).toBe(0);
  });
});
