import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import { BSON, type Document } from 'bson';

/**
 * The durable log. A record is `[uint32 payload length][uint32 crc32(payload)][payload]`, the payload being one or
 * more BSON documents (operations) applied together: a record is the unit of atomicity. Appends are batched
 * (group commit): every record queued while a write + fdatasync is in flight goes out in the next single write.
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

export class Journal {
  private queue: Buffer[] = [];
  private waiters: Waiter[] = [];
  private flushing?: Promise<void>;
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

  /** Queues a record; resolves once it is on disk. */
  append(record: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push(record);
      this.waiters.push({ resolve, reject });
      this.flushing ??= new Promise<void>((done) => setImmediate(() => this.flush().then(done)));
    });
  }

  /** Switches to another file (after compaction); only called between batches. */
  replaceFile(fd: number, size: number): void {
    fs.closeSync(this.fd);
    this.fd = fd;
    this.size = size;
  }

  private async flush(): Promise<void> {
    while (this.queue.length) {
      const batch = Buffer.concat(this.queue);
      const waiters = this.waiters;
      this.queue = [];
      this.waiters = [];
      try {
        if (!this.beforeWrite(this, batch.length)) {
          await writeAll(this.fd, batch, this.size);
          this.size += batch.length;
          await new Promise<void>((resolve, reject) => fs.fdatasync(this.fd, (error) => (error ? reject(error) : resolve())));
        }
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        // A failed write leaves the file in an unknown state: refuse further writes rather than acknowledge them.
        this.failure = error as Error;
        for (const waiter of [...waiters, ...this.waiters]) waiter.reject(this.failure);
        this.queue = [];
        this.waiters = [];
      }
    }
    this.flushing = undefined;
  }

  /** Waits for queued records to be durable, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    fs.closeSync(this.fd);
  }
}

async function writeAll(fd: number, buffer: Buffer, position: number): Promise<void> {
  let written = 0;
  while (written < buffer.length) {
    written += await new Promise<number>((resolve, reject) =>
      fs.write(fd, buffer, written, buffer.length - written, position + written, (error, bytes) =>
        error ? reject(error) : resolve(bytes),
      ),
    );
  }
}
