import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { AfipSoapClient } from '../../src/afip/client';
import { sealCertificate } from '../../src/domain/certificates';
import { checkReceiverObligation, WSFECRED_SERVICE } from '../../src/domain/fce/obligation-check';
import { SecretBox } from '../../src/domain/secrets';
import type { Store } from '../../src/store/store';
import { type AfipStandIn, startAfipStandIn } from '../support/afip-stand-in';
import { suiteDatabase } from '../support/database';
import { domainContext, SUITE_SECRETS } from '../support/domain-context';

/**
 * Asking ARCA's registry whether a receiver must take FCE (WSFECRED consultarMontoObligadoRecepcion, manual v2.0.3
 * §2.4.22), with the certificate of the account's active billing system and a WSAA ticket for the service
 * "wsfecred" (manual pág. 17), against the local stand-in speaking that protocol. Every outcome is an answer.
 */
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'certificates', name), 'utf8');
const PAIR = { certificate: fixture('test-only-cert.pem'), privateKey: fixture('test-only-key.pem') };
const UNKNOWN_PAIR = { certificate: fixture('test-only-afip-cert.pem'), privateKey: fixture('test-only-afip-key.pem') };
/** The account's CUIT, which the stand-in lets the certificate act for. */
const REPRESENTED = '30712345671';
/** A receiver ARCA lists as obliged from 2026-04-14 from the 5.549.862 minimum of Resolución 1/2026. */
const LARGE_COMPANY = '30500010912';

const opened = suiteDatabase('fce-obligation-check');
let store: Store;
let afip: AfipStandIn;
let client: AfipSoapClient;
beforeAll(async () => {
  store = opened();
  afip = await startAfipStandIn();
  afip.authorize(PAIR.certificate, [REPRESENTED]);
  afip.setObligation(LARGE_COMPANY, [
    { from: '2026-04-14', obligado: 'S', montoDesde: '5549862.00' },
    { from: '2025-04-11', obligado: 'S', montoDesde: '3958316.00' },
  ]);
  const at = (url: string) => ({ testing: url, production: 'http://127.0.0.1:9/unused' });
  client = new AfipSoapClient({ wsaa: at(afip.wsaaUrl), wsfe: at(afip.wsfeUrl), wsfecred: at(afip.wsfecredUrl), timeoutMs: 1000 });
});
afterAll(async () => {
  await afip?.close();
});
afterEach(() => {
  afip.fecredError = null;
  afip.hang = false;
});

/** An account whose active billing system is `afip_wsfe` acting for `represented` with `pair` (none: no certificate). */
async function account({ pair = PAIR as typeof PAIR | null, represented = REPRESENTED, active = 'afip_wsfe', secrets = SUITE_SECRETS } = {}) {
  const accountId = new ObjectId();
  await store
    .collection('accounts')
    .insertOne({ _id: accountId, name: 'Pyme SRL', cuit: REPRESENTED, settings: { widgets: {}, active_billing_system: active } });
  await store.collection('billing_systems').insertOne({
    account_id: accountId,
    name: 'afip_wsfe',
    environment: 'testing',
    represented_cuit: represented,
    points_of_sale: [],
    certificate: pair ? sealCertificate(secrets, pair, 'certificate') : null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  return domainContext(store, { accountId, afip: client });
}

describe('the receiver’s obligation', () => {
  it('is asked for the receiver and the day, acting for the account, with a wsfecred ticket kept for every process', async () => {
    const context = await account();
    const before = afip.fecredRequests.length;
    expect(await checkReceiverObligation(context, '30-50001091-2', '2026-05-04')).toEqual({
      check: 'answered',
      obliged: true,
      minimumArs: 5_549_862,
      detail: null,
    });
    const sent = afip.fecredRequests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(`<cuitRepresentada>${REPRESENTED}</cuitRepresentada>`);
    expect(sent[0].body).toContain(`<cuitConsultada>${LARGE_COMPANY}</cuitConsultada><fechaEmision>2026-05-04</fechaEmision>`);
    expect(await store.collection('afip_tickets').countDocuments({ service: 'wsfecred' })).toBe(1);
    expect(WSFECRED_SERVICE).toBe('wsfecred');
    // The registry's earlier span, and a CUIT sent as a number.
    expect(await checkReceiverObligation(context, 30500010912, '2026-04-13')).toMatchObject({ check: 'answered', minimumArs: 3_958_316 });
  });

  it('is answered not obliged for a receiver the registry does not list', async () => {
    const context = await account();
    expect(await checkReceiverObligation(context, '20111111112', '2026-05-04')).toEqual({ check: 'answered', obliged: false, minimumArs: null, detail: null });
  });

  it.each([
    [undefined, "numero_documento (the receiver's CUIT) was not sent"],
    [null, "numero_documento (the receiver's CUIT) was not sent"],
    ['', "numero_documento (the receiver's CUIT) was not sent"],
    ['20-12345678-0', 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
    [{ $ne: null }, 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
    [true, 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
    [[LARGE_COMPANY], 'numero_documento is not a valid CUIT (11 digits, módulo 11 check digit)'],
  ])('is not checked for numero_documento %p', async (cuit, detail) => {
    const context = await account();
    const before = afip.obligationRequests;
    expect(await checkReceiverObligation(context, cuit, '2026-05-04')).toEqual({ check: 'not_checked', obliged: null, minimumArs: null, detail });
    expect(afip.obligationRequests).toBe(before);
  });

  it('is not checked without an ARCA client, or a certificate of the active system', async () => {
    const context = await account();
    expect(await checkReceiverObligation({ ...context, afip: undefined }, LARGE_COMPANY, '2026-05-04')).toMatchObject({
      check: 'not_checked',
      detail: 'no ARCA client is configured',
    });
    const uncertified = await account({ pair: null });
    const removed = await account({ active: 'otro_sistema' });
    const before = afip.obligationRequests;
    for (const caller of [uncertified, removed])
      expect(await checkReceiverObligation(caller, LARGE_COMPANY, '2026-05-04')).toEqual({
        check: 'not_checked',
        obliged: null,
        minimumArs: null,
        detail: 'the account has no active billing system with a certificate to ask ARCA with',
      });
    expect(afip.obligationRequests).toBe(before);
  });

  it('is not checked for an account with no active system at all', async () => {
    const accountId = new ObjectId();
    await store.collection('accounts').insertOne({ _id: accountId, name: 'Sin sistema', cuit: REPRESENTED, settings: { widgets: {} } });
    expect(await checkReceiverObligation(domainContext(store, { accountId, afip: client }), LARGE_COMPANY, '2026-05-04')).toMatchObject({
      check: 'not_checked',
      detail: 'the account has no active billing system with a certificate to ask ARCA with',
    });
  });

  it('is refused for a business error and a token that does not cover the account, unavailable for ARCA’s own failure', async () => {
    const context = await account();
    afip.fecredError = { codigo: 1000, descripcion: 'LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC' };
    expect(await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).toEqual({
      check: 'refused',
      obliged: null,
      minimumArs: null,
      detail: 'ARCA answered: 1000: LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC',
    });
    afip.fecredError = { codigo: 10000, descripcion: 'Error interno de la aplicación' };
    expect(await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).toMatchObject({ check: 'unavailable' });
    afip.fecredError = null;
    const outside = await account({ represented: '20111111112' });
    expect(await checkReceiverObligation(outside, LARGE_COMPANY, '2026-05-04')).toMatchObject({
      check: 'refused',
      detail: expect.stringMatching(/^ARCA refused: .*La CUIT 20111111112 no se encuentra entre los representados del token$/),
    });
  });

  it('is refused when WSAA does not authorise the certificate', async () => {
    const context = await account({ pair: UNKNOWN_PAIR });
    expect(await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).toEqual({
      check: 'refused',
      obliged: null,
      minimumArs: null,
      detail: 'ARCA refused: coe.notAuthorized: Computador no autorizado a acceder al servicio',
    });
  });

  it('is unavailable when ARCA does not answer in time', async () => {
    const context = await account();
    afip.hang = true;
    expect(await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).toMatchObject({
      check: 'unavailable',
      obliged: null,
      detail: expect.stringContaining('no answer within 1000 ms'),
    });
  });

  it('is unavailable while WSAA holds a valid ticket this service lost (AFIP_TICKET_IN_USE)', async () => {
    const context = await account();
    await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04');
    await store.collection('afip_tickets').deleteMany({});
    expect(await checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).toMatchObject({
      check: 'unavailable',
      detail: expect.stringContaining('AFIP already issued a valid access ticket'),
    });
    afip.expireTickets();
  });

  it('lets through a failure that is not ARCA’s (a certificate sealed with another key)', async () => {
    await store.collection('afip_tickets').deleteMany({});
    afip.expireTickets();
    const context = await account({ secrets: new SecretBox(randomBytes(32)) });
    await expect(checkReceiverObligation(context, LARGE_COMPANY, '2026-05-04')).rejects.toThrow(/secret sealed with key/);
  });
});
