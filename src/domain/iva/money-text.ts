/** Exchange rates are held as integer millionths (the design's 4 + 6 digits), read from their decimal text. */
export function toMicro(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  if (/e/i.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > 6) return null;
  const micro = Number(whole + fraction.padEnd(6, '0'));
  return Number.isSafeInteger(micro) ? micro : null;
}

/** round(base × rate%, 2) on cents, half away from zero, exactly: the rate has at most one decimal. */
export function vatOfBase(baseCents: number, ratePercent: number): number {
  const tenths = BigInt(Math.round(ratePercent * 10));
  const product = BigInt(baseCents) * tenths; // cents × tenths of a percent = 1/1000 of a cent
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product < 0n ? -product : product;
  return Number(sign * ((magnitude + 500n) / 1000n));
}

/** value × numerator / denominator, rounded half away from zero, exactly (BigInt: the product may pass 2^53). */
export function scaled(value: number, numerator: number, denominator: number): number {
  const product = BigInt(value) * BigInt(numerator);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + BigInt(denominator)) / (2n * BigInt(denominator));
  return Number(product < 0n ? -rounded : rounded);
}
