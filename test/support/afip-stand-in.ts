/**
 * A local stand-in for ARCA's homologation web services, answering as they are documented and recorded: WSAA
 * `loginCms` checks the CMS signature against the embedded signer certificate and answers the escaped
 * loginTicketResponse (a base64 `sso` token holding the certificate's relations), HTTP 500 faults
 * `coe.alreadyAuthenticated` while a ticket it issued is valid and `coe.notAuthorized` for a certificate it does not
 * know; WSFEv1 `FEParamGetPtosVenta` answers the points of sale, or Errors 600/601/602, always with HTTP 200.
 *
 * WSFECRED `consultarMontoObligadoRecepcion` (manual v2.0.3 §2.4.22 and the WSDL: SOAP 1.1, request element in
 * `http://ar.gob.afip.wsfecred/FECredService/`, children unqualified) answers `obligado`/`montoDesde` from a
 * registry of receivers by date, with the manual's failure channels: a SOAP fault with HTTP 500 for a token it did
 * not issue for `wsfecred` ("[wscommon_007] La firma no corresponde al token enviado.", pág. 6) or a represented CUIT
 * outside the token's relations (the manual names no text for it: this one is the stand-in's), `arrayErroresFormato`
 * (HTTP 200) for a request the schema refuses, `arrayErrores` for a configured business error, and the balancer's
 * plain-text `BL<n> <fecha> 500` page (HTTP 200, no content type) that production shows in place of faults.
 */
import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import forge from 'node-forge';

export interface StandInPointOfSale {
  number: number;
  emissionType?: string;
  blocked?: boolean;
  /** yyyymmdd, or absent for `NULL`. */
  droppedOn?: string;
}

/** One span of a receiver's obligation in the registry: from `from` (YYYY-MM-DD) on, until the next span. */
export interface StandInObligation {
  from: string;
  obligado: 'S' | 'N';
  /** ImporteSimpleType text, e.g. `5549862.00`; absent: no montoDesde element. */
  montoDesde?: string;
}

export interface AfipStandIn {
  url: string;
  wsaaUrl: string;
  wsfeUrl: string;
  wsfecredUrl: string;
  obligationRequests: number;
  /** The raw bodies and SOAPAction headers of the WSFECRED requests received. */
  fecredRequests: Array<{ soapAction: string; body: string }>;
  /** The registry of receivers obliged to take FCE, by CUIT. */
  setObligation(cuit: string, spans: StandInObligation[]): void;
  /** While set, WSFECRED answers this business error in arrayErrores. */
  fecredError: { codigo: number; descripcion: string } | null;
  /** While true, WSFECRED answers the balancer's plain-text page instead of its SOAP reply. */
  fecredBalancerPage: boolean;
  /** Logins answered with a ticket, and every loginCms received. */
  logins: number;
  loginRequests: number;
  pointOfSaleRequests: number;
  /**
   * Adds CUITs a certificate (by its SHA-256 fingerprint) may act for. As at ARCA, a ticket lists the relations of
   * its issue time: one issued before a new delegation does not cover it.
   */
  authorize(certificatePem: string, relations: string[]): void;
  /** The points of sale WSFEv1 lists for a CUIT (absent or empty: error 602). */
  setPointsOfSale(cuit: string, list: StandInPointOfSale[]): void;
  /** While true, requests are accepted and never answered. */
  hang: boolean;
  /** Forgets the issued tickets (as if they expired). */
  expireTickets(): void;
  close(): Promise<void>;
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fault(code: string, message: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${code}</faultcode><faultstring>${escapeText(message)}</faultstring><detail><ns2:hostname xmlns:ns2="http://xml.apache.org/axis/">wsaaext0.homo.afip.gov.ar</ns2:hostname></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>`;
}

/** -03:00 with milliseconds, as WSAA writes its times. */
function argentineTime(date: Date): string {
  return `${new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`;
}

/** The signer certificate of a CMS SignedData whose signature over its signed attributes and content checks out. */
function verifiedSigner(cmsBase64: string): { certificate: X509Certificate; content: string } {
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.decode64(cmsBase64))) as unknown as {
    certificates: forge.pki.Certificate[];
    rawCapture: { content: forge.asn1.Asn1; authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const certificate = new X509Certificate(forge.pki.certificateToPem(message.certificates[0]));
  const content = (message.rawCapture.content.value as forge.asn1.Asn1[])[0].value as string;
  const attributes = message.rawCapture.authenticatedAttributes;
  const digest = attributes.find(
    (attribute) => forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest,
  );
  if (!digest) throw new Error('no messageDigest attribute');
  const stated = ((digest.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string;
  if (Buffer.from(stated, 'binary').compare(createHash('sha256').update(Buffer.from(content, 'binary')).digest()) !== 0) throw new Error('digest');
  const signed = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes();
  if (!verify('sha256', Buffer.from(signed, 'binary'), certificate.publicKey, Buffer.from(message.rawCapture.signature, 'binary')))
    throw new Error('signature');
  return { certificate, content: Buffer.from(content, 'binary').toString('utf8') };
}

export async function startAfipStandIn(): Promise<AfipStandIn> {
  const authorized = new Map<string, string[]>();
  const pointsOfSale = new Map<string, StandInPointOfSale[]>();
  /** Issued tickets: `${fingerprint}:${service}` → expiry, and the tokens WSFEv1 will accept. */
  const issued = new Map<string, number>();
  const tokens = new Map<string, string[]>();
  /** The WSAA service each issued token is for. */
  const tokenServices = new Map<string, string>();
  const obligations = new Map<string, StandInObligation[]>();

  const login = (body: string): { status: number; body: string } => {
    const envelope = parser.parse(body);
    const in0 = envelope?.Envelope?.Body?.loginCms?.in0;
    let signer: ReturnType<typeof verifiedSigner>;
    try {
      signer = verifiedSigner(String(in0 ?? '').replace(/\s/g, ''));
    } catch {
      return { status: 500, body: fault('cms.bad', 'Error al verificar la firma del CMS') };
    }
    const relations = authorized.get(signer.certificate.fingerprint256);
    if (!relations) return { status: 500, body: fault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio') };
    const service = String(parser.parse(signer.content)?.loginTicketRequest?.service ?? '');
    const key = `${signer.certificate.fingerprint256}:${service}`;
    const now = Date.now();
    if ((issued.get(key) ?? 0) > now)
      return { status: 500, body: fault('coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado') };
    const expires = now + 12 * 3_600_000;
    issued.set(key, expires);
    const sso = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sso version="2.0"><id src="CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239" dst="CN=wsfe, O=AFIP, C=AR" unique_id="${randomBytes(4).readUInt32BE()}" gen_time="${Math.floor(now / 1000)}" exp_time="${Math.floor(expires / 1000)}"/><operation type="login" value="granted"><login entity="33693450239" service="${service}" uid="${escapeText(signer.certificate.subject.replace(/\n/g, ', '))}" authmethod="cms" regmethod="22"><relations>${relations.map((cuit) => `<relation key="${cuit}" reltype="4"/>`).join('')}</relations></login></operation></sso>`;
    const token = Buffer.from(sso).toString('base64');
    tokens.set(token, relations);
    tokenServices.set(token, service);
    const ticket = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header><source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source><destination>${escapeText(signer.certificate.subject.replace(/\n/g, ', '))}</destination><uniqueId>${randomBytes(4).readUInt32BE()}</uniqueId><generationTime>${argentineTime(new Date(now))}</generationTime><expirationTime>${argentineTime(new Date(expires))}</expirationTime></header><credentials><token>${token}</token><sign>${randomBytes(128).toString('base64')}</sign></credentials></loginTicketResponse>`;
    stand.logins++;
    return {
      status: 200,
      body: `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>${escapeText(ticket)}</loginCmsReturn></loginCmsResponse></soapenv:Body></soapenv:Envelope>`,
    };
  };

  const wsfeReply = (result: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header><FEHeaderInfo xmlns="http://ar.gov.afip.dif.FEV1/"><ambiente>HomologacionExterno - efa</ambiente><fecha>${new Date().toISOString()}</fecha><id>6.1.0.0</id></FEHeaderInfo></soap:Header><soap:Body><FEParamGetPtosVentaResponse xmlns="http://ar.gov.afip.dif.FEV1/"><FEParamGetPtosVentaResult>${result}</FEParamGetPtosVentaResult></FEParamGetPtosVentaResponse></soap:Body></soap:Envelope>`;
  const errors = (code: number, message: string) => wsfeReply(`<ResultGet/><Errors><Err><Code>${code}</Code><Msg>${escapeText(message)}</Msg></Err></Errors>`);

  const pointsOfSaleReply = (body: string): string => {
    const auth = parser.parse(body)?.Envelope?.Body?.FEParamGetPtosVenta?.Auth;
    const relations = tokens.get(String(auth?.Token ?? ''));
    if (!relations) return errors(600, 'ValidacionDeToken: Error al verificar hash: VerificacionDeHash: Error al verificar hash');
    const cuit = String(auth?.Cuit ?? '');
    if (!relations.includes(cuit)) return errors(601, 'CUIT representada no incluida en token');
    const list = pointsOfSale.get(cuit) ?? [];
    if (!list.length) return errors(602, 'Sin Resultados: - Metodo FEParamGetPtosVenta');
    return wsfeReply(
      `<ResultGet>${list
        .map(
          (pv) =>
            `<PtoVenta><Nro>${pv.number}</Nro><EmisionTipo>${pv.emissionType ?? 'CAE - Ri Iva'}</EmisionTipo><Bloqueado>${pv.blocked ? 'S' : 'N'}</Bloqueado><FchBaja>${pv.droppedOn ?? 'NULL'}</FchBaja></PtoVenta>`,
        )
        .join('')}</ResultGet>`,
    );
  };

  const FECRED = 'http://ar.gob.afip.wsfecred/FECredService/';
  const fecredFault = (message: string) =>
    `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:Fault xmlns:ns2="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ns3="http://www.w3.org/2003/05/soap-envelope"><faultcode>ns3: Receiver</faultcode><faultstring>${escapeText(message)}</faultstring></ns2:Fault></S:Body></S:Envelope>`;
  const fecredReply = (inner: string) =>
    `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Header><info xmlns="https://ar.gob.afip.wsfecred/FECredService/"><ambiente>Testing - FI1</ambiente><fecha>${new Date().toISOString().slice(0, 19)}</fecha><id>WS-2.1.6</id></info></S:Header><S:Body><ns2:consultarMontoObligadoRecepcionResponse xmlns:ns2="${FECRED}"><consultarMontoObligadoRecepcionReturn>${inner}</consultarMontoObligadoRecepcionReturn></ns2:consultarMontoObligadoRecepcionResponse></S:Body></S:Envelope>`;
  const formatError = (codigo: string, descripcion: string) =>
    fecredReply(
      `<arrayErroresFormato><codigoDescripcionString><codigo>${codigo}</codigo><descripcion>${escapeText(descripcion)}</descripcion></codigoDescripcionString></arrayErroresFormato>`,
    );

  const obligationReply = (soapAction: string, body: string): { status: number; body: string; plain?: boolean } => {
    if (stand.fecredBalancerPage)
      return { status: 200, body: `BL${randomBytes(5).readUIntBE(0, 5)} ${new Date().toISOString().slice(0, 19).replace('T', ' ')} 500`, plain: true };
    if (soapAction.replace(/"/g, '') !== `${FECRED}consultarMontoObligadoRecepcion`)
      return { status: 500, body: fecredFault('Cannot find dispatch method for the request') };
    // The request element is namespaced and its children are not (the WSDL declares no elementFormDefault).
    const element = /<(?:(\w+):)?consultarMontoObligadoRecepcionRequest\b/.exec(body);
    const declared = element ? (element[1] ? `xmlns:${element[1]}="${FECRED}"` : `xmlns="${FECRED}"`) : null;
    if (!declared || !body.includes(declared)) return { status: 500, body: fecredFault('Cannot find dispatch method for the request') };
    if (/<\w+:(authRequest|token|sign|cuitRepresentada|cuitConsultada|fechaEmision)\b/.test(body))
      return { status: 200, body: formatError('cvc-complex-type.2.4.a', "Se ha encontrado contenido no válido a partir del elemento 'authRequest'.") };
    const request = parser.parse(body)?.Envelope?.Body?.consultarMontoObligadoRecepcionRequest;
    const auth = request?.authRequest;
    const token = String(auth?.token ?? '');
    const relations = tokens.get(token);
    if (!relations || tokenServices.get(token) !== 'wsfecred')
      return { status: 500, body: fecredFault('[wscommon_007] La firma no corresponde al token enviado.') };
    const represented = String(auth?.cuitRepresentada ?? '');
    if (!relations.includes(represented)) return { status: 500, body: fecredFault(`La CUIT ${represented} no se encuentra entre los representados del token`) };
    const cuit = String(request?.cuitConsultada ?? '');
    const day = String(request?.fechaEmision ?? '');
    if (!/^\d{11}$/.test(cuit))
      return { status: 200, body: formatError('cvc-datatype-valid.1.2.1', `'${cuit}' no es un valor válido para un tipo de dato entero.`) };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { status: 200, body: formatError('cvc-datatype-valid.1.2.1', `'${day}' no es un valor válido para 'date'.`) };
    if (stand.fecredError)
      return {
        status: 200,
        body: fecredReply(
          `<arrayErrores><codigoDescripcion><codigo>${stand.fecredError.codigo}</codigo><descripcion>${escapeText(stand.fecredError.descripcion)}</descripcion></codigoDescripcion></arrayErrores>`,
        ),
      };
    const span = [...(obligations.get(cuit) ?? [])].reverse().find((candidate) => candidate.from <= day);
    const obligado = span?.obligado ?? 'N';
    return { status: 200, body: fecredReply(`<obligado>${obligado}</obligado>${span?.montoDesde ? `<montoDesde>${span.montoDesde}</montoDesde>` : ''}`) };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (stand.hang) return;
      const body = Buffer.concat(chunks).toString('utf8');
      let answer: { status: number; body: string };
      if (req.url === '/wsaa') {
        stand.loginRequests++;
        answer = login(body);
      } else if (req.url === '/wsfe') {
        stand.pointOfSaleRequests++;
        answer = { status: 200, body: pointsOfSaleReply(body) };
      } else if (req.url === '/wsfecred') {
        stand.obligationRequests++;
        const soapAction = String(req.headers.soapaction ?? '');
        stand.fecredRequests.push({ soapAction, body });
        const reply = obligationReply(soapAction, body);
        if (reply.plain) {
          res.writeHead(reply.status).end(reply.body);
          return;
        }
        answer = reply;
      } else answer = { status: 404, body: 'not found' };
      res.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand: AfipStandIn = {
    url,
    wsaaUrl: `${url}/wsaa`,
    wsfeUrl: `${url}/wsfe`,
    wsfecredUrl: `${url}/wsfecred`,
    obligationRequests: 0,
    fecredRequests: [],
    fecredError: null,
    fecredBalancerPage: false,
    setObligation(cuit, spans) {
      obligations.set(
        cuit,
        [...spans].sort((a, b) => (a.from < b.from ? -1 : 1)),
      );
    },
    logins: 0,
    loginRequests: 0,
    pointOfSaleRequests: 0,
    hang: false,
    authorize(certificatePem, relations) {
      const fingerprint = new X509Certificate(certificatePem).fingerprint256;
      authorized.set(fingerprint, [...new Set([...(authorized.get(fingerprint) ?? []), ...relations])]);
    },
    setPointsOfSale(cuit, list) {
      pointsOfSale.set(cuit, list);
    },
    expireTickets() {
      issued.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}
