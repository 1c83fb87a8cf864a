import { BSON, type Document } from 'bson';
import { BAD_NAME, scanForInsert, STORABLE } from './bson-scan';
import { rememberBytes } from './raw-bson';
import { ReceivedDocument } from './received-document';

/** MongoDB wire protocol framing: the legacy OP_QUERY handshake and OP_MSG for everything else. */

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;

const HEADER_SIZE = 16;
const FLAG_CHECKSUM_PRESENT = 1 << 0;
export const FLAG_MORE_TO_COME = 1 << 1;
/** Largest message accepted; the hello reply advertises the same figure. */
export const MAX_MESSAGE_SIZE = 48_000_000;

export interface Request {
  requestId: number;
  opCode: number;
  /**
   * The command document; OP_MSG document sequences are attached as array fields. An insert's documents are
   * ReceivedDocuments where their bytes can be stored as sent.
   */
  command: Document;
  /** OP_MSG moreToCome: the client expects no reply. */
  moreToCome: boolean;
  /** The message was framed correctly but its BSON is not valid (e.g. invalid UTF-8): answered with this error. */
  invalid?: string;
}

const DESERIALIZE_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

export class ProtocolError extends Error {}

/** Splits a byte stream into whole messages; keeps any partial tail for the next chunk. */
export class MessageReader {
  private buffered: Buffer[] = [];
  private size = 0;

  push(chunk: Buffer): Buffer[] {
    this.buffered.push(chunk);
    this.size += chunk.length;
    const messages: Buffer[] = [];
    while (this.size >= 4) {
      // Chunks are joined only once the whole message is there: joining at every chunk would copy a large
      // message (an insert of thousands of documents arrives in dozens of chunks) over and over.
      if (this.buffered[0].length < 4) this.concat();
      const length = this.buffered[0].readInt32LE(0);
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) throw new ProtocolError(`invalid message length ${length}`);
      if (this.size < length) break;
      const head = this.buffered.length === 1 ? this.buffered[0] : this.concat();
      messages.push(head.subarray(0, length));
      const rest = head.subarray(length);
      this.buffered = rest.length ? [rest] : [];
      this.size = rest.length;
    }
    return messages;
  }

  private concat(): Buffer {
    const all = Buffer.concat(this.buffered, this.size);
    this.buffered = [all];
    return all;
  }
}

export function decodeMessage(message: Buffer): Request {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  if (opCode !== OP_MSG && opCode !== OP_QUERY) throw new ProtocolError(`unsupported opCode ${opCode}`);
  try {
    return opCode === OP_MSG ? decodeOpMsg(message, requestId) : decodeOpQuery(message, requestId);
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    // Invalid BSON is refused, never stored rewritten: the request gets an error and the connection goes on.
    const moreToCome = opCode === OP_MSG && (message.readUInt32LE(HEADER_SIZE) & FLAG_MORE_TO_COME) !== 0;
    return { requestId, opCode, command: {}, moreToCome, invalid: error instanceof Error ? error.message : String(error) };
  }
}

function decodeOpMsg(message: Buffer, requestId: number): Request {
  const flags = message.readUInt32LE(HEADER_SIZE);
  const end = message.length - (flags & FLAG_CHECKSUM_PRESENT ? 4 : 0);
  let offset = HEADER_SIZE + 4;
  let command: Document | undefined;
  const sequences: Array<[string, Buffer[]]> = [];
  while (offset < end) {
    const kind = message[offset++];
    if (kind === 0) {
      const size = message.readInt32LE(offset);
      command = decodeBody(message.subarray(offset, offset + size));
      offset += size;
    } else if (kind === 1) {
      const size = message.readInt32LE(offset);
      const sectionEnd = offset + size;
      const nameEnd = message.indexOf(0, offset + 4);
      const identifier = message.toString('utf8', offset + 4, nameEnd);
      const documents: Buffer[] = [];
      let cursor = nameEnd + 1;
      while (cursor < sectionEnd) {
        const docSize = message.readInt32LE(cursor);
        // Kept undecoded for now, so a size that cannot advance is refused here (the decoder would refuse it).
        if (docSize < 5) throw new Error(`bson size must be >= 5, is ${docSize}`);
        documents.push(message.subarray(cursor, cursor + docSize));
        cursor += docSize;
      }
      sequences.push([identifier, documents]);
      offset = sectionEnd;
    } else {
      throw new ProtocolError(`unsupported OP_MSG section kind ${kind}`);
    }
  }
  if (!command) throw new ProtocolError('OP_MSG without a body section');
  // The documents of an insert may be stored as sent; any other sequence (updates, deletes) is decoded.
  const inserting = Object.keys(command)[0] === 'insert';
  for (const [identifier, documents] of sequences) {
    command[identifier] = documents.map(inserting && identifier === 'documents' ? insertDocument : decodeDocument);
  }
  return { requestId, opCode: OP_MSG, command, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0 };
}

/** A document, decoded with its original bytes kept (see raw-bson). */
function decodeDocument(bytes: Uint8Array): Document {
  const doc = BSON.deserialize(bytes, DESERIALIZE_OPTIONS);
  // A view into the request, not a copy: the store copies it into LMDB before the request is released.
  rememberBytes(doc, asBuffer(bytes));
  return doc;
}

/**
 * A document to insert: kept undecoded when its bytes can be stored as they are (see bson-scan), else decoded. A
 * field name of invalid UTF-8 refuses the request, as invalid BSON does.
 */
function insertDocument(bytes: Uint8Array): Document | ReceivedDocument {
  const verdict = scanForInsert(bytes);
  if (verdict === STORABLE) return new ReceivedDocument(asBuffer(bytes));
  const doc = decodeDocument(bytes);
  if (verdict & BAD_NAME) throw new Error('Invalid UTF-8 field name in BSON document');
  return doc;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A command body; an insert's inline `documents` are treated as a document sequence's are. */
function decodeBody(bytes: Buffer): Document {
  const firstName = bytes.toString('latin1', 5, bytes.indexOf(0, 5));
  if (firstName !== 'insert') return BSON.deserialize(bytes, DESERIALIZE_OPTIONS);
  const command = BSON.deserialize(bytes, { ...DESERIALIZE_OPTIONS, fieldsAsRaw: { documents: true } });
  if (Array.isArray(command.documents)) {
    command.documents = command.documents.map((doc: unknown) => (doc instanceof Uint8Array ? insertDocument(doc) : doc));
  }
  return command;
}

function decodeOpQuery(message: Buffer, requestId: number): Request {
  let offset = HEADER_SIZE + 4;
  const nameEnd = message.indexOf(0, offset);
  const collection = message.toString('utf8', offset, nameEnd);
  offset = nameEnd + 1 + 8; // numberToSkip, numberToReturn
  const size = message.readInt32LE(offset);
  let command = BSON.deserialize(message.subarray(offset, offset + size), DESERIALIZE_OPTIONS);
  // Legacy clients may wrap the command as {$query: {...}, $readPreference: ...}.
  if (command.$query && typeof command.$query === 'object') command = command.$query as Document;
  command.$db ??= collection.split('.')[0];
  return { requestId, opCode: OP_QUERY, command, moreToCome: false };
}

const SERIALIZE_OPTIONS = { ignoreUndefined: true } as const;

/** A reply body already encoded as BSON (cursor batches are assembled from documents serialised one by one). */
export class RawReply {
  constructor(readonly bytes: Buffer) {}

  /** The same reply with `fields` appended. */
  withFields(fields: Document): RawReply {
    const extra = BSON.serialize(fields, SERIALIZE_OPTIONS);
    const body = Buffer.concat([this.bytes.subarray(0, this.bytes.length - 1), extra.subarray(4)]);
    body.writeInt32LE(body.length, 0);
    return new RawReply(body);
  }
}

export function encodeReply(request: Request, reply: Document | RawReply, replyRequestId: number): Buffer {
  const body = reply instanceof RawReply ? reply.bytes : BSON.serialize(reply, SERIALIZE_OPTIONS);
  if (request.opCode === OP_QUERY) {
    const header = Buffer.alloc(HEADER_SIZE + 20);
    header.writeInt32LE(header.length + body.length, 0);
    header.writeInt32LE(replyRequestId, 4);
    header.writeInt32LE(request.requestId, 8);
    header.writeInt32LE(OP_REPLY, 12);
    header.writeInt32LE(0, 16); // responseFlags
    header.writeBigInt64LE(0n, 20); // cursorID
    header.writeInt32LE(0, 28); // startingFrom
    header.writeInt32LE(1, 32); // numberReturned
    return Buffer.concat([header, body]);
  }
  const header = Buffer.alloc(HEADER_SIZE + 5);
  header.writeInt32LE(header.length + body.length, 0);
  header.writeInt32LE(replyRequestId, 4);
  header.writeInt32LE(request.requestId, 8);
  header.writeInt32LE(OP_MSG, 12);
  header.writeUInt32LE(0, 16); // flagBits
  header.writeUInt8(0, 20); // section kind 0
  return Buffer.concat([header, body]);
}
