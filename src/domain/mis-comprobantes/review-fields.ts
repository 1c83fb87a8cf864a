import { flag, instant, money, object, text } from '../declare/field';

/**
 * The fields of an import's rate review, declared once for both kinds of voucher it marks (received invoices, issued
 * vouchers): the mark, the filter flag, and the net split as imported when a review restated it.
 */
export const reviewFields = (type: 'ReceivedInvoice' | 'IssuedVoucher', resolver: string) => ({
  rateReview: object(
    `${type}RateReview`,
    {
      reason: text(1000, {
        readOnly: true,
        example: 'VAT_RATES_MIXED: el IVA informado mezcla alícuotas de 21 % y 10,5 %',
        description: 'Why, with its code (VAT_RATES_MIXED, VAT_LINE_OFF…).',
      }),
      flaggedAt: instant({ description: 'When the import marked it.' }),
    },
    {
      readOnly: true,
      typeDescription: "Why a voucher's VAT rates are to be reviewed.",
      description: `Set when the export does not tell which rates its VAT is at (several rates mixed, a line off by more than a centavo): the stated VAT is kept in vatItems on provisional rates and the VAT book refuses the period's Libro IVA Digital until ${resolver} sets the lines. Null otherwise.`,
    },
  ),
  statedNet: object(
    `${type}StatedNet`,
    {
      netTaxed: money(0, { readOnly: true }),
      netUntaxed: money(0, { readOnly: true }),
      exempt: money(0, { readOnly: true }),
    },
    {
      readOnly: true,
      typeDescription: 'A net split as the export stated it.',
      description: `The net taxed, untaxed and exempt amounts as imported, kept when a review restated them with ${resolver} (the export put taxed net among the untaxed or exempt amounts, or left it out); netTaxed, netUntaxed and exempt then hold the restated split. Null when never restated.`,
    },
  ),
  needsReview: flag({
    readOnly: true,
    default: false,
    filter: 'needsReview',
    description: 'Whether rateReview is set (the list filter of the vouchers whose VAT rates are to be reviewed).',
  }),
});
