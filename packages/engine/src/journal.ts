import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { BSON, type Document } from 'bson';

/**
 * The durable log. A record is `[uint32 payload length][uint32 crc32(payload)][payload]`, the payload being one or
 * more BSON documents (operations) applied together: a record is the unit of atomicity.
 */

const HEADER = 8;

export function encodeRecord(ops: Document[]): Buffer {
  const parts = ops.map((op) => BSON.serialize(op));
  const payloadLength = parts.reduce((sum, part) => sum + part.length, 0);
  const header = Buffer.alloc(HEADER);
  const payload = Buffer.concat(parts, payloadLength);
  header.writeUInt32LE(payloadLength, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** Reads the records of a log; stops at the first torn or corrupt record and reports how far the log is valid. */
export function decodeRecords(data: Buffer): { records: Document[][]; validLength: number } {
  const records: Document[][] = [];
  let offset = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const end = offset + HEADER + length;
    if (length === 0 || end > data.length) break;
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 4)) break;
    const ops: Document[] = [];
    let at = 0;
    try {
      while (at < payload.length) {
        const size = payload.readInt32LE(at);
        ops.push(BSON.deserialize(payload.subarray(at, at + size)));
        at += size;
      }
    } catch {
      break;
    }
    records.push(ops);
    offset = end;
  }
  return { records, validLength: offset };
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/** How long written records may wait for their fdatasync, like MongoDB's journal commit interval (but shorter). */
export const GROUP_COMMIT_MS = 5;

/**
 * Records are written to the file (the operating system's cache) before a write is acknowledged, so an
 * acknowledged write survives a crash of the engine process. fdatasync runs at most every GROUP_COMMIT_MS for all
 * records written meanwhile (group commit); a write asking for journaled durability (`j: true`, `w: "majority"`)
 * is acknowledged only after the fdatasync that covers it, so it also survives a power failure.
 */
export class Journal {
  private queue: Buffer[] = [];
  private written: Waiter[] = [];
  private syncWaiters: Waiter[] = [];
  private writeScheduled = false;
  private syncTimer?: NodeJS.Timeout;
  private syncing?: Promise<void>;
  private dirty = false;
  private failure?: Error;

  /**
   * @param beforeWrite runs before each batch is written; returning true means the batch is already durable by other
   * means (the caller wrote a snapshot that covers it), so it is acknowledged without being appended.
   */
  constructor(
    private fd: number,
    public size: number,
    private readonly beforeWrite: (journal: Journal, batchBytes: number) => boolean = () => false,
  ) {}

  /** Queues a record; resolves once it is written, or once it is on disk when `sync` is set. */
  append(record: Buffer, sync = false): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push(record);
      (sync ? this.syncWaiters : this.written).push({ resolve, reject });
      if (!this.writeScheduled) {
        this.writeScheduled = true;
        // Records of one command (an insertMany's documents) go out in a single write.
        setImmediate(() => this.writeQueued());
      }
    });
  }

  /** Switches to another file (after compaction); only called between batches. */
  replaceFile(fd: number, size: number): void {
    fs.closeSync(this.fd);
    this.fd = fd;
    this.size = size;
    this.dirty = false;
  }

  private writeQueued(): void {
    this.writeScheduled = false;
    if (this.queue.length === 0) return;
    const batch = Buffer.concat(this.queue);
    const written = this.written;
    this.queue = [];
    this.written = [];
    try {
      if (!this.beforeWrite(this, batch.length)) {
        writeAll(this.fd, batch);
        this.size += batch.length;
        this.dirty = true;
      }
    } catch (error) {
      this.fail(error as Error, written);
      return;
    }
    for (const waiter of written) waiter.resolve();
    if (this.syncWaiters.length) void this.sync();
    else this.syncTimer ??= setTimeout(() => void this.sync(), GROUP_COMMIT_MS);
  }

  /** fdatasync for everything written so far; waiters queued meanwhile are served by the next one. */
  private async sync(): Promise<void> {
    while (this.syncing) await this.syncing;
    clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    const waiters = this.syncWaiters;
    this.syncWaiters = [];
    if (!this.dirty) {
      for (const waiter of waiters) waiter.resolve();
      return;
    }
    this.dirty = false;
    const fd = this.fd;
    this.syncing = new Promise<void>((resolve) =>
      fs.fdatasync(fd, (error) => {
        this.syncing = undefined;
        if (error && fd === this.fd) this.fail(error, waiters);
        else for (const waiter of waiters) waiter.resolve();
        resolve();
      }),
    );
    await this.syncing;
  }

  /** A failed write or sync leaves the file in an unknown state: refuse further writes rather than acknowledge them. */
  private fail(error: Error, waiters: Waiter[]): void {
    this.failure = error;
    for (const waiter of [...waiters, ...this.written, ...this.syncWaiters]) waiter.reject(error);
    this.queue = [];
    this.written = [];
    this.syncWaiters = [];
  }

  /** Writes and syncs what is queued, then closes the file. */
  async close(): Promise<void> {
    this.writeQueued();
    await this.sync();
    while (this.syncing) await this.syncing;
    clearTimeout(this.syncTimer);
    fs.closeSync(this.fd);
  }
}

function writeAll(fd: number, buffer: Buffer): void {
  let written = 0;
  while (written < buffer.length) written += fs.writeSync(fd, buffer, written, buffer.length - written);
}
