import {
  AMOUNTS_TOLERANCE_CENTS,
  LEGAL_RATES,
  lineFollowsRate,
  linesTotalsProblem,
  restatedSplitProblem,
  TOLERANCE_CENTS,
  vatFromRateColumns,
  vatFromTotals,
  vatLineProblems,
} from '../../../src/domain/mis-comprobantes/vat-lines';

/**
 * The VAT lines of an export row. Rates: Ley de IVA (t.o. 1997) art. 28 — 21 % (first paragraph), 27 % (second), 10.5 %
 * (50 % of the first); 2.5 % and 5 % are the rates Ley 26.982 added to art. 28 for publishers' newspapers, magazines and periodicals (ARCA aliquot codes 9 and 8). Tolerance: one
 * centavo per rate line. Every expected figure below is worked out by hand in its comment (amounts in centavos).
 */

describe('the rate table and the tolerance', () => {
  test('the legal rates are 2.5, 5, 10.5, 21 and 27 %, and a line may be a centavo off', () => {
    expect(LEGAL_RATES).toEqual([2.5, 5, 10.5, 21, 27]);
    expect(TOLERANCE_CENTS).toBe(1);
  });

  test.each([
    // 1000.00 at 21 % = 210.00: exact, a centavo over, a centavo under, two centavos either way.
    [21, 100000, 21000, true],
    [21, 100000, 21001, true],
    [21, 100000, 20999, true],
    [21, 100000, 21002, false],
    [21, 100000, 20998, false],
    // 333.33 at 10.5 % = 34.99965 → 35.00 (half up); 34.99 and 35.01 are within the centavo.
    [10.5, 33333, 3500, true],
    [10.5, 33333, 3499, true],
    [10.5, 33333, 3501, true],
    [10.5, 33333, 3498, false],
    // A 0 % line has a base and no VAT at all.
    [0, 100000, 0, true],
    [0, 100000, 1, false],
  ])('%s %% of %i with VAT %i follows the rate: %s', (aliquot, base, amount, follows) => {
    expect(lineFollowsRate({ aliquot, base_cents: base, amount_cents: amount })).toBe(follows);
  });
});

describe('rows with totals only (G1, G2)', () => {
  test('no VAT and no net: no line and nothing to review (B and C vouchers, exempt)', () => {
    expect(vatFromTotals(0, 0)).toEqual({ lines: [], review: null });
  });

  test('a net with no VAT is one 0 % line, nothing to review', () => {
    expect(vatFromTotals(150000, 0)).toEqual({ lines: [{ aliquot: 0, base_cents: 150000, amount_cents: 0 }], review: null });
  });

  test.each([
    // Real G2 row (anon-g2-recibidos-2024.csv, line 2): 21701.36 × 10.5 % = 2278.6428 → 2278.64.
    [2170136, 227864, 10.5],
    // Real G2 row, line 3: 13015.70 × 21 % = 2733.297 → 2733.30.
    [1301570, 273330, 21],
    // 1000.00 at 27 % = 270.00; at 5 % = 50.00; at 2.5 % = 25.00.
    [100000, 27000, 27],
    [100000, 5000, 5],
    [100000, 2500, 2.5],
    // A centavo off in each direction still names the rate: 210.01 and 209.99 on 1000.00 are 21 %.
    [100000, 21001, 21],
    [100000, 20999, 21],
  ])('net %i with VAT %i is %s %%', (net, vat, aliquot) => {
    expect(vatFromTotals(net, vat)).toEqual({ lines: [{ aliquot, base_cents: net, amount_cents: vat }], review: null });
  });

  test('two centavos off is outside the tolerance: kept on the nearest rate, marked as mixed rates', () => {
    // 1000.00 at 21 % = 210.00; 210.02 lies between 21 % and 27 % (270.00): several rates, which totals cannot split.
    const reading = vatFromTotals(100000, 21002);
    expect(reading.lines).toEqual([{ aliquot: 21, base_cents: 100000, amount_cents: 21002 }]);
    expect(reading.review).toEqual({
      code: 'VAT_RATES_MIXED',
      message: "VAT 210.02 on a net taxed of 1000.00 is no single rate: several rates mixed, which the export's totals cannot split",
    });
    // Below: 209.98 is nearer 21 % (210.00) than 10.5 % (105.00).
    expect(vatFromTotals(100000, 20998).lines).toEqual([{ aliquot: 21, base_cents: 100000, amount_cents: 20998 }]);
    expect(vatFromTotals(100000, 20998).review?.code).toBe('VAT_RATES_MIXED');
  });

  test('two rates mixed in the totals (the synthetic G2 twin: 2403.00 at 10.5 % + 1620.00 at 21 %) keep their VAT, marked', () => {
    // 252.32 + 340.20 = 592.52 on 4023.00: 4023.00 × 10.5 % = 422.42, × 21 % = 844.83; 592.52 is neither.
    // Nearest: |592.52 − 422.42| = 170.10 < |592.52 − 844.83| = 252.31 → 10.5 %.
    expect(vatFromTotals(402300, 59252)).toEqual({
      lines: [{ aliquot: 10.5, base_cents: 402300, amount_cents: 59252 }],
      review: {
        code: 'VAT_RATES_MIXED',
        message: "VAT 592.52 on a net taxed of 4023.00 is no single rate: several rates mixed, which the export's totals cannot split",
      },
    });
  });

  test('a tiny amount several rates explain within the centavo is ambiguous', () => {
    // 0.10 at 10.5 % = 0.0105 → 0.01; at 21 % = 0.021 → 0.02; at 27 % = 0.027 → 0.03: VAT 0.02 is within a centavo of
    // all three (and 5 % = 0.005 → 0.01 too); 2.5 % = 0.0025 → 0.00 is two centavos off.
    expect(vatFromTotals(10, 2)).toEqual({
      lines: [{ aliquot: 5, base_cents: 10, amount_cents: 2 }],
      review: { code: 'VAT_RATE_AMBIGUOUS', message: 'VAT 0.02 on a net taxed of 0.10 is 5 % or 10.5 % or 21 % or 27 % within ±0.01: the rate cannot be told' },
    });
  });

  test('VAT beyond 27 % of the net, or below 2.5 %, or without a net, is no legal rate: kept, marked unknown', () => {
    // 1000.00 at 27 % = 270.00: 300.00 is above every rate; nearest 27 %.
    expect(vatFromTotals(100000, 30000)).toEqual({
      lines: [{ aliquot: 27, base_cents: 100000, amount_cents: 30000 }],
      review: { code: 'VAT_RATE_UNKNOWN', message: 'VAT 300.00 on a net taxed of 1000.00 is outside what the legal rates (2.5 % to 27 %) give' },
    });
    // 1000.00 at 2.5 % = 25.00: 10.00 is below; nearest 2.5 %.
    expect(vatFromTotals(100000, 1000).lines).toEqual([{ aliquot: 2.5, base_cents: 100000, amount_cents: 1000 }]);
    expect(vatFromTotals(100000, 1000).review?.code).toBe('VAT_RATE_UNKNOWN');
    // Real G1 row (anon-g1-recibidos-2022.csv, line 4): a debit note with net taxed 0, untaxed 6.83 and VAT 1.43.
    expect(vatFromTotals(0, 143)).toEqual({
      lines: [{ aliquot: 2.5, base_cents: 0, amount_cents: 143 }],
      review: { code: 'VAT_RATE_UNKNOWN', message: 'VAT 1.43 on a net taxed of 0.00 is outside what the legal rates (2.5 % to 27 %) give' },
    });
  });

  test('VAT exactly at the lowest or highest rate two centavos off is outside the range, not a mix', () => {
    // 1000.00: 2.5 % = 25.00, 27 % = 270.00. 24.98 and 270.02 are outside [25.00, 270.00].
    expect(vatFromTotals(100000, 2498).review?.code).toBe('VAT_RATE_UNKNOWN');
    expect(vatFromTotals(100000, 27002).review?.code).toBe('VAT_RATE_UNKNOWN');
    // 25.02 and 269.98 are inside: a mix.
    expect(vatFromTotals(100000, 2502).review?.code).toBe('VAT_RATES_MIXED');
    expect(vatFromTotals(100000, 26998).review?.code).toBe('VAT_RATES_MIXED');
  });

  test('a mix of two rates is never the only combination that explains the totals (exhaustive up to a net of 1.50)', () => {
    // Written independently of the module: every split of the net between two legal rates, VAT rounded half up per
    // line. Whenever a VAT no single rate explains within a centavo is explained by some pair, another pair explains
    // it too — so splitting from totals is never justified, and such rows are marked instead.
    const tenths = [25, 50, 105, 210, 270];
    const vat = (base: number, rate: number) => Math.floor((base * rate + 500) / 1000);
    let explainedByOnePair = 0;
    let checked = 0;
    const unmarked: Array<[number, number]> = [];
    for (let net = 2; net <= 150; net++) {
      const reach = new Map<number, number>();
      for (let i = 0; i < tenths.length; i++)
        for (let j = i + 1; j < tenths.length; j++) {
          const seen = new Set<number>();
          for (let low = 1; low < net; low++) seen.add(vat(low, tenths[i]) + vat(net - low, tenths[j]));
          for (const total of seen) reach.set(total, (reach.get(total) ?? 0) + 1);
        }
      for (const [total, pairs] of reach) {
        if (tenths.some((rate) => Math.abs(vat(net, rate) - total) <= 1)) continue;
        checked++;
        if (pairs === 1) explainedByOnePair++;
        if (vatFromTotals(net, total).review === null) unmarked.push([net, total]);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(explainedByOnePair).toBe(0);
    expect(unmarked).toEqual([]);
  });

  test('amounts past the largest safe number times a rate are exact', () => {
    // 9,999,999,999,999.99 at 21 % = 2,099,999,999,999.9979, i.e. 209,999,999,999,999.79 centavos → 210,000,000,000,000
    // half up (999999999999999 × 210 is past 2^53: a floating-point product would lose the last digits).
    expect(vatFromTotals(999999999999999, 210000000000000)).toEqual({
      lines: [{ aliquot: 21, base_cents: 999999999999999, amount_cents: 210000000000000 }],
      review: null,
    });
  });
});

describe('rows with per-rate columns (G3)', () => {
  test('two rates mixed are resolved from the columns (synthetic G3: 2403.00 at 10.5 % and 1620.00 at 21 %)', () => {
    // 2403.00 × 10.5 % = 252.315 → 252.32; 1620.00 × 21 % = 340.20; 2403.00 + 1620.00 = 4023.00; 252.32 + 340.20 = 592.52.
    const lines = [
      { aliquot: 10.5, base_cents: 240300, amount_cents: 25232 },
      { aliquot: 21, base_cents: 162000, amount_cents: 34020 },
    ];
    expect(vatFromRateColumns(lines, 402300, 59252)).toEqual({ lines, review: null });
  });

  test('a line a centavo off either way is accepted; two centavos off is marked, the line kept as stated', () => {
    const line = (amount: number) => [{ aliquot: 21, base_cents: 100000, amount_cents: amount }];
    expect(vatFromRateColumns(line(21001), 100000, 21001).review).toBeNull();
    expect(vatFromRateColumns(line(20999), 100000, 20999).review).toBeNull();
    expect(vatFromRateColumns(line(21002), 100000, 21002)).toEqual({
      lines: line(21002),
      review: { code: 'VAT_LINE_OFF', message: 'VAT 21 %: 210.02 is not 21 % of 1000.00 (210.00) within ±0.01' },
    });
  });

  test('lines that do not add up to the totals are marked, kept as stated', () => {
    const lines = [{ aliquot: 21, base_cents: 100000, amount_cents: 21000 }];
    expect(vatFromRateColumns(lines, 100100, 21000)).toEqual({
      lines,
      review: { code: 'VAT_LINES_DONT_ADD_UP', message: "the rate lines' bases add up to 1000.00, not to the net taxed 1001.00" },
    });
    expect(vatFromRateColumns(lines, 100000, 21100)).toEqual({
      lines,
      review: { code: 'VAT_LINES_DONT_ADD_UP', message: "the rate lines' VAT adds up to 210.00, not to the VAT 211.00" },
    });
  });

  test('a row whose per-rate cells are empty is read from its totals', () => {
    // 218.40 × 21 % = 45.864 → 45.86 (the USD row of anon-g3-recibidos-2025-12.csv, amounts in dollars).
    expect(vatFromRateColumns([], 21840, 4586)).toEqual({ lines: [{ aliquot: 21, base_cents: 21840, amount_cents: 4586 }], review: null });
    expect(vatFromRateColumns([], 0, 0)).toEqual({ lines: [], review: null });
  });
});

describe('lines set to resolve a review', () => {
  const mixed = [
    { aliquot: 10.5, base_cents: 240300, amount_cents: 25232 },
    { aliquot: 21, base_cents: 162000, amount_cents: 34020 },
  ];

  test('valid lines adding up to the totals have no problem', () => {
    expect(vatLineProblems(mixed, 402300, 59252)).toEqual([]);
    expect(linesTotalsProblem(mixed, 402300, 59252)).toBeNull();
  });

  test('an unknown rate, a rate given twice and a VAT off its rate are each named by line', () => {
    expect(
      vatLineProblems(
        [
          { aliquot: 19, base_cents: 100, amount_cents: 19 },
          { aliquot: 21, base_cents: 100000, amount_cents: 21000 },
          { aliquot: 21, base_cents: 100, amount_cents: 21 },
          { aliquot: 10.5, base_cents: 100000, amount_cents: 10600 },
        ],
        // bases 1.00 + 1000.00 + 1.00 + 1000.00 = 2002.00; VAT 0.19 + 210.00 + 0.21 + 106.00 = 316.40
        200200,
        31640,
      ),
    ).toEqual([
      [0, '19 % is not a VAT rate (0, 2.5, 5, 10.5, 21, 27)'],
      [2, '21 % is given twice: one line per rate'],
      [3, 'VAT 106.00 is not 10.5 % of 1000.00 (105.00) within ±0.01'],
    ]);
  });

  test('lines that do not add up to the invoice totals are refused as a whole', () => {
    expect(vatLineProblems(mixed, 402301, 59252)).toEqual([[null, "the rate lines' bases add up to 4023.00, not to the net taxed 4023.01"]]);
    expect(vatLineProblems(mixed, 402300, 59253)).toEqual([[null, "the rate lines' VAT adds up to 592.52, not to the VAT 592.53"]]);
  });

  test('a 0 % line is legal and carries no VAT', () => {
    expect(vatLineProblems([{ aliquot: 0, base_cents: 5000, amount_cents: 0 }], 5000, 0)).toEqual([]);
    expect(vatLineProblems([{ aliquot: 0, base_cents: 5000, amount_cents: 1 }], 5000, 1)).toEqual([[0, 'VAT 0.01 is not 0 % of 50.00 (0.00) within ±0.01']]);
  });
});

describe('a net split restated by a review', () => {
  // The import's bound on a row (row.ts): components above the total by more than the export's own rounding ($1) are
  // not the voucher's; a restated split is held to the same bound, with the VAT and other taxes ARCA registered.
  const voucher = { total_amount_cents: 172857, iva_cents: 30000, other_taxes_cents: 0 };
  const split = (taxed: number, untaxed: number, exempt: number) => ({ net_taxed_cents: taxed, net_untaxed_cents: untaxed, exempt_cents: exempt });

  test('the bound is the rounding a real export leaves: $1', () => {
    expect(AMOUNTS_TOLERANCE_CENTS).toBe(100);
  });

  test('taxed net moved out of the untaxed amount keeps the total: accepted', () => {
    expect(restatedSplitProblem(split(142857, 0, 0), voucher)).toBeNull();
  });

  test('up to $1 above the total is accepted, a centavo more is refused naming every amount', () => {
    expect(restatedSplitProblem(split(142857, 100, 0), voucher)).toBeNull();
    expect(restatedSplitProblem(split(142857, 0, 101), voucher)).toBe(
      "net taxed 1428.57, untaxed 0.00 and exempt 1.01 with the VAT and other taxes add up to 1729.58, above the voucher's total 1728.57",
    );
    expect(restatedSplitProblem(split(142958, 0, 0), voucher)).toMatch(/^net taxed 1429.58, .* add up to 1729.58, /);
  });

  test('the VAT and the other taxes count against the total', () => {
    expect(restatedSplitProblem(split(142857, 0, 0), { ...voucher, other_taxes_cents: 101 })).toMatch(/add up to 1729.58/);
    expect(restatedSplitProblem(split(142857, 0, 0), { ...voucher, iva_cents: 30101 })).toMatch(/add up to 1729.58/);
    expect(restatedSplitProblem(split(142857, 0, 0), { ...voucher, other_taxes_cents: 100 })).toBeNull();
  });

  test('a split below the total is accepted (perceptions the export left out stay in the gap)', () => {
    expect(restatedSplitProblem(split(100000, 0, 0), voucher)).toBeNull();
  });
});
