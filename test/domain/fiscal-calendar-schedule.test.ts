import { ARCA_MOVES } from '../../src/domain/accounting/fiscal-calendar/arca-moves';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TAXES, FISCAL_TAXES, OBLIGATIONS, SEED_YEARS, type FiscalTax } from '../../src/domain/accounting/fiscal-calendar/obligations';
import { dueDays, holidays, yearSchedule } from '../../src/domain/accounting/fiscal-calendar/schedule';

/** The shift rule and the holidays against the calendars computed by hand in the domain notes. */
const FIXTURE = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fiscal-calendar', 'arca-2027.json'), 'utf8')) as {
  holidays: string[];
  rows: Record<FiscalTax, string[]>;
  other_years: Record<string, string[]>;
};

const nominal = (tax: FiscalTax) => OBLIGATIONS[tax].groups.map((group) => group.day);

it('the holidays of 2027 are the ones the notes list', () => {
  expect([...holidays(2027)].sort()).toEqual(FIXTURE.holidays);
});

describe.each(Object.keys(FIXTURE.rows) as FiscalTax[])('%s in 2027', (tax) => {
  it.each(FIXTURE.rows[tax].map((expected, i) => [i + 1, expected] as const))('month %i: %s', (month, expected) => {
    expect(
      dueDays(2027, month, nominal(tax))
        .map((due) => Number(due.due.slice(8)))
        .join('/'),
    ).toBe(expected);
  });
});

it('reproduces the notes’ checks on 2025 and 2026 calendars', () => {
  expect(dueDays(2026, 1, nominal('iva')).map((due) => due.due)).toEqual(FIXTURE.other_years.iva_2026_01);
  expect(dueDays(2026, 1, nominal('suss')).map((due) => due.due)).toEqual(FIXTURE.other_years.suss_2026_01);
  expect(dueDays(2025, 12, nominal('autonomos')).map((due) => due.due)).toEqual(FIXTURE.other_years.autonomos_2025_12);
});

it("a CUIT ending picks its group's date; the period declared is the month before", () => {
  const ending7 = yearSchedule(OBLIGATIONS.iva, 2027, 7);
  expect(ending7).toHaveLength(12);
  expect(ending7[1]).toMatchObject({ month: 2, period: '2027-01', cuit_group: '6-7', nominal_date: '2027-02-21', due_date: '2027-02-23' });
  expect(ending7[0].period).toBe('2026-12');
  expect(yearSchedule(OBLIGATIONS.monotributo, 2027, 3)[1]).toMatchObject({ cuit_group: 'all', due_date: '2027-02-22' });
  expect(yearSchedule(OBLIGATIONS.suss, 2027, 0)[3]).toMatchObject({ cuit_group: '0-3', due_date: '2027-04-09' });
});

it('every due day stays in its due month (the list filters year and month as a range of due days)', () => {
  for (let year = 2020; year <= 2035; year++)
    for (const obligation of Object.values(OBLIGATIONS))
      for (const deadline of yearSchedule(obligation, year, 9))
        expect(deadline.due_date.slice(0, 7)).toBe(`${year}-${String(deadline.month).padStart(2, '0')}`);
});

it('the obligations, their forms and CUIT groups are those of ARCA’s calendar as the notes give them; a company loads four', () => {
  const three = [
    [0, 1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
  ];
  const groups = (endings: number[][], days: number[]) => endings.map((group, i) => ({ endings: group, day: days[i] }));
  expect(OBLIGATIONS).toEqual({
    iva: {
      tax: 'iva',
      title: 'IVA: declaración jurada mensual y pago',
      form: 'F.2051 (IVA Simple)',
      groups: groups(
        [
          [0, 1],
          [2, 3],
          [4, 5],
          [6, 7],
          [8, 9],
        ],
        [18, 19, 20, 21, 22],
      ),
    },
    suss: { tax: 'suss', title: 'Empleadores SUSS: F.931 y Libro de Sueldos Digital', form: 'F.931', groups: groups(three, [9, 10, 11]) },
    sicore: {
      tax: 'sicore',
      title: 'Retenciones y percepciones: declaración jurada mensual y pago',
      form: 'SICORE / SIRE',
      groups: groups(three, [9, 10, 11]),
    },
    ganancias_sociedades: {
      tax: 'ganancias_sociedades',
      title: 'Ganancias sociedades: anticipo mensual (en mayo, declaración jurada anual F.713 de un ejercicio cerrado en diciembre)',
      form: 'F.713 / VEP',
      groups: groups(three, [13, 14, 15]),
    },
    autonomos: { tax: 'autonomos', title: 'Autónomos: aporte mensual', form: 'VEP', groups: groups(three, [5, 6, 7]) },
    monotributo: { tax: 'monotributo', title: 'Monotributo: cuota mensual', form: 'VEP', groups: [{ endings: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], day: 20 }] },
  });
  expect(FISCAL_TAXES).toEqual(['iva', 'suss', 'sicore', 'ganancias_sociedades', 'autonomos', 'monotributo']);
  expect(DEFAULT_TAXES).toEqual(['iva', 'suss', 'sicore', 'ganancias_sociedades']);
  expect(SEED_YEARS).toEqual({ min: 2000, max: 2100 });
});

/**
 * RG ARCA 5787/2025 (B.O. 13/11/2025) brought the IVA of October 2025 for CUIT 8-9 forward to 25 November 2025; the
 * shift rule alone gives the 26th (21 November no laborable, 24 November the moved holiday: 6-7 on the 25th).
 */
describe('a due date ARCA set apart', () => {
  it('is the resolution’s, for that tax, month and group only', () => {
    expect(ARCA_MOVES).toEqual([{ tax: 'iva', year: 2025, month: 11, cuit_group: '8-9', due: '2025-11-25', source: 'RG ARCA 5787/2025 (B.O. 13/11/2025)' }]);
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 8)[10]).toMatchObject({ cuit_group: '8-9', nominal_date: '2025-11-22', due_date: '2025-11-25' });
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 6)[10].due_date).toBe('2025-11-25');
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 9)[9].due_date).not.toBe('2025-11-25');
    expect(yearSchedule(OBLIGATIONS.iva, 2026, 8)[10].due_date).not.toBe('2025-11-25');
    expect(yearSchedule(OBLIGATIONS.suss, 2025, 8)[10].due_date).not.toBe('2025-11-25');
  });

  it('still moves past a day the account does not work', () => {
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 9, new Set(['2025-11-25']))[10].due_date).toBe('2025-11-26');
  });
});
