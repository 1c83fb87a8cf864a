/** Argentine formats: `$ 1.234.567,89` and `dd/mm/aaaa`. */
const PESOS = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('es-AR');

export const pesos = (amount: number): string => PESOS.format(amount);
export const count = (value: number): string => COUNT.format(value);

/** A calendar day (YYYY-MM-DD, or the day of an ISO instant in Argentina) as dd/mm/aaaa. */
export function day(value: string | null | undefined): string {
  if (!value) return '—';
  const text = value.length > 10 ? new Date(Date.parse(value) - 3 * 3600_000).toISOString().slice(0, 10) : value;
  const [year, month, date] = text.split('-');
  return `${date}/${month}/${year}`;
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
