/** VAT lines of an expense in AFIP's terms (AlicIva): aliquot ids, their rates, and the rule a line's tax follows. */

/** AFIP VAT aliquot ids (WSFEv1 FEParamGetTiposIva) → their rate in tenths of a percent (exact integers). */
export const IVA_RATE_TENTHS: Readonly<Record<number, number>> = { 3: 0, 4: 105, 5: 210, 6: 270, 8: 50, 9: 25 };
export const IVA_IDS = Object.keys(IVA_RATE_TENTHS).map(Number);
/** One line per aliquot: at most one per id. */
export const MAX_IVA_ITEMS = IVA_IDS.length;

/**
 * Whether the tax of a line is its base times the aliquot's rate within one centavo, computed exactly:
 * |base × rate − importe| ≤ 0.01 ⇔ |base¢ × tenths − importe¢ × 1000| ≤ 1000.
 */
export function importeConsistent(id: number, baseCents: number, importeCents: number): boolean {
  const tenths = IVA_RATE_TENTHS[id];
  if (tenths === undefined) return false;
  // A base or tax that failed its own rule is reported there, not as an inconsistency.
  if (!Number.isSafeInteger(baseCents) || !Number.isSafeInteger(importeCents)) return true;
  const difference = BigInt(baseCents) * BigInt(tenths) - BigInt(importeCents) * 1000n;
  return (difference < 0n ? -difference : difference) <= 1000n;
}

/** The rules across VAT lines: each tax within a centavo of its base times the rate; one line per aliquot. */
export function ivaLineProblems(lines: Array<Record<string, unknown>>): Array<[number, string, string]> {
  const problems: Array<[number, string, string]> = [];
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    const id = line.id as number;
    if (IVA_IDS.includes(id) && !importeConsistent(id, line.baseImp as number, line.importe as number)) {
      problems.push([index, 'importe', `must be base_imp × ${IVA_RATE_TENTHS[id] / 10}% within 0.01`]);
    }
    if (seen.has(id)) problems.push([index, 'id', 'another line already has this aliquot id']);
    seen.add(id);
  });
  return problems;
}
