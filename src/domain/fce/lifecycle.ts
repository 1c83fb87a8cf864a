/**
 * The FCE lifecycle as the law and ARCA's registry allow it. Contract names stay (`transferred_sircreb`, `anulled`);
 * `paid_in_full` adds the registry's total cancellation. Where the contract's table (§3.6) lets "any → rejected",
 * "any → anulled" or "any → transferred_sircreb", the law wins and the move is refused with a stable code.
 *
 * Registry account states (WSFECRED manual v2.0.3, EstadoCtaCteSimpleType): Modificable → Aceptada (express, or
 * tacit when the term ends) | Rechazada (final) | CanceladaTotal; Aceptada → CanceladaTotal
 * (informarCancelacionTotalFECred) | InformadaAgDpto (informarFacturaAgtDptoCltv, final).
 * - Ley 27.440 art. 6: not rejected within the term, the invoice stands accepted (tacitly): acceptance and rejection
 *   only while the term runs.
 * - Ley 27.440 art. 8: rejection is registered within the term; it is final. The issuer then cancels it with a credit
 *   note carrying opcional 22 = "S" (anulled), which WSFEv1 accepts only for a rejected invoice (error 10154).
 * - Only an accepted invoice is passed on for trading (transferred_sircreb: informed to the collective depositary
 *   agent, WSFECRED error 6005 before the term ends), and only an accepted invoice is cancelled in full; a buyer may
 *   also accept with total cancellation (aceptarFECred, tipoCancelacion TOT) while the term runs.
 */

export const FCE_EVENT_TYPES = ['accepted', 'rejected', 'anulled', 'transferred_sircreb', 'paid_in_full'] as const;
export type FceEventType = (typeof FCE_EVENT_TYPES)[number];
export const FCE_STATUSES = ['pending', ...FCE_EVENT_TYPES] as const;
export type FceStatus = (typeof FCE_STATUSES)[number];

/** Which event may follow which status while the acceptance term still runs. */
export const FCE_TRANSITIONS: Readonly<Record<FceStatus, readonly FceEventType[]>> = {
  pending: ['accepted', 'rejected', 'paid_in_full'],
  accepted: ['transferred_sircreb', 'paid_in_full'],
  rejected: ['anulled'],
  anulled: [],
  transferred_sircreb: [],
  paid_in_full: [],
};

/** The status a voucher reads with: still pending once its term has run out means accepted (tacitly). */
export const effectiveStatus = (stored: FceStatus, termPassed: boolean): FceStatus => (stored === 'pending' && termPassed ? 'accepted' : stored);

/** What only a decision within the term allows: acceptance, rejection, and the credit note that follows a rejection. */
const TERM_EVENTS: readonly FceEventType[] = ['accepted', 'rejected', 'anulled'];

export type Judgement = { allowed: true } | { allowed: false; code: 'FCE_ACCEPTANCE_TERM_EXPIRED' | 'INVALID_FCE_TRANSITION'; message: string };

/**
 * Whether `event` may be recorded on a voucher stored as `stored`, given whether its acceptance term has run out and
 * whether a stored acceptance is the tacit one (then a late acceptance or rejection is refused for the term too).
 */
export function judge(stored: FceStatus, event: FceEventType, termPassed: boolean, tacit = false): Judgement {
  // Once an invoice stands accepted tacitly, the events of the term are too late whatever was recorded after it, so
  // racing writers get one answer for a late rejection whichever of them is judged first.
  if ((tacit || (stored === 'pending' && termPassed)) && TERM_EVENTS.includes(event))
    return {
      allowed: false,
      code: 'FCE_ACCEPTANCE_TERM_EXPIRED',
      message: `the acceptance term has run out: the FCE invoice stands accepted tacitly (Ley 27.440 art. 6) and cannot be ${event}`,
    };
  const from = effectiveStatus(stored, termPassed);
  if (FCE_TRANSITIONS[from].includes(event)) return { allowed: true };
  const allowed = FCE_TRANSITIONS[from].length ? FCE_TRANSITIONS[from].join(', ') : 'none (final status)';
  return { allowed: false, code: 'INVALID_FCE_TRANSITION', message: `an FCE invoice cannot go from ${from} to ${event} (allowed from ${from}: ${allowed})` };
}
