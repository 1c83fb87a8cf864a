/** The CUITs an account files vouchers under: its own, and its additional taxpayer identities'. */
export type OwnCuits = { primary: string; others: ReadonlySet<string> };

/**
 * The account's CUIT a document names: one of its own CUITs, or — a natural person may be named by the DNI inside
 * the CUIT (digits 3 to 10, not zero-padded) — the CUIT holding that DNI; undefined when none.
 */
export function ownerNamed(document: string, owners: OwnCuits): string | undefined {
  for (const cuit of [owners.primary, ...owners.others]) if (document === cuit || document === String(Number(cuit.slice(2, 10)))) return cuit;
  return undefined;
}
