import {
  AfipUnavailableError,
  type AccessTicket,
  type AfipErrorEntry,
  type ListedPointOfSale,
  type PointsOfSaleAnswer,
} from '../domain/taxpayer-data/afip-port';
import { at, escapeXml, many, parseXml, text } from './xml';

export const FEV1_NAMESPACE = 'http://ar.gov.afip.dif.FEV1/';

/** SOAP 1.1 with the operation in SOAPAction; the schema is elementFormDefault="qualified", so Auth's children too. */
export function pointsOfSaleEnvelope(ticket: Pick<AccessTicket, 'token' | 'sign'>, cuit: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="${FEV1_NAMESPACE}"><soap:Body>`,
    '<ar:FEParamGetPtosVenta><ar:Auth>',
    `<ar:Token>${escapeXml(ticket.token)}</ar:Token><ar:Sign>${escapeXml(ticket.sign)}</ar:Sign><ar:Cuit>${escapeXml(cuit)}</ar:Cuit>`,
    '</ar:Auth></ar:FEParamGetPtosVenta></soap:Body></soap:Envelope>',
  ].join('');
}

const NO_DROP = new Set(['', 'NULL']);

/** `ResultGet/PtoVenta*` or `Errors/Err*`; both come with HTTP 200. A fault or a non-XML body: the service is not answering. */
export function readPointsOfSaleReply(status: number, body: string): PointsOfSaleAnswer {
  let envelope: unknown;
  try {
    envelope = parseXml(body);
  } catch {
    throw new AfipUnavailableError(`WSFEv1 answered HTTP ${status} with something that is not XML`);
  }
  const result = at(envelope, 'Envelope', 'Body', 'FEParamGetPtosVentaResponse', 'FEParamGetPtosVentaResult');
  if (!result) {
    const fault = text(at(envelope, 'Envelope', 'Body', 'Fault', 'faultstring'));
    throw new AfipUnavailableError(`WSFEv1 answered HTTP ${status} without a result${fault ? `: ${fault}` : ''}`);
  }
  const errors: AfipErrorEntry[] = many(at(result, 'Errors', 'Err')).map((err) => ({ code: Number(text(at(err, 'Code'))), message: text(at(err, 'Msg')) }));
  if (errors.length) return { kind: 'errors', errors };
  const pointsOfSale: ListedPointOfSale[] = many(at(result, 'ResultGet', 'PtoVenta')).map((pv) => {
    const dropped = text(at(pv, 'FchBaja'));
    return {
      number: Number(text(at(pv, 'Nro'))),
      emissionType: text(at(pv, 'EmisionTipo')),
      blocked: text(at(pv, 'Bloqueado')).toUpperCase() === 'S',
      droppedOn: NO_DROP.has(dropped.toUpperCase()) ? null : dropped,
    };
  });
  return { kind: 'list', pointsOfSale };
}
