import type { Collection, Document, MongoBulkWriteError, OptionalUnlessRequiredId } from 'mongodb';

const DUPLICATE_KEY = 11000;

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
    const bulk = error as MongoBulkWriteError;
    const writeErrors = bulk.writeErrors ? (Array.isArray(bulk.writeErrors) ? bulk.writeErrors : [bulk.writeErrors]) : [];
    if (!writeErrors.length || writeErrors.some((writeError) => writeError.code !== DUPLICATE_KEY)) throw error;
    return {
      inserted: docs.length - writeErrors.length,
      duplicates: writeErrors.length,
      duplicateAt: new Set(writeErrors.map((writeError) => writeError.index)),
    };
  }
}
