import { ObjectId } from 'mongodb';
import { perceptionDescription, regimeTotals, sicoreFile } from '../../src/domain/withholdings/declaration-content';
import type { WithholdingDocument } from '../../src/store/withholdings.store';

/**
 * The month's returns apart from the store: what is deposited per régimen, and the SICORE import file (RG 2233 design:
 * one fixed-width record per Ganancias withholding, 144 characters, each followed by CRLF). IVA withholdings and
 * IIBB are not SICORE's Ganancias file: they are only totalled here.
 */
const w = (tax: 'ganancias' | 'iva' | 'iibb', regime: string, sicore: string | null, base: number, amount: number, description = 'd') => ({
  tax,
  regime_code: regime,
  sicore_code: sicore,
  regime_description: description,
  base_cents: base,
  amount_cents: amount,
});

describe('the totals per régimen', () => {
  it('adds count, base and amount per régimen; withholdings and perceptions of a code apart; in kind, tax and code order', () => {
    const totals = regimeTotals(
      [
        w('ganancias', '116-II', '116', 40_000_00, 1_980_40, 'Albaceas'),
        w('ganancias', '94', '094', 80_000_00, 1_256_60, 'Servicios'),
        w('ganancias', '94', '094', 20_000_00, 400_00, 'Servicios'),
        w('iva', 'IVA-80', null, 21_000_00, 16_800_00, 'IVA 80'),
        w('ganancias', '19', '019', 1_000_00, 30_00, 'Intereses'),
      ],
      [
        { tax: 'iibb', regime_code: 'IIBB-ARBA-P', jurisdiction: 'ARBA', base_cents: 10_000_00, amount_cents: 350_00 },
        { tax: 'iva', regime_code: 'IVA-RG2408', jurisdiction: null, base_cents: 10_000_00, amount_cents: 300_00 },
        { tax: 'iva', regime_code: 'IVA-RG2408', jurisdiction: null, base_cents: 4_000_00, amount_cents: 60_00 },
        { tax: 'iibb', regime_code: 'IIBB-AGIP-P', jurisdiction: 'AGIP', base_cents: 1_000_00, amount_cents: 10_00 },
      ],
    );
    expect(totals).toEqual([
      {
        kind: 'perception',
        tax: 'iibb',
        regimeCode: 'IIBB-AGIP-P',
        sicoreCode: null,
        description: 'Percepción IIBB AGIP',
        count: 1,
        baseCents: 1_000_00,
        amountCents: 10_00,
      },
      {
        kind: 'perception',
        tax: 'iibb',
        regimeCode: 'IIBB-ARBA-P',
        sicoreCode: null,
        description: 'Percepción IIBB ARBA',
        count: 1,
        baseCents: 10_000_00,
        amountCents: 350_00,
      },
      {
        kind: 'perception',
        tax: 'iva',
        regimeCode: 'IVA-RG2408',
        sicoreCode: null,
        description: 'Percepción IVA RG 2408',
        count: 2,
        baseCents: 14_000_00,
        amountCents: 360_00,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: '19',
        sicoreCode: '019',
        description: 'Intereses',
        count: 1,
        baseCents: 1_000_00,
        amountCents: 30_00,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: '94',
        sicoreCode: '094',
        description: 'Servicios',
        count: 2,
        baseCents: 100_000_00,
        amountCents: 1_656_60,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: '116-II',
        sicoreCode: '116',
        description: 'Albaceas',
        count: 1,
        baseCents: 40_000_00,
        amountCents: 1_980_40,
      },
      {
        kind: 'withholding',
        tax: 'iva',
        regimeCode: 'IVA-80',
        sicoreCode: null,
        description: 'IVA 80',
        count: 1,
        baseCents: 21_000_00,
        amountCents: 16_800_00,
      },
    ]);
    expect(regimeTotals([], [])).toEqual([]);
  });

  it('a code that is both a withholding and a perception keeps two totals', () => {
    const totals = regimeTotals(
      [w('iibb', 'X', null, 1_00, 1_00)],
      [{ tax: 'iibb', regime_code: 'X', jurisdiction: 'ARBA', base_cents: 2_00, amount_cents: 2_00 }],
    );
    expect(totals.map((total) => [total.kind, total.amountCents])).toEqual([
      ['perception', 2_00],
      ['withholding', 1_00],
    ]);
  });

  it('perceptions read as RG 2408 (IVA) or the jurisdiction’s IIBB', () => {
    expect(perceptionDescription({ tax: 'iva', jurisdiction: null })).toBe('Percepción IVA RG 2408');
    expect(perceptionDescription({ tax: 'iibb', jurisdiction: 'AGIP' })).toBe('Percepción IIBB AGIP');
  });
});

describe('the SICORE file', () => {
  const record = (over: Partial<WithholdingDocument>) =>
    ({
      _id: new ObjectId(),
      payment_id: 'OP 0001-00000001',
      date: '2026-03-03',
      tax: 'ganancias',
      sicore_code: '094',
      amount_paid_cents: 1_000_00,
      base_cents: 1_000_00,
      condition: 'inscripto',
      amount_cents: 280_00,
      exclusion_percent: 0,
      supplier_cuit: '30712345671',
      ...over,
    }) as WithholdingDocument;

  it('one record per Ganancias withholding with a SICORE régimen, in the order given, CRLF after each; named by CUIT and month', () => {
    const file = sicoreFile('30708884444', '2026-03', [
      record({ payment_id: 'OP 0001-00000002' }),
      record({ payment_id: 'OP 0001-00000009', tax: 'iva', sicore_code: null }),
      record({ payment_id: 'OP 0001-00000008', sicore_code: null }),
      record({ payment_id: 'OP 0001-00000001', sicore_code: '116' }),
    ]);
    expect(file.fileName).toBe('SICORE-30708884444-2026-03.txt');
    // Positions 13–28: the payment order's digits; 48–50: the régimen.
    expect(file.lines.map((line) => [line.length, line.slice(12, 28), line.slice(47, 50)])).toEqual([
      [144, '0000000100000002', '094'],
      [144, '0000000100000001', '116'],
    ]);
    expect(file.content).toBe(`${file.lines[0]}\r\n${file.lines[1]}\r\n`);
  });

  it('an IVA withholding that carries a SICORE code is still not in the Ganancias file; an agent without CUIT is “agente”', () => {
    expect(sicoreFile('', '2026-04', [record({ tax: 'iva' }), record({ tax: 'iibb' })])).toEqual({
      fileName: 'SICORE-agente-2026-04.txt',
      lines: [],
      content: '',
    });
  });
});
