/** An error answered to the client as a MongoDB command error `{ok: 0, errmsg, code, codeName}`. */
export class EngineError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly labels: string[] = [],
  ) {
    // An answer to a client, not a fault of the engine: no stack is captured (a bulk insert of duplicates raises
    // one per document, and capturing stacks was a tenth of that work).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export const badValue = (message: string) => new EngineError(2, 'BadValue', message);
export const failedToParse = (message: string) => new EngineError(9, 'FailedToParse', message);
export const typeMismatch = (message: string) => new EngineError(14, 'TypeMismatch', message);
export const commandNotFound = (name: string) => new EngineError(59, 'CommandNotFound', `no such command: '${name}'`);
export const namespaceNotFound = (message: string) => new EngineError(26, 'NamespaceNotFound', message);
export const indexNotFound = (message: string) => new EngineError(27, 'IndexNotFound', message);
export const cursorNotFound = (id: bigint) => new EngineError(43, 'CursorNotFound', `cursor id ${id} not found`);
export const immutableField = (message: string) => new EngineError(66, 'ImmutableField', message);
export const invalidOptions = (message: string) => new EngineError(72, 'InvalidOptions', message);
export const indexOptionsConflict = (message: string) => new EngineError(85, 'IndexOptionsConflict', message);
export const indexKeySpecsConflict = (message: string) => new EngineError(86, 'IndexKeySpecsConflict', message);
export const writeConflict = () =>
  new EngineError(
    112,
    'WriteConflict',
    'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
    ['TransientTransactionError'],
  );
export const noSuchTransaction = (txnNumber: bigint) =>
  new EngineError(251, 'NoSuchTransaction', `Transaction with { txnNumber: ${txnNumber} } has been aborted.`, ['TransientTransactionError']);
export const invalidNamespace = (message: string) => new EngineError(73, 'InvalidNamespace', message);
export const notImplemented = (message: string) => new EngineError(238, 'NotImplemented', message);
export const operationNotSupportedInTransaction = (message: string) => new EngineError(263, 'OperationNotSupportedInTransaction', message);
export const conflictingUpdateOperators = (message: string) => new EngineError(40, 'ConflictingUpdateOperators', message);
export const unknownPipelineStage = (stage: string) => new EngineError(40324, 'Location40324', `Unrecognized pipeline stage name: '${stage}'`);

/** The code MongoDB uses for a unique index violation, reported per write as a writeError. */
export const DUPLICATE_KEY = 11000;

export class DuplicateKeyError extends EngineError {
  constructor(
    message: string,
    readonly keyPattern: Record<string, unknown>,
    readonly keyValue: Record<string, unknown>,
  ) {
    super(DUPLICATE_KEY, 'DuplicateKey', message);
  }
}
