/**
 * What a recognised header says about its export, from the columns its titles name (see layout.ts): its generation
 * and its direction.
 */

/** The generations of the export: G1 (≤ Oct 2023), G2 (Oct 2023 → Aug 2025), G3 (since Sept 2025). */
export type LayoutName = 'G1' | 'G2' | 'G3';

/** Which side of the vouchers an export lists: Recibidos (the account receives) or Emitidos (the account issues). */
export type Direction = 'received' | 'issued';

/** A header's columns: each recognised column's index. */
type Columns = Partial<Record<string, number>>;

/**
 * The generation of a header: per-rate columns (`IVA x%`, `Imp. Neto Gravado IVA x%`) only exist in G3; `Otros
 * Tributos` without them is G2 (17 columns); neither is G1 (16 columns) — see docs/fiscal-rules.md, layouts G1 to G3.
 */
export function generationOf(columns: Columns): LayoutName {
  if (Object.keys(columns).some((column) => column.startsWith('base:') || column.startsWith('vat:'))) return 'G3';
  return columns.otherTaxes === undefined ? 'G1' : 'G2';
}

/** A header's direction: an issuer block makes it Recibidos; receiver columns alone, Emitidos; neither, none. */
export function directionOf(columns: Columns): Direction | null {
  if (columns.issuerDoc !== undefined || columns.issuerName !== undefined) return 'received';
  if (columns.receiverDoc !== undefined || columns.receiverName !== undefined) return 'issued';
  return null;
}
