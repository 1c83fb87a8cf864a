/**
 * The national days, besides weekends and the public holidays `date-holidays` knows, on which no ARCA deadline falls.
 *
 * Why a día no laborable counts: ARCA's due dates move when they fall on a "feriado o inhábil" (the shift rule of the
 * calendar, RG AFIP 4172, B.O. 26/12/2017, and every yearly calendar since), and days are "hábiles administrativos"
 * only when the national administration works (Ley 11.683 art. 4; Decreto 1759/72 art. 1 inc. e). A día no
 * laborable of Ley 27.399 closes the national administration and the banks, and ARCA's published calendars move
 * deadlines off them: December 2020, autónomos 9/10/11 (7 December 2020 no laborable, Decreto 717/2019; 8 December a
 * holiday); November 2025, IVA for CUIT 6-7 on the 25th and 8-9 on the 26th (21 November no laborable, Decreto
 * 1027/2024; 24 November the moved holiday), as ARCA published the month.
 *
 * Each entry is dated by the norm that set it. Days set only for people of one faith (Ley 27.399 arts. 4 and 5) and
 * local holidays are not national: an account adds those it keeps as its own non-working days.
 */
export interface DecreedDay {
  date: string;
  name: string;
  source: string;
}

/** Feriados and días no laborables "con fines turísticos" (Ley 27.399 art. 7), year by year. */
export const TOURISM_DAYS: readonly DecreedDay[] = [
  // 2024: decreed as feriados (not only no laborables); date-holidays already lists them as public holidays.
  { date: '2024-04-01', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
  { date: '2024-06-21', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
  { date: '2024-10-11', name: 'Feriado con fines turísticos', source: 'Decreto 106/2023 (B.O. diciembre de 2023)' },
  { date: '2025-05-02', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
  { date: '2025-08-15', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
  { date: '2025-11-21', name: 'Día no laborable con fines turísticos', source: 'Decreto 1027/2024 (B.O. 21/11/2024)' },
  { date: '2026-03-23', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
  { date: '2026-07-10', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
  { date: '2026-12-07', name: 'Día no laborable con fines turísticos', source: 'Resolución JGM 164/2025 (B.O. 26/12/2025)' },
];

/**
 * Corrections to `date-holidays` 3.37: a movable holiday that fell on a weekend and was moved by the Jefatura de
 * Gabinete under Decreto 614/2025 (B.O. 28/08/2025), which the package still places on its own day.
 */
export const MOVED_HOLIDAYS: ReadonlyArray<DecreedDay & { from: string }> = [
  {
    date: '2025-10-10',
    from: '2025-10-12',
    name: 'Día del Respeto a la Diversidad Cultural (del domingo 12 de octubre)',
    source: 'Resolución JGM 139/2025 under Decreto 614/2025',
  },
];

/** Jueves Santo: a día no laborable every year (Ley 27.399 art. 1); the banks close (BCRA). */
export const HOLY_THURSDAY = { name: 'Jueves Santo', source: 'Ley 27.399 art. 1', rule: 'easter -3' } as const;
