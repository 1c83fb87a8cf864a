import type { ClientSession, Filter } from 'mongodb';
import { z } from 'zod';
import type { TenantCollection, TenantDocument } from '../../store/tenant-collection';
import { ConflictError, ValidationError } from '../errors';
import { moneySchema } from '../money';
import { parseInput } from '../validation';
import { rateReviewOf } from './rate-review';
import { type NetSplit, type Registered, restatedSplitProblem, type VatLine, vatLineProblems } from './vat-lines';

/**
 * Resolving a rate review on a voucher an import marked (received or issued): the user sets its VAT lines, and may
 * restate its net split with them (see restatedSplitProblem). Shared by both kinds of voucher so that the rules, the
 * refusals and what is kept of the imported figures are the same for both books.
 */

export type ReviewedVoucher = TenantDocument &
  NetSplit &
  Registered & {
    vat_items: VatLine[];
    stated_net?: NetSplit | null;
  };

/** The restated amounts as the caller received them (money in the voucher's currency; absent or null: unchanged). */
export type NetRestatement = { netTaxed?: unknown; netUntaxed?: unknown; exempt?: unknown };

const VAT_LINES_INPUT = z
  .array(
    z.object({
      aliquot: z.number({ message: 'must be a number' }),
      base: moneySchema(),
      amount: moneySchema(),
    }),
  )
  .min(1, { message: 'at least one line' })
  .max(6, { message: 'at most 6 lines (one per rate)' });

const NET_SPLIT_INPUT = z.object({ netTaxed: moneySchema().optional(), netUntaxed: moneySchema().optional(), exempt: moneySchema().optional() }).strict();

export interface ReviewChange {
  lines: VatLine[];
  split: NetSplit;
  /** The split as it was stored before this change. */
  imported: NetSplit;
  /** Whether the change restates the split. */
  restates: boolean;
}

const SPLIT_KEYS = ['net_taxed_cents', 'net_untaxed_cents', 'exempt_cents'] as const;

const splitOf = (doc: NetSplit): NetSplit => ({
  net_taxed_cents: doc.net_taxed_cents,
  net_untaxed_cents: doc.net_untaxed_cents,
  exempt_cents: doc.exempt_cents,
});

/**
 * The lines and split asked for, checked against the voucher: each rate legal and given once, each VAT its base at its
 * rate within a centavo, the lines adding up to the (restated) net taxed and to the VAT, a restated split bound by the
 * total — otherwise 400 VAT_LINES_INVALID naming every problem.
 */
export function reviewChange(voucher: NetSplit & Registered, input: unknown, restatement: NetRestatement): ReviewChange {
  const lines: VatLine[] = parseInput(VAT_LINES_INPUT, input, 'vatItems').map((line) => ({
    aliquot: line.aliquot,
    base_cents: line.base,
    amount_cents: line.amount,
  }));
  const given = parseInput(NET_SPLIT_INPUT, Object.fromEntries(Object.entries(restatement).filter(([, value]) => value != null)));
  const imported = splitOf(voucher);
  const split: NetSplit = {
    net_taxed_cents: given.netTaxed ?? imported.net_taxed_cents,
    net_untaxed_cents: given.netUntaxed ?? imported.net_untaxed_cents,
    exempt_cents: given.exempt ?? imported.exempt_cents,
  };
  const restates = SPLIT_KEYS.some((key) => split[key] !== imported[key]);
  const details = vatLineProblems(lines, split.net_taxed_cents, voucher.iva_cents).map(([index, message]) => ({
    path: index === null ? 'vatItems' : `vatItems.${index}`,
    message,
  }));
  const splitProblem = restates ? restatedSplitProblem(split, voucher) : null;
  if (splitProblem) details.push({ path: 'netTaxed', message: splitProblem });
  if (details.length) throw new ValidationError(`invalid VAT lines: ${details.map((p) => `${p.path}: ${p.message}`).join('; ')}`, details, 'VAT_LINES_INVALID');
  return { lines, split, imported, restates };
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** What the activity log says of the change (in the books' language, as the rest of the log). */
export function reviewSummary(change: ReviewChange): string {
  const rates = change.lines.map((line) => `${line.aliquot} %: ${money(line.amount_cents)}`).join(', ');
  if (!change.restates) return `alícuotas de IVA ${rates}`;
  const { split, imported } = change;
  return (
    `alícuotas de IVA ${rates}; neto gravado ${money(split.net_taxed_cents)}, no gravado ${money(split.net_untaxed_cents)}, ` +
    `exento ${money(split.exempt_cents)} (importado: ${money(imported.net_taxed_cents)}, ${money(imported.net_untaxed_cents)}, ${money(imported.exempt_cents)})`
  );
}

/**
 * Writes the change and clears the review, conditional on the split read and on `open` (what still allows the change,
 * e.g. a status): a writer racing it wins or loses whole, and `stated_net` keeps the split as first imported (set by
 * the first restatement only). Null when the voucher no longer matches: the caller tells why.
 */
export async function applyReviewChange<D extends ReviewedVoucher>(
  collection: TenantCollection<D>,
  doc: D,
  change: ReviewChange,
  now: Date,
  open: Filter<D> = {},
  session?: ClientSession,
): Promise<D | null> {
  return (await collection.collection.findOneAndUpdate(
    collection.scope({ ...open, _id: doc._id, ...change.imported } as Filter<D>),
    {
      $set: {
        vat_items: change.lines,
        ...change.split,
        ...(change.restates && !doc.stated_net ? { stated_net: change.imported } : {}),
        ...rateReviewOf(null, now),
        updated_at: now,
      },
    } as never,
    { returnDocument: 'after', session },
  )) as D | null;
}

/** The refusal when the voucher changed between the read and the write (another writer restated it first). */
export const changedConflict = (label: string, id: string) =>
  new ConflictError(`${label} ${id} changed while its VAT lines were being set: read it and try again`, [], 'VOUCHER_CHANGED');
