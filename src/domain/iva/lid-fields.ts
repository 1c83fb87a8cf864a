/**
 * Field writers of the Libro IVA Digital fixed-width design: numbers right-aligned and zero-padded, text
 * left-aligned, space-padded and cut, amounts in cents with `-` in the first position when negative.
 */

export function numeric(value: number | string, width: number): string {
  const digits = String(value);
  if (!/^\d*$/.test(digits)) throw new RangeError(`not a number field: ${digits}`);
  if (digits.length > width) throw new RangeError(`${digits} does not fit in ${width} digits`);
  return digits.padStart(width, '0');
}

/** Accents stripped to ASCII (what every validator accepts); anything else unprintable becomes a space. */
export function alpha(value: string, width: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ');
  return ascii.slice(0, width).padEnd(width, ' ');
}

export function amount(cents: number, width = 15): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${cents}`);
  return cents < 0 ? `-${numeric(-cents, width - 1)}` : numeric(cents, width);
}

/** `YYYY-MM-DD` → `AAAAMMDD`; null → zeros. */
export function date(value: string | null): string {
  return value ? value.replaceAll('-', '') : '00000000';
}
