import net from 'node:net';
import { BSON, type Document } from 'mongodb';

/** An OP_MSG carrying one body section, as a driver frames a command. */
export function opMsg(requestId: number, body: Uint8Array): Buffer {
  const header = Buffer.alloc(21);
  header.writeInt32LE(21 + body.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  header.writeUInt32LE(0, 16);
  header.writeUInt8(0, 20);
  return Buffer.concat([header, body]);
}

/** An OP_MSG carrying a body section and one document sequence (kind 1), as a driver may send an insert's documents. */
export function opMsgWithSequence(requestId: number, body: Uint8Array, identifier: string, documents: Uint8Array[]): Buffer {
  const name = Buffer.from(`${identifier}\0`, 'utf8');
  const section = Buffer.alloc(5);
  section.writeUInt8(1, 0);
  section.writeInt32LE(4 + name.length + documents.reduce((sum, doc) => sum + doc.length, 0), 1);
  const message = Buffer.concat([opMsg(requestId, body), section, name, ...documents]);
  message.writeInt32LE(message.length, 0);
  return message;
}

/**
 * Sends messages on one connection and returns the decoded reply bodies, in order: for what no driver sends, or
 * fields it would set itself (a command's lsid).
 */
export async function exchange(port: number, messages: Buffer[]): Promise<Document[]> {
  const socket = net.connect(port, '127.0.0.1');
  const replies: Document[] = [];
  let pending = Buffer.alloc(0);
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        replies.push(BSON.deserialize(pending.subarray(21, length)));
        pending = pending.subarray(length);
      }
      if (replies.length === messages.length) resolve();
    });
    socket.on('connect', () => {
      for (const message of messages) socket.write(message);
    });
  });
  socket.destroy();
  return replies;
}
