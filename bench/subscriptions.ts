/**
 * FCE events delivered live: `npm run bench:subscriptions`. One account, S graphql-ws subscribers (1, 10, 100) of
 * fceEventRecorded selecting the event and its voucher; E events recorded one after another through REST. Prints, per
 * S, ms per event from the POST until every subscriber has it (and the POST alone), and the MongoDB commands each
 * delivery sends (the key's look-up before each delivery, the voucher of `fceInvoice`), counted by the driver.
 */
import './production';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { createAccount, createApiKey } from '../src/domain/auth/auth.admin';
import { startGateway } from '../src/gateway';
import { createLogger } from '../src/logger';
import { FCE_EVENT_RECORDED, subscriberCount } from '../src/resolvers/fce-pubsub';
import { connectStore } from '../src/store/connect';
import { runBench } from './harness';

/** The first run has no subscriber: its commands per event are the POST's own. */
const SUBSCRIBERS = [0, 1, 10, 100];
/** Vouchers per run; each gets two events (accepted, then transferred_sircreb). */
const VOUCHERS = 50;
const HEADER = readHeader();

function readHeader(): string {
  const file = path.join(__dirname, '..', 'test', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv');
  return fs.readFileSync(file, 'utf8').split('\n')[0];
}

const SUBSCRIPTION = 'subscription { fceEventRecorded { id fceInvoiceId eventType recordedAt fceInvoice { id fceStatus importeTotal } } }';

runBench('subscriptions', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-subscriptions-'));
  const config = loadConfig({
    PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SUBSCRIPTION_MAX_CONNECTIONS_PER_ACCOUNT: '1000',
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  const connection = await connectStore({ dataDir: dir, monitorCommands: true });
  const gateway = await startGateway({ config, log: createLogger('silent'), connection });
  let commands = 0;
  connection.client.on('commandStarted', () => commands++);
  try {
    const accountId = (await createAccount(gateway.store, { name: 'Bench SA', cuit: '30-71234567-1' })).toHexString();
    const { key } = await createApiKey(gateway.store, { accountId, scopes: ['invoices:read', 'invoices:write'] });
    const post = async (url: string, body: unknown) => {
      const init = body instanceof FormData ? { body } : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
      const response = await fetch(`${gateway.url}/api/v1${url}`, { method: 'POST', ...init, headers: { 'x-api-key': key, ...(init.headers ?? {}) } });
      if (response.status !== 201 && response.status !== 200) throw new Error(`POST ${url} → ${response.status} ${await response.text()}`);
      return response.json();
    };
    const rows = Array.from({ length: VOUCHERS * SUBSCRIBERS.length }, (_, i) => {
      const n = i + 1;
      return `2025-12-01;201;90;${n};${n};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
    });
    const form = new FormData();
    form.append('file', new File([`${HEADER}\n${rows.join('\n')}\n`], 'bench-fce.csv'));
    await post('/issued_vouchers/upload-csv/', form);
    const vouchers = (await gateway.store.collection('issued_vouchers').find({ sale_point: 90 }).sort({ voucher_number: 1 }).toArray()).map((doc) =>
      doc._id.toHexString(),
    );

    let postCommands = 0;
    console.log(`bench:subscriptions — ${VOUCHERS * 2} events per run, recorded one after another through REST`);
    for (const [run, count] of SUBSCRIBERS.entries()) {
      const received = new Map<string, number>();
      const waiters = new Map<string, () => void>();
      const deliver = (eventKey: string) => {
        const seen = (received.get(eventKey) ?? 0) + 1;
        received.set(eventKey, seen);
        if (seen === count) waiters.get(eventKey)?.();
      };
      const clients = Array.from({ length: count }, () =>
        createClient({
          url: `${gateway.url.replace(/^http/, 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { 'x-api-key': key },
          retryAttempts: 0,
        }),
      );
      for (const client of clients) {
        client.subscribe<{ fceEventRecorded: { fceInvoiceId: string; eventType: string } }>(
          { query: SUBSCRIPTION },
          {
            next: ({ data, errors }) => {
              if (errors || !data) throw new Error(`delivery failed: ${JSON.stringify(errors)}`);
              deliver(`${data.fceEventRecorded.fceInvoiceId}:${data.fceEventRecorded.eventType}`);
            },
            error: (error) => {
              throw error;
            },
            complete: () => undefined,
          },
        );
      }
      while (subscriberCount(FCE_EVENT_RECORDED, accountId) < count) await new Promise((resolve) => setTimeout(resolve, 10));

      let postMs = 0;
      let totalMs = 0;
      const before = commands;
      for (const voucher of vouchers.slice(run * VOUCHERS, (run + 1) * VOUCHERS)) {
        for (const eventType of ['accepted', 'transferred_sircreb']) {
          const eventKey = `${voucher}:${eventType}`;
          const all = count ? new Promise<void>((resolve) => waiters.set(eventKey, resolve)) : Promise.resolve();
          const started = process.hrtime.bigint();
          await post(`/fce/events/${voucher}/`, { event_type: eventType });
          const posted = process.hrtime.bigint();
          await all;
          const done = process.hrtime.bigint();
          postMs += Number(posted - started) / 1e6;
          totalMs += Number(done - started) / 1e6;
        }
      }
      const events = VOUCHERS * 2;
      const perEvent = (commands - before) / events;
      if (count === 0) postCommands = perEvent;
      const perDelivery = count
        ? `; ${((perEvent - postCommands) / count).toFixed(2)} MongoDB commands per delivery`
        : ` (${perEvent.toFixed(1)} MongoDB commands)`;
      console.log(
        `  ${String(count).padStart(3)} subscriber(s): ${(totalMs / events).toFixed(2)} ms per event until all have it ` +
          `(POST answered after ${(postMs / events).toFixed(2)} ms)${perDelivery}`,
      );
      await Promise.all(clients.map((client) => client.dispose()));
      while (subscriberCount(FCE_EVENT_RECORDED, accountId) > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await gateway.stop();
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
