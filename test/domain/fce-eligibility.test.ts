import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEligibility, suggestedFceType, voucherDay } from '../../src/domain/fce/eligibility';

const FIXTURE = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fce', 'eligibility.json'), 'utf8'));
const THRESHOLD: number = FIXTURE.platformThreshold;
const ELIGIBLE: Record<string, unknown> = FIXTURE.eligible;

describe('FCE eligibility', () => {
  it('maps every A/B/C invoice, debit and credit note to its FCE code, as numbers or strings', () => {
    for (const [type, fce] of Object.entries(FIXTURE.typeMap as Record<string, number>)) {
      expect(suggestedFceType(Number(type))).toBe(fce);
      expect(suggestedFceType(type)).toBe(fce);
      expect(suggestedFceType(fce)).toBe(fce);
    }
    for (const other of [4, 51, 19, 0, -1, 1.5, '1a', '', null, {}, [1], true]) expect(suggestedFceType(other)).toBeNull();
  });

  it('accepts a complete voucher at or above the threshold', () => {
    expect(checkEligibility(ELIGIBLE, THRESHOLD)).toEqual({ eligible: true, reasons: [], suggestedType: 201, thresholdArs: THRESHOLD });
    expect(checkEligibility({ ...ELIGIBLE, importe_total: THRESHOLD }, THRESHOLD).eligible).toBe(true);
    expect(checkEligibility({ ...ELIGIBLE, condicion_iva: 'monotributo', tipo_comprobante: '13' }, THRESHOLD)).toMatchObject({
      eligible: true,
      suggestedType: 213,
    });
  });

  it('lists every missing field, not the first', () => {
    const result = checkEligibility({}, THRESHOLD);
    expect(result.eligible).toBe(false);
    expect(result.suggestedType).toBeNull();
    expect(result.reasons).toHaveLength(7);
    for (const field of ['tipo_comprobante', 'importe_total', 'tipo_documento', 'condicion_iva', 'fecha_comprobante', 'fecha_vencimiento_pago', 'emitter_cbu'])
      expect(result.reasons.some((reason) => reason.includes(field))).toBe(true);
  });

  it('lists every failed rule', () => {
    const result = checkEligibility(
      {
        tipo_comprobante: 19,
        importe_total: THRESHOLD - 0.01,
        tipo_documento: 96,
        condicion_iva: 'exento',
        fecha_comprobante: '2026-05-04',
        fecha_vencimiento_pago: '2026-05-04',
        metadata: { emitter_cbu: '123' },
      },
      THRESHOLD,
    );
    expect(result.reasons).toHaveLength(6);
    expect(result.reasons.join('\n')).toMatch(/class A, B or C[\s\S]*below[\s\S]*80[\s\S]*responsable_inscripto[\s\S]*later than[\s\S]*22 digits/);
  });

  it('bounds the payment due date to one year after the issue date', () => {
    const at = (due: string, issued = '2026-05-04') =>
      checkEligibility({ ...ELIGIBLE, fecha_comprobante: issued, fecha_vencimiento_pago: due }, THRESHOLD).reasons;
    expect(at('2027-05-04')).toEqual([]);
    expect(at('2027-05-05')).toEqual(['fecha_vencimiento_pago must be at most 1 year after fecha_comprobante']);
    expect(at('2027-02-28', '2026-02-28')).toEqual([]);
    expect(at('2029-02-28', '2028-02-29')).toEqual([]);
    expect(at('2029-03-01', '2028-02-29')).toHaveLength(1);
    expect(at('2026-05-04T10:00:00', '2026-05-04T09:00:00')).toEqual([]);
    expect(at('2026-05-03')).toEqual(['fecha_vencimiento_pago must be later than fecha_comprobante']);
  });

  it('turns hostile values into reasons, never exceptions', () => {
    for (const hostile of [{ $gt: '' }, ['2026-01-01'], 'x'.repeat(10_000), '2026-02-30', '2026-13-01', 'tomorrow', 1e308, Number.NaN, true]) {
      const result = checkEligibility(
        {
          tipo_comprobante: hostile,
          importe_total: hostile,
          tipo_documento: hostile,
          condicion_iva: hostile,
          fecha_comprobante: hostile,
          fecha_vencimiento_pago: hostile,
          metadata: hostile,
        },
        THRESHOLD,
      );
      expect(result.eligible).toBe(false);
      expect(result.reasons.length).toBeGreaterThanOrEqual(6);
    }
  });
});

describe('the day whose FCE minimum applies', () => {
  const now = new Date('2026-11-27T02:00:00Z'); // 26 November in Argentina

  it('is the voucher’s own Argentine day', () => {
    expect(voucherDay('2026-04-13', now)).toBe('2026-04-13');
    expect(voucherDay('2026-04-14T01:00:00Z', now)).toBe('2026-04-13');
    expect(voucherDay('2026-04-14T00:30:00', now)).toBe('2026-04-14');
  });

  it.each([[undefined], [null], ['2026-02-30'], ['yesterday'], [20260414]])('is today in Argentina when the date is missing or unreadable (%p)', (value) => {
    expect(voucherDay(value, now)).toBe('2026-11-26');
  });
});

describe('the reasons, word for word', () => {
  it('names each missing field', () => {
    expect(checkEligibility({}, THRESHOLD).reasons).toEqual([
      'tipo_comprobante is missing',
      'importe_total is missing',
      'tipo_documento is missing',
      'condicion_iva is missing',
      'fecha_comprobante is missing',
      'fecha_vencimiento_pago is missing',
      'metadata.emitter_cbu is missing',
    ]);
    const nulls = {
      tipo_comprobante: null,
      importe_total: null,
      tipo_documento: null,
      condicion_iva: null,
      fecha_comprobante: null,
      fecha_vencimiento_pago: null,
      metadata: null,
    };
    expect(checkEligibility(nulls, THRESHOLD).reasons).toEqual(checkEligibility({}, THRESHOLD).reasons);
    for (const cbu of [undefined, null, ''])
      expect(checkEligibility({ ...ELIGIBLE, metadata: { emitter_cbu: cbu } }, THRESHOLD).reasons).toEqual(['metadata.emitter_cbu is missing']);
  });

  it('names each rule a present value fails', () => {
    expect(
      checkEligibility(
        {
          tipo_comprobante: 19,
          importe_total: '6000000',
          tipo_documento: 96,
          condicion_iva: 'exento',
          fecha_comprobante: '04/05/2026',
          fecha_vencimiento_pago: 'soon',
          metadata: 'cbu',
        },
        THRESHOLD,
      ).reasons,
    ).toEqual([
      'tipo_comprobante is not an invoice, debit note or credit note of class A, B or C',
      'importe_total must be a number',
      'tipo_documento must be 80 (CUIT)',
      'condicion_iva must be responsable_inscripto or monotributo',
      'fecha_comprobante is not an ISO 8601 date',
      'fecha_vencimiento_pago is not an ISO 8601 date',
      'metadata must be an object',
    ]);
    expect(checkEligibility({ ...ELIGIBLE, importe_total: 5_549_861.99 }, 5_549_862).reasons).toEqual([
      'importe_total is below the FCE minimum of 5549862.00 ARS',
    ]);
    expect(checkEligibility({ ...ELIGIBLE, importe_total: Number.POSITIVE_INFINITY }, THRESHOLD).reasons).toEqual(['importe_total must be a number']);
    expect(checkEligibility({ ...ELIGIBLE, metadata: [] }, THRESHOLD).reasons).toEqual(['metadata must be an object']);
    for (const cbu of ['017009922000006779737', '01700992200000677973700', '017009922000006779737x', 1.7e21])
      expect(checkEligibility({ ...ELIGIBLE, metadata: { emitter_cbu: cbu } }, THRESHOLD).reasons).toEqual(['metadata.emitter_cbu must be a CBU of 22 digits']);
  });

  it('takes no list for a date or a CBU, even one holding a valid text', () => {
    expect(checkEligibility({ ...ELIGIBLE, fecha_comprobante: ['2026-05-04'] }, THRESHOLD).reasons).toEqual(['fecha_comprobante is not an ISO 8601 date']);
    expect(checkEligibility({ ...ELIGIBLE, fecha_vencimiento_pago: ['2026-06-03T10:00'] }, THRESHOLD).reasons).toEqual([
      'fecha_vencimiento_pago is not an ISO 8601 date',
    ]);
    expect(checkEligibility({ ...ELIGIBLE, metadata: { emitter_cbu: ['0170099220000067797370'] } }, THRESHOLD).reasons).toEqual([
      'metadata.emitter_cbu must be a CBU of 22 digits',
    ]);
  });

  it('reads codes sent as numbers or numeric strings of up to 4 digits', () => {
    expect(checkEligibility({ ...ELIGIBLE, tipo_documento: ' 80 ', tipo_comprobante: ' 1 ' }, THRESHOLD).reasons).toEqual([]);
    expect(checkEligibility({ ...ELIGIBLE, tipo_documento: '80.0' }, THRESHOLD).reasons).toEqual(['tipo_documento must be 80 (CUIT)']);
    expect(checkEligibility({ ...ELIGIBLE, tipo_documento: '00080' }, THRESHOLD).reasons).toEqual(['tipo_documento must be 80 (CUIT)']);
    expect(checkEligibility({ ...ELIGIBLE, tipo_documento: '0080' }, THRESHOLD).reasons).toEqual([]);
    expect(checkEligibility({ ...ELIGIBLE, tipo_documento: 80.5 }, THRESHOLD).reasons).toEqual(['tipo_documento must be 80 (CUIT)']);
    expect(suggestedFceType('0201')).toBe(201);
    expect(suggestedFceType('1 1')).toBeNull();
  });

  it('reads dates as calendar days or ISO 8601 date-times, Argentine time without a zone', () => {
    const at = (issued: string, due: string) => checkEligibility({ ...ELIGIBLE, fecha_comprobante: issued, fecha_vencimiento_pago: due }, THRESHOLD).reasons;
    expect(at('2026-05-04T10:00', '2026-05-04T10:01')).toEqual([]);
    expect(at('2026-05-04T10:00:00.123456789Z', '2026-06-03T10:00:00+03:00')).toEqual([]);
    expect(at('2026-05-04t10:00:00z', '2026-06-03T10:00:00-0300')).toEqual([]);
    // 2026-05-04 00:00 in Argentina is 03:00 UTC: a due date at 02:59 UTC that day comes before it.
    expect(at('2026-05-04', '2026-05-04T02:59:00Z')).toEqual(['fecha_vencimiento_pago must be later than fecha_comprobante']);
    expect(at('2026-05-04', '2026-05-04T03:00:00Z')).toEqual(['fecha_vencimiento_pago must be later than fecha_comprobante']);
    expect(at('2026-05-04', '2026-05-04T03:00:01Z')).toEqual([]);
    for (const bad of [
      '2026-05-04T25:00',
      '2026-02-30T10:00',
      '2026-05-04 10:00',
      '2026-05-04T10',
      '2026-05-04T10:00:00.1234567890',
      ` 2026-05-04`,
      `2026-05-04T10:00:00.000000000+03:00${' '.repeat(1)}`,
    ])
      expect(at(bad, '2026-06-03')).toEqual(['fecha_comprobante is not an ISO 8601 date']);
    // At most 40 characters: a longer text is not read at all.
    const long = '2026-05-04T10:00:00.123456789-03:00';
    expect(long.length).toBeLessThanOrEqual(40);
    expect(at(long, '2026-06-03')).toEqual([]);
    expect(at(`${'2026-05-04T10:00:00.123456789-03:00'}`.padEnd(41, ' '), '2026-06-03')).toEqual(['fecha_comprobante is not an ISO 8601 date']);
  });
});
