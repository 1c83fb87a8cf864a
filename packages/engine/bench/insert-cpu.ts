/**
 * CPU time per inserted document inside the engine, without the driver or the socket: OP_MSG insert messages of
 * 10,000 supplier documents (the shape and indexes of bench/engine.ts) are decoded and executed in this process,
 * and `process.cpuUsage()` (user + system, every thread of the process) is read around each step. Wall-clock
 * throughput on a shared machine swings with the load; CPU time per document swings much less, so changes to the
 * insert path are judged by it. The minimum over several rounds (a fresh store each) is reported.
 *
 *   node --require @swc-node/register bench/insert-cpu.ts [documents per round = 100000] [rounds = 5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BSON, type Document } from 'bson';
import { Engine } from '../src/engine';
import { closeStore, openStore } from '../src/storage/open';
import { decodeMessage, OP_MSG } from '../src/wire';
import { prng } from '../test/support/prng';
import { supplier } from './suppliers';

const BATCH = 10_000;

/** An insert as the driver frames insertMany: the command in a body section, the documents in a kind-1 section. */
function insertMessage(requestId: number, documents: Document[]): Buffer {
  const body = BSON.serialize({ insert: 'suppliers', ordered: true, $db: 'bench' });
  const docs = documents.map((doc) => BSON.serialize(doc));
  const name = Buffer.from('documents\0', 'latin1');
  const sectionSize = 4 + name.length + docs.reduce((sum, doc) => sum + doc.length, 0);
  const header = Buffer.alloc(21);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(OP_MSG, 12);
  header.writeInt32LE(requestId, 4);
  const sectionHead = Buffer.alloc(5);
  sectionHead[0] = 1;
  sectionHead.writeInt32LE(sectionSize, 1);
  const message = Buffer.concat([header, body, sectionHead, name, ...docs]);
  message.writeInt32LE(message.length, 0);
  return message;
}

function cpuMicros(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

async function round(total: number, seed: number): Promise<{ decode: number; execute: number }> {
  const random = prng(seed);
  const messages: Buffer[] = [];
  for (let at = 0; at < total; at += BATCH) {
    messages.push(
      insertMessage(
        at / BATCH + 1,
        Array.from({ length: Math.min(BATCH, total - at) }, (_, k) => supplier(at + k, random)),
      ),
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-insert-cpu-'));
  const store = await openStore(dir);
  const engine = new Engine(store, { host: '127.0.0.1', port: 0 });
  try {
    const created = (await engine.execute(
      {
        createIndexes: 'suppliers',
        indexes: [
          { key: { account_id: 1, name: 1 }, name: 'a_n' },
          { key: { account_id: 1, status: 1, name: 1 }, name: 'a_s_n' },
        ],
        $db: 'bench',
      },
      1,
    )) as Document;
    if (created.ok !== 1) throw new Error(`createIndexes failed: ${JSON.stringify(created)}`);
    let decode = 0;
    let execute = 0;
    for (const message of messages) {
      let start = process.cpuUsage();
      const request = decodeMessage(message);
      decode += cpuMicros(start);
      start = process.cpuUsage();
      const reply = (await engine.execute(request.command, 1)) as Document;
      execute += cpuMicros(start);
      if (reply.ok !== 1 || reply.writeErrors) throw new Error(`insert failed: ${JSON.stringify(reply).slice(0, 300)}`);
    }
    return { decode: decode / total, execute: execute / total };
  } finally {
    engine.close();
    await closeStore(dir, store);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const total = Number(process.argv[2] ?? 100_000);
  const rounds = Number(process.argv[3] ?? 5);
  const results: Array<{ decode: number; execute: number }> = [];
  for (let r = 0; r < rounds; r++) {
    const result = await round(total, r + 1);
    results.push(result);
    console.log(
      `round ${r + 1}: decode ${result.decode.toFixed(2)} µs/doc, execute ${result.execute.toFixed(2)} µs/doc, total ${(result.decode + result.execute).toFixed(2)}`,
    );
  }
  const min = (pick: (r: { decode: number; execute: number }) => number) => Math.min(...results.map(pick)).toFixed(2);
  console.log(
    `minimum over ${rounds} rounds of ${total.toLocaleString('en')} documents: decode ${min((r) => r.decode)}, execute ${min((r) => r.execute)}, total ${min((r) => r.decode + r.execute)} µs/doc (CPU)`,
  );
}

void main();
