import { AfipFault, AfipUnavailableError, type AccessTicket, type AfipErrorEntry, type ObligationAnswer } from '../domain/taxpayer-data/afip-port';
import { at, escapeXml, many, parseXml, text } from './xml';

/**
 * WSFECRED (FECredService), the FCE registry. Manual para el Desarrollador WSFECRED v2.0.3 (20/12/2023,
 * https://servicioscf.afip.gob.ar/facturadecreditoelectronica/documentos/Manual_Desarrollador_WSFECRED_v2.0.3.pdf)
 * and its WSDL (`<endpoint>?wsdl`): JAX-WS, SOAP 1.1 only (document/literal, no SOAP 1.2 binding), targetNamespace
 * `http://ar.gob.afip.wsfecred/FECredService/`, SOAPAction `<namespace><operation>`. The schema declares no
 * elementFormDefault, so only the request element is namespaced and its children (`authRequest` with `token`,
 * `sign`, `cuitRepresentada`; `cuitConsultada`; `fechaEmision`) are not.
 * Failures: authentication and malformed requests come as SOAP faults (HTTP 500, e.g. "[wscommon_007] La firma no
 * corresponde al token enviado.", manual pág. 6); business errors as `arrayErrores/codigoDescripcion` and schema
 * errors as `arrayErroresFormato/codigoDescripcionString`, with HTTP 200 (págs. 6-10).
 */
export const FECRED_NAMESPACE = 'http://ar.gob.afip.wsfecred/FECredService/';

export function obligationEnvelope(ticket: Pick<AccessTicket, 'token' | 'sign'>, representedCuit: string, cuit: string, day: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:fec="${FECRED_NAMESPACE}">`,
    '<soapenv:Header/><soapenv:Body><fec:consultarMontoObligadoRecepcionRequest>',
    `<authRequest><token>${escapeXml(ticket.token)}</token><sign>${escapeXml(ticket.sign)}</sign><cuitRepresentada>${escapeXml(representedCuit)}</cuitRepresentada></authRequest>`,
    `<cuitConsultada>${escapeXml(cuit)}</cuitConsultada><fechaEmision>${escapeXml(day)}</fechaEmision>`,
    '</fec:consultarMontoObligadoRecepcionRequest></soapenv:Body></soapenv:Envelope>',
  ].join('');
}

const entries = (node: unknown, child: string): AfipErrorEntry[] =>
  many(at(node, child)).map((entry) => ({
    code: Number(text(at(entry, 'codigo'))) || 0,
    message: text(at(entry, 'descripcion')),
  }));

/**
 * `consultarMontoObligadoRecepcionResponse/consultarMontoObligadoRecepcionReturn`: `obligado`, `montoDesde`,
 * `arrayObservacion`, `arrayErrores`, `arrayErroresFormato`. A fault is AfipFault; a body that is not the reply
 * (the balancer's plain-text `BL… 500` page, HTML, nothing) means the service did not answer.
 */
export function readObligationReply(status: number, body: string): ObligationAnswer {
  let envelope: unknown;
  try {
    envelope = parseXml(body);
  } catch {
    throw new AfipUnavailableError(`WSFECRED answered HTTP ${status} with something that is not XML`);
  }
  const fault = at(envelope, 'Envelope', 'Body', 'Fault');
  if (fault) throw new AfipFault(text(at(fault, 'faultcode')).replace(/^.*:\s*/, ''), text(at(fault, 'faultstring')));
  const reply = at(envelope, 'Envelope', 'Body', 'consultarMontoObligadoRecepcionResponse', 'consultarMontoObligadoRecepcionReturn');
  if (!reply || typeof reply !== 'object') throw new AfipUnavailableError(`WSFECRED answered HTTP ${status} without a consultarMontoObligadoRecepcionReturn`);
  const format = many(at(reply, 'arrayErroresFormato', 'codigoDescripcionString')).map((entry) => ({
    code: 0,
    message: `${text(at(entry, 'codigo'))} ${text(at(entry, 'descripcion'))}`.trim(),
  }));
  const errors = [...entries(at(reply, 'arrayErrores'), 'codigoDescripcion'), ...format];
  if (errors.length) return { kind: 'errors', errors };
  return {
    kind: 'answer',
    obligado: text(at(reply, 'obligado')),
    montoDesde: text(at(reply, 'montoDesde')),
    observations: entries(at(reply, 'arrayObservacion'), 'codigoDescripcion'),
  };
}
