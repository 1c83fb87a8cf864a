import { AppError } from '../errors';
import { type AfipErrorEntry, AfipFault, type ObligationAnswer } from '../taxpayer-data/afip-port';

/**
 * Whether the receiver must take FCE, as ARCA's registry answers it (WSFECRED consultarMontoObligadoRecepcion,
 * manual v2.0.3 §2.4.22, págs. 59-60): `obligado` S/N and `montoDesde`, the invoice amount from which (inclusive)
 * it is obliged. Reported beside the contract's `eligible`, never folded into it; when ARCA cannot answer, the
 * answer says so instead of guessing.
 *
 * - `answered`: ARCA said S or N;
 * - `refused`: ARCA answered with errors or a fault (the certificate not authorised for wsfecred, the represented
 *   CUIT not active, a request it could not read): nothing is known about the receiver;
 * - `unavailable`: ARCA could not be reached, did not answer in time, reported its own failure (10000, 1103), or
 *   answered something that is not the documented reply;
 * - `not_checked`: the request named no receiver CUIT, or the account has no certificate to ask with.
 */
export type ObligationCheck = 'answered' | 'refused' | 'unavailable' | 'not_checked';

export interface ReceiverObligation {
  check: ObligationCheck;
  obliged: boolean | null;
  minimumArs: number | null;
  detail: string | null;
}

/** Errors that mean ARCA failed on its side (manual §2.3: 1103 "reinténtelo más tarde", 10000 internal error). */
const ARCA_FAILURES = new Set([1103, 10000]);

export const describeErrors = (errors: AfipErrorEntry[]): string => errors.map((error) => `${error.code}: ${error.message}`).join('; ');

/** An ImporteSimpleType (decimal, at most 2 decimals) as a number, or null. */
function amount(text: string): number | null {
  return /^\d{1,13}(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : null;
}

export function obligationFromAnswer(answer: ObligationAnswer): ReceiverObligation {
  if (answer.kind === 'errors') {
    const failed = answer.errors.some((error) => ARCA_FAILURES.has(error.code));
    return { check: failed ? 'unavailable' : 'refused', obliged: null, minimumArs: null, detail: `ARCA answered: ${describeErrors(answer.errors)}` };
  }
  const flag = answer.obligado.trim().toUpperCase();
  if (flag !== 'S' && flag !== 'N')
    return { check: 'unavailable', obliged: null, minimumArs: null, detail: `ARCA answered without obligado S or N (${JSON.stringify(answer.obligado)})` };
  return {
    check: 'answered',
    obliged: flag === 'S',
    minimumArs: amount(answer.montoDesde),
    detail: answer.observations.length ? `ARCA observed: ${describeErrors(answer.observations)}` : null,
  };
}

export const notChecked = (detail: string): ReceiverObligation => ({ check: 'not_checked', obliged: null, minimumArs: null, detail });
export const unavailable = (detail: string): ReceiverObligation => ({ check: 'unavailable', obliged: null, minimumArs: null, detail });
export const refused = (detail: string): ReceiverObligation => ({ check: 'refused', obliged: null, minimumArs: null, detail });

/** WSAA faults that say nothing about the certificate: the service itself is down. */
const wsaaDown = (fault: AfipFault) => fault.faultCode.endsWith('.unavailable') || fault.faultCode === 'wsaa.internalError';

/**
 * What a failure to ask ARCA says about the receiver: a WSAA or WSFECRED fault that concerns the caller (the
 * certificate not authorised, the represented CUIT outside the token) is a refusal; WSAA down, no answer in time, or
 * a ticket another process holds (AFIP_TICKET_IN_USE) means ARCA cannot be asked now. Anything else is not ARCA's
 * answer: undefined, and the caller lets it through.
 */
export function obligationFromFailure(error: unknown): ReceiverObligation | undefined {
  if (error instanceof AfipFault) return wsaaDown(error) ? unavailable(`WSAA: ${error.message}`) : refused(`ARCA refused: ${error.message}`);
  // AfipUnavailableError (no answer, a reply that is not the documented one) is one of the service's errors too.
  if (error instanceof AppError) return unavailable(error.message);
  return undefined;
}
