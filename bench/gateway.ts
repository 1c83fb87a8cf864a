/**
 * Request throughput of the gateway through HTTP, one client at a time: `npm run bench:gateway`.
 * Starts the gateway on an embedded engine in a temporary directory (removed at the end), seeds one account, and
 * prints two markdown tables: requests/s, ms per request and the MongoDB commands of each request; and the
 * gateway side by side with hand-written endpoints (bench/baselines.ts) answering the same bytes.
 */
import './production';
import os from 'node:os';
import { runBench, withSeededGateway } from './harness';
import { NOTES, SUPPLIER_FIELDS } from './seed';
import { printPairs, sideBySide, type PairResult } from './side-by-side';

interface Row {
  label: string;
  perSecond: number;
  msPerRequest: number;
  commands: number;
}

runBench('gateway', () =>
  withSeededGateway('bench', async ({ gateway, baselines, send }) => {
    const commands = new Map<string, number>();
    gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));
    const call = async (method: string, url: string, body?: unknown) => {
      const { text, requestId } = await send(gateway.url, method, url, body);
      return { json: JSON.parse(text) as { success?: boolean; data?: any }, requestId };
    };
    const gql = (query: string, variables: Record<string, unknown> = {}) => call('POST', '/graphql', { query, variables });
    const supplierId = (await call('GET', '/api/v1/suppliers/list/?limit=1')).json.data.items[0]._id as string;

    const cases: Array<[string, number, () => Promise<{ requestId: string }>]> = [
      ['GET /healthz (HTTP floor)', 2000, () => call('GET', '/healthz').then(() => ({ requestId: '' }))],
      ['REST GET /suppliers/{id}/', 1000, () => call('GET', `/api/v1/suppliers/${supplierId}/`)],
      ['GraphQL supplier(id)', 1000, () => gql('query($id: ID!) { supplier(id: $id) { id name taxId } }', { id: supplierId })],
      ['REST GET /suppliers/list/?limit=100', 300, () => call('GET', '/api/v1/suppliers/list/?limit=100')],
      ['GraphQL suppliers(first: 100)', 300, () => gql('{ suppliers(first: 100) { totalCount nodes { id name taxId status } } }')],
      ['GraphQL 10 delivery notes + customer + products', 400, () => gql(NOTES(10))],
      ['GraphQL 100 delivery notes + customer + products', 200, () => gql(NOTES(100))],
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

    // Side by side: the baselines must answer exactly what the gateway does, or the ratio means nothing.
    const restList = () => send(gateway.url, 'GET', '/api/v1/suppliers/list/?limit=20');
    const rawList = () => send(baselines.url, 'GET', '/suppliers');
    const gqlList = () => send(gateway.url, 'POST', '/graphql', { query: `{ suppliers(first: 20) { totalCount nodes { ${SUPPLIER_FIELDS} } } }` });
    const gqlNotes = () => send(gateway.url, 'POST', '/graphql', { query: NOTES(100) });
    const lookupNotes = () => send(baselines.url, 'GET', '/delivery-notes?first=100');
    for (const [label, ours, theirs] of [
      ['REST list', restList, rawList],
      ['delivery notes', gqlNotes, lookupNotes],
    ] as const) {
      // Apollo ends its body with a newline; nothing else may differ.
      const [a, b] = [(await ours()).text.trimEnd(), (await theirs()).text];
      if (a !== b) {
        const at = [...a].findIndex((char, i) => char !== b[i]);
        throw new Error(`the ${label} baseline answers differently from character ${at}:\n${a.slice(at - 100, at + 200)}\n${b.slice(at - 100, at + 200)}`);
      }
    }
    const pairs: PairResult[] = [];
    pairs.push(
      await sideBySide({ label: 'REST list of 20 suppliers ÷ raw Express + driver handler', gateway: restList, baseline: rawList, requests: 60, target: 0.9 }),
    );
    pairs.push(
      await sideBySide({ label: 'GraphQL suppliers(first: 20) ÷ the same raw handler', gateway: gqlList, baseline: rawList, requests: 60, target: 0.8 }),
    );
    pairs.push(
      await sideBySide({
        label: 'GraphQL 100 delivery notes × customer × products ÷ one $lookup aggregation',
        gateway: gqlNotes,
        baseline: lookupNotes,
        requests: 10,
        target: 0.6,
      }),
    );

    const cpus = os.cpus();
    console.log(`\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · embedded engine · one sequential client\n`);
    console.log('| request | req/s | ms/request | MongoDB commands |');
    console.log('|---|---:|---:|---:|');
    for (const row of rows) {
      console.log(
        `| ${row.label} | ${row.perSecond.toFixed(0)} | ${row.msPerRequest.toFixed(2)} | ${row.label.startsWith('GET /healthz') ? '—' : row.commands} |`,
      );
    }
    console.log('\nSide by side (same engine, same data, alternating rounds):\n');
    printPairs(pairs);
  }),
);
