import type { PerceptionDocument, WithholdingDocument } from '../../store/withholdings';
import { requirePrincipal, type RequestContext } from '../context';
import { periodDays, periodParam } from '../iva/period';
import { getWithholdingConfig } from './config';
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

export interface Declaration {
  period: string;
  withholdingsCents: number;
  perceptionsCents: number;
  regimes: RegimeTotal[];
  sicore: { fileName: string; lines: string[]; content: string };
}

/**
 * A month's returns: totals per regime of what was withheld and perceived (what the agent deposits), and the SICORE
 * records of its Ganancias withholdings (CRLF after each), in date order. Zero withholdings are left out of both:
 * they only carried a base.
 */
export async function declaration(context: RequestContext, rawPeriod: string): Promise<Declaration> {
  const period = periodParam(rawPeriod);
  const { from, to } = periodDays(period);
  const accountId = requirePrincipal(context).accountId;
  const inMonth = { account_id: accountId, date: { $gte: from, $lt: to } };
  const [withholdings, perceptions, config] = await Promise.all([
    context.store
      .collection<WithholdingDocument>('withholdings')
      .find({ ...inMonth, amount_cents: { $gt: 0 } }, { sort: { date: -1, _id: -1 } })
      .toArray(),
    context.store
      .collection<PerceptionDocument>('perceptions')
      .find({ ...inMonth, amount_cents: { $gt: 0 } }, { sort: { date: -1, _id: -1 } })
      .toArray(),
    getWithholdingConfig(context),
  ]);
  withholdings.reverse();
  perceptions.reverse();
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
  for (const p of perceptions)
    add(
      'perception',
      p.tax,
      p.regime_code,
      null,
      p.tax === 'iva' ? 'Percepción IVA RG 2408' : `Percepción IIBB ${p.jurisdiction}`,
      p.base_cents,
      p.amount_cents,
    );
  const lines = withholdings.filter((w) => w.tax === 'ganancias' && w.sicore_code).map(sicoreLine);
  return {
    period,
    withholdingsCents: withholdings.reduce((sum, w) => sum + w.amount_cents, 0),
    perceptionsCents: perceptions.reduce((sum, p) => sum + p.amount_cents, 0),
    regimes: [...totals.values()].sort(
      (a, b) => a.kind.localeCompare(b.kind) || a.tax.localeCompare(b.tax) || a.regimeCode.localeCompare(b.regimeCode, 'en', { numeric: true }),
    ),
    sicore: { fileName: `SICORE-${config.agentCuit || 'agente'}-${period}.txt`, lines, content: lines.map((line) => `${line}\r\n`).join('') },
  };
}
