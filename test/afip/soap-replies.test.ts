import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AfipFault, AfipUnavailableError } from '../../src/domain/taxpayer-data/afip-port';
import { loginTicketRequest, readLoginReply } from '../../src/afip/wsaa';
import { pointsOfSaleEnvelope, readPointsOfSaleReply } from '../../src/afip/wsfe';

/** The SOAP replies of WSAA and WSFEv1 as the services send them (test/fixtures/afip), read by the adapter. */
const reply = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'afip', name), 'utf8');

describe('WSAA loginCms', () => {
  it('reads the escaped ticket: token, sign, its -03:00 times, and the relations its token lists', () => {
    const ticket = readLoginReply(200, reply('wsaa-login-ok.xml'));
    expect(ticket.sign).toBe('aGVsbG8gc2lnbmF0dXJlIGZvciB0ZXN0cw==');
    expect(ticket.generatedAt.toISOString()).toBe('2025-11-23T12:13:20.123Z');
    expect(ticket.expiresAt.toISOString()).toBe('2025-11-24T00:13:20.123Z');
    expect(ticket.relations).toEqual(['20111111112', '30712345671']);
  });

  it('reads a fault by the local part of its code', () => {
    expect(() => readLoginReply(500, reply('wsaa-already-authenticated.xml'))).toThrow(
      new AfipFault('coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado'),
    );
  });

  it.each([
    ['an HTML error page', '<html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['an empty body', ''],
    ['a reply without a ticket', '<Envelope><Body><loginCmsResponse><loginCmsReturn></loginCmsReturn></loginCmsResponse></Body></Envelope>'],
    [
      'a ticket without credentials',
      '<Envelope><Body><loginCmsResponse><loginCmsReturn>&lt;loginTicketResponse/&gt;</loginCmsReturn></loginCmsResponse></Body></Envelope>',
    ],
  ])('takes %s as the service not answering', (_what, body) => {
    expect(() => readLoginReply(502, body)).toThrow(AfipUnavailableError);
  });

  it('asks for a window around now, in UTC', () => {
    const tra = loginTicketRequest('wsfe', new Date('2025-11-23T12:00:00Z'));
    expect(tra).toContain('<generationTime>2025-11-23T11:50:00Z</generationTime>');
    expect(tra).toContain('<expirationTime>2025-11-23T12:10:00Z</expirationTime>');
    expect(tra).toContain('<uniqueId>1763899200</uniqueId><');
    expect(tra).toContain('<service>wsfe</service>');
  });
});

describe('WSFEv1 FEParamGetPtosVenta', () => {
  it('reads the points of sale: NULL is no drop date, S is blocked', () => {
    expect(readPointsOfSaleReply(200, reply('wsfe-ptos-venta-ok.xml'))).toEqual({
      kind: 'list',
      pointsOfSale: [
        { number: 1, emissionType: 'CAE - Ri Iva', blocked: false, droppedOn: null },
        { number: 4, emissionType: 'CAEA', blocked: true, droppedOn: '20240131' },
      ],
    });
  });

  it('reads every error of a reply answered with HTTP 200', () => {
    expect(readPointsOfSaleReply(200, reply('wsfe-ptos-venta-errors.xml'))).toEqual({
      kind: 'errors',
      errors: [
        { code: 600, message: 'ValidacionDeToken: No aparecio CUIT en lista de relaciones: 30712345671' },
        { code: 601, message: 'CUIT representada no incluida en token' },
      ],
    });
  });

  it('escapes what it sends inside Auth', () => {
    const envelope = pointsOfSaleEnvelope({ token: 'a<b', sign: 'c&d' }, '20111111112');
    expect(envelope).toContain('<ar:Token>a&lt;b</ar:Token><ar:Sign>c&amp;d</ar:Sign><ar:Cuit>20111111112</ar:Cuit>');
  });

  it('takes a reply without a result as the service not answering', () => {
    expect(() =>
      readPointsOfSaleReply(500, '<Envelope><Body><Fault><faultstring>Server was unable to process request</faultstring></Fault></Body></Envelope>'),
    ).toThrow(AfipUnavailableError);
  });
});
