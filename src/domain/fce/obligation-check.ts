import type { BillingSystemDocument } from '../../store/billing-systems.store';
import type { RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { NotFoundError } from '../errors';
import type { AfipEnvironment } from '../taxpayer-data/afip-port';
import { accountDocument, activeSystemOf, findBillingSystem } from '../taxpayer-data/billing-systems';
import { accessTicket } from '../taxpayer-data/tickets';
import { notChecked, obligationFromAnswer, obligationFromFailure, type ReceiverObligation } from './obligation';

/** The WSAA service id of the FCE registry (WSFECRED manual v2.0.3, pág. 17: service "wsfecred"). */
export const WSFECRED_SERVICE = 'wsfecred';

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
    const answer = obligationFromFailure(error);
    if (!answer) throw error;
    return answer;
  }
}
