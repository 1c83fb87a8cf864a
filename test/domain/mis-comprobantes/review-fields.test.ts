import { reviewFields } from '../../../src/domain/mis-comprobantes/review-fields';

/**
 * The rate review as both kinds of voucher declare it (the fields the GraphQL types, the REST records and the list
 * filter derive from): a read-only mark with its reason and time, the net as first stated, and the filter flag.
 */
describe('the rate review fields', () => {
  it.each([
    ['ReceivedInvoice', 'resolveReceivedInvoiceRates'],
    ['IssuedVoucher', 'resolveIssuedVoucherRates'],
  ] as const)('of a %s: read-only, named after the type, pointing at %s', (type, resolver) => {
    const fields = reviewFields(type, resolver) as Record<string, any>;
    expect(Object.keys(fields)).toEqual(['rateReview', 'statedNet', 'needsReview']);

    expect(fields.rateReview).toMatchObject({ kind: 'object', typeName: `${type}RateReview`, common: { readOnly: true } });
    expect(fields.rateReview.common.typeDescription).toBe("Why a voucher's VAT rates are to be reviewed.");
    expect(fields.rateReview.common.description).toContain(`refuses the period's Libro IVA Digital until ${resolver} sets the lines`);
    expect(fields.rateReview.fields).toEqual({
      reason: {
        kind: 'text',
        max: 1000,
        min: undefined,
        common: {
          readOnly: true,
          description: 'Why, with its code (VAT_RATES_MIXED, VAT_LINE_OFF…).',
          example: 'VAT_RATES_MIXED: el IVA informado mezcla alícuotas de 21 % y 10,5 %',
        },
      },
      flaggedAt: { kind: 'instant', common: { description: 'When the import marked it.' } },
    });

    expect(fields.statedNet).toMatchObject({ kind: 'object', typeName: `${type}StatedNet`, common: { readOnly: true } });
    expect(fields.statedNet.common.typeDescription).toBe('A net split as the export stated it.');
    expect(fields.statedNet.common.description).toContain(`kept when a review restated them with ${resolver}`);
    expect(Object.keys(fields.statedNet.fields)).toEqual(['netTaxed', 'netUntaxed', 'exempt']);
    for (const part of Object.values(fields.statedNet.fields)) expect(part).toMatchObject({ kind: 'money', min: 0, common: { readOnly: true } });

    expect(fields.needsReview).toEqual({
      kind: 'boolean',
      common: {
        readOnly: true,
        default: false,
        filter: 'needsReview',
        description: 'Whether rateReview is set (the list filter of the vouchers whose VAT rates are to be reviewed).',
      },
    });
  });
});
