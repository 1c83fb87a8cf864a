import type { FceEventDocument, FceVoucher } from './documents';
import { effectiveStatus, type FceStatus } from './lifecycle';
import { termOf } from './term';

/**
 * Tacit acceptance (Ley 27.440 art. 6): an FCE neither accepted nor rejected when its acceptance term ends stands
 * accepted from that instant on. These are the pure rules; events.ts writes the event they describe.
 */

/** Who the log names for a tacit acceptance: nobody acted; the term ran out. */
export const TACIT_RECORDER = 'ARCA registry: tacit acceptance (Ley 27.440 art. 6)';

/** The voucher as it reads at `now`: a pending voucher whose term has run out stands accepted since the term's end. */
export function fceView(voucher: FceVoucher, now: Date): FceVoucher {
  const stored: FceStatus = voucher.fce_status ?? 'pending';
  const term = termOf(voucher.issue_date);
  const status = effectiveStatus(stored, now.getTime() >= term.endsAt.getTime());
  return status === stored ? voucher : { ...voucher, fce_status: status, last_event_at: term.endsAt };
}

/**
 * The tacit acceptance of a voucher whose term ended while it was pending: the same event whoever writes or reads it.
 * Its id is the voucher's own (one tacit acceptance per voucher), so the collection's _id index lets it in once.
 */
export function tacitEvent(voucher: FceVoucher): FceEventDocument {
  const term = termOf(voucher.issue_date);
  return {
    _id: voucher._id,
    account_id: voucher.account_id,
    fce_invoice_id: voucher._id,
    event_type: 'accepted',
    payload: { acceptance: 'tacit', term_days: term.days, last_day: term.lastDay, term_source: term.source },
    recorded_by: TACIT_RECORDER,
    recorded_at: term.endsAt,
    seq: 1,
  };
}

/** Whether a voucher is pending with nothing recorded and its term ended by `now`: it stands accepted tacitly. */
export const standsAcceptedTacitly = (voucher: FceVoucher, now: Date): boolean =>
  (voucher.fce_status ?? 'pending') === 'pending' && (voucher.fce_events ?? 0) === 0 && now.getTime() >= termOf(voucher.issue_date).endsAt.getTime();
