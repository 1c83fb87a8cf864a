import type { WithholdingTax } from '../../store/withholdings.store';

/** A scale as Anexo VIII prints it, on the month's taxable amount: [over (centavos), fixed (centavos), percent]. */
export type Scale = ReadonlyArray<readonly [number, number, number]>;

/** A regime as the calculation reads it: amounts in centavos, rates in percent. */
export interface Regime {
  code: string;
  tax: WithholdingTax;
  sicoreCode: string | null;
  description: string;
  norm: string;
  validFrom: string;
  rateRegistered: number | null;
  rateUnregistered: number | null;
  usesScale: boolean;
  /** The brackets inscriptos go through where `usesScale` (null otherwise). */
  scale: Scale | null;
  nonTaxableCents: number;
  minimumCents: number;
  minimumUnregisteredCents: number | null;
  seeded: boolean;
}

/**
 * RG 830 Anexo VIII scale as RG 4525/2019 set it (amounts in force for payments from 2019-07-01): every scale concept
 * but 119 still goes through it.
 */
export const SCALE: Scale = [
  [0, 0, 5],
  [8_000_00, 400_00, 9],
  [16_000_00, 1_120_00, 12],
  [24_000_00, 2_080_00, 15],
  [32_000_00, 3_280_00, 19],
  [48_000_00, 6_320_00, 23],
  [64_000_00, 10_000_00, 27],
  [96_000_00, 18_640_00, 31],
];

/**
 * The scale RG 5423/2023 gave régimen 119 (profesiones liberales y oficios), for payments from 2023-10-01: brackets
 * of $71.000 and $142.000 instead of $8.000 and $16.000, the same percents.
 */
export const SCALE_119: Scale = [
  [0, 0, 5],
  [71_000_00, 3_550_00, 9],
  [142_000_00, 9_940_00, 12],
  [213_000_00, 18_460_00, 15],
  [284_000_00, 29_110_00, 19],
  [426_000_00, 56_090_00, 23],
  [568_000_00, 88_750_00, 27],
  [852_000_00, 165_430_00, 31],
];

/**
 * The RG 830 Anexo VIII table, one dated version per resolution that changed it; a payment uses the version of each
 * concept in force on its date (the latest `validFrom` not after it), so a payment dated before a change computes
 * with the amounts it had.
 *
 * - RG 4525/2019 (B.O. 2019-07-15; in force for payments from 2019-07-01): the MNSR per month for inscriptos, the
 *   rates for inscriptos and no inscriptos, the scale above; no withholding under $240 ($1.020 for urban rentals paid
 *   to no inscriptos). Régimen 779/780 are Anexo II inc. q) and r): state subsidies paid for sales of goods and for
 *   works and services; 112/113 (inc. o) and p), private retirement insurance) deduct $16.830 for inscriptos.
 * - RG 5423/2023 (payments from 2023-10-01): profesiones liberales y oficios leave 116-II for the new régimen 119, MNSR
 *   $160.000 and their own scale (SCALE_119); 116-II keeps albaceas, mandatarios and gestores de negocios with the
 *   RG 4525 amounts. No later change of the Anexo VIII amounts was found (the $240 minimum still applied in 2026).
 */
const RG_4525 = { norm: 'RG 830 Anexo VIII (RG 4525/2019)', validFrom: '2019-07-01' };
const RG_5423 = { norm: 'RG 830 Anexo VIII (RG 5423/2023)', validFrom: '2023-10-01' };
const g = (
  version: { norm: string; validFrom: string },
  code: string,
  sicore: string,
  description: string,
  registered: number | Scale,
  unregistered: number,
  nonTaxable: number,
  minimumUnregistered: number | null = null,
): Regime => ({
  code,
  tax: 'ganancias',
  sicoreCode: sicore,
  description,
  norm: version.norm,
  validFrom: version.validFrom,
  rateRegistered: typeof registered === 'number' ? registered : null,
  rateUnregistered: unregistered,
  usesScale: typeof registered !== 'number',
  scale: typeof registered === 'number' ? null : registered,
  nonTaxableCents: nonTaxable * 100,
  minimumCents: 240_00,
  minimumUnregisteredCents: minimumUnregistered === null ? null : minimumUnregistered * 100,
  seeded: true,
});

/**
 * RG 2854 (IVA withholding on payments, designated agents): a percentage of the VAT of the invoices paid, nothing
 * when it comes to $400 or less (RG 3887/2016). The rate columns hold that percentage of the VAT.
 */
const iva = (code: string, percent: number, description: string): Regime => ({
  code,
  tax: 'iva',
  sicoreCode: null,
  description,
  norm: 'RG 2854 (RG 3887/2016)',
  validFrom: '2016-07-01',
  rateRegistered: percent,
  rateUnregistered: percent,
  usesScale: false,
  scale: null,
  nonTaxableCents: 0,
  minimumCents: 400_01,
  minimumUnregisteredCents: null,
  seeded: true,
});

/** IIBB withholding on payments: the rate is the supplier's in the agency's padrón (or the designation's default). */
const iibb = (code: string, description: string): Regime => ({
  code,
  tax: 'iibb',
  sicoreCode: null,
  description,
  norm: code === 'IIBB-ARBA' ? 'ARBA (padrón RGS)' : 'AGIP (padrón de regímenes generales)',
  validFrom: '2000-01-01',
  rateRegistered: null,
  rateUnregistered: null,
  usesScale: false,
  scale: null,
  nonTaxableCents: 0,
  minimumCents: 0,
  minimumUnregisteredCents: null,
  seeded: true,
});

const A = RG_4525;
/** The service's table (built per call, so each use reads the resolutions' figures afresh). */
export const seededRegimes = (): Regime[] => [
  g(A, '19', '019', 'Intereses — entidades financieras (Ley 21.526), agentes de bolsa', 3, 10, 0),
  g(A, '21', '021', 'Intereses — otras operaciones', 6, 28, 7_870),
  g(A, '25', '025', 'Comisionistas, rematadores, consignatarios', SCALE, 28, 16_830),
  g(A, '30', '030', 'Alquiler de bienes muebles', 6, 28, 11_200),
  g(A, '31', '031', 'Alquiler de inmuebles urbanos (incluso leasing)', 6, 28, 11_200, 1_020),
  g(A, '32', '032', 'Alquiler de inmuebles rurales', 6, 28, 11_200),
  g(A, '35', '035', 'Regalías', 6, 28, 7_870),
  g(A, '43', '043', 'Interés accionario, excedentes de cooperativas', 6, 28, 7_870),
  g(A, '51', '051', 'Obligaciones de no hacer', 6, 28, 7_870),
  g(A, '53', '053', 'Operaciones de mercados de cereales a término', 0.5, 2, 0),
  g(A, '55', '055', 'Distribución de películas, programación de TV', 0.5, 2, 0),
  g(A, '78', '078', 'Enajenación de bienes muebles y bienes de cambio', 2, 10, 224_000),
  g(A, '86', '086', 'Transferencia de llaves, marcas, patentes', 2, 10, 224_000),
  g(A, '94', '094', 'Locaciones de obra y/o servicios no ejecutados en relación de dependencia', 2, 28, 67_170),
  g(A, '95', '095', 'Transporte de carga nacional e internacional', 0.25, 28, 67_170),
  g(A, '110', '110', 'Derechos de autor (Ley 11.723)', SCALE, 28, 10_000),
  g(A, '111', '111', 'Otras cesiones o locaciones de derechos', 0.5, 2, 0),
  g(A, '112', '112', 'Beneficios de seguros de retiro privados', 3, 3, 16_830),
  g(A, '113', '113', 'Rescates de seguros de retiro privados', 3, 3, 16_830),
  g(A, '116-I', '116', 'Honorarios de directores, síndicos, socios gerentes', SCALE, 28, 67_170),
  g(A, '116-II', '116', 'Profesiones liberales, oficios, albaceas, mandatarios, gestores', SCALE, 28, 16_830),
  g(A, '124', '124', 'Corredores, viajantes de comercio, despachantes de aduana', SCALE, 28, 16_830),
  g(A, '779', '779', 'Subsidios estatales por enajenación de bienes muebles y bienes de cambio', 2, 10, 76_140),
  g(A, '780', '780', 'Subsidios estatales por locaciones de obra y/o servicios', 2, 28, 31_460),
  g(RG_5423, '116-II', '116', 'Albaceas, mandatarios, gestores de negocios', SCALE, 28, 16_830),
  g(RG_5423, '119', '119', 'Profesiones liberales y oficios', SCALE_119, 28, 160_000),
  iva('IVA-50', 50, 'IVA — venta de bienes, obras con materiales, fabricación por encargo (50 % del IVA)'),
  iva('IVA-80', 80, 'IVA — alícuota reducida (10,5 %) y demás servicios y obras (80 % del IVA)'),
  iva('IVA-100', 100, 'IVA — proveedores con irregularidades en la base de ARCA (100 % del IVA)'),
  iibb('IIBB-ARBA', 'Ingresos Brutos Provincia de Buenos Aires — retención'),
  iibb('IIBB-AGIP', 'Ingresos Brutos Ciudad de Buenos Aires — retención'),
];

/**
 * The version of each code in force on `on`: the latest `validFrom` not after it. Of two versions from the same day
 * the later in the list wins, so an account's own version (listed after the seeded table) overrides the seeded one.
 */
export function inForceOn(regimes: readonly Regime[], on: string): Regime[] {
  const current = new Map<string, Regime>();
  for (const regime of regimes) if (regime.validFrom <= on && (current.get(regime.code)?.validFrom ?? '') <= regime.validFrom) current.set(regime.code, regime);
  return [...current.values()];
}
