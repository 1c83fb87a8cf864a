import type { Scope } from '../domain/auth/scopes';
import { ValidationError } from '../domain/errors';
import { withRestDateTimes } from './naming';
import type { RestRoute } from './route';
import { RECORD_ID } from './openapi-schemas';

/**
 * `POST /{vouchers}/{id}/vat-lines/`: resolving an import's rate review on a voucher (received or issued), one route
 * shape for both (the rules are in src/domain/mis-comprobantes/review-resolution.ts).
 */

const AMOUNT = { type: 'number', minimum: 0, multipleOf: 0.01 };

const VAT_LINE_SCHEMA = {
  type: 'object',
  properties: {
    aliquot: { type: 'number', enum: [0, 2.5, 5, 10.5, 21, 27] },
    base: { ...AMOUNT, examples: [100000] },
    amount: { ...AMOUNT, examples: [12100.5] },
  },
  required: ['aliquot', 'base', 'amount'],
  additionalProperties: false,
};

const FIELDS = ['vat_items', 'net_taxed', 'net_untaxed', 'exempt'];

export interface VatLinesRouteSpec {
  path: string;
  scope: Scope;
  /** The GraphQL mutation and the name of its REST operation. */
  mutation: string;
  operation: string;
  /** The GraphQL input type of one line. */
  lineInput: string;
  /** The answer's identifier field (`received_invoice_id`, `issued_voucher_id`). */
  idName: string;
  /** The state refusals of this kind of voucher, for the summary. */
  refusals?: string;
}

export function vatLinesRoute(spec: VatLinesRouteSpec): RestRoute {
  return {
    method: 'post',
    path: spec.path,
    summary:
      "Set the VAT lines (`vat_items`: rate, base, VAT) and clear the rate review: each rate legal and given once, each VAT its base at its rate within a centavo, the lines adding up to the voucher's net taxed and VAT (else 400 VAT_LINES_INVALID); `net_taxed`, `net_untaxed`, `exempt` (optional) restate the net split where the export misplaced taxed net — VAT, other taxes and total stay, the restated amounts may not exceed the total by more than $1, the split as imported is kept in `stated_net`" +
      (spec.refusals ? `; ${spec.refusals}` : ''),
    scope: spec.scope,
    document: `
    mutation ${spec.operation}($id: ID!, $vatItems: [${spec.lineInput}!]!, $netTaxed: Float, $netUntaxed: Float, $exempt: Float) {
      ${spec.mutation}(id: $id, vatItems: $vatItems, netTaxed: $netTaxed, netUntaxed: $netUntaxed, exempt: $exempt) {
        id vat_items: vatItems { aliquot base amount } net_taxed: netTaxed net_untaxed: netUntaxed exempt
        stated_net: statedNet { net_taxed: netTaxed net_untaxed: netUntaxed exempt }
        rate_review: rateReview { reason flagged_at: flaggedAt } needs_review: needsReview updated_at: updatedAt
      }
    }`,
    variables: ({ params, body }) => {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const problems = [
        ...(Array.isArray(input.vat_items) ? [] : [{ path: 'vat_items', message: 'required: a list of lines (aliquot, base, amount)' }]),
        ...Object.keys(input)
          .filter((key) => !FIELDS.includes(key))
          .map((key) => ({ path: key, message: 'unknown field' })),
      ];
      if (problems.length) throw new ValidationError(`invalid input: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
      return { id: params.id, vatItems: input.vat_items, netTaxed: input.net_taxed, netUntaxed: input.net_untaxed, exempt: input.exempt };
    },
    respond: (data) => {
      const row = data[spec.mutation] as Record<string, unknown>;
      const review = row.rate_review as Record<string, unknown> | null;
      const { id, ...rest } = withRestDateTimes({ ...row, rate_review: review && withRestDateTimes(review, ['flagged_at']) } as Record<string, unknown>, [
        'updated_at',
      ]);
      return { status: 200, data: { [spec.idName]: id, ...rest }, extra: { message: 'VAT lines set; the rate review is cleared.' } };
    },
    pathRenames: { vatItems: 'vat_items', netTaxed: 'net_taxed', netUntaxed: 'net_untaxed' },
    requestBody: {
      type: 'object',
      properties: {
        vat_items: { type: 'array', items: VAT_LINE_SCHEMA, minItems: 1, maxItems: 6 },
        net_taxed: { ...AMOUNT, examples: [100000] },
        net_untaxed: { ...AMOUNT, examples: [0] },
        exempt: { ...AMOUNT, examples: [0] },
      },
      required: ['vat_items'],
      additionalProperties: false,
    },
    responseSchema: {
      type: 'object',
      properties: {
        [spec.idName]: RECORD_ID,
        vat_items: { type: 'array', items: VAT_LINE_SCHEMA },
        net_taxed: { examples: [100000], type: 'number' },
        net_untaxed: { examples: [0], type: 'number' },
        exempt: { examples: [0], type: 'number' },
        stated_net: {
          type: ['object', 'null'],
          properties: {
            net_taxed: { examples: [100000], type: 'number' },
            net_untaxed: { examples: [0], type: 'number' },
            exempt: { examples: [0], type: 'number' },
          },
        },
        rate_review: { type: ['object', 'null'] },
        needs_review: { type: 'boolean' },
        updated_at: { examples: ['2025-03-14T10:32:05.120'], type: 'string' },
      },
      required: [spec.idName, 'vat_items', 'rate_review', 'needs_review'],
    },
    responseExtra: { message: { examples: ['VAT lines set; the rate review is cleared.'], type: 'string' } },
    successStatus: 200,
  };
}
