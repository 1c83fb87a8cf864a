/**
 * Posting purchases and reading the purchase graph, one client at a time: `npm run bench:purchases`.
 * Starts the gateway on an embedded engine in a temporary directory (removed at the end); an account of its own gets
 * the default chart, 100 suppliers with two received invoices each (imported from a generated export) and one
 * expense each. Prints a markdown table: ms per request and the MongoDB commands of each request, for posting a
 * received invoice, posting an expense, and the dashboard query (suppliers × received invoices × posted entry ×
 * lines × accounts, and expenses × entry) over 10 and over 100 suppliers.
 */
import './production';
import os from 'node:os';
import { createAccount, createApiKey } from '../src/domain/auth/auth.admin';
import { SCOPES } from '../src/domain/auth/scopes';
import { runBench, withSeededGateway } from './harness';
import { client } from './seed';

const SUPPLIERS = 100;
const HEADER =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';

/** A CUIT with a valid check digit: 30, 8 digits from `seed` on (a body whose check digit would be 10 is skipped). */
function cuitOf(seed: number): string {
  for (let n = seed; ; n++) {
    const body = `30${String(n).padStart(8, '0')}`;
    const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
    const check = 11 - (sum % 11);
    if (check !== 10) return `${body}${check === 11 ? 0 : check}`;
  }
}

const DASHBOARD = (first: number) => `{
  suppliers(first: ${first}) {
    totalCount
    nodes {
      name taxId
      receivedInvoices(first: 2) {
        totalCount
        nodes { voucherNumber totalAmount status linkedAccount { code } linkedJournalEntry { number lines { debit credit account { code name } } } }
      }
      expenses(first: 2) { totalCount totalAmount nodes { amount journalEntry { number lines { account { code } } } } }
    }
  }
}`;

runBench('purchases', () =>
  withSeededGateway('purchases', async ({ gateway }) => {
    const commands = new Map<string, number>();
    gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));
    const accountId = (await createAccount(gateway.store, { name: 'Compras SA', cuit: '30-71111111-1' })).toHexString();
    const { key } = await createApiKey(gateway.store, { accountId, scopes: [...SCOPES] });
    const { send } = client(key);
    const call = async (method: string, url: string, body?: unknown) => {
      const reply = await send(gateway.url, method, url, body);
      return { json: JSON.parse(reply.text) as { data?: any }, requestId: reply.requestId };
    };

    await call('POST', '/api/v1/accounting/accounts/seed/');
    const rows = Array.from({ length: SUPPLIERS }, (_, i) =>
      [1, 2].map(
        (n) =>
          `2026-02-0${n};1;5;${i * 10 + n};${i * 10 + n};75481234500011;80;${cuitOf(10_000_000 + i * 37)};PROVEEDOR ${i} S.A.;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00`,
      ),
    ).flat();
    const form = new FormData();
    form.append('file', new File([`${HEADER}\n${rows.join('\n')}\n`], 'bench.csv'));
    const upload = await fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/?create_missing_suppliers=true`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    if (upload.status !== 200) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const invoices: Array<{ id: string; voucher_number: number }> = [];
    for (let page = 1; invoices.length < 2 * SUPPLIERS; page++)
      invoices.push(...(await call('GET', `/api/v1/received_invoices/list/?limit=100&page=${page}`)).json.data.items);
    const suppliers = (await call('GET', '/api/v1/suppliers/list/?limit=100')).json.data.items as Array<{ _id: string; name: string }>;
    const created = await call('POST', '/api/v1/expenses/bulk/create/', {
      items: suppliers.map((s) => ({ amount: 121, tax_rate: 21, description: `Gasto ${s.name}`, supplier_id: s._id, status: 'approved', date: '2026-02-03' })),
    });
    const expenses = created.json.data.items as Array<{ _id: string }>;

    const results: Array<{ label: string; ms: number; commands: number }> = [];
    const measure = async (label: string, runs: Array<() => Promise<{ requestId: string }>>) => {
      const started = process.hrtime.bigint();
      let last = { requestId: '' };
      for (const run of runs) last = await run();
      const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs.length;
      await new Promise((resolve) => setTimeout(resolve, 20));
      results.push({ label, ms, commands: commands.get(last.requestId) ?? 0 });
    };
    const firsts = invoices.filter((invoice) => invoice.voucher_number % 10 === 1);
    await measure(
      `REST POST /received_invoices/{id}/post/ (${firsts.length} invoices)`,
      firsts.map((invoice) => () => call('POST', `/api/v1/received_invoices/${invoice.id}/post/`)),
    );
    await measure(
      `REST POST /expenses/{id}/post/ (${expenses.length} expenses)`,
      expenses.map((expense) => () => call('POST', `/api/v1/expenses/${expense._id}/post/`)),
    );
    for (const first of [10, 100]) {
      const query = DASHBOARD(first);
      const run = () => call('POST', '/graphql', { query });
      for (let i = 0; i < 5; i++) await run();
      await measure(
        `GraphQL purchase dashboard, ${first} suppliers`,
        Array.from({ length: 50 }, () => run),
      );
    }

    const cpus = os.cpus();
    console.log(`\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · embedded engine · one sequential client\n`);
    console.log('| request | ms/request | MongoDB commands |');
    console.log('|---|---:|---:|');
    for (const row of results) console.log(`| ${row.label} | ${row.ms.toFixed(2)} | ${row.commands} |`);
  }),
);
