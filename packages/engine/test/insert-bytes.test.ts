/**
 * Engine-only (MONGODB_URI is ignored): a plain insert stores the documents' bytes as sent after one walk over
 * them, decoding only the fields the indexes read. These tests pin that it refuses what decoding refused, and that
 * what it stores (documents, index entries, counters, errors) is what the decoded path stores.
 */
import { Binary, BSON, Decimal128, Double, Int32, Long, MaxKey, MinKey, MongoClient, ObjectId, Timestamp, UUID, type Document } from 'mongodb';
import type { Database } from 'lmdb';
import { startEngine, type EngineHandle } from '../src';
import { scanForInsert, STORABLE } from '../src/bson-scan';
import { Engine } from '../src/engine';
import { partialFilterFields } from '../src/index-spec';
import { originalBytes, withIdFirst } from '../src/raw-bson';
import { ReceivedDocument } from '../src/received-document';
import { fieldName } from '../src/stored-fields';
import { closeStore, openStore } from '../src/storage/open';
import type { Store } from '../src/storage/store';
import { assertStorable } from '../src/values';
import { decodeMessage } from '../src/wire';
import { prng } from './support/prng';
import { exchange, opMsg, opMsgWithSequence } from './support/raw-wire';
import { tempDir } from './support/store';

const bytesOf = (doc: Document): Buffer => Buffer.from(BSON.serialize(doc));

/** A document of these elements in this order, repeated names included (which no serializer writes). */
function joined(...elements: Document[]): Buffer {
  const parts = elements.map((element) => bytesOf(element).subarray(4, -1));
  const doc = Buffer.concat([Buffer.alloc(4), ...parts, Buffer.alloc(1)]);
  doc.writeInt32LE(doc.length, 0);
  return doc;
}

/** The document's bytes with the ASCII `marker` overwritten by `bytes`. */
function patched(doc: Document, marker: string, bytes: number[]): Buffer {
  const out = bytesOf(doc);
  out.set(bytes, out.indexOf(marker));
  return out;
}

/** `levels` documents nested in one another. */
function chain(levels: number): Document {
  let doc: Document = { leaf: true };
  for (let i = 1; i < levels; i++) doc = { c: doc };
  return doc;
}

describe('refusals, in a command body and in a document sequence', () => {
  let engine: EngineHandle;
  let client: MongoClient;
  let requestId = 0;

  beforeAll(async () => {
    engine = await startEngine({ dbpath: tempDir('engine-insert-bytes-') });
    client = await MongoClient.connect(engine.uri);
  });

  afterAll(async () => {
    await client.close();
    await engine.stop();
  });

  /** Inserts `documents` unordered, framed one way or the other, and returns the reply. */
  async function insert(framing: string, collection: string, documents: Buffer[]): Promise<Document> {
    const command = { insert: collection, ordered: false, $db: 'bytes' };
    let message: Buffer;
    if (framing === 'body') {
      const body = Buffer.concat([bytesOf(command).subarray(0, -1), arrayElement('documents', documents), Buffer.alloc(1)]);
      body.writeInt32LE(body.length, 0);
      message = opMsg(++requestId, body);
    } else message = opMsgWithSequence(++requestId, bytesOf(command), 'documents', documents);
    const [reply] = await exchange(engine.port, [message]);
    return reply;
  }

  const invalidBson: Array<[string, () => Buffer]> = [
    [
      'a string whose length runs past its document',
      () => {
        const doc = bytesOf({ _id: 1, s: 'abc' });
        doc.writeInt32LE(200, doc.indexOf('abc') - 4);
        return doc;
      },
    ],
    ['a value of invalid UTF-8', () => patched({ _id: 1, s: 'MARK' }, 'MARK', [0xff, 0xfe])],
    ['a nested value of invalid UTF-8', () => patched({ _id: 1, a: { b: ['MARK'] } }, 'MARK', [0xc3, 0x28])],
    ['a field name of invalid UTF-8', () => patched({ _id: 1, MARK: 1 }, 'MARK', [0xc3, 0x28])],
    ['a nested field name of invalid UTF-8', () => patched({ _id: 1, a: { MARK: 1 } }, 'MARK', [0xed, 0xa0, 0x80])],
    [
      'a boolean byte other than 0 and 1',
      () => {
        const doc = bytesOf({ _id: 1, flag: true });
        doc[doc.indexOf('flag') + 5] = 2;
        return doc;
      },
    ],
  ];

  describe.each(['body', 'sequence'])('documents in a %s', (framing) => {
    it.each(invalidBson)('%s refuses the whole insert with InvalidBSON (22)', async (_, make) => {
      const collection = `invalid_${framing}_${requestId}`;
      const reply = await insert(framing, collection, [bytesOf({ _id: 0 }), make()]);
      expect(reply).toMatchObject({ ok: 0, code: 22, codeName: 'InvalidBSON' });
      expect(await client.db('bytes').collection(collection).countDocuments()).toBe(0);
    });

    const refused: Array<[string, Buffer, number]> = [
      ['a top-level $ name', bytesOf({ _id: 1, $set: 1 }), 2],
      ['a nested Decimal128', bytesOf({ _id: 1, a: { b: [Decimal128.fromString('1.5')] } }), 2],
      ['a nested integer beyond 2^53', bytesOf({ _id: 1, a: { b: Long.fromString('9007199254740993') } }), 2],
      ['an integer below -2^53', bytesOf({ _id: 1, n: Long.fromString('-9007199254740993') }), 2],
      ['nesting 101 levels deep', bytesOf({ _id: 1, deep: chain(100) }), 15],
      ['an array as _id', bytesOf({ _id: [1, 2] }), 53],
      ['a regular expression as _id', bytesOf({ _id: /x/ }), 53],
    ];

    it.each(refused)('%s is refused for that document only', async (_, doc, code) => {
      const collection = `refused_${framing}_${requestId}`;
      const reply = await insert(framing, collection, [doc, bytesOf({ _id: 2 })]);
      expect(reply).toMatchObject({ ok: 1, n: 1, writeErrors: [{ index: 0, code }] });
      expect(await client.db('bytes').collection(collection).find().toArray()).toEqual([{ _id: 2 }]);
    });

    it('values at the limits are stored, and read back byte for byte', async () => {
      const collection = `limits_${framing}`;
      const documents = [
        bytesOf({ _id: 1, deep: chain(99) }),
        bytesOf({ _id: 2, big: Long.fromString('9007199254740992'), small: Long.fromString('-9007199254740992'), whole: new Double(3) }),
        bytesOf({ _id: 3, text: 'ñandú \u{1f600} \u0000 nul', 'clave ñ': new Int32(1), bin: new Binary(Buffer.from([0, 255]), 2) }),
      ];
      expect(await insert(framing, collection, documents)).toMatchObject({ ok: 1, n: 3 });
      const stored = await client
        .db('bytes')
        .collection(collection)
        .find({}, { raw: true, sort: { _id: 1 } })
        .toArray();
      expect(stored.map((doc) => Buffer.from(doc as unknown as Uint8Array).toString('hex'))).toEqual(documents.map((doc) => doc.toString('hex')));
    });
  });
});

/** `documents` as the array element `name` of a command body. */
function arrayElement(name: string, documents: Buffer[]): Buffer {
  const items = documents.map((doc, i) => Buffer.concat([Buffer.from([0x03]), Buffer.from(`${i}\0`), doc]));
  const array = Buffer.concat([Buffer.alloc(4), ...items, Buffer.alloc(1)]);
  array.writeInt32LE(array.length, 0);
  return Buffer.concat([Buffer.from([0x04]), Buffer.from(`${name}\0`), array]);
}

describe('stored as sent, the same as decoded', () => {
  let dir: string;
  let store: Store;
  let engine: Engine;

  beforeAll(async () => {
    dir = tempDir('engine-insert-bytes-');
    store = await openStore(dir);
    engine = new Engine(store, { host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    engine.close();
    await closeStore(dir, store);
  });

  const indexes = [
    { key: { account_id: 1, name: 1 }, name: 'account_name' },
    { key: { account_id: 1, status: 1, name: -1 }, name: 'account_status_name' },
    { key: { k: 1 }, name: 'k' },
    { key: { 'address.city': 1, 'address.n': -1 }, name: 'city_n' },
    { key: { tags: 1, status: 1 }, name: 'tags_status' },
    { key: { tags: 1, k: -1 }, name: 'tags_k' },
    { key: { email: 1 }, name: 'email', unique: true, sparse: true },
    { key: { 'k.sub': 1 }, name: 'k_sub', sparse: true },
    // Partial indexes: their filters read fields no index key holds (address, status, k, email).
    {
      key: { account_id: 1, balance_cents: 1 },
      name: 'partial_balance',
      partialFilterExpression: { 'address.n': { $gte: 40 }, $or: [{ status: 'active' }, { k: { $type: 'string' } }] },
    },
    { key: { name: 1 }, name: 'partial_name_unique', unique: true, partialFilterExpression: { $and: [{ email: { $exists: true } }, { status: 'blocked' }] } },
  ];

  const accounts = [new ObjectId('650000000000000000000001'), new ObjectId('650000000000000000000002')];
  const kinds: unknown[] = [
    1,
    2.5,
    new Double(3),
    new Double(-0),
    new Int32(-7),
    Long.fromNumber(2 ** 40),
    'text',
    'ñandú\u0000nul',
    null,
    true,
    new Date(-86_400_000),
    new ObjectId('650000000000000000000009'),
    new Binary(Buffer.from([1, 2, 3]), 0),
    new UUID('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
    new Timestamp({ t: 5, i: 1 }),
    new MinKey(),
    new MaxKey(),
    { sub: 4, x: 'y' },
    [3, 'a', { z: 1 }],
    [],
  ];
  const ids: unknown[] = [
    (i: number) => new ObjectId(i.toString(16).padStart(24, '0')),
    (i: number) => `s${i}`,
    (i: number) => i,
    (i: number) => ({ n: i, s: 'x' }),
    (i: number) => new Date(i),
  ];

  function sample(i: number): Buffer {
    const doc: Document = {
      _id: (ids[i % ids.length] as (i: number) => unknown)(i),
      account_id: accounts[i % 2],
      name: `Proveedor ${i}`,
      status: ['active', 'blocked', 'inactive'][i % 3],
      k: kinds[i % kinds.length],
      tags: i % 4 === 0 ? 'single' : [`t${i % 5}`, 't'],
      address: { city: i % 2 ? 'CABA' : 'Rosario', n: i },
      balance_cents: i * 101,
    };
    if (i % 5 !== 0) doc.email = `e${i % 23}@example.com`;
    if (i % 6 === 0) delete doc.status;
    return bytesOf(doc);
  }

  async function createIndexes(db: string): Promise<void> {
    expect(await engine.execute({ createIndexes: 'c', indexes, $db: db }, 1)).toMatchObject({ ok: 1 });
  }

  /** Inserts the documents in `viaBytes.c` as received, and in `decoded.c` decoded whole; the two replies. */
  async function insertBoth(documents: Buffer[], ordered: boolean): Promise<[Document, Document]> {
    const request = decodeMessage(opMsgWithSequence(1, bytesOf({ insert: 'c', ordered, $db: 'viaBytes' }), 'documents', documents));
    expect(request.invalid).toBeUndefined();
    const received = request.command.documents as unknown[];
    expect(received.every((doc) => doc instanceof ReceivedDocument)).toBe(true);
    const decoded = { ...request.command, $db: 'decoded', documents: (received as ReceivedDocument[]).map((doc) => doc.decode()) };
    const viaBytes = (await engine.execute(request.command, 1)) as Document;
    return [viaBytes, (await engine.execute(decoded, 1)) as Document];
  }

  /** Everything stored for `db`.c: documents, index entries and counters (keys without their id prefixes). */
  function state(db: string): Document {
    const meta = store.collections.get(`${db}.c`);
    if (!meta) throw new Error(`no collection ${db}.c`);
    const docs: string[] = [];
    for (const { idKey, bytes } of store.scanDocs(meta, undefined, false)) docs.push(`${idKey.toString('hex')} ${bytes.toString('hex')}`);
    const prefix = (id: number) => Buffer.from([id >>> 24, (id >>> 16) & 0xff, (id >>> 8) & 0xff, id & 0xff]);
    // The store's own LMDB databases: what an insert leaves behind, read without going through the engine.
    const { entries: entriesOf, counts: countsOf } = (store as unknown as { backend: { entries: Database<Buffer, Buffer>; counts: Database<number, Buffer> } })
      .backend;
    const indexState: Document = {};
    for (const index of meta.indexes.values()) {
      const range = { start: prefix(index.id), end: prefix(index.id + 1) };
      const entries: string[] = [];
      for (const { key, value } of entriesOf.getRange(range)) entries.push(`${key.subarray(4).toString('hex')} ${value.toString('hex')}`);
      const counts: string[] = [];
      for (const { key, value } of countsOf.getRange(range)) counts.push(`${key.subarray(4).toString('hex')} ${value}`);
      indexState[index.name] = { entries, counts, multikey: index.multikey };
    }
    return { count: store.countDocs(meta), docs, indexes: indexState };
  }

  /** The reply without its cluster times, the namespace in error messages made the same. */
  function comparable({ $clusterTime, operationTime, ...reply }: Document): Document {
    return JSON.parse(JSON.stringify(reply).replaceAll('viaBytes.c', 'NS').replaceAll('decoded.c', 'NS'));
  }

  it('documents, index entries, counters and errors (duplicates in an unordered insert) are the same', async () => {
    await createIndexes('viaBytes');
    await createIndexes('decoded');
    const documents = Array.from({ length: 120 }, (_, i) => sample(i));
    // Repeated names: the decoder keeps the last value, and so must the index entries.
    documents.push(joined({ _id: 'repeated' }, { name: 'first' }, { k: 1 }, { name: 'second' }, { account_id: accounts[0] }));
    documents.push(sample(7)); // a taken _id
    const [viaBytes, decoded] = await insertBoth(documents, false);
    expect(comparable(viaBytes)).toEqual(comparable(decoded));
    expect(viaBytes.writeErrors.length).toBeGreaterThan(10);
    const keyValues = viaBytes.writeErrors.map((error: Document) => JSON.stringify(error.keyValue));
    expect(keyValues).toContain(JSON.stringify({ email: 'e0@example.com' }));
    expect(keyValues).toContain(JSON.stringify({ _id: (ids[2] as (i: number) => unknown)(7) }));
    expect(viaBytes.writeErrors.some((error: Document) => error.code === 171)).toBe(true);
    expect(state('viaBytes')).toEqual(state('decoded'));
    expect(state('viaBytes').count).toBe(viaBytes.n);
  });

  it('with partial indexes, only the fields the indexes and their filters read are decoded', async () => {
    await createIndexes('counted');
    const decode = jest.spyOn(ReceivedDocument.prototype, 'decode');
    const fields = jest.spyOn(ReceivedDocument.prototype, 'fields');
    try {
      const documents = Array.from({ length: 30 }, (_, i) => sample(200 + i));
      const request = decodeMessage(opMsgWithSequence(1, bytesOf({ insert: 'c', ordered: false, $db: 'counted' }), 'documents', documents));
      const reply = (await engine.execute(request.command, 1)) as Document;
      // Some are refused (a repeated unique email, parallel arrays), the rest stored.
      expect(reply.ok).toBe(1);
      expect(reply.n).toBe(30 - reply.writeErrors.length);
      expect(reply.n).toBeGreaterThan(0);
      expect(decode).not.toHaveBeenCalled();
      expect(fields).toHaveBeenCalledTimes(30);
      const names = (fields.mock.calls[0][0] as Array<{ name: string }>).map((field) => field.name).sort();
      expect(names).toEqual(['_id', 'account_id', 'address', 'balance_cents', 'email', 'k', 'name', 'status', 'tags']);
    } finally {
      decode.mockRestore();
      fields.mockRestore();
    }
  });

  it('an ordered insert stops at the same document', async () => {
    const documents = [bytesOf({ _id: 'o1', account_id: accounts[1], name: 'x' }), bytesOf({ _id: 'o2', email: 'e1@example.com' }), bytesOf({ _id: 'o3' })];
    const [viaBytes, decoded] = await insertBoth(documents, true);
    expect(comparable(viaBytes)).toEqual(comparable(decoded));
    expect(viaBytes).toMatchObject({ n: 1, writeErrors: [{ index: 1, code: 11000, keyValue: { email: 'e1@example.com' } }] });
    expect(state('viaBytes')).toEqual(state('decoded'));
  });
});

describe('the walk over the bytes is never more lenient than the decoder', () => {
  const names = ['_id', 'a', 'k', 'tags', 'name'].map(fieldName);
  const seeds: Document[] = [
    { _id: new ObjectId('650000000000000000000001'), a: 1, name: 'ñandú', k: { sub: [1, 2.5, 'x'], d: new Date(5) }, tags: ['a', 'b'] },
    { _id: 'id', k: Long.fromNumber(2 ** 50), a: new Binary(Buffer.from([1, 2, 3, 4, 5]), 2), z: null, t: new Timestamp({ t: 1, i: 2 }), b: false },
    { _id: { x: 1 }, a: [[[{ name: 'deep' }]]], k: new UUID('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'), m: new MinKey(), M: new MaxKey(), i: new Int32(3) },
  ];

  it('a document it lets through decodes, is storable, has _id first, and gives the same indexed fields', () => {
    const random = prng(7);
    let storable = 0;
    for (let round = 0; round < 20_000; round++) {
      const bytes = bytesOf(seeds[round % seeds.length]);
      // One to three bytes changed: lengths, type bytes, terminators, string contents.
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      if (scanForInsert(bytes) !== STORABLE) continue;
      storable++;
      const decoded = new ReceivedDocument(bytes).decode();
      // What the decoded path would store: the bytes as sent, `_id` already first.
      const first = Object.keys(decoded)[0] === '_id' ? decoded : withIdFirst(decoded, decoded._id);
      expect(originalBytes(first)?.toString('hex')).toBe(bytes.toString('hex'));
      expect(() => assertStorable(first)).not.toThrow();
      const fields = new ReceivedDocument(bytes).fields(names);
      const expected: Document = {};
      for (const key of Object.keys(decoded)) if (names.some(({ name }) => name === key)) expected[key] = decoded[key];
      // Compared encoded: an invalid Date (NaN) never equals itself.
      expect(Buffer.from(BSON.serialize(fields)).toString('hex')).toBe(Buffer.from(BSON.serialize(expected)).toString('hex'));
    }
    // Most changes spoil the document; enough survive for the comparison to mean something.
    expect(storable).toBeGreaterThan(1000);
  });
});

describe('the fields a partial index filter reads', () => {
  it('are the heads of its paths, through $and and $or', () => {
    expect(partialFilterFields({ 'a.b': { $gt: 1 }, $or: [{ c: 1 }, { $and: [{ 'd.e.f': { $type: 'string' } }] }], g: { $exists: true } })).toEqual([
      'a',
      'c',
      'd',
      'g',
    ]);
  });

  it('are unknown (the document is decoded whole) for what index creation refuses', () => {
    expect(partialFilterFields({ $expr: { $gt: ['$a', 1] } })).toBeUndefined();
    expect(partialFilterFields({ a: 1, $nor: [{ b: 1 }] })).toBeUndefined();
    expect(partialFilterFields({ $or: { b: 1 } })).toBeUndefined();
    expect(partialFilterFields({ $and: [{ a: 1 }, { $where: 'true' }] })).toBeUndefined();
    expect(partialFilterFields('a')).toBeUndefined();
  });
});
