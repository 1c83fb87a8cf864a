import type { PerceptionDocument, WithholdingDocument } from '../../store/withholdings.store';
import { requirePrincipal, type RequestContext } from '../context';
import { periodDays, periodParam } from '../iva/period';
import { getWithholdingConfig } from './withholdings.config';
import { type RegimeTotal, regimeTotals, sicoreFile } from './declaration-content';

export type { RegimeTotal } from './declaration-content';

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
  return {
    period,
    withholdingsCents: withholdings.reduce((sum, w) => sum + w.amount_cents, 0),
    perceptionsCents: perceptions.reduce((sum, p) => sum + p.amount_cents, 0),
    regimes: regimeTotals(withholdings, perceptions),
    sicore: sicoreFile(config.agentCuit, period, withholdings),
  };
}
