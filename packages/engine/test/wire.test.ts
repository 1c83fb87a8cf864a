/**
 * Engine-only (MONGODB_URI is ignored): raw wire messages that no driver would send. MongoDB stores strings'
 * bytes unchecked; the engine refuses invalid UTF-8 with InvalidBSON instead of storing it rewritten.
 */
import net from 'node:net';
import { BSON, MongoClient } from 'mongodb';
import { startEngine, type EngineHandle } from '../src';
import { exchange as exchangeOn, opMsg } from './support/raw-wire';
import { tempDir } from './support/store';

const exchange = (messages: Buffer[]) => exchangeOn(engine.port, messages);

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
