/**
 * What the stored access ticket saves: POST /verify-punto-venta/ against the local ARCA stand-in, the first call of a
 * certificate (WSAA login: TRA signed as CMS, verified by the stand-in, ticket sealed and stored, then WSFEv1) and the
 * following ones (ticket read from the store and opened, then WSFEv1). Also the CMS signature alone. Figures are
 * local: ARCA's own latency (hundreds of milliseconds per call from Argentina) is not in them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { loginTicketRequest, signLoginTicketRequest } from '../src/afip/wsaa';
import { startAfipStandIn } from '../test/support/afip-stand-in';
import { startTestGateway } from '../test/support/gateway';

const ROUNDS = 200;
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'test', 'fixtures', 'certificates', name), 'utf8');
const credentials = { certificate: fixture('test-only-cert.pem'), privateKey: fixture('test-only-key.pem') };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

async function main(): Promise<void> {
  const signing: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = process.hrtime.bigint();
    signLoginTicketRequest(loginTicketRequest('wsfe', new Date()), credentials, new Date());
    signing.push(ms(started));
  }

  const afip = await startAfipStandIn();
  const gw = await startTestGateway({ AFIP_WSAA_URL_TESTING: afip.wsaaUrl, AFIP_WSFE_URL_TESTING: afip.wsfeUrl });
  try {
    const first: number[] = [];
    const cached: number[] = [];
    for (let round = 0; round < 20; round++) {
      const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
      const account = await gw.store.collection('accounts').findOne({ _id: new ObjectId(accountId) });
      const cuit = String(account?.cuit);
      afip.authorize(credentials.certificate, [cuit]);
      afip.setPointsOfSale(cuit, [{ number: 1 }]);
      afip.expireTickets();
      await gw.store.collection('afip_tickets').deleteMany({});
      await gw.rest('POST', '/bill/tax_info/taxpayer/afip_wsfe/', { key, body: { certificate: credentials.certificate, private_key: credentials.privateKey } });
      let started = process.hrtime.bigint();
      const login = await gw.rest('POST', '/bill/tax_info/verify-punto-venta/', { key, body: { punto_venta: 1 } });
      first.push(ms(started));
      if (!login.body.data?.valid) throw new Error(JSON.stringify(login.body));
      for (let i = 0; i < ROUNDS / 20; i++) {
        started = process.hrtime.bigint();
        await gw.rest('POST', '/bill/tax_info/verify-punto-venta/', { key, body: { punto_venta: 1 } });
        cached.push(ms(started));
      }
    }
    console.log(`CMS signature (node-forge, RSA 2048, SHA-256): median ${median(signing).toFixed(2)} ms over ${ROUNDS}`);
    console.log(`verify-punto-venta, first call (WSAA login + WSFEv1): median ${median(first).toFixed(2)} ms over ${first.length}; logins ${afip.logins}`);
    console.log(`verify-punto-venta, stored ticket (WSFEv1 only): median ${median(cached).toFixed(2)} ms over ${cached.length}`);
  } finally {
    await gw.stop();
    await afip.close();
  }
}

void main();
