const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
let cuitCounter = 0;

/** A valid, distinct CUIT for each test account. */
export function testCuit(): string {
  for (;;) {
    const body = `30${String(10_000_000 + ((process.pid * 7919 + cuitCounter++ * 104_729) % 89_999_999)).padStart(8, '0')}`;
    const r = 11 - (WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(body[i]), 0) % 11);
    if (r !== 10) return `${body}${r === 11 ? 0 : r}`;
  }
}
