import type { RateReview } from './vat-lines';

/**
 * The stored "rate to review" mark of a voucher (the reason with its code, and when it was set) and its list flag,
 * always written together: `needs_review` is what the index-served list filter reads.
 */
export const rateReviewOf = (review: RateReview | null, now: Date): { rate_review: { reason: string; flagged_at: Date } | null; needs_review: boolean } => ({
  rate_review: review ? { reason: `${review.message} (${review.code})`, flagged_at: now } : null,
  needs_review: review !== null,
});
