import { ARCA_MOVES } from '../../src/domain/accounting/fiscal-calendar/arca-moves';
import { HOLY_THURSDAY, MOVED_HOLIDAYS, TOURISM_DAYS } from '../../src/domain/accounting/fiscal-calendar/non-working-days';
import { OBLIGATIONS, type FiscalTax } from '../../src/domain/accounting/fiscal-calendar/obligations';
import { dueDays, holidays, isWorkingDay, nationalNonWorkingDays, workingDayFrom, yearSchedule } from '../../src/domain/accounting/fiscal-calendar/schedule';

/**
 * Días no laborables move ARCA deadlines like holidays do. Every expected date below is written by hand from the
 * norm cited beside it and the shift rule ("when a due date falls on a holiday or non-working day, it and the
 * following ones move correlatively to the next working days", RG AFIP 4172), or read from ARCA's published
 * calendar of that month where one is cited.
 */
const nominal = (tax: FiscalTax) => OBLIGATIONS[tax].groups.map((group) => group.day);
const days = (tax: FiscalTax, year: number, month: number, own?: ReadonlySet<string>) =>
  dueDays(year, month, nominal(tax), own)
    .map((due) => due.due.slice(5))
    .join(' ');

describe('the national table', () => {
  it('lists the tourism days of each year with the norm that set them (Ley 27.399 art. 7)', () => {
    expect(TOURISM_DAYS).toEqual([
      { date: '2024-04-01', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
      { date: '2024-06-21', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
      { date: '2024-10-11', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
      { date: '2025-05-02', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
      { date: '2025-08-15', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
      { date: '2025-11-21', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
      { date: '2026-03-23', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
      { date: '2026-07-10', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
      { date: '2026-12-07', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
    ]);
  });

  it('corrects date-holidays with the moved holiday of 2025 and names Jueves Santo and the ARCA move it applies', () => {
    expect(MOVED_HOLIDAYS).toEqual([
      {
        date: '2025-10-10',
        from: '2025-10-12',
        name: 'Día del Respeto a la Diversidad Cultural (del domingo 12 de octubre)',
        source: 'Resolución JGM 139/2025 under Decreto 614/2025',
      },
    ]);
    expect(HOLY_THURSDAY).toEqual({ name: 'Jueves Santo', source: 'Ley 27.399 art. 1', rule: 'easter -3' });
    expect(ARCA_MOVES).toEqual([{ tax: 'iva', year: 2025, month: 11, cuit_group: '8-9', due: '2025-11-25', source: 'RG ARCA 5787/2025 (B.O. 13/11/2025)' }]);
  });

  // Ley 27.399: inamovibles, Carnival, Good Friday; movable ones on Tuesday/Wednesday to the Monday before and on
  // Thursday/Friday to the Monday after (art. 6); weekend ones stay unless moved by the Jefatura de Gabinete.
  it.each([
    [
      2024,
      // 17 Jun (Mon), 17 Aug (Sat), 12 Oct (Sat), 20 Nov (Wed) → 18 Nov; tourism feriados 1 Apr, 21 Jun, 11 Oct.
      [
        '01-01',
        '02-12',
        '02-13',
        '03-24',
        '03-29',
        '04-01',
        '04-02',
        '05-01',
        '05-25',
        '06-17',
        '06-20',
        '06-21',
        '07-09',
        '08-17',
        '10-11',
        '10-12',
        '11-18',
        '12-08',
        '12-25',
      ],
      ['03-28'],
    ],
    [
      2025,
      // 17 Jun (Tue) → 16 Jun; 17 Aug (Sun) stays; 12 Oct (Sun) → Fri 10 Oct (Res. JGM 139/2025); 20 Nov (Thu) → 24 Nov.
      ['01-01', '03-03', '03-04', '03-24', '04-02', '04-18', '05-01', '05-25', '06-16', '06-20', '07-09', '08-17', '10-10', '11-24', '12-08', '12-25'],
      ['04-17', '05-02', '08-15', '11-21'],
    ],
    [
      2026,
      // 17 Jun (Wed) → 15 Jun; 17 Aug and 12 Oct are Mondays; 20 Nov (Fri) → 23 Nov; Jueves Santo is 2 April, Malvinas.
      ['01-01', '02-16', '02-17', '03-24', '04-02', '04-03', '05-01', '05-25', '06-15', '06-20', '07-09', '08-17', '10-12', '11-23', '12-08', '12-25'],
      ['03-23', '07-10', '12-07'],
    ],
  ])('%i: the holidays, and the días no laborables besides them', (year, publicHolidays, notWorked) => {
    expect([...holidays(year)].sort()).toEqual(publicHolidays.map((day) => `${year}-${day}`));
    expect([...nationalNonWorkingDays(year)].sort()).toEqual([...publicHolidays, ...notWorked].sort().map((day) => `${year}-${day}`));
  });

  it('a day is a working day unless it is a weekend, a national non-working day or one of the account’s own', () => {
    expect(isWorkingDay('2025-11-20')).toBe(true); // Thursday: the 20 November holiday moved to Monday 24
    expect(isWorkingDay('2025-11-21')).toBe(false); // día no laborable, Decreto 1027/2024
    expect(isWorkingDay('2025-11-22')).toBe(false); // Saturday
    expect(isWorkingDay('2025-11-23')).toBe(false); // Sunday
    expect(isWorkingDay('2025-11-24')).toBe(false); // holiday
    expect(isWorkingDay('2025-11-25', new Set(['2025-11-25']))).toBe(false);
    expect(isWorkingDay('2025-11-25', new Set(['2025-11-26']))).toBe(true);
    expect(workingDayFrom('2025-11-21')).toBe('2025-11-25');
    expect(workingDayFrom('2025-11-20')).toBe('2025-11-20');
    expect(workingDayFrom('2025-11-21', new Set(['2025-11-25']))).toBe('2025-11-26');
  });
});

describe('a deadline on a decreed day moves to the next working day', () => {
  it('2024 (Decreto 106/2023): SUSS of October for CUIT 7-9 leaves Friday 11 October for Monday 14', () => {
    expect(days('suss', 2024, 10)).toBe('10-09 10-10 10-14');
  });

  it('2024 chain: IVA of June — 20 June holiday, 21 June feriado turístico, then the weekend — CUIT 4-5 on Monday 24', () => {
    expect(days('iva', 2024, 6)).toBe('06-18 06-19 06-24 06-25 06-26');
  });

  it('2025 (Decreto 1027/2024): Ganancias sociedades of August for CUIT 7-9 leaves Friday 15 August for Monday 18', () => {
    expect(days('ganancias_sociedades', 2025, 8)).toBe('08-13 08-14 08-18');
  });

  it('2025 chain, as ARCA published November: IVA 6-7 on the 25th past the no laborable 21st, the weekend and the 24th holiday', () => {
    expect(days('iva', 2025, 11)).toBe('11-18 11-19 11-20 11-25 11-26');
    // CUIT 8-9: the rule gives the 26th; RG ARCA 5787/2025 brought it to the 25th.
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 9)[10]).toMatchObject({ nominal_date: '2025-11-22', due_date: '2025-11-25', cuit_group: '8-9' });
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 7)[10]).toMatchObject({ nominal_date: '2025-11-21', due_date: '2025-11-25', cuit_group: '6-7' });
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 0)[10]).toMatchObject({ nominal_date: '2025-11-18', due_date: '2025-11-18', cuit_group: '0-1' });
  });

  it('2025 moved holiday, as ARCA published October: SUSS 9, 13 and 14 October (Friday 10 the holiday of Sunday 12)', () => {
    expect(days('suss', 2025, 10)).toBe('10-09 10-13 10-14');
  });

  it('2026 chain (Res. JGM 164/2025): IVA of March — Saturday 21, the no laborable 23rd, the 24th holiday — CUIT 6-7 on the 25th', () => {
    expect(days('iva', 2026, 3)).toBe('03-18 03-19 03-20 03-25 03-26');
  });

  it('2026 chain: SUSS of July — 9 July holiday, 10 July no laborable, the weekend — 13, 14 and 15 July', () => {
    expect(days('suss', 2026, 7)).toBe('07-13 07-14 07-15');
  });

  it('2026 chain: autónomos of December — Saturday 5, the no laborable 7th, the 8th holiday — 9, 10 and 11 December', () => {
    expect(days('autonomos', 2026, 12)).toBe('12-09 12-10 12-11');
  });

  it('Jueves Santo (Ley 27.399): ganancias sociedades of April 2025 is untouched by it, IVA of March 2027 for CUIT 8-9 moves past it', () => {
    expect(days('ganancias_sociedades', 2025, 4)).toBe('04-14 04-15 04-16');
    expect(days('iva', 2027, 3)).toBe('03-18 03-19 03-22 03-23 03-29');
  });
});

describe("an account's own non-working days", () => {
  const LOCAL = new Set(['2026-05-13']); // e.g. a municipal holiday on Wednesday 13 May 2026

  it('move only the deadlines computed with them, and those after them in the month correlatively', () => {
    expect(days('ganancias_sociedades', 2026, 5)).toBe('05-13 05-14 05-15');
    expect(days('ganancias_sociedades', 2026, 5, LOCAL)).toBe('05-14 05-15 05-18');
    expect(yearSchedule(OBLIGATIONS.ganancias_sociedades, 2026, 0, LOCAL)[4]).toMatchObject({ nominal_date: '2026-05-13', due_date: '2026-05-14' });
    expect(yearSchedule(OBLIGATIONS.ganancias_sociedades, 2026, 0)[4]).toMatchObject({ nominal_date: '2026-05-13', due_date: '2026-05-13' });
    expect(days('iva', 2026, 5, LOCAL)).toBe(days('iva', 2026, 5));
  });

  it('join a chain with the national days', () => {
    // Own day Wednesday 9 December 2026: SUSS 0-3 to the 10th, 4-6 to the 11th, 7-9 past the weekend to Monday 14.
    expect(days('suss', 2026, 12, new Set(['2026-12-09']))).toBe('12-10 12-11 12-14');
  });

  it('move a date ARCA set apart as well', () => {
    expect(yearSchedule(OBLIGATIONS.iva, 2025, 8, new Set(['2025-11-25']))[10].due_date).toBe('2025-11-26');
  });
});

it('a group whose nominal day is later than the day after the previous group keeps its own day', () => {
  // SICORE's 2013 scheme (9 · 10 · 13): the third group is not pulled forward to the 11th.
  expect(dueDays(2027, 3, [9, 10, 13]).map((due) => due.due)).toEqual(['2027-03-09', '2027-03-10', '2027-03-15']);
  expect(dueDays(2027, 3, [9, 15]).map((due) => due.due)).toEqual(['2027-03-09', '2027-03-15']);
});
