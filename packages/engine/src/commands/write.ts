import type { Document } from 'bson';
import { ObjectId } from 'bson';
import { MAX_TIME_EXPIRED } from '../deadline';
import { DuplicateKeyError, EngineError, failedToParse } from '../errors';
import { partialFilterFields } from '../index-spec';
import { checkProjection, project } from '../query/projection';
import { withIdFirst } from '../raw-bson';
import { ReceivedDocument } from '../received-document';
import { fieldName, type FieldName } from '../stored-fields';
import type { CollectionMeta } from '../storage/contract';
import type { Unit } from '../txn';
import { applyUpdate, checkUpdateSpec, isReplacement, upsertDocument } from '../update';
import { assertDocumentSize, assertStorable, isPlainObject } from '../values';
import { checkValidation, ValidationError, validates } from './validation';
import { collectionName, optionalDocument, refuseCollation, runStatements, type CommandContext, type Handler } from './context';

/** A statement's failure as MongoDB reports it inside a write command's reply. */
function writeError(index: number, error: EngineError): Document {
  const entry: Document = { index, code: error.code, codeName: error.codeName, errmsg: error.message };
  if (error instanceof DuplicateKeyError) Object.assign(entry, { keyPattern: error.keyPattern, keyValue: error.keyValue });
  if (error instanceof ValidationError) entry.errInfo = error.errInfo;
  return entry;
}

/**
 * Runs a write command's statements. Ordered commands stop at the first failure; inside a transaction a failure
 * aborts the transaction (and a write conflict is a command error, which the driver retries).
 */
function runWrites<T>(
  command: Document,
  context: CommandContext,
  statements: T[],
  run: (unit: Unit, statement: T, index: number) => void,
  reply: () => Document,
): Promise<Document> {
  const ordered = command.ordered !== false;
  return runStatements(context, (unit) => {
    const writeErrors: Document[] = [];
    for (let index = 0; index < statements.length; index++) {
      try {
        run(unit, statements[index], index);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        if (context.txn) {
          context.sessions.failed(command);
          if (error.code === 112) throw error;
        }
        // Out of time: the whole command fails and its LMDB transaction, hence every statement, is undone.
        if (error.code === MAX_TIME_EXPIRED) throw error;
        writeErrors.push(writeError(index, error));
        if (ordered || context.txn) break;
      }
    }
    const result = reply();
    if (writeErrors.length) result.writeErrors = writeErrors;
    return result;
  });
}

export const insert: Handler = async (command, context) => {
  const name = collectionName(command, 'insert');
  const documents = command.documents;
  if (!Array.isArray(documents)) throw failedToParse("BSON field 'insert.documents' is missing but a required field");
  let n = 0;
  let plan: { meta: CollectionMeta; fields: FieldName[] | undefined } | undefined;
  return runWrites(
    command,
    context,
    documents as unknown[],
    (unit, sent) => {
      let raw = sent;
      if (raw instanceof ReceivedDocument) {
        // Outside a transaction (whose pending documents must be whole), only the indexed fields are decoded.
        if (!context.txn) {
          assertDocumentSize(raw.bytes.length);
          const meta = unit.ensureCollection(context.db, name);
          // A validator reads the whole document.
          if (plan?.meta !== meta) plan = { meta, fields: validates(meta, command) ? undefined : indexedFields(meta) };
          if (plan.fields) {
            unit.insert(meta, raw.fields(plan.fields), raw.bytes);
            n++;
            return;
          }
        }
        raw = raw.decode();
      }
      if (!isPlainObject(raw)) throw failedToParse('each document to insert must be an object');
      // MongoDB stores _id as the first field whatever the client sent.
      const doc = Object.keys(raw)[0] === '_id' ? raw : withIdFirst(raw, raw._id ?? new ObjectId());
      assertStorable(doc);
      const meta = unit.ensureCollection(context.db, name);
      checkValidation(meta, command, doc);
      unit.insert(meta, doc);
      n++;
    },
    () => ({ n, ok: 1 }),
  );
};

/**
 * The top-level fields (with `_id`) that a collection's index entries, its partial indexes' filters and duplicate-key
 * errors read, or undefined when a document must be decoded whole (a filter partialFilterFields cannot read).
 */
function indexedFields(meta: CollectionMeta): FieldName[] | undefined {
  const names = new Set(['_id']);
  for (const index of meta.indexes.values()) {
    if (index.partial) {
      const read = partialFilterFields(index.spec.partialFilterExpression);
      if (!read) return undefined;
      for (const field of read) names.add(field);
    }
    for (const field of index.fields) names.add(field.split('.')[0]);
  }
  // The decoder defines `__proto__` as an own field; a plain assignment would set the prototype.
  if (names.has('__proto__')) return undefined;
  return [...names].map(fieldName);
}

interface UpdateStatement {
  q?: Document;
  u?: unknown;
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Document[];
  collation?: Document;
  sort?: Document;
  hint?: unknown;
}

export const update: Handler = async (command, context) => {
  const name = collectionName(command, 'update');
  if (!Array.isArray(command.updates)) throw failedToParse("BSON field 'update.updates' is missing but a required field");
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  return runWrites(
    command,
    context,
    command.updates as UpdateStatement[],
    (unit, statement, index) => {
      if (!isPlainObject(statement)) throw failedToParse('each update statement must be an object');
      refuseCollation(statement);
      const filter = optionalDocument(statement.q, 'q') ?? {};
      const spec = checkUpdateSpec(statement.u);
      if (statement.multi && isReplacement(spec)) throw failedToParse('multi update is not supported for replacement-style update');
      // Only an upsert creates the collection; without one there is nothing to plan (nor a hint to check).
      const collection = statement.upsert ? unit.ensureCollection(context.db, name) : unit.collection(context.db, name);
      if (!collection) return;
      const sort = optionalDocument(statement.sort, 'sort');
      const found = unit.query(collection, { filter, sort, limit: statement.multi ? 0 : 1, hint: statement.hint }).matches.map(({ doc }) => doc);
      for (const doc of found) {
        const next = applyUpdate(doc, spec, { filter, arrayFilters: statement.arrayFilters });
        if (next) {
          checkValidation(collection, command, next, doc);
          unit.replace(collection, doc, next, isReplacement(spec) ? 'replace' : 'update');
          nModified++;
        }
        n++;
      }
      if (found.length === 0 && statement.upsert) {
        const doc = upsertDocument(filter, spec, statement.arrayFilters);
        checkValidation(collection, command, doc);
        unit.insert(collection, doc);
        upserted.push({ index, _id: doc._id });
        n++;
      }
    },
    () => (upserted.length ? { n, nModified, ok: 1, upserted } : { n, nModified, ok: 1 }),
  );
};

interface DeleteStatement {
  q?: Document;
  limit?: number;
  collation?: Document;
  hint?: unknown;
}

export const remove: Handler = async (command, context) => {
  const name = collectionName(command, 'delete');
  if (!Array.isArray(command.deletes)) throw failedToParse("BSON field 'delete.deletes' is missing but a required field");
  let n = 0;
  return runWrites(
    command,
    context,
    command.deletes as DeleteStatement[],
    (unit, statement) => {
      if (!isPlainObject(statement)) throw failedToParse('each delete statement must be an object');
      refuseCollation(statement);
      const collection = unit.collection(context.db, name);
      if (!collection) return;
      const filter = optionalDocument(statement.q, 'q') ?? {};
      const found = unit.query(collection, { filter, limit: statement.limit === 1 ? 1 : 0, hint: statement.hint }).matches;
      for (const { doc } of found) unit.remove(collection, doc);
      n += found.length;
    },
    () => ({ n, ok: 1 }),
  );
};

export const findAndModify: Handler = async (command, context) => {
  const name = collectionName(command, 'findAndModify');
  refuseCollation(command);
  const filter = optionalDocument(command.query, 'query') ?? {};
  const sort = optionalDocument(command.sort, 'sort');
  const projection = optionalDocument(command.fields, 'fields');
  checkProjection(projection);
  if (command.remove === true && command.update !== undefined) throw failedToParse('Cannot specify both an update and remove=true');
  if (command.remove !== true && command.update === undefined) throw failedToParse('Either an update or remove=true must be specified');
  const spec = command.remove === true ? undefined : checkUpdateSpec(command.update);
  const projected = (doc: Document | null) => (doc && projection ? project([doc], projection, filter)[0] : doc);
  try {
    return await runStatements(context, (unit) => {
      const collection = command.upsert === true ? unit.ensureCollection(context.db, name) : unit.collection(context.db, name);
      const target = collection ? unit.query(collection, { filter, sort, limit: 1, hint: command.hint }).matches[0]?.doc : undefined;
      if (!spec) {
        if (target && collection) unit.remove(collection, target);
        return { lastErrorObject: { n: target ? 1 : 0 }, value: projected(target ?? null), ok: 1 };
      }
      if (target && collection) {
        const next = applyUpdate(target, spec, { filter, arrayFilters: command.arrayFilters }) ?? target;
        if (next !== target) {
          checkValidation(collection, command, next, target);
          unit.replace(collection, target, next, isReplacement(spec) ? 'replace' : 'update');
        }
        return {
          lastErrorObject: { n: 1, updatedExisting: true },
          value: projected(command.new === true ? next : target),
          ok: 1,
        };
      }
      if (command.upsert === true && collection) {
        const doc = upsertDocument(filter, spec, command.arrayFilters);
        checkValidation(collection, command, doc);
        unit.insert(collection, doc);
        return {
          lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
          value: projected(command.new === true ? doc : null),
          ok: 1,
        };
      }
      return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
    });
  } catch (error) {
    if (context.txn) context.sessions.failed(command);
    throw error;
  }
};
