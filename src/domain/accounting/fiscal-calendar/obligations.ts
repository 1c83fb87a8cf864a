/**
 * The monthly ARCA obligations the fiscal calendar knows, as ARCA's yearly calendar states them: groups of CUIT
 * endings, each with its nominal day of the month the obligation is due (the period declared is the previous
 * month). Later groups fall due later; the shift rule (see schedule.ts) keeps it that way across holidays.
 */
export interface Obligation {
  tax: FiscalTax;
  title: string;
  form: string;
  /** CUIT endings of each group, in due order, and the nominal due day of each. */
  groups: ReadonlyArray<{ endings: readonly number[]; day: number }>;
}

/** The years a calendar can be loaded for, and an account's own non-working days set in. */
export const SEED_YEARS = { min: 2000, max: 2100 } as const;

export const FISCAL_TAXES = ['iva', 'suss', 'sicore', 'ganancias_sociedades', 'autonomos', 'monotributo'] as const;
export type FiscalTax = (typeof FISCAL_TAXES)[number];

const FIVE_GROUPS = [
  [0, 1],
  [2, 3],
  [4, 5],
  [6, 7],
  [8, 9],
] as const;
const THREE_GROUPS = [
  [0, 1, 2, 3],
  [4, 5, 6],
  [7, 8, 9],
] as const;
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const days = (groups: ReadonlyArray<readonly number[]>, nominal: number[]) => groups.map((endings, i) => ({ endings, day: nominal[i] }));

export const OBLIGATIONS: Readonly<Record<FiscalTax, Obligation>> = {
  iva: { tax: 'iva', title: 'IVA: declaración jurada mensual y pago', form: 'F.2051 (IVA Simple)', groups: days(FIVE_GROUPS, [18, 19, 20, 21, 22]) },
  suss: { tax: 'suss', title: 'Empleadores SUSS: F.931 y Libro de Sueldos Digital', form: 'F.931', groups: days(THREE_GROUPS, [9, 10, 11]) },
  sicore: {
    tax: 'sicore',
    title: 'Retenciones y percepciones: declaración jurada mensual y pago',
    form: 'SICORE / SIRE',
    groups: days(THREE_GROUPS, [9, 10, 11]),
  },
  ganancias_sociedades: {
    tax: 'ganancias_sociedades',
    title: 'Ganancias sociedades: anticipo mensual (en mayo, declaración jurada anual F.713 de un ejercicio cerrado en diciembre)',
    form: 'F.713 / VEP',
    groups: days(THREE_GROUPS, [13, 14, 15]),
  },
  autonomos: { tax: 'autonomos', title: 'Autónomos: aporte mensual', form: 'VEP', groups: days(THREE_GROUPS, [5, 6, 7]) },
  monotributo: { tax: 'monotributo', title: 'Monotributo: cuota mensual', form: 'VEP', groups: [{ endings: ALL, day: 20 }] },
};

/**
 * What a seed loads when the caller names no taxes: the obligations of a company registered for VAT (responsable
 * inscripto) with employees, the business the default chart of accounts is made for. Autónomos and monotributo are
 * a person's obligations and are loaded only when asked for.
 */
export const DEFAULT_TAXES: readonly FiscalTax[] = ['iva', 'suss', 'sicore', 'ganancias_sociedades'];

/**
 * The CUIT ending ARCA's calendar groups a taxpayer by: the CUIT's last digit (its check digit), written with or
 * without hyphens. An account without a CUIT is taken as ending in 0, the first group.
 */
export function cuitEndingOf(cuit: string | undefined): number {
  const digits = (cuit ?? '').replace(/\D/g, '');
  return Number(digits.slice(-1) || '0');
}
