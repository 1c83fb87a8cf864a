/**
 * The engine at growing sizes, through the official `mongodb` driver: `npm run bench -- [sizes…]` (default 1,000,
 * 100,000 and 1,000,000 documents of one account). For each size: a fresh engine on a temp directory (removed at
 * the end), insertMany of the documents, the list/filter/count/get operations of a REST list, the engine's heap and
 * RSS, and the time to open the loaded directory again. Prints a markdown table; exits non-zero only on errors.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Collection, type IndexDescription, MongoClient, type ObjectId } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';
import { prng } from '../test/support/prng';
import { account, supplier } from './suppliers';

const DEFAULT_SIZES = [1_000, 100_000, 1_000_000];
/** Loads timed for a size that one insertMany call loads (their median is reported). */
const INSERT_SAMPLES = 9;
/** Documents per insertMany call, as a bulk import sends them. */
const BATCH = 10_000;
const PAGE = 20;
const LATE_PAGE = 50;

const random = prng(42);

/** Mean milliseconds per call over `count` sequential calls, after a tenth as many untimed. */
async function timeMs(count: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.ceil(count / 10); i++) await fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / count;
}

interface Figures {
  size: number;
  insertDocsPerSecond: number;
  ms: Record<string, number>;
  keysExaminedPage1: number;
  heapMb: number;
  rssLoadMb: number;
  openMs: number;
  rssRestMb: number;
  diskMb: number;
}

async function engineMemory(client: MongoClient): Promise<{ heapMb: number; rssMb: number }> {
  const status = await client.db('admin').command({ serverStatus: 1 });
  return { heapMb: status.engine.heapUsedBytes / 1048576, rssMb: status.engine.rssBytes / 1048576 };
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await dirBytes(full) : (await fs.stat(full)).size;
  }
  return total;
}

async function load(suppliers: Collection, size: number): Promise<{ ids: ObjectId[]; docsPerSecond: number }> {
  const ids: ObjectId[] = [];
  let insertMs = 0;
  for (let at = 0; at < size; at += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, size - at) }, (_, k) => supplier(at + k, random));
    for (let k = 0; k < docs.length && ids.length < 10_000; k += Math.max(1, Math.floor(size / 10_000))) ids.push(docs[k]._id as ObjectId);
    const start = process.hrtime.bigint();
    await suppliers.insertMany(docs);
    insertMs += Number(process.hrtime.bigint() - start) / 1e6;
  }
  return { ids, docsPerSecond: (size * 1000) / insertMs };
}

/**
 * Untimed inserts into a scratch collection (dropped after), as every other operation is timed after untimed calls:
 * a fresh engine and driver compile their insert paths on the first calls, which would otherwise be most of the
 * 1,000-document figure (one call of 1,000 took 63 ms cold and 15–20 ms from the fourth call on).
 */
async function warmUp(scratch: Collection, indexes: IndexDescription[]): Promise<void> {
  await scratch.createIndexes(indexes);
  const random = prng(7);
  for (let round = 0; round < 5; round++) await scratch.insertMany(Array.from({ length: 1_000 }, (_, k) => supplier(round * 1_000 + k, random)));
  await scratch.drop();
}

async function operations(suppliers: Collection, ids: ObjectId[], size: number): Promise<Record<string, number>> {
  const byName = { name: 1 } as const;
  const pick = () => ids[Math.floor(random() * ids.length)];
  const lateSkip = Math.min(LATE_PAGE - 1, Math.floor(size / PAGE) - 1) * PAGE;
  return {
    [`list page 1 (${PAGE}, by name)`]: await timeMs(200, () => suppliers.find({ account_id: account }).sort(byName).limit(PAGE).toArray()),
    [`list page ${lateSkip / PAGE + 1}`]: await timeMs(100, () => suppliers.find({ account_id: account }).sort(byName).skip(lateSkip).limit(PAGE).toArray()),
    'filtered list (status, page 1)': await timeMs(200, () => suppliers.find({ account_id: account, status: 'blocked' }).sort(byName).limit(PAGE).toArray()),
    'count (totalCount)': await timeMs(200, () => suppliers.countDocuments({ account_id: account })),
    'count by status': await timeMs(200, () => suppliers.countDocuments({ account_id: account, status: 'blocked' })),
    'get by id (with account)': await timeMs(500, async () => {
      if (!(await suppliers.findOne({ _id: pick(), account_id: account }))) throw new Error('get by id found nothing');
    }),
  };
}

async function measureSize(size: number): Promise<Figures> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engine-bench-'));
  let engine: EngineHandle | undefined;
  let client: MongoClient | undefined;
  try {
    engine = await startEngine({ dbpath: dir });
    client = await MongoClient.connect(engine.uri);
    const suppliers = client.db('bench').collection('suppliers');
    const indexes: IndexDescription[] = [{ key: { account_id: 1, name: 1 } }, { key: { account_id: 1, status: 1, name: 1 } }];
    await warmUp(client.db('bench').collection('warm_up'), indexes);
    await suppliers.createIndexes(indexes);
    const first = await load(suppliers, size);
    const { ids } = first;
    let docsPerSecond = first.docsPerSecond;
    if (size <= BATCH) {
      // A load of one call is one sample of a few milliseconds: the median of nine loads of fresh collections.
      const rates = [docsPerSecond];
      for (let i = 1; i < INSERT_SAMPLES; i++) {
        const fresh = client.db('bench').collection(`suppliers_${i}`);
        await fresh.createIndexes(indexes);
        rates.push((await load(fresh, size)).docsPerSecond);
        await fresh.drop();
      }
      docsPerSecond = rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)];
    }
    const ms = await operations(suppliers, ids, size);
    const explained = await suppliers.find({ account_id: account }).sort({ name: 1 }).limit(PAGE).explain('executionStats');
    const loaded = await engineMemory(client);
    await client.close();
    await engine.stop();

    const openStart = process.hrtime.bigint();
    engine = await startEngine({ dbpath: dir });
    client = await MongoClient.connect(engine.uri);
    await client.db('bench').collection('suppliers').findOne({ _id: ids[0] });
    const openMs = Number(process.hrtime.bigint() - openStart) / 1e6;
    await operations(client.db('bench').collection('suppliers'), ids, size);
    const rest = await engineMemory(client);
    return {
      size,
      insertDocsPerSecond: docsPerSecond,
      ms,
      keysExaminedPage1: explained.executionStats.totalKeysExamined,
      heapMb: Math.max(loaded.heapMb, rest.heapMb),
      rssLoadMb: loaded.rssMb,
      openMs,
      rssRestMb: rest.rssMb,
      diskMb: (await dirBytes(dir)) / 1048576,
    };
  } finally {
    await client?.close();
    await engine?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function printTable(all: Figures[]): void {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const ms = (n: number) => fmt(n, n < 10 ? 2 : 0);
  const cpus = os.cpus();
  console.log(`\nnode ${process.version} · ${cpus[0]?.model ?? 'unknown CPU'} · ${cpus.length} cores · ${fmt(os.totalmem() / 1024 ** 3)} GB RAM\n`);
  console.log(`| operation | ${all.map((f) => fmt(f.size)).join(' | ')} |`);
  console.log(`|---|${all.map(() => '---:').join('|')}|`);
  for (const op of Object.keys(all[0].ms))
    console.log(`| ${op} (ms) | ${all.map((f) => ms(Object.values(f.ms)[Object.keys(all[0].ms).indexOf(op)])).join(' | ')} |`);
  const rows: Array<[string, (f: Figures) => string]> = [
    ['index keys examined, page 1', (f) => fmt(f.keysExaminedPage1)],
    ['insertMany (docs/s, 10,000 per call)', (f) => fmt(f.insertDocsPerSecond)],
    ['engine JS heap (MB)', (f) => fmt(f.heapMb, 1)],
    ['engine RSS after load (MB)', (f) => fmt(f.rssLoadMb)],
    ['open the loaded directory, to first answer (ms)', (f) => fmt(f.openMs)],
    ['engine RSS at rest after reopening (MB)', (f) => fmt(f.rssRestMb)],
    ['on disk (MB)', (f) => fmt(f.diskMb)],
  ];
  for (const [label, value] of rows) console.log(`| ${label} | ${all.map(value).join(' | ')} |`);
}

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const all: Figures[] = [];
  for (const size of sizes.length ? sizes : DEFAULT_SIZES) {
    process.stderr.write(`measuring ${size} documents…\n`);
    all.push(await measureSize(size));
  }
  printTable(all);
}

main().catch((error: Error) => {
  console.error(`bench failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
