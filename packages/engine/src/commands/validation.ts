import type { Document } from 'bson';
import { badValue, EngineError, notImplemented } from '../errors';
import { compileFilter, type Predicate } from '../matcher';
import { originalBytes } from '../raw-bson';
import type { CollectionMeta } from '../storage/contract';
import { mentionsType, registerTwin } from '../typed-twins';
import { isPlainObject } from '../values';

/**
 * Collection validators (`create`/`collMod` with `validator`, `validationLevel`, `validationAction`), written as
 * query filters: a document a write would store must match the filter, else the write fails with
 * DocumentValidationFailure (121), unless the command bypasses validation. `$jsonSchema` is refused (NotImplemented):
 * the engine has no JSON Schema validator of MongoDB's dialect.
 */

export const VALIDATION_OPTIONS = ['validator', 'validationLevel', 'validationAction'] as const;

/** A failed validation, reported with the document's `_id` in `errInfo` as MongoDB does. */
export class ValidationError extends EngineError {
  constructor(readonly errInfo: Document) {
    super(121, 'DocumentValidationFailure', 'Document failed validation');
  }
}

function mentionsJsonSchema(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(mentionsJsonSchema);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, item]) => key === '$jsonSchema' || mentionsJsonSchema(item));
}

/** The validation options of a `create` or `collMod`, checked, merged over the collection's current ones. */
export function validationOptions(command: Document, current: Document = {}): Document {
  const options: Document = {};
  for (const name of VALIDATION_OPTIONS) {
    const value = command[name] ?? current[name];
    if (value !== undefined) options[name] = value;
  }
  if (options.validator !== undefined) {
    if (!isPlainObject(options.validator)) throw badValue("'validator' must be an object");
    if (mentionsJsonSchema(options.validator)) throw notImplemented('$jsonSchema validators are not supported by the embedded engine');
    compileFilter(options.validator);
  }
  if (options.validationLevel !== undefined && !['off', 'strict', 'moderate'].includes(options.validationLevel)) {
    throw badValue(`Enumeration value '${String(options.validationLevel)}' for field 'validationLevel' is not a valid value.`);
  }
  if (options.validationAction !== undefined && !['error', 'warn'].includes(options.validationAction)) {
    throw badValue(`Enumeration value '${String(options.validationAction)}' for field 'validationAction' is not a valid value.`);
  }
  return options;
}

const compiled = new WeakMap<Document, Predicate>();

function validatorOf(meta: CollectionMeta | undefined): Predicate | undefined {
  const validator = meta?.options.validator as Document | undefined;
  if (!validator || Object.keys(validator).length === 0) return undefined;
  if (meta!.options.validationLevel === 'off' || meta!.options.validationAction === 'warn') return undefined;
  let predicate = compiled.get(validator);
  if (!predicate) {
    predicate = compileFilter(validator);
    compiled.set(validator, predicate);
  }
  return predicate;
}

/** Whether a write command's documents must be whole to be validated (the insert fast path decodes only index fields). */
export function validates(meta: CollectionMeta, command: Document): boolean {
  return command.bypassDocumentValidation !== true && validatorOf(meta) !== undefined;
}

/**
 * Checks a document a write is about to store (`previous`: the version it replaces). As MongoDB's `moderate`
 * level, an update of a document that did not match the validator is not checked.
 */
export function checkValidation(meta: CollectionMeta, command: Document, doc: Document, previous?: Document): void {
  if (command.bypassDocumentValidation === true) return;
  const matches = validatorOf(meta);
  if (!matches) return;
  // `$type` reads the numbers of a document as sent with their BSON types (see typed-twins).
  const bytes = originalBytes(doc);
  if (bytes && mentionsType(meta.options.validator)) registerTwin(doc, bytes);
  if (matches(doc)) return;
  if (previous && meta.options.validationLevel === 'moderate' && !matches(previous)) return;
  throw new ValidationError({ failingDocumentId: doc._id, details: { reason: 'the document does not match the collection validator' } });
}
