/** Argentine formats: `$ 1.234.567,89` and `dd/mm/aaaa`. */
const PESOS = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('es-AR');

export const pesos = (amount: number): string => PESOS.format(amount);
export const count = (value: number): string => COUNT.format(value);

/** A calendar day (YYYY-MM-DD, or the day of an ISO instant in Argentina) as dd/mm/aaaa. */
export function day(value: string | null | undefined): string {
  if (!value) return '—';
  const [year, month, date] = calendarDay(value).split('-');
  return `${date}/${month}/${year}`;
}

/** A calendar day (YYYY-MM-DD) as is, or an ISO instant's day in Argentina (UTC−3 all year). */
export function calendarDay(value: string): string {
  return value.length > 10 ? new Date(Date.parse(value) - 3 * 3600_000).toISOString().slice(0, 10) : value;
}

/** Whole days from `from` to `to` (calendar days, YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** A month (YYYY-MM) as `nov 2026`. */
export function month(period: string): string {
  const [year, number] = period.split('-');
  return `${MONTHS[Number(number) - 1]} ${year}`;
}

/** The month (YYYY-MM) `back` months before `period`. */
export function monthsBefore(period: string, back: number): string {
  const [year, number] = period.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 - back, 1));
  return date.toISOString().slice(0, 7);
}

/** The current month in Argentina (UTC−3 all year). */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 7);
}

/** Today in Argentina, YYYY-MM-DD. */
export function today(now = new Date()): string {
  return new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
}

const STATUS: Record<string, string> = {
  pending: 'pendiente',
  approved: 'aprobado',
  paid: 'pagado',
  cancelled: 'anulado',
  refunded: 'reintegrado',
  linked: 'vinculado',
  ignored: 'ignorado',
  accepted: 'aceptada',
  rejected: 'rechazada',
  anulled: 'anulada',
  transferred_sircreb: 'transferida (SIRCREB)',
  paid_in_full: 'pagada',
  done: 'cumplido',
  overdue: 'vencido',
};

export const status = (value: string): string => STATUS[value] ?? value;

const VOUCHER_TYPES: Record<number, string> = {
  1: 'Factura A',
  2: 'Nota de débito A',
  3: 'Nota de crédito A',
  6: 'Factura B',
  7: 'Nota de débito B',
  8: 'Nota de crédito B',
  11: 'Factura C',
  12: 'Nota de débito C',
  13: 'Nota de crédito C',
  201: 'FCE A',
  202: 'ND FCE A',
  203: 'NC FCE A',
  206: 'FCE B',
  211: 'FCE C',
};

/** A voucher as Argentines write it: `Factura A 00002-00001010`. */
export function voucher(type: number | null | undefined, salePoint: number | null | undefined, number: number | null | undefined): string {
  const name = type == null ? 'Comprobante' : (VOUCHER_TYPES[type] ?? `Tipo ${type}`);
  return `${name} ${String(salePoint ?? 0).padStart(5, '0')}-${String(number ?? 0).padStart(8, '0')}`;
}

/** First and last day (YYYY-MM-DD) of a month. */
export function monthRange(period: string): { from: string; to: string } {
  const [year, number] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}
