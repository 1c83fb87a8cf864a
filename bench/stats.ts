/**
 * The statistics at scale: `npm run bench:stats [-- --documents N]`.
 * Seeds N documents (default 100,000) in one account across the collections the dashboard aggregates on — received
 * invoices, expenses, issued vouchers (FCE among them), products and supplies — spread over 2026, builds the daily
 * totals the writes would have kept, then times the
 * dashboard of October 2026 (beside September, and the stock value) and the transaction series, and checks the
 * series against a brute-force sum. Embedded engine in a temporary directory, removed at the end.
 */
import './production';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ObjectId } from 'mongodb';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/domain/auth/auth.admin';
import { createContext } from '../src/domain/context';
import { declaredIndexes } from '../src/domain/declarations';
import { SecretBox } from '../src/domain/secrets';
import { rebuildAllDailyTotals } from '../src/domain/stats/daily-totals';
import { dashboard } from '../src/domain/stats/dashboard';
import { transactionSeries } from '../src/domain/stats/series';
import { createLogger } from '../src/logger';
import { ensureIndexes } from '../src/store/catalog';
import { connectStore } from '../src/store/connect';
import { Store } from '../src/store/store';
import { runBench } from './harness';
import { percentiles, timed } from './timing';
import { prng } from '../test/support/prng';

const { values } = parseArgs({ options: { documents: { type: 'string', default: '100000' } } });
const DOCUMENTS = Number(values.documents);
const RUNS = 30;
const BATCH = 5_000;
const HOUR = 3_600_000;

async function repeat(name: string, run: () => Promise<unknown>): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push((await timed(run)).ms);
  console.log(`${name} (${RUNS} runs): ${percentiles(samples)}`);
  return [...samples].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

runBench('stats', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stats-'));
  const connection = await connectStore({ dataDir: dir });
  try {
    const store = new Store(connection.client, connection.client.db('bench_stats'));
    await ensureIndexes(store.db, declaredIndexes());
    const accountId = await createAccount(store, { name: 'Bench Estadísticas SA', cuit: '30-71234567-1' });
    const now = new Date('2026-11-15T15:00:00Z');
    const stamp = { account_id: accountId, created_at: now, updated_at: now };
    const next = prng(7);
    const instantIn2026 = () => new Date(Date.UTC(2026, 0, 1, 3) + Math.floor(next() * 365) * 24 * HOUR);
    const dayIn2026 = () => instantIn2026().toISOString().slice(0, 10);

    // Shares of the documents: received invoices 40 %, expenses 30 %, issued vouchers 25 %, products and supplies 2.5 % each.
    const shares = { received_invoices: 0.4, expenses: 0.3, issued_vouchers: 0.25, products: 0.025, supplies: 0.025 };
    const make: Record<keyof typeof shares, (i: number) => Record<string, unknown>> = {
      received_invoices: (i) => ({
        ...stamp,
        supplier_cuit: `30${String(70_000_000 + (i % 400)).padStart(8, '0')}1`,
        supplier_name: `Proveedor ${i % 400}`,
        voucher_type: next() < 0.1 ? 3 : 1,
        voucher_class: next() < 0.1 ? 'credit_note' : 'invoice',
        sale_point: 1 + (i % 5),
        voucher_number: i + 1,
        issue_date: instantIn2026(),
        currency: 'PES',
        exchange_rate: next() < 0.05 ? 1050.5 : 1,
        total_amount_cents: 1 + Math.floor(next() * 10_000_000),
        vat_items: [{ aliquot: 21, base_cents: 100_000, amount_cents: 21_000 }],
        status: ['pending', 'linked', 'ignored'][Math.floor(next() * 3)],
      }),
      expenses: (i) => ({
        ...stamp,
        description: `Gasto ${i}`,
        amount_cents: 1 + Math.floor(next() * 5_000_000),
        tax_rate: 21,
        date: dayIn2026(),
        category: ['Servicios', 'Alquiler', 'Insumos', 'Viáticos'][i % 4],
        status: ['pending', 'approved', 'paid', 'cancelled'][Math.floor(next() * 4)],
        iva_items: [{ id: 5, base_imp_cents: 10_000, importe_cents: 2_100 }],
        ...(next() < 0.3 ? { journal_entry_id: new ObjectId() } : {}),
      }),
      issued_vouchers: (i) => {
        const fce = next() < 0.1;
        return {
          ...stamp,
          voucher_type: fce ? 201 : next() < 0.1 ? 3 : 1,
          voucher_class: next() < 0.1 ? 'credit_note' : 'invoice',
          sale_point: 2,
          voucher_number: i + 1,
          issue_date: instantIn2026(),
          receiver_doc: `20${String(10_000_000 + (i % 1000)).padStart(8, '0')}6`,
          currency: 'PES',
          exchange_rate: 1,
          total_amount_cents: 1 + Math.floor(next() * 20_000_000),
          iva_cents: Math.floor(next() * 3_000_000),
          ...(fce ? { fce_status: ['pending', 'accepted', 'rejected'][Math.floor(next() * 3)], fce_events: 0, last_event_at: null } : {}),
        };
      },
      products: (i) => ({
        ...stamp,
        sku: `SKU-${i}`,
        name: `Producto ${i}`,
        price_cents: 1 + Math.floor(next() * 100_000),
        stock_milli: Math.floor(next() * 1_000_000),
      }),
      supplies: (i) => ({ ...stamp, name: `Insumo ${i}`, default_amount_cents: 1 + Math.floor(next() * 50_000), stock_milli: Math.floor(next() * 1_000_000) }),
    };
    const seeding = await timed(async () => {
      for (const [collection, share] of Object.entries(shares) as Array<[keyof typeof shares, number]>) {
        const count = Math.round(DOCUMENTS * share);
        for (let first = 0; first < count; first += BATCH)
          await store.collection(collection).insertMany(Array.from({ length: Math.min(BATCH, count - first) }, (_, k) => make[collection](first + k)));
      }
    });
    console.log(`seeded ${DOCUMENTS.toLocaleString('en')} documents in ${(seeding.ms / 1000).toFixed(1)} s`);
    // Written directly, the documents skip the writes that keep the daily totals: built as start-up builds them.
    const building = await timed(() => rebuildAllDailyTotals(store.db));
    console.log(`built the daily totals from them in ${(building.ms / 1000).toFixed(1)} s`);

    const context = createContext({
      requestId: 'bench',
      log: createLogger('silent'),
      store,
      principal: { accountId, userId: null, scopes: new Set(['stats:read']), via: 'api_key' },
      secrets: new SecretBox(randomBytes(32)),
      platform: { fceMinThresholdArs: loadConfig({}).FCE_MIN_THRESHOLD_ARS },
      now: () => now,
    });

    const sample = await dashboard(context, '2026-10', now);
    console.log(
      `dashboard 2026-10: ${sample.current.purchases.count} received invoices, ${sample.current.expenses.count} expenses, ${sample.current.fce.reduce((sum, row) => sum + row.count, 0)} FCE vouchers`,
    );
    const median = await repeat('dashboard of a month (October 2026, beside September, and the stock value)', () => dashboard(context, '2026-10', now));

    // Its parts: both months' daily totals (one index range per source), and the stock value over every product and supply.
    await repeat('  part: daily totals of September and October', () =>
      store
        .collection('stats_daily_totals')
        .find({ account_id: accountId, source: { $in: ['received_invoices', 'expenses', 'issued_vouchers'] }, day: { $gte: '2026-09-01', $lt: '2026-11-01' } })
        .toArray(),
    );
    await repeat('  part: stock value (products and supplies)', () =>
      Promise.all(
        (['products', 'supplies'] as const).map((collection) =>
          store
            .collection(collection)
            .aggregate([{ $match: { account_id: accountId } }, { $group: { _id: null, cents: { $sum: '$stock_milli' } } }])
            .toArray(),
        ),
      ),
    );

    const series = [
      { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-12-31' },
      { measure: 'expenses', interval: 'week', from: '2026-01-01', to: '2026-12-31' },
      { measure: 'sales', interval: 'day', from: '2026-01-01', to: '2026-12-31' },
      { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-12-31', status: 'linked' },
      // A supplier filter reads the documents (the totals are not split by supplier).
      { measure: 'purchases', interval: 'month', from: '2026-01-01', to: '2026-12-31', supplierTaxId: '30700000001' },
      { measure: 'expenses', interval: 'month', from: '2026-01-01', to: '2026-12-31', category: 'Servicios' },
    ];
    for (const body of series) await repeat(`series ${JSON.stringify(body)}`, () => transactionSeries(context, body));

    // Brute force: the year's purchases added up here, document by document.
    const purchases = await transactionSeries(context, series[0]);
    let cents = 0;
    for await (const doc of store.collection('received_invoices').find({ account_id: accountId }))
      cents += Math.floor(doc.total_amount_cents * doc.exchange_rate + 0.5) * (doc.voucher_class === 'credit_note' ? -1 : 1);
    const agree = Math.round(purchases.total * 100) === cents;
    console.log(`purchases of 2026: series ${purchases.total} pesos ${agree ? 'equals' : 'DIFFERS FROM'} the brute-force sum`);
    if (!agree) throw new Error('the series differs from the sum of the documents');
    console.log(`dashboard median ${median.toFixed(1)} ms: ${median < 200 ? 'within' : 'OVER'} the 200 ms target`);
  } finally {
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
