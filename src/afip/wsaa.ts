import type forgeModule from 'node-forge';
import { AfipFault, AfipUnavailableError, type AccessTicket, type AfipCredentials } from '../domain/taxpayer-data/afip-port';
import { at, escapeXml, parseXml, text } from './xml';

/** How far the request's validity window reaches around now (WSAA refuses a generation time in the future). */
const WINDOW_MS = 10 * 60 * 1000;

const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** The login ticket request (TRA) for one service, valid from 10 minutes ago to 10 minutes ahead. */
export function loginTicketRequest(service: string, now: Date): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<loginTicketRequest version="1.0"><header>',
    `<uniqueId>${Math.floor(now.getTime() / 1000) >>> 0}</uniqueId>`,
    `<generationTime>${isoSeconds(new Date(now.getTime() - WINDOW_MS))}</generationTime>`,
    `<expirationTime>${isoSeconds(new Date(now.getTime() + WINDOW_MS))}</expirationTime>`,
    `</header><service>${escapeXml(service)}</service></loginTicketRequest>`,
  ].join('');
}

/**
 * The TRA as WSAA takes it: CMS SignedData with the content attached, the signer certificate embedded, SHA-256 and
 * the signed attributes contentType, messageDigest and signingTime; base64 DER without PEM armour.
 */
export function signLoginTicketRequest(tra: string, credentials: AfipCredentials, now: Date): string {
  // Loaded with the first signature, not at start-up: a process without AFIP credentials never signs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const forge = require('node-forge') as typeof forgeModule;
  const certificate = forge.pki.certificateFromPem(credentials.certificate);
  const key = forge.pki.privateKeyFromPem(credentials.privateKey);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(tra, 'utf8');
  signed.addCertificate(certificate);
  signed.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: now as unknown as string },
    ],
  });
  signed.sign();
  return forge.util.encode64(forge.asn1.toDer(signed.toAsn1()).getBytes());
}

export function loginEnvelope(cms: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov">',
    `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`,
  ].join('');
}

/** `ns1:coe.alreadyAuthenticated` → `coe.alreadyAuthenticated`. */
const localCode = (code: string) => code.slice(code.lastIndexOf(':') + 1);

/**
 * WSAA's reply: a fault (HTTP 500) or `loginCmsReturn`, whose text is the ticket response as escaped XML, read a
 * second time. Anything else (an HTML error page from a proxy, an empty body) means the service is not answering.
 */
export function readLoginReply(status: number, body: string): AccessTicket {
  let envelope: unknown;
  try {
    envelope = parseXml(body);
  } catch {
    throw new AfipUnavailableError(`WSAA answered HTTP ${status} with something that is not XML`);
  }
  const fault = at(envelope, 'Envelope', 'Body', 'Fault');
  if (fault) throw new AfipFault(localCode(text(at(fault, 'faultcode'))), text(at(fault, 'faultstring')));
  const inner = text(at(envelope, 'Envelope', 'Body', 'loginCmsResponse', 'loginCmsReturn'));
  if (!inner) throw new AfipUnavailableError(`WSAA answered HTTP ${status} without a login ticket`);
  let response: unknown;
  try {
    response = at(parseXml(inner), 'loginTicketResponse');
  } catch {
    throw new AfipUnavailableError('WSAA answered a login ticket that is not XML');
  }
  const token = text(at(response, 'credentials', 'token'));
  const sign = text(at(response, 'credentials', 'sign'));
  const generatedAt = new Date(text(at(response, 'header', 'generationTime')));
  const expiresAt = new Date(text(at(response, 'header', 'expirationTime')));
  if (!token || !sign || Number.isNaN(expiresAt.getTime())) throw new AfipUnavailableError('WSAA answered a login ticket without credentials or expiry');
  return { token, sign, generatedAt: Number.isNaN(generatedAt.getTime()) ? new Date() : generatedAt, expiresAt, relations: ticketRelations(token) };
}

/**
 * The CUITs a ticket's token lets its holder act for: the token is base64 of an `sso` document whose `login` holds
 * `relations/relation[@key]`. Observed, not documented: a hint that WSFEv1's own answer confirms.
 */
export function ticketRelations(token: string): string[] | null {
  try {
    const sso = parseXml(Buffer.from(token, 'base64').toString('utf8'));
    const relations = at(sso, 'sso', 'operation', 'login', 'relations', 'relation') ?? at(sso, 'sso', 'login', 'relations', 'relation');
    if (relations === undefined) return null;
    return (Array.isArray(relations) ? relations : [relations]).map((relation) => String((relation as Record<string, unknown>)['@key'] ?? '')).filter(Boolean);
  } catch {
    return null;
  }
}
