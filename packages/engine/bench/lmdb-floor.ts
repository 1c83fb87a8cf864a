/**
 * What LMDB itself allows an insert: the writes an insertMany of bench suppliers makes in the engine (each document
 * under its `_id` key, and one entry in each of the two indexes `{account_id, name}` and `{account_id, status, name}`,
 * keys encoded as the engine encodes them), without the engine, the wire or the driver: 10,000 documents per write
 * transaction, each transaction flushed to disk before the next starts, as the engine acknowledges an insert.
 * Prints the rate of each tenth of the load, so how it falls as the indexes grow shows.
 *
 *   node --require @swc-node/register bench/lmdb-floor.ts [documents = 1000000] [documents per transaction = 10000]
 *
 * `LMDB_PAGE_SIZE=65536` and `LMDB_WRITEMAP=1` try LMDB's page size and write-map options (the engine uses neither).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON } from 'bson';
import { open, TransactionFlags } from 'lmdb';
import { encodeComponents, encodeValue } from '../src/storage/sort-key';
import { prng } from '../test/support/prng';
import { supplier } from './suppliers';

const FLAGS = TransactionFlags.ABORTABLE | TransactionFlags.SYNCHRONOUS_COMMIT | TransactionFlags.NO_SYNC_FLUSH;

function prefixed(id: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(id);
  return Buffer.concat([head, ...parts]);
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 1_000_000);
  const perTransaction = Number(process.argv[3] ?? 10_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lmdb-floor-'));
  const env = open({
    path: dir,
    maxDbs: 8,
    mapSize: 64 * 1024 ** 3,
    overlappingSync: true,
    ...(process.env.LMDB_PAGE_SIZE ? { pageSize: Number(process.env.LMDB_PAGE_SIZE) } : {}),
    ...(process.env.LMDB_WRITEMAP ? { useWritemap: true } : {}),
  });
  const binary = { keyEncoding: 'binary', encoding: 'binary' } as const;
  const docs = env.openDB<Buffer, Buffer>('docs', binary);
  const entries = env.openDB<Buffer, Buffer>('entries', binary);
  const random = prng(42);
  const report = Math.max(perTransaction, Math.floor(total / 10));
  let segmentNs = 0;
  let segmentDocs = 0;
  let overallNs = 0;
  console.log(`LMDB alone: ${total.toLocaleString('en')} suppliers, ${perTransaction.toLocaleString('en')} per flushed write transaction\n`);
  console.log('| documents stored | documents/s in this tenth |');
  console.log('|---:|---:|');
  try {
    for (let at = 0; at < total; ) {
      const writes: Array<[Buffer, Buffer, Buffer, Buffer, Buffer]> = [];
      for (let k = 0; k < perTransaction && at + k < total; k++) {
        const doc = supplier(at + k, random);
        const id = encodeValue(doc._id);
        const byName = encodeComponents([doc.account_id, doc.name], [false, false]).key;
        const byStatus = encodeComponents([doc.account_id, doc.status, doc.name], [false, false, false]).key;
        writes.push([prefixed(1, id), Buffer.from(BSON.serialize(doc)), prefixed(2, byName, id), prefixed(3, byStatus, id), id]);
      }
      // Only the writes and their flush are timed, not making the documents.
      const started = process.hrtime.bigint();
      env.transactionSync(() => {
        for (const [docKey, bytes, nameKey, statusKey, id] of writes) {
          docs.put(docKey, bytes);
          entries.put(nameKey, id);
          entries.put(statusKey, id);
        }
      }, FLAGS);
      await env.flushed;
      const ns = Number(process.hrtime.bigint() - started);
      overallNs += ns;
      segmentNs += ns;
      segmentDocs += writes.length;
      const before = at;
      at += writes.length;
      if (Math.floor(at / report) > Math.floor(before / report) || at === total) {
        console.log(`| ${at.toLocaleString('en')} | ${Math.round(segmentDocs / (segmentNs / 1e9)).toLocaleString('en')} |`);
        segmentNs = 0;
        segmentDocs = 0;
      }
    }
    console.log(`\nwhole load: ${Math.round(total / (overallNs / 1e9)).toLocaleString('en')} documents/s (writing and flushing only)`);
  } finally {
    await env.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
