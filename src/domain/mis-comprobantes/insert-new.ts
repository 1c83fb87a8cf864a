import type { Collection, Document, MongoBulkWriteError, OptionalUnlessRequiredId } from 'mongodb';

/** MongoDB's duplicate key error (E11000): a unique index refused the document. */
const DUPLICATE_KEY = 11000;

/**
 * The indexes (in the batch) of the documents a bulk write refused, when every refusal is a duplicate key; null when
 * the error is anything else (another write error among them, a write concern error, no write error at all).
 */
export function duplicatesOf(error: unknown): ReadonlySet<number> | null {
  const writeErrors = [(error as Partial<MongoBulkWriteError> | null)?.writeErrors ?? []].flat();
  if (!writeErrors.length || writeErrors.some((writeError) => writeError.code !== DUPLICATE_KEY)) return null;
  return new Set(writeErrors.map((writeError) => writeError.index));
}

/**
 * Inserts with one unordered insertMany and lets a unique index refuse what is already there — stored earlier, earlier
 * in the same batch, or by a concurrent upload — so deduplication costs no read per record. Each refusal counts as a
 * duplicate (`duplicateAt`: their indexes in `docs`); any other write error is thrown.
 */
export async function insertNew<T extends Document>(
  collection: Collection<T>,
  docs: OptionalUnlessRequiredId<T>[],
): Promise<{ inserted: number; duplicates: number; duplicateAt: ReadonlySet<number> }> {
  if (!docs.length) return { inserted: 0, duplicates: 0, duplicateAt: new Set() };
  try {
    return { inserted: (await collection.insertMany(docs, { ordered: false })).insertedCount, duplicates: 0, duplicateAt: new Set() };
  } catch (error) {
    const duplicateAt = duplicatesOf(error);
    if (!duplicateAt) throw error;
    return { inserted: docs.length - duplicateAt.size, duplicates: duplicateAt.size, duplicateAt };
  }
}
