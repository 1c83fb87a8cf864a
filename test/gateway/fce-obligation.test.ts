import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { type AfipStandIn, startAfipStandIn } from '../support/afip-stand-in';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Who must receive an FCE: the eligibility answer asks ARCA's registry (WSFECRED consultarMontoObligadoRecepcion,
 * manual v2.0.3 §2.4.22) through the real SOAP client, here against a local stand-in speaking that protocol with its
 * documented failures, and reports the receiver's obligation beside the contract's `eligible`, never changing it.
 */

const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'certificates', name), 'utf8');
const CERT = fixture('test-only-cert.pem');
const KEY = fixture('test-only-key.pem');
const UNKNOWN_CERT = fixture('test-only-afip-cert.pem');
const UNKNOWN_KEY = fixture('test-only-afip-key.pem');
const ELIGIBLE: Record<string, unknown> = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fce', 'eligibility.json'), 'utf8')).eligible;
/** A receiver ARCA lists as obliged from 2026-04-14 from the 5.549.862 minimum of Resolución 1/2026. */
const LARGE_COMPANY = '30500010912';
const FECRED = 'http://ar.gob.afip.wsfecred/FECredService/';

let gw: TestGateway;
let afip: AfipStandIn;

beforeAll(async () => {
  afip = await startAfipStandIn();
  gw = await startTestGateway({
    AFIP_WSAA_URL_TESTING: afip.wsaaUrl,
    AFIP_WSFE_URL_TESTING: afip.wsfeUrl,
    AFIP_WSFECRED_URL_TESTING: afip.wsfecredUrl,
    AFIP_TIMEOUT_MS: '1000',
  });
  afip.setObligation(LARGE_COMPANY, [
    { from: '2026-04-14', obligado: 'S', montoDesde: '5549862.00' },
    { from: '2025-04-11', obligado: 'S', montoDesde: '3958316.00' },
  ]);
});
afterAll(async () => {
  await gw?.stop();
  await afip?.close();
});
afterEach(() => {
  afip.fecredError = null;
  afip.fecredBalancerPage = false;
  afip.hang = false;
});

/** An account with afip_wsfe on `certificate`, which the stand-in lets act for the account's CUIT unless told not to. */
async function account({ certificate = CERT, privateKey = KEY, delegated = true } = {}) {
  const { key, accountId } = await gw.account(['accounting:read', 'accounting:write', 'invoices:read', 'invoices:write']);
  const { cuit } = (await gw.store.collection('accounts').findOne({ _id: new ObjectId(accountId) }))!;
  const res = await gw.rest('POST', '/bill/tax_info/taxpayer/afip_wsfe/', { key, body: { certificate, private_key: privateKey } });
  expect(res.status).toBe(201);
  if (delegated) afip.authorize(CERT, [cuit]);
  // A ticket lists the relations of its issue time: start from none (as 12 hours later).
  afip.expireTickets();
  await gw.store.collection('afip_tickets').deleteMany({});
  return { key, cuit: cuit as string };
}

const eligibility = (key: string, body: Record<string, unknown>) => gw.rest('POST', '/fce/eligibility/', { key, body });
const obligationOf = (data: Record<string, unknown>) => ({
  obligation_check: data.obligation_check,
  receiver_obliged: data.receiver_obliged,
  receiver_minimum_ars: data.receiver_minimum_ars,
  obligation_detail: data.obligation_detail,
});

describe('the receiver’s obligation, from ARCA’s registry', () => {
  it('is asked for the receiver and the voucher’s date, acting for the account, and reported beside eligible', async () => {
    const { key, cuit } = await account();
    const before = afip.fecredRequests.length;
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: '30-50001091-2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      eligible: true,
      reasons: [],
      suggested_type: 201,
      threshold_ars: 5_549_862,
      threshold_source: expect.stringContaining('Resolución 1/2026'),
      threshold_effective_from: '2026-04-14',
      threshold_review: false,
      obligation_check: 'answered',
      receiver_obliged: true,
      receiver_minimum_ars: 5_549_862,
      obligation_detail: null,
    });
    // One SOAP 1.1 request with the WSDL's SOAPAction, the namespaced request element and unqualified children.
    const sent = afip.fecredRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].soapAction).toBe(`"${FECRED}consultarMontoObligadoRecepcion"`);
    expect(sent[0].body).toContain(`<cuitRepresentada>${cuit}</cuitRepresentada>`);
    expect(sent[0].body).toContain(`<cuitConsultada>${LARGE_COMPANY}</cuitConsultada><fechaEmision>2026-05-04</fechaEmision>`);
    // The access ticket is WSAA's for the service wsfecred, stored for every gateway process.
    expect(await gw.store.collection('afip_tickets').countDocuments({ service: 'wsfecred' })).toBe(1);
  });

  it('follows the registry’s dates: before 2026-04-14 the receiver was obliged from 3.958.316', async () => {
    const { key } = await account();
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY, fecha_comprobante: '2026-04-13', fecha_vencimiento_pago: '2026-05-13' });
    expect(res.body.data).toMatchObject({
      eligible: true,
      threshold_ars: 3_958_316,
      threshold_effective_from: '2025-04-11',
      receiver_obliged: true,
      receiver_minimum_ars: 3_958_316,
    });
  });

  it('leaves eligible as the contract defines it when the receiver is not obliged', async () => {
    const { key } = await account();
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: '20111111112' });
    expect(res.body.data).toMatchObject({ eligible: true, reasons: [], obligation_check: 'answered', receiver_obliged: false, receiver_minimum_ars: null });
    const low = await eligibility(key, { ...ELIGIBLE, importe_total: 100, numero_documento: LARGE_COMPANY });
    expect(low.body.data).toMatchObject({ eligible: false, receiver_obliged: true, receiver_minimum_ars: 5_549_862 });
  });

  it.each([
    [{}, "numero_documento (the receiver's CUIT) was not sent"],
    [{ numero_documento: '20-12345678-0' }, 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
    [{ numero_documento: { $ne: null } }, 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
  ])('is not checked without a valid receiver CUIT (%#)', async (extra, detail) => {
    const { key } = await account();
    const before = afip.obligationRequests;
    const res = await eligibility(key, { ...ELIGIBLE, ...extra });
    expect(res.status).toBe(200);
    expect(obligationOf(res.body.data)).toEqual({
      obligation_check: 'not_checked',
      receiver_obliged: null,
      receiver_minimum_ars: null,
      obligation_detail: detail,
    });
    expect(afip.obligationRequests).toBe(before);
  });

  it('is not checked for an account without a certificate', async () => {
    const { key } = await gw.account(['invoices:write']);
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY });
    expect(res.body.data).toMatchObject({
      eligible: true,
      obligation_check: 'not_checked',
      obligation_detail: 'the account has no active billing system with a certificate to ask ARCA with',
    });
  });

  it('is refused when WSAA does not authorise the certificate, with WSAA’s fault', async () => {
    const { key } = await account({ certificate: UNKNOWN_CERT, privateKey: UNKNOWN_KEY, delegated: false });
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY });
    expect(res.body.data).toMatchObject({
      eligible: true,
      obligation_check: 'refused',
      receiver_obliged: null,
      obligation_detail: 'ARCA refused: coe.notAuthorized: Computador no autorizado a acceder al servicio',
    });
  });

  it('is refused when the token does not cover the account’s CUIT (a SOAP fault, HTTP 500)', async () => {
    const { key } = await account({ delegated: false });
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY });
    expect(res.body.data).toMatchObject({
      obligation_check: 'refused',
      receiver_obliged: null,
      obligation_detail: expect.stringMatching(/^ARCA refused: Receiver: La CUIT \d{11} no se encuentra/),
    });
  });

  it('is refused for a business error, unavailable for ARCA’s own failure', async () => {
    const { key } = await account();
    afip.fecredError = { codigo: 1000, descripcion: 'LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC' };
    expect(obligationOf((await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY })).body.data)).toEqual({
      obligation_check: 'refused',
      receiver_obliged: null,
      receiver_minimum_ars: null,
      obligation_detail: 'ARCA answered: 1000: LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC',
    });
    afip.fecredError = { codigo: 10000, descripcion: 'Error interno de la aplicación' };
    expect((await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY })).body.data).toMatchObject({
      eligible: true,
      obligation_check: 'unavailable',
    });
  });

  it('is unavailable when the balancer answers its plain-text page, or ARCA does not answer in time', async () => {
    const { key } = await account();
    afip.fecredBalancerPage = true;
    expect((await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY })).body.data).toMatchObject({
      eligible: true,
      obligation_check: 'unavailable',
      obligation_detail: 'WSFECRED answered HTTP 200 without a consultarMontoObligadoRecepcionReturn',
    });
    afip.fecredBalancerPage = false;
    afip.hang = true;
    const res = await eligibility(key, { ...ELIGIBLE, numero_documento: LARGE_COMPANY });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      eligible: true,
      obligation_check: 'unavailable',
      receiver_obliged: null,
      obligation_detail: expect.stringContaining('unavailable'),
    });
  });
});

describe('ARCA unreachable', () => {
  let closed: TestGateway;
  beforeAll(async () => {
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    closed = await startTestGateway({ AFIP_WSAA_URL_TESTING: `http://127.0.0.1:${port}/wsaa`, AFIP_WSFECRED_URL_TESTING: `http://127.0.0.1:${port}/wsfecred` });
  });
  afterAll(async () => {
    await closed?.stop();
  });

  it('answers eligibility with the obligation unavailable, never a failure', async () => {
    const { key } = await closed.account(['accounting:write', 'invoices:write']);
    expect((await closed.rest('POST', '/bill/tax_info/taxpayer/afip_wsfe/', { key, body: { certificate: CERT, private_key: KEY } })).status).toBe(201);
    const res = await closed.rest('POST', '/fce/eligibility/', { key, body: { ...ELIGIBLE, numero_documento: LARGE_COMPANY } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { eligible: true, obligation_check: 'unavailable', receiver_obliged: null, obligation_detail: expect.stringContaining('ECONNREFUSED') },
    });
  });
});
