import type { FiscalTax } from './obligations';

/**
 * Due dates ARCA itself set apart from the shift rule, by general resolution: the deadline of that tax, month and
 * CUIT group falls due on `due` instead (still moved forward past a day the account does not work).
 */
export interface ArcaMove {
  tax: FiscalTax;
  year: number;
  month: number;
  cuit_group: string;
  due: string;
  source: string;
}

export const ARCA_MOVES: readonly ArcaMove[] = [
  // IVA of October 2025, CUIT 8-9: the shift rule gives 26 November; ARCA brought it forward to the 25th.
  { tax: 'iva', year: 2025, month: 11, cuit_group: '8-9', due: '2025-11-25', source: 'RG ARCA 5787/2025 (B.O. 13/11/2025)' },
];
