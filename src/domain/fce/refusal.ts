import { ConflictError } from '../errors';
import type { FceEventType, FceStatus, Judgement } from './lifecycle';
import type { Term } from './term';

/**
 * The 409 an event the lifecycle refuses gets: the judgement's code and message with the voucher's term and its
 * source, and the move named from the status the voucher stands in — accepted once the term has run out (Ley 27.440
 * art. 6), whatever is stored.
 */
export function transitionRefusal(judgement: Extract<Judgement, { allowed: false }>, from: FceStatus, event: FceEventType, term: Term): ConflictError {
  const standing = judgement.code === 'FCE_ACCEPTANCE_TERM_EXPIRED' ? 'accepted' : from;
  return new ConflictError(
    `${judgement.message} (acceptance term: ${term.days} days, last day ${term.lastDay}; ${term.source})`,
    [{ path: 'event_type', message: `${standing} → ${event} is not allowed` }],
    judgement.code,
  );
}
