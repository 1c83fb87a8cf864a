/**
 * Engine-only (MONGODB_URI is ignored): raw wire messages that no driver would send. MongoDB stores strings'
 * bytes unchecked; the engine refuses invalid UTF-8 with InvalidBSON instead of storing it rewritten.
 */
import net from 'node:net';
import { BSON, MongoClient, type Document } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';
import { tempDir } from './support/store';

let engine: EngineHandle;
let client: MongoClient;

beforeAll(async () => {
  engine = await startEngine({ dbpath: tempDir('engine-wire-') });
  client = await MongoClient.connect(engine.uri);
});

afterAll(async () => {
  await client.close();
  await engine.stop();
});

function opMsg(requestId: number, body: Buffer): Buffer {
  const header = Buffer.alloc(21);
  header.writeInt32LE(21 + body.length, 0);
  header.writeInt32LE(requestId, 4);
  header.writeInt32LE(0, 8);
  header.writeInt32LE(2013, 12);
  header.writeUInt32LE(0, 16);
  header.writeUInt8(0, 20);
  return Buffer.concat([header, body]);
}

/** Sends messages on one connection and returns the decoded reply bodies, in order. */
async function exchange(messages: Buffer[]): Promise<Document[]> {
  const socket = net.connect(engine.port, '127.0.0.1');
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

it('a string with invalid UTF-8 is refused with InvalidBSON (22), and the connection keeps working', async () => {
  const body = Buffer.from(BSON.serialize({ insert: 'texts', documents: [{ _id: 1, s: 'MARK' }], $db: 'wire' }));
  const at = body.indexOf('MARK');
  body[at] = 0xff;
  body[at + 1] = 0xfe;
  const ping = Buffer.from(BSON.serialize({ ping: 1, $db: 'admin' }));
  const [refused, pong] = await exchange([opMsg(1, body), opMsg(2, ping)]);
  expect(refused).toMatchObject({ ok: 0, code: 22, codeName: 'InvalidBSON' });
  expect(pong).toMatchObject({ ok: 1 });
  expect(await client.db('wire').collection('texts').countDocuments()).toBe(0);
});

it('a message of garbage closes that connection only; the engine goes on serving', async () => {
  const socket = net.connect(engine.port, '127.0.0.1');
  await new Promise<void>((resolve) => {
    socket.on('connect', () => socket.write(Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2, 3])));
    socket.on('close', () => resolve());
    socket.on('error', () => undefined);
  });
  expect((await client.db('admin').command({ ping: 1 })).ok).toBe(1);
});
