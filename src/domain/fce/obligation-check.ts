import type { BillingSystemDocument } from '../../store/billing-systems';
import type { RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { AppError, NotFoundError } from '../errors';
import { AfipFault, type AfipEnvironment, AfipUnavailableError } from '../taxpayer-data/afip-port';
import { accountDocument, activeSystemOf, findBillingSystem } from '../taxpayer-data/billing-systems';
import { accessTicket } from '../taxpayer-data/tickets';
import { notChecked, obligationFromAnswer, type ReceiverObligation, refused, unavailable } from './obligation';

/** The WSAA service id of the FCE registry (WSFECRED manual v2.0.3, pág. 17: service "wsfecred"). */
export const WSFECRED_SERVICE = 'wsfecred';

/** WSAA faults that say nothing about the certificate: the service itself is down. */
const wsaaDown = (fault: AfipFault) => fault.faultCode.endsWith('.unavailable') || fault.faultCode === 'wsaa.internalError';

/**
 * Asks ARCA's registry whether `cuit` must receive FCE on `day`, with the certificate of the account's active billing
 * system acting for its represented CUIT. Never throws for what ARCA does: every outcome is an answer.
 */
export async function checkReceiverObligation(context: RequestContext, cuitInput: unknown, day: string): Promise<ReceiverObligation> {
  if (cuitInput === undefined || cuitInput === null || cuitInput === '') return notChecked("numero_documento (the receiver's CUIT) was not sent");
  const cuit = typeof cuitInput === 'string' || typeof cuitInput === 'number' ? normalizeCuit(String(cuitInput)) : null;
  if (!cuit) return notChecked('numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)');
  const afip = context.afip;
  if (!afip) return notChecked('no ARCA client is configured');
  const name = activeSystemOf(await accountDocument(context));
  let system: BillingSystemDocument | null = null;
  // The active system's name may name one since removed: then there is none to ask with.
  if (name)
    system = await findBillingSystem(context, name).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
  if (!system?.certificate) return notChecked('the account has no active billing system with a certificate to ask ARCA with');
  const environment = system.environment as AfipEnvironment;
  try {
    const ticket = await accessTicket(context, afip, environment, system.certificate, WSFECRED_SERVICE);
    return obligationFromAnswer(await afip.receiverObligation(environment, ticket, system.represented_cuit, cuit, day));
  } catch (error) {
    if (error instanceof AfipFault) return wsaaDown(error) ? unavailable(`WSAA: ${error.message}`) : refused(`ARCA refused: ${error.message}`);
    if (error instanceof AfipUnavailableError) return unavailable(error.message);
    // A ticket another process holds (AFIP_TICKET_IN_USE): ARCA cannot be asked now.
    if (error instanceof AppError) return unavailable(error.message);
    throw error;
  }
}
