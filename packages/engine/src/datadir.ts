import fs from 'node:fs';
import path from 'node:path';
import type { Document } from 'bson';
import { decodeRecords, encodeRecord } from './journal';

/**
 * Files of a data directory: `mongod.lock`, at most one `snapshot-G.bin` (the whole state, written by compaction)
 * and `journal-G.bin` (what happened since that snapshot). Compaction writes `snapshot-(G+1)` to a temporary file,
 * renames it into place and only then starts `journal-(G+1)`, so a crash at any point leaves a consistent pair.
 */

export const LOCK_FILE = 'mongod.lock';
const SNAPSHOT = /^snapshot-(\d+)\.bin$/;
const JOURNAL = /^journal-(\d+)\.bin$/;
const END_OF_SNAPSHOT = { o: 'end' };
const SNAPSHOT_RECORD_BYTES = 4 << 20;

const snapshotFile = (dir: string, generation: number) => path.join(dir, `snapshot-${generation}.bin`);
const journalFile = (dir: string, generation: number) => path.join(dir, `journal-${generation}.bin`);

export interface LockInfo {
  pid: number;
  host?: string;
  port?: number;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dir: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

/** The lock's holder when it is a live process. */
export function liveHolder(dir: string): LockInfo | undefined {
  const holder = readLock(dir);
  return holder && processAlive(holder.pid) ? holder : undefined;
}

/** Takes the directory's lock, or throws if a live engine holds it. A lock left by a dead process is taken over. */
export function acquireLock(dir: string): void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid } satisfies LockInfo));
      fs.closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(dir);
    if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
      throw new Error(`data directory ${dir} is locked by another engine (pid ${holder.pid}, ${file})`);
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock ${file}`);
}

export function updateLock(dir: string, info: LockInfo): void {
  fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(info));
}

export function releaseLock(dir: string): void {
  if (readLock(dir)?.pid === process.pid) fs.rmSync(path.join(dir, LOCK_FILE), { force: true });
}

export interface Recovered {
  generation: number;
  /** Operations to apply in order: the snapshot's, then the journal's. */
  records: Document[][];
  snapshotBytes: number;
  journalBytes: number;
  /** Bytes of a torn or corrupt journal tail that were cut off. */
  discardedBytes: number;
}

/** Reads the newest snapshot and its journal, cutting off a torn journal tail so new records follow valid ones. */
export function recover(dir: string): Recovered {
  const names = fs.readdirSync(dir);
  const generations = names.map((name) => SNAPSHOT.exec(name)).filter((m) => m !== null).map((m) => Number(m[1]));
  const generation = generations.length ? Math.max(...generations) : 0;
  for (const name of names) {
    const own = SNAPSHOT.exec(name) ?? JOURNAL.exec(name);
    if (name.endsWith('.tmp') || (own && Number(own[1]) !== generation)) fs.rmSync(path.join(dir, name), { force: true });
  }
  const records: Document[][] = [];
  let snapshotBytes = 0;
  if (generations.length) {
    const data = fs.readFileSync(snapshotFile(dir, generation));
    const snapshot = decodeRecords(data);
    const last = snapshot.records.at(-1)?.at(-1);
    if (snapshot.validLength !== data.length || last?.o !== END_OF_SNAPSHOT.o) {
      throw new Error(`snapshot ${snapshotFile(dir, generation)} is damaged; the data directory needs restoring from a backup`);
    }
    snapshot.records[snapshot.records.length - 1].pop();
    records.push(...snapshot.records);
    snapshotBytes = data.length;
  }
  const journalPath = journalFile(dir, generation);
  const data = fs.existsSync(journalPath) ? fs.readFileSync(journalPath) : Buffer.alloc(0);
  const journal = decodeRecords(data);
  if (journal.validLength < data.length) fs.truncateSync(journalPath, journal.validLength);
  records.push(...journal.records);
  return {
    generation,
    records,
    snapshotBytes,
    journalBytes: journal.validLength,
    discardedBytes: data.length - journal.validLength,
  };
}

const { O_RDWR, O_CREAT, O_APPEND, O_TRUNC } = fs.constants;
const JOURNAL_FLAGS = O_RDWR | O_CREAT | O_APPEND;

export function openJournal(dir: string, generation: number): { fd: number; size: number } {
  const fd = fs.openSync(journalFile(dir, generation), JOURNAL_FLAGS);
  syncDirectory(dir); // the file may be new: its directory entry must be durable too
  return { fd, size: fs.fstatSync(fd).size };
}

/**
 * Writes the whole state as snapshot `generation` and starts its empty journal; removes the previous generation.
 * Synchronous on purpose: the state must not change while it is written.
 */
export function writeSnapshot(dir: string, generation: number, ops: Iterable<Document>): { fd: number; bytes: number } {
  const tmp = `${snapshotFile(dir, generation)}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  let bytes = 0;
  let batch: Document[] = [];
  let batchBytes = 0;
  const writeBatch = () => {
    const record = encodeRecord(batch);
    fs.writeSync(fd, record);
    bytes += record.length;
    batch = [];
    batchBytes = 0;
  };
  for (const op of ops) {
    batch.push(op);
    batchBytes += op.d ? 256 : 64;
    if (batchBytes >= SNAPSHOT_RECORD_BYTES || batch.length >= 10_000) writeBatch();
  }
  batch.push(END_OF_SNAPSHOT);
  writeBatch();
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  const journal = fs.openSync(journalFile(dir, generation), JOURNAL_FLAGS | O_TRUNC);
  fs.fsyncSync(journal);
  fs.renameSync(tmp, snapshotFile(dir, generation));
  syncDirectory(dir);
  fs.rmSync(snapshotFile(dir, generation - 1), { force: true });
  fs.rmSync(journalFile(dir, generation - 1), { force: true });
  return { fd: journal, bytes };
}

function syncDirectory(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
