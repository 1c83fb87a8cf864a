/**
 * Throughput of the embedded engine through the official `mongodb` driver: `npm run bench:engine`.
 * Starts an engine on a fresh temp directory (removed at the end), or benchmarks `MONGODB_URI` on a fresh database
 * (dropped at the end). Prints a markdown table; exits 0 whether or not the targets are met, non-zero on errors.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';

const BULK_DOCS = 100_000;
const ACCOUNTS = 500;
const TAGS = ['retail', 'wholesale', 'export', 'promo', 'iva-21', 'iva-10.5', 'cuotas', 'mayorista'];

interface Row {
  op: string;
  rate: number; // ops/s or docs/s
  unit: 'ops/s' | 'docs/s';
  msPerOp: number;
  target?: string;
  met?: (row: Row, pingRate: number) => boolean;
}

/** Deterministic PRNG (mulberry32) so every run queries the same data. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const sku = (n: number): string => `SKU-${String(n).padStart(6, '0')}`;

/** Runs `fn` `warmup` times untimed, then `count` times sequentially; returns the timed row. */
async function measure(op: string, count: number, fn: (i: number) => Promise<unknown>, warmup = Math.ceil(count / 10)): Promise<Row> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await fn(i);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { op, rate: (count * 1000) / ms, unit: 'ops/s', msPerOp: ms / count };
}

function businessRecord(i: number, accounts: ObjectId[]): Document {
  const qty = 1 + Math.floor(random() * 20);
  return {
    account: pick(accounts),
    sku: sku(i),
    name: `Artículo ${i} ${pick(['tornillo', 'yerba', 'cable', 'resma', 'aceite'])}`,
    amount_cents: qty * (100 + Math.floor(random() * 250_000)),
    qty,
    tags: [pick(TAGS), pick(TAGS)],
    created_at: new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 365 * 86_400_000)),
  };
}

async function run(db: Db): Promise<Row[]> {
  const ping = await measure('driver ping (floor)', 3_000, () => db.command({ ping: 1 }));

  const items = db.collection('items');
  const ids: ObjectId[] = [];
  const accounts = Array.from({ length: ACCOUNTS }, () => new ObjectId());
  const insertOne = await measure('insertOne, sequential (acknowledged once journaled)', 3_000, async (i) => {
    ids.push((await items.insertOne(businessRecord(i, accounts))).insertedId);
  });
  const insertOneSynced = await measure('insertOne, sequential, {j: true} (waits for fsync)', 1_000, async (i) => {
    await items.insertOne(businessRecord(3_000 + i, accounts), { writeConcern: { j: true } });
  });
  const findOne = await measure('findOne({_id}), random ids', 3_000, async () => {
    if (!(await items.findOne({ _id: pick(ids) }))) throw new Error('findOne by _id found nothing');
  });

  const records = db.collection('records');
  const docs = Array.from({ length: BULK_DOCS }, (_, i) => businessRecord(i, accounts));
  await db.collection('warmup').insertMany(docs.slice(0, 1_000).map((doc) => ({ ...doc })));
  const bulkStart = process.hrtime.bigint();
  const inserted = await records.insertMany(docs);
  const bulkMs = Number(process.hrtime.bigint() - bulkStart) / 1e6;
  if (inserted.insertedCount !== BULK_DOCS) throw new Error(`insertMany inserted ${inserted.insertedCount}/${BULK_DOCS}`);
  const insertMany: Row = { op: `insertMany of ${BULK_DOCS.toLocaleString('en')} docs`, rate: (BULK_DOCS * 1000) / bulkMs, unit: 'docs/s', msPerOp: bulkMs / BULK_DOCS };
  await records.createIndex({ sku: 1 });

  const findSku = await measure('find({sku}).toArray(), indexed', 2_000, async () => {
    if ((await records.find({ sku: sku(Math.floor(random() * BULK_DOCS)) }).toArray()).length !== 1) throw new Error('find by sku did not find its document');
  });
  // 1,000 distinct keys, as a dataloader batch sends them: the answer is 1,000 documents.
  const inValues = () => {
    const start = Math.floor(random() * (BULK_DOCS - 100_000 / 2));
    return Array.from({ length: 1_000 }, (_, i) => sku(start + i * 37));
  };
  const findIn = await measure('find({sku: {$in: 1,000}}) over 100k', 20, async () => {
    if ((await records.find({ sku: { $in: inValues() } }).toArray()).length !== 1_000) throw new Error('$in did not find its 1,000 documents');
  }, 2);
  const group = [{ $group: { _id: '$account', total: { $sum: '$amount_cents' }, n: { $sum: 1 } } }];
  const aggregate = await measure('aggregate $group by account, 100k', 5, async () => {
    const groups = await records.aggregate(group).toArray();
    if (groups.reduce((sum, g) => sum + g.n, 0) !== BULK_DOCS) throw new Error('$group did not count every document');
  }, 1);

  insertOne.target = '≥ 0.5× ping';
  insertOne.met = (row, pingRate) => row.rate >= 0.5 * pingRate;
  findOne.target = '≥ 0.8× ping';
  findOne.met = (row, pingRate) => row.rate >= 0.8 * pingRate;
  insertMany.target = '≥ 30,000 docs/s';
  insertMany.met = (row) => row.rate >= 30_000;
  findIn.target = '< 50 ms';
  findIn.met = (row) => row.msPerOp < 50;
  return [ping, insertOne, insertOneSynced, findOne, findSku, insertMany, findIn, aggregate];
}

function printTable(rows: Row[], where: string): void {
  const pingRate = rows[0].rate;
  const fmt = (n: number, digits = 0) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const cpus = os.cpus();
  console.log(`\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · ${where}\n`);
  console.log('| operation | ops/s (or docs/s) | ms/op | ratio to ping | target | met? |');
  console.log('|---|---:|---:|---:|---|---|');
  for (const row of rows) {
    const met = row.met ? (row.met(row, pingRate) ? 'yes' : 'NO') : '—';
    const ms = fmt(row.msPerOp, row.msPerOp < 1 ? 3 : 1);
    const ratio = row.rate / pingRate;
    console.log(`| ${row.op} | ${fmt(row.rate, row.rate < 100 ? 1 : 0)} ${row.unit} | ${ms} | ${fmt(ratio, ratio < 0.1 ? 3 : 2)}× | ${row.target ?? '—'} | ${met} |`);
  }
  console.log(`\n${fmt(BULK_DOCS)} documents with distinct skus (indexed); ms/op of insertMany is per document.`);
}

async function main(): Promise<void> {
  const external = process.env.MONGODB_URI;
  let engine: EngineHandle | undefined;
  let tmp: string | undefined;
  let client: MongoClient | undefined;
  const dbName = `bench_engine_${Date.now()}_${process.pid}`;
  try {
    if (!external) tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-bench-'));
    if (tmp) engine = await startEngine({ dbpath: tmp });
    client = await new MongoClient(external ?? engine!.uri).connect();
    const rows = await run(client.db(dbName));
    printTable(rows, external ? `MONGODB_URI (db ${dbName})` : `embedded engine (pid ${engine!.pid}, ${tmp})`);
  } finally {
    if (client && external) await client.db(dbName).dropDatabase().catch((e: Error) => console.error(`dropDatabase failed: ${e.message}`));
    await client?.close();
    await engine?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(`bench:engine failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
