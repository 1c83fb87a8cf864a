import { detailsOf } from '../../src/domain/validation';
import { regimeInputSchema, regimeOrder, regimeVersion } from '../../src/domain/withholdings/regime-input';
import { type Regime, seededRegimes } from '../../src/domain/withholdings/table';

/**
 * A régimen version an account adds beside the seeded table. RG 830 Anexo VIII gives each concept a rate for
 * inscriptos (or the scale) and one for no inscriptos, a monthly MNSR and the minimum withholding; the SICORE régimen
 * code is a 3-digit field of the RG 2233 import design (094, 116). IVA (RG 2854) and IIBB régimenes have no MNSR and
 * one rate (IIBB's is the padrón's, per supplier).
 */
const issues = (raw: unknown) => {
  const result = regimeInputSchema.safeParse(raw);
  return result.success ? [] : detailsOf(result.error);
};
const ganancias = { code: '94', tax: 'ganancias', description: 'Servicios', validFrom: '2030-01-01', rateRegistered: 2, rateUnregistered: 28 };

describe('what a version must say', () => {
  it('Ganancias: the no inscripto rate always, the inscripto rate unless the scale applies', () => {
    expect(issues(ganancias)).toEqual([]);
    expect(issues({ ...ganancias, rateUnregistered: undefined })).toEqual([{ path: 'rateUnregistered', message: 'required for a Ganancias regime' }]);
    expect(issues({ ...ganancias, rateUnregistered: null })).toEqual([{ path: 'rateUnregistered', message: 'required for a Ganancias regime' }]);
    expect(issues({ ...ganancias, rateRegistered: null })).toEqual([
      { path: 'rateRegistered', message: 'required unless the scale applies (or for IIBB, whose rate is the padrón’s)' },
    ]);
    expect(issues({ ...ganancias, rateRegistered: undefined, usesScale: true })).toEqual([]);
  });

  it('IVA: its rate; IIBB: none needed (the padrón’s)', () => {
    const iva = { code: 'IVA-9', tax: 'iva', description: 'IVA', validFrom: '2030-01-01' };
    expect(issues(iva).map((issue) => issue.path)).toEqual(['rateRegistered']);
    expect(issues({ ...iva, rateRegistered: 50 })).toEqual([]);
    expect(issues({ ...iva, tax: 'iibb', code: 'IIBB-X' })).toEqual([]);
  });

  it('a code of letters, digits and hyphens (20 at most), a SICORE code of up to 3 digits, a real date, a known tax', () => {
    expect(issues({ ...ganancias, code: '9 4' })).toEqual([{ path: 'code', message: 'letters, digits and hyphens, at most 20' }]);
    expect(issues({ ...ganancias, code: 'A'.repeat(21) }).map((issue) => issue.path)).toEqual(['code']);
    expect(issues({ ...ganancias, code: ` ${'A'.repeat(20)} ` })).toEqual([]);
    expect(issues({ ...ganancias, sicoreCode: '1234' })).toEqual([{ path: 'sicoreCode', message: 'up to 3 digits' }]);
    expect(issues({ ...ganancias, sicoreCode: '094', norm: ' RG 1 ' })).toEqual([]);
    expect(regimeVersion(regimeInputSchema.parse({ ...ganancias, norm: ' RG 1 ', description: ' Servicios ' }))).toMatchObject({
      norm: 'RG 1',
      description: 'Servicios',
    });
    expect(issues({ ...ganancias, sicoreCode: 'ab' }).map((issue) => issue.path)).toEqual(['sicoreCode']);
    expect(issues({ ...ganancias, validFrom: '2030-02-30' }).map((issue) => issue.path)).toEqual(['validFrom']);
    expect(issues({ ...ganancias, tax: 'vat' }).map((issue) => issue.path)).toContain('tax');
    expect(issues({ ...ganancias, description: ' ' })).toEqual([{ path: 'description', message: 'must not be empty' }]);
    expect(issues({ ...ganancias, description: 'x'.repeat(201) })).toEqual([{ path: 'description', message: 'at most 200 characters' }]);
    expect(issues({ ...ganancias, norm: 'x'.repeat(101) })).toEqual([{ path: 'norm', message: 'at most 100 characters' }]);
    expect(issues({ ...ganancias, other: 1 }).map((issue) => issue.path)).toEqual(['']);
  });
});

describe('the version stored', () => {
  it('capital code, 3-digit SICORE code, amounts in centavos', () => {
    expect(
      regimeVersion(
        regimeInputSchema.parse({
          ...ganancias,
          code: 'x-94',
          sicoreCode: '94',
          norm: 'RG 9999',
          nonTaxableMonthly: 500_000,
          minimumWithholding: 1_000,
          minimumUnregistered: 2_000,
        }),
      ),
    ).toEqual({
      code: 'X-94',
      tax: 'ganancias',
      sicore_code: '094',
      description: 'Servicios',
      norm: 'RG 9999',
      valid_from: '2030-01-01',
      rate_registered: 2,
      rate_unregistered: 28,
      uses_scale: false,
      non_taxable_cents: 500_000_00,
      minimum_cents: 1_000_00,
      minimum_unregistered_cents: 2_000_00,
    });
  });

  it('a scale concept keeps no inscripto rate; what is not given is none; one rate given is both', () => {
    expect(regimeVersion(regimeInputSchema.parse({ ...ganancias, usesScale: true }))).toMatchObject({
      rate_registered: null,
      rate_unregistered: 28,
      uses_scale: true,
    });
    expect(regimeVersion(regimeInputSchema.parse({ code: 'IVA-9', tax: 'iva', description: 'IVA', validFrom: '2030-01-01', rateRegistered: 50 }))).toEqual({
      code: 'IVA-9',
      tax: 'iva',
      sicore_code: null,
      description: 'IVA',
      norm: '',
      valid_from: '2030-01-01',
      rate_registered: 50,
      rate_unregistered: 50,
      uses_scale: false,
      non_taxable_cents: 0,
      minimum_cents: 0,
      minimum_unregistered_cents: null,
    });
    expect(regimeVersion(regimeInputSchema.parse({ code: 'IIBB-X', tax: 'iibb', description: 'IIBB', validFrom: '2030-01-01' }))).toMatchObject({
      rate_registered: null,
      rate_unregistered: null,
    });
  });
});

it('lists by tax, then code in number order (94 before 116, 116-I before 116-II), then date', () => {
  const at = (code: string, validFrom: string, tax: Regime['tax'] = 'ganancias') => ({ ...seededRegimes()[0], code, validFrom, tax });
  const sorted = [
    at('116-II', '2023-10-01'),
    at('IVA-80', '2016-07-01', 'iva'),
    at('94', '2019-07-01'),
    at('116-II', '2019-07-01'),
    at('116-I', '2019-07-01'),
    at('A', '2000-01-01', 'iibb'),
  ].sort(regimeOrder);
  expect(sorted.map((regime) => `${regime.tax}:${regime.code}@${regime.validFrom}`)).toEqual([
    'ganancias:94@2019-07-01',
    'ganancias:116-I@2019-07-01',
    'ganancias:116-II@2019-07-01',
    'ganancias:116-II@2023-10-01',
    'iibb:A@2000-01-01',
    'iva:IVA-80@2016-07-01',
  ]);
});
