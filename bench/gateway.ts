/**
 * Request throughput of the gateway through HTTP, one client at a time: `npm run bench:gateway`.
 * Starts the gateway on an embedded engine in a temporary directory (removed at the end), seeds one account, and
 * prints a markdown table: requests/s, ms per request and the MongoDB commands each request sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createAccount, createApiKey } from '../src/domain/auth/admin';
import { SCOPES } from '../src/domain/auth/scopes';
import { startGateway } from '../src/gateway';
import { createLogger } from '../src/logger';

interface Row {
  label: string;
  perSecond: number;
  msPerRequest: number;
  commands: number;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-bench-'));
  const config = loadConfig({ PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const gateway = await startGateway({ config, log: createLogger('silent') });
  const commands = new Map<string, number>();
  gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));
  try {
    const accountId = (await createAccount(gateway.store, { name: 'Bench SA', cuit: '30-71234567-1' })).toHexString();
    const { key } = await createApiKey(gateway.store, { accountId, scopes: [...SCOPES] });
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${gateway.url}${url}`, {
        method,
        headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await response.json()) as { errors?: unknown; success?: boolean; data?: any };
      if (!response.ok || json.errors) throw new Error(`${method} ${url} → ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { json, requestId: response.headers.get('x-request-id')! };
    };
    const gql = (query: string, variables: Record<string, unknown> = {}) => call('POST', '/graphql', { query, variables });

    // Seed: 200 suppliers, 100 customers, 100 products, 100 issued delivery notes of 3 lines each.
    await call('POST', '/api/v1/suppliers/bulk/create/', { items: Array.from({ length: 200 }, (_, i) => ({ name: `Proveedor ${i}`, tax_id: `T-${i}`, tags: ['bench'] })) });
    const customers: string[] = [];
    const products: string[] = [];
    for (let i = 0; i < 100; i++) {
      customers.push((await gql('mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', { i: { name: `Cliente ${i}` } })).json.data!.createCustomer.id);
      products.push((await gql('mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', { i: { name: `Producto ${i}`, sku: `SKU-${i}`, price: 10.5, stock: 1000 } })).json.data!.createProduct.id);
    }
    for (let i = 0; i < 100; i++) {
      const items = [0, 1, 2].map((j) => ({ description: `Línea ${j}`, quantity: 1, productId: products[(i + j) % 100], unitPrice: 10.5 }));
      await gql('mutation($i: CreateDeliveryNoteInput!) { createDeliveryNote(input: $i) { id } }', { i: { customerId: customers[i], items, status: 'issued' } });
    }
    const supplierId = (await call('GET', '/api/v1/suppliers/list/?limit=1')).json.data.items[0]._id as string;

    const cases: Array<[string, number, () => Promise<{ requestId: string }>]> = [
      ['GET /healthz (HTTP floor)', 2000, () => call('GET', '/healthz').then(() => ({ requestId: '' }))],
      ['REST GET /suppliers/{id}/', 1000, () => call('GET', `/api/v1/suppliers/${supplierId}/`)],
      ['GraphQL supplier(id)', 1000, () => gql('query($id: ID!) { supplier(id: $id) { id name taxId } }', { id: supplierId })],
      ['REST GET /suppliers/list/?limit=100', 300, () => call('GET', '/api/v1/suppliers/list/?limit=100')],
      ['GraphQL suppliers(first: 100)', 300, () => gql('{ suppliers(first: 100) { totalCount nodes { id name taxId status } } }')],
      [
        'GraphQL 100 delivery notes + customer + products',
        200,
        () => gql('{ deliveryNotes(first: 100) { totalCount nodes { number customer { name } items { quantity product { name sku } } } } }'),
      ],
      ['REST POST /suppliers/ (create)', 500, () => call('POST', '/api/v1/suppliers/', { name: `Nuevo ${Math.random()}` })],
    ];
    const rows: Row[] = [];
    for (const [label, count, run] of cases) {
      for (let i = 0; i < Math.ceil(count / 10); i++) await run();
      const started = process.hrtime.bigint();
      let last = { requestId: '' };
      for (let i = 0; i < count; i++) last = await run();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows.push({ label, perSecond: (count * 1000) / ms, msPerRequest: ms / count, commands: commands.get(last.requestId) ?? 0 });
    }
    const cpus = os.cpus();
    console.log(`\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · embedded engine · one sequential client\n`);
    console.log('| request | req/s | ms/request | MongoDB commands |');
    console.log('|---|---:|---:|---:|');
    for (const row of rows) {
      console.log(`| ${row.label} | ${row.perSecond.toFixed(0)} | ${row.msPerRequest.toFixed(2)} | ${row.label.startsWith('GET /healthz') ? '—' : row.commands} |`);
    }
  } finally {
    await gateway.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`bench:gateway failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
