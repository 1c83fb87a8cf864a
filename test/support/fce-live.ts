import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Client, createClient, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { tokenHash } from '../../src/domain/auth/auth.secrets';
import { argentineDay } from '../../src/domain/dates';
import type { TestGateway } from './gateway';

/** FCE vouchers and the fceEventRecorded subscription as the suites that exercise them use them. */

const G2_HEADER = readFileSync(join(__dirname, '..', 'fixtures', 'issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv'), 'utf8').split('\n')[0];

/** Longest a test waits for something the server must send; reaching it fails the test. */
export const WAIT_MS = 10_000;

export const FCE_SUBSCRIPTION = /* GraphQL */ `
  subscription Live {
    fceEventRecorded { id fceInvoiceId eventType payload recordedBy recordedAt fceInvoice { id fceStatus numeroComprobante lastEventAt } }
  }
`;

/** Resolves with `promise`, or fails naming `what` when nothing came within WAIT_MS. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${WAIT_MS} ms: ${what}`)), WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface Connection {
  client: Client;
  /** The close event's code and reason, once the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
}

/** A graphql-ws connection to a gateway (connected at once), added to `clients` for the suite to dispose of. */
export function connect(gateway: TestGateway, clients: Client[], connectionParams?: Record<string, unknown>): Connection {
  let onClosed: (event: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    onClosed = resolve;
  });
  const client = createClient({
    url: `${gateway.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: { closed: (event) => onClosed({ code: (event as CloseEvent).code, reason: String((event as CloseEvent).reason) }) },
  });
  clients.push(client);
  return { client, closed };
}

export type Message = { next: FormattedExecutionResult<any, unknown> } | { error: unknown } | { complete: true };

/** A subscription whose messages are taken one at a time (`take()` waits, bounded, for the next one). */
export function subscribe(client: Client, query = FCE_SUBSCRIPTION, variables?: Record<string, unknown>) {
  const queue: Message[] = [];
  const waiting: Array<(message: Message) => void> = [];
  const deliver = (message: Message) => {
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  };
  const unsubscribe = client.subscribe(
    { query, variables },
    { next: (value) => deliver({ next: value }), error: (error) => deliver({ error }), complete: () => deliver({ complete: true }) },
  );
  return {
    unsubscribe,
    take(what: string): Promise<Message> {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return within(new Promise<Message>((resolve) => waiting.push(resolve)), what);
    },
    /** Messages received and not taken yet. */
    pending: () => queue.length,
  };
}

/** Imports FCE voucher number `n` (type 201, issued on the gateway clock's day) for the key's account; answers its id. */
export async function importFceVoucher(gateway: TestGateway, key: string, n: number): Promise<string> {
  // Issued on the gateway clock's day: within its acceptance term, so the buyer may still accept or reject it.
  const row = `${argentineDay(gateway.clock.now)};201;78;${n};${n};75481234500011;80;30715551248;CLIENTE FCE S.A.;1,00;PES;6000000,00;0,00;0,00;0,00;1260000,00;7260000,00`;
  const form = new FormData();
  form.append('file', new File([`${G2_HEADER}\n${row}\n`], `fce-ws-${n}.csv`));
  const res = await gateway.rest('POST', '/issued_vouchers/upload-csv/', { key, body: form });
  if (res.body.data?.rows_imported !== 1) throw new Error(`the FCE voucher was not imported: ${JSON.stringify(res.body)}`);
  const owner = await gateway.store.collection('api_keys').findOne({ key_hash: tokenHash(key) });
  const doc = await gateway.store.collection('issued_vouchers').findOne({ sale_point: 78, voucher_number: n, account_id: owner?.account_id });
  return (doc!._id as { toHexString(): string }).toHexString();
}
