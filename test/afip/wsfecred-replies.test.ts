import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FECRED_NAMESPACE, obligationEnvelope, readObligationReply } from '../../src/afip/wsfecred';
import { parseXml } from '../../src/afip/xml';
import { AfipFault, AfipUnavailableError } from '../../src/domain/taxpayer-data/afip-port';

/** WSFECRED consultarMontoObligadoRecepcion as the manual v2.0.3 and the WSDL describe it (test/fixtures/fce/README.md). */
const reply = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'fce', name), 'utf8');

describe('the request', () => {
  it('puts the request element in the service namespace and its children in none, escaping the values', () => {
    const envelope = obligationEnvelope({ token: 'PD94<&>', sign: 's"g' }, '20111111112', '30500010912', '2026-05-04');
    expect(FECRED_NAMESPACE).toBe('http://ar.gob.afip.wsfecred/FECredService/');
    expect(envelope).toContain('<fec:consultarMontoObligadoRecepcionRequest><authRequest><token>PD94&lt;&amp;&gt;</token><sign>s&quot;g</sign>');
    expect(envelope).toContain(
      '<cuitRepresentada>20111111112</cuitRepresentada></authRequest><cuitConsultada>30500010912</cuitConsultada><fechaEmision>2026-05-04</fechaEmision>',
    );
    expect(envelope).toContain(`xmlns:fec="${FECRED_NAMESPACE}"`);
    expect(envelope).toContain('xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"');
    expect(() => parseXml(envelope)).not.toThrow();
  });
});

describe('the reply', () => {
  it('reads obligado and montoDesde', () => {
    expect(readObligationReply(200, reply('wsfecred-obligado-s.xml'))).toEqual({ kind: 'answer', obligado: 'S', montoDesde: '5549862.00', observations: [] });
  });

  it('reads N without an amount, with its observations', () => {
    expect(readObligationReply(200, reply('wsfecred-obligado-n-observado.xml'))).toEqual({
      kind: 'answer',
      obligado: 'N',
      montoDesde: '',
      observations: [{ code: 32767, message: 'La búsqueda no ha arrojado resultados con los filtros indicados.' }],
    });
  });

  it('reads every business error and every format error', () => {
    expect(readObligationReply(200, reply('wsfecred-errores.xml'))).toEqual({
      kind: 'errors',
      errors: [
        { code: 1000, message: 'LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC' },
        { code: 10000, message: 'Error interno de la aplicación' },
      ],
    });
    expect(readObligationReply(200, reply('wsfecred-formato.xml'))).toEqual({
      kind: 'errors',
      errors: [{ code: 0, message: "cvc-datatype-valid.1.2.1 '?' no es un valor válido para un tipo de dato entero." }],
    });
  });

  it('reads the manual’s fault by its code’s local part', () => {
    expect(() => readObligationReply(500, reply('wsfecred-fault.xml'))).toThrow(
      new AfipFault('Receiver', '[wscommon_007] La firma no corresponde al token enviado.'),
    );
  });

  it.each([
    ['the balancer’s plain-text page', reply('wsfecred-balancer.txt')],
    ['an HTML page', '<html><head><title></title>5794109047829095733</head><body><br><br></body></html>'],
    ['an empty body', ''],
    ['another operation’s reply', '<Envelope><Body><dummyResponse><dummyReturn/></dummyResponse></Body></Envelope>'],
    ['a broken document', '<Envelope><Body><consultar'],
  ])('takes %s for a service that did not answer', (_what, body) => {
    expect(() => readObligationReply(200, body)).toThrow(AfipUnavailableError);
  });
});
