import type { PerceptionDocument, WithholdingDocument } from '../../store/withholdings.store';
import { sicoreLine } from './sicore';

export interface RegimeTotal {
  kind: 'withholding' | 'perception';
  tax: string;
  regimeCode: string;
  sicoreCode: string | null;
  description: string;
  count: number;
  baseCents: number;
  amountCents: number;
}

type Withheld = Pick<WithholdingDocument, 'tax' | 'regime_code' | 'sicore_code' | 'regime_description' | 'base_cents' | 'amount_cents'>;
type Perceived = Pick<PerceptionDocument, 'tax' | 'regime_code' | 'jurisdiction' | 'base_cents' | 'amount_cents'>;

/** How a perception's regime reads in the returns: RG 2408 for IVA, the jurisdiction's for IIBB. */
export const perceptionDescription = (perception: Pick<PerceptionDocument, 'tax' | 'jurisdiction'>): string =>
  perception.tax === 'iva' ? 'Percepción IVA RG 2408' : `Percepción IIBB ${perception.jurisdiction}`;

/**
 * What the agent deposits, per regime: withholdings and perceptions apart (a code may name both), each with its count,
 * base and amount; withholdings first, then by tax and code (numeric codes in number order: 94 before 116).
 */
export function regimeTotals(withholdings: readonly Withheld[], perceptions: readonly Perceived[]): RegimeTotal[] {
  const totals = new Map<string, RegimeTotal>();
  const add = (kind: RegimeTotal['kind'], tax: string, code: string, sicore: string | null, description: string, base: number, amount: number) => {
    const key = `${kind}:${code}`;
    const total = totals.get(key) ?? { kind, tax, regimeCode: code, sicoreCode: sicore, description, count: 0, baseCents: 0, amountCents: 0 };
    total.count++;
    total.baseCents += base;
    total.amountCents += amount;
    totals.set(key, total);
  };
  for (const w of withholdings) add('withholding', w.tax, w.regime_code, w.sicore_code, w.regime_description, w.base_cents, w.amount_cents);
  for (const p of perceptions) add('perception', p.tax, p.regime_code, null, perceptionDescription(p), p.base_cents, p.amount_cents);
  return [...totals.values()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.tax.localeCompare(b.tax) || a.regimeCode.localeCompare(b.regimeCode, 'en', { numeric: true }),
  );
}

/**
 * The month's SICORE import file: one record per Ganancias withholding with a SICORE régimen code (IVA and IIBB are
 * declared elsewhere: SIRE, the provinces' systems), in the order given, each record followed by CRLF; named after the
 * agent's CUIT and the period.
 */
export function sicoreFile(
  agentCuit: string,
  period: string,
  withholdings: readonly WithholdingDocument[],
): { fileName: string; lines: string[]; content: string } {
  const lines = withholdings.filter((w) => w.tax === 'ganancias' && w.sicore_code).map(sicoreLine);
  return { fileName: `SICORE-${agentCuit || 'agente'}-${period}.txt`, lines, content: lines.map((line) => `${line}\r\n`).join('') };
}
