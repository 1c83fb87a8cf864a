import { ownerNamed } from '../../../src/domain/mis-comprobantes/owners';
import { rateReviewOf } from '../../../src/domain/mis-comprobantes/rate-review';

/** Whose export a row belongs to, and the stored rate-review mark of a voucher. */

describe('the account a document names', () => {
  const owners = { primary: '20026773548', others: new Set(['30712345671']) };

  test('its own CUIT, or one of its taxpayer identities', () => {
    expect(ownerNamed('20026773548', owners)).toBe('20026773548');
    expect(ownerNamed('30712345671', owners)).toBe('30712345671');
  });

  test('a natural person named by the DNI inside the CUIT (digits 3 to 10, not zero-padded)', () => {
    // 20-02677354-8 holds DNI 02677354, written 2677354.
    expect(ownerNamed('2677354', owners)).toBe('20026773548');
    expect(ownerNamed('02677354', owners)).toBeUndefined();
  });

  test('anyone else is none', () => {
    expect(ownerNamed('20111111112', owners)).toBeUndefined();
    expect(ownerNamed('', { primary: '20026773548', others: new Set() })).toBeUndefined();
  });
});

describe('the rate-review mark', () => {
  const at = new Date('2026-11-27T12:00:00.000Z');

  test('a review is stored with its code and the instant, and lists the voucher as needing review', () => {
    expect(rateReviewOf({ code: 'VAT_RATES_MIXED', message: 'VAT 592.52 is no single rate' }, at)).toEqual({
      rate_review: { reason: 'VAT 592.52 is no single rate (VAT_RATES_MIXED)', flagged_at: at },
      needs_review: true,
    });
  });

  test('nothing to review is no mark', () => {
    expect(rateReviewOf(null, at)).toEqual({ rate_review: null, needs_review: false });
  });
});
