const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The 11 digits of a CUIT/CUIL written with or without separators, or null when it is not a valid one (módulo 11). */
export function normalizeCuit(text: string): string | null {
  const digits = text.replace(/[-.\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return null;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const r = 11 - (sum % 11);
  if (r === 10) return null;
  const check = r === 11 ? 0 : r;
  return check === Number(digits[10]) ? digits : null;
}
