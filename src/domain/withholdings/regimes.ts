import { type ClientSession, ObjectId } from 'mongodb';
import { z } from 'zod';
import { isDuplicateKeyError } from '../../store/store';
import type { WithholdingRegimeDocument, WithholdingTax } from '../../store/withholdings';
import { requirePrincipal, type RequestContext } from '../context';
import { calendarDateSchema } from '../dates';
import { ConflictError, ValidationError } from '../errors';
import { moneySchema, percentSchema } from '../money';
import { parseInput } from '../validation';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

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
  nonTaxableCents: number;
  minimumCents: number;
  minimumUnregisteredCents: number | null;
  seeded: boolean;
}

/**
 * RG 830 Anexo VIII with the amounts of RG 4525/2019 (in force from July 2019; still frozen in 2026): MNSR per month
 * for inscriptos, the rates for inscriptos and no inscriptos, the scale where it applies; no withholding under $240
 * ($1.020 for urban rentals paid to no inscriptos).
 */
const RG_4525 = '2019-07-01';
const g = (
  code: string,
  sicore: string,
  description: string,
  registered: number | null,
  unregistered: number,
  nonTaxable: number,
  minimumUnregistered: number | null = null,
): Regime => ({
  code,
  tax: 'ganancias',
  sicoreCode: sicore,
  description,
  norm: 'RG 830 (RG 4525/2019)',
  validFrom: RG_4525,
  rateRegistered: registered,
  rateUnregistered: unregistered,
  usesScale: registered === null,
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
  nonTaxableCents: 0,
  minimumCents: 0,
  minimumUnregisteredCents: null,
  seeded: true,
});

export const SEEDED_REGIMES: readonly Regime[] = [
  g('19', '019', 'Intereses — entidades financieras (Ley 21.526), agentes de bolsa', 3, 10, 0),
  g('21', '021', 'Intereses — otras operaciones', 6, 28, 7_870),
  g('25', '025', 'Comisionistas, rematadores, consignatarios', null, 28, 16_830),
  g('30', '030', 'Alquiler de bienes muebles', 6, 28, 11_200),
  g('31', '031', 'Alquiler de inmuebles urbanos (incluso leasing)', 6, 28, 11_200, 1_020),
  g('32', '032', 'Alquiler de inmuebles rurales', 6, 28, 11_200),
  g('35', '035', 'Regalías', 6, 28, 7_870),
  g('43', '043', 'Interés accionario, excedentes de cooperativas', 6, 28, 7_870),
  g('51', '051', 'Obligaciones de no hacer', 6, 28, 7_870),
  g('53', '053', 'Operaciones de mercados de cereales a término', 0.5, 2, 0),
  g('55', '055', 'Distribución de películas, programación de TV', 0.5, 2, 0),
  g('78', '078', 'Enajenación de bienes muebles y bienes de cambio', 2, 10, 224_000),
  g('86', '086', 'Transferencia de llaves, marcas, patentes', 2, 10, 224_000),
  g('94', '094', 'Locaciones de obra y/o servicios no ejecutados en relación de dependencia', 2, 28, 67_170),
  g('95', '095', 'Transporte de carga nacional e internacional', 0.25, 28, 67_170),
  g('110', '110', 'Derechos de autor (Ley 11.723)', null, 28, 10_000),
  g('111', '111', 'Otras cesiones o locaciones de derechos', 0.5, 2, 0),
  g('112', '112', 'Beneficios de seguros de retiro privados', 3, 3, 0),
  g('113', '113', 'Rescates de seguros de retiro privados', 3, 3, 0),
  g('116-I', '116', 'Honorarios de directores, síndicos, socios gerentes', null, 28, 67_170),
  g('116-II', '116', 'Profesiones liberales, oficios, albaceas, mandatarios, gestores', null, 28, 16_830),
  g('124', '124', 'Corredores, viajantes de comercio, despachantes de aduana', null, 28, 16_830),
  iva('IVA-50', 50, 'IVA — venta de bienes, obras con materiales, fabricación por encargo (50 % del IVA)'),
  iva('IVA-80', 80, 'IVA — alícuota reducida (10,5 %) y demás servicios y obras (80 % del IVA)'),
  iva('IVA-100', 100, 'IVA — proveedores con irregularidades en la base de ARCA (100 % del IVA)'),
  iibb('IIBB-ARBA', 'Ingresos Brutos Provincia de Buenos Aires — retención'),
  iibb('IIBB-AGIP', 'Ingresos Brutos Ciudad de Buenos Aires — retención'),
];

/** Anexo VIII scale, on the month's taxable amount: [over (centavos), fixed (centavos), percent]. */
export const SCALE: ReadonlyArray<readonly [number, number, number]> = [
  [0, 0, 5],
  [8_000_00, 400_00, 9],
  [16_000_00, 1_120_00, 12],
  [24_000_00, 2_080_00, 15],
  [32_000_00, 3_280_00, 19],
  [48_000_00, 6_320_00, 23],
  [64_000_00, 10_000_00, 27],
  [96_000_00, 18_640_00, 31],
];

const fromDocument = (doc: WithholdingRegimeDocument): Regime => ({
  code: doc.code,
  tax: doc.tax,
  sicoreCode: doc.sicore_code,
  description: doc.description,
  norm: doc.norm,
  validFrom: doc.valid_from,
  rateRegistered: doc.rate_registered,
  rateUnregistered: doc.rate_unregistered,
  usesScale: doc.uses_scale,
  nonTaxableCents: doc.non_taxable_cents,
  minimumCents: doc.minimum_cents,
  minimumUnregisteredCents: doc.minimum_unregistered_cents,
  seeded: false,
});

const TAXES = ['ganancias', 'iva', 'iibb'] as const;

/** Every regime version: the seeded table and the account's own, by code then date. */
export async function listRegimes(
  context: RequestContext,
  filter: { tax?: string | null; on?: string | null } = {},
  session?: ClientSession,
): Promise<Regime[]> {
  if (filter.tax && !(TAXES as readonly string[]).includes(filter.tax))
    throw new ValidationError('tax must be ganancias, iva or iibb', [{ path: 'tax', message: 'one of ganancias, iva, iibb' }]);
  if (filter.on && !calendarDateSchema().safeParse(filter.on).success)
    throw new ValidationError('on must be a date YYYY-MM-DD', [{ path: 'on', message: 'must be a date YYYY-MM-DD' }]);
  const own = await context.store
    .collection<WithholdingRegimeDocument>('withholding_regimes')
    .find({ account_id: requirePrincipal(context).accountId }, { session, sort: { code: 1, valid_from: 1 } })
    .toArray();
  let all = [...SEEDED_REGIMES, ...own.map(fromDocument)].filter((regime) => !filter.tax || regime.tax === filter.tax);
  if (filter.on) {
    const on = filter.on;
    const current = new Map<string, Regime>();
    for (const regime of all) if (regime.validFrom <= on && (current.get(regime.code)?.validFrom ?? '') <= regime.validFrom) current.set(regime.code, regime);
    all = [...current.values()];
  }
  return all.sort((a, b) => a.tax.localeCompare(b.tax) || a.code.localeCompare(b.code, 'en', { numeric: true }) || a.validFrom.localeCompare(b.validFrom));
}

/** The version of `code` in force on `date`, or a 400 naming `path`. */
export async function regimeOn(context: RequestContext, code: string, date: string, path: string, session?: ClientSession): Promise<Regime> {
  const regime = (await listRegimes(context, { on: date }, session)).find((candidate) => candidate.code === code);
  if (!regime) throw new ValidationError(`no regime ${code} in force on ${date}`, [{ path, message: `no regime ${code} in force on ${date}` }]);
  return regime;
}

const regimeInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, 'letters, digits and hyphens, at most 20'),
    tax: z.enum(TAXES),
    sicoreCode: z
      .string()
      .regex(/^\d{1,3}$/, 'up to 3 digits')
      .nullish(),
    description: z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters'),
    norm: z.string().trim().max(100, 'at most 100 characters').nullish(),
    validFrom: calendarDateSchema(),
    rateRegistered: percentSchema().nullish(),
    rateUnregistered: percentSchema().nullish(),
    usesScale: z.boolean().nullish(),
    nonTaxableMonthly: moneySchema().nullish(),
    minimumWithholding: moneySchema().nullish(),
    minimumUnregistered: moneySchema().nullish(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.tax !== 'iibb' && !input.usesScale && (input.rateRegistered === null || input.rateRegistered === undefined))
      ctx.addIssue({ code: 'custom', path: ['rateRegistered'], message: 'required unless the scale applies (or for IIBB, whose rate is the padrón’s)' });
    if (input.tax === 'ganancias' && (input.rateUnregistered === null || input.rateUnregistered === undefined))
      ctx.addIssue({ code: 'custom', path: ['rateUnregistered'], message: 'required for a Ganancias regime' });
  });

/**
 * Adds a dated version of a regime (a new concept, or new amounts of an existing one from `validFrom` on): the
 * version in force on a payment's date is the one its calculation uses. A code and date already there is 409.
 */
export async function createRegime(context: RequestContext, raw: unknown): Promise<Regime> {
  const input = parseInput(regimeInputSchema, raw);
  const code = input.code.toUpperCase();
  const exists = () =>
    new ConflictError(`regime ${code} already has a version from ${input.validFrom}`, [{ path: 'validFrom', message: 'taken' }], 'REGIME_EXISTS');
  if (SEEDED_REGIMES.some((regime) => regime.code === code && regime.validFrom === input.validFrom)) throw exists();
  const now = context.now();
  const doc: WithholdingRegimeDocument = {
    _id: new ObjectId(),
    account_id: requirePrincipal(context).accountId,
    code,
    tax: input.tax,
    sicore_code: input.sicoreCode ? input.sicoreCode.padStart(3, '0') : null,
    description: input.description,
    norm: input.norm ?? '',
    valid_from: input.validFrom,
    rate_registered: input.usesScale ? null : (input.rateRegistered ?? null),
    rate_unregistered: input.rateUnregistered ?? input.rateRegistered ?? null,
    uses_scale: Boolean(input.usesScale),
    non_taxable_cents: input.nonTaxableMonthly ?? 0,
    minimum_cents: input.minimumWithholding ?? 0,
    minimum_unregistered_cents: input.minimumUnregistered ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await context.store.collection<WithholdingRegimeDocument>('withholding_regimes').insertOne(doc);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw exists();
    throw error;
  }
  await recordChanges(context, [actionOn('withholding_regimes', `withholding regime ${doc.code}`, 'created', doc, `valid from ${doc.valid_from}`)]);
  return fromDocument(doc);
}
