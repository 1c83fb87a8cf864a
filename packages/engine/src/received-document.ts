import { BSON, type Document } from 'bson';
import { decodeFields, type FieldName } from './stored-fields';
import { rememberBytes } from './raw-bson';

const DESERIALIZE_OPTIONS = { promoteLongs: true, promoteValues: true, promoteBuffers: false } as const;

/**
 * A document to insert, kept as the bytes the client sent, which `scanForInsert` found storable as they are
 * (well-formed, `_id` first, nothing `assertStorable` refuses). A plain insert decodes only the fields its indexes
 * read (`fields`); a transaction, which keeps its pending documents whole, decodes all of it (`decode`). Either way
 * the values are the ones the bson decoder gives for those bytes.
 */
export class ReceivedDocument {
  constructor(readonly bytes: Buffer) {}

  /** The whole document, decoded, with its bytes kept (see raw-bson). */
  decode(): Document {
    const doc = BSON.deserialize(this.bytes, DESERIALIZE_OPTIONS);
    rememberBytes(doc, this.bytes);
    return doc;
  }

  /**
   * A document holding only the named top-level fields that are present (`_id` always), decoded (see decodeFields).
   */
  fields(names: FieldName[]): Document {
    return decodeFields(this.bytes, names);
  }
}
