import type { AfipTicketDocument } from '../../store/billing-systems.store';
import type { StoredCertificate } from '../certificates';
import type { RequestContext } from '../context';
import { ConflictError } from '../errors';
import { type AccessTicket, AfipFault, type AfipEnvironment, type AfipServices } from './afip-port';

/** A ticket this close to its expiry is not used: the call it authorises could reach AFIP after it lapsed. */
const EXPIRY_MARGIN_MS = 60_000;
/** After `coe.alreadyAuthenticated`, how often to look for the ticket another process is storing. */
const REREADS = 5;
const REREAD_GAP_MS = 200;

const keyOf = (environment: string, certificate: StoredCertificate, service: string) => `${environment}:${certificate.fingerprint_sha256}:${service}`;

/**
 * WSAA's access ticket for a certificate and service, from the store while it is valid, else from a new login,
 * stored for every gateway process. WSAA refuses a second login while a ticket is valid
 * (`coe.alreadyAuthenticated`): then another process has just logged in and is storing its ticket, so it is read
 * from the store; a ticket issued to someone outside this service cannot be recovered until it expires (409).
 */
export async function accessTicket(
  context: RequestContext,
  afip: AfipServices,
  environment: AfipEnvironment,
  certificate: StoredCertificate,
  service: string,
): Promise<AccessTicket> {
  const tickets = context.store.collection<AfipTicketDocument>('afip_tickets');
  const _id = keyOf(environment, certificate, service);
  const stored = async () => {
    // By _id alone (the server's fastest lookup); the expiry is checked here.
    const found = await tickets.findOne({ _id });
    return found && found.expires_at.getTime() > context.now().getTime() + EXPIRY_MARGIN_MS ? opened(context, found) : null;
  };
  const cached = await stored();
  if (cached) return cached;

  const credentials = { certificate: context.secrets.open(certificate.certificate_sealed), privateKey: context.secrets.open(certificate.private_key_sealed) };
  let ticket: AccessTicket;
  try {
    ticket = await afip.login(environment, credentials, service);
  } catch (error) {
    if (!(error instanceof AfipFault) || error.faultCode !== 'coe.alreadyAuthenticated') throw error;
    for (let attempt = 0; attempt < REREADS; attempt++) {
      const theirs = await stored();
      if (theirs) return theirs;
      await new Promise((resolve) => setTimeout(resolve, REREAD_GAP_MS));
    }
    throw new ConflictError(
      'AFIP already issued a valid access ticket for this certificate that this service does not hold (a login made elsewhere with the same certificate); it expires within 12 hours: retry then, or use a certificate of its own for this service',
      [],
      'AFIP_TICKET_IN_USE',
    );
  }
  const document: AfipTicketDocument = {
    _id,
    environment,
    fingerprint_sha256: certificate.fingerprint_sha256,
    service,
    token_sealed: context.secrets.seal(ticket.token),
    sign_sealed: context.secrets.seal(ticket.sign),
    relations: ticket.relations,
    generated_at: ticket.generatedAt,
    expires_at: ticket.expiresAt,
    stored_at: context.now(),
  };
  await tickets.replaceOne({ _id }, document, { upsert: true });
  return ticket;
}

function opened(context: RequestContext, document: AfipTicketDocument): AccessTicket {
  return {
    token: context.secrets.open(document.token_sealed),
    sign: context.secrets.open(document.sign_sealed),
    generatedAt: document.generated_at,
    expiresAt: document.expires_at,
    relations: document.relations,
  };
}
