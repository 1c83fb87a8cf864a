import type { Document } from 'bson';
import { badValue, EngineError } from './errors';
import { isPlainObject } from './values';

/**
 * mongod's `failCommand` fail point, offered only when the engine runs with test commands enabled (as mongod with
 * `enableTestCommands=1`): the driver's own tests use it to make a command fail, close its connection or wait, and
 * check what the driver does then (retrying a write, resuming a change stream). Other fail points are refused.
 *
 * `{configureFailPoint: 'failCommand', mode: 'alwaysOn' | 'off' | {times: n} | {skip: n}, data: {failCommands,
 * errorCode, errmsg, errorLabels, closeConnection, blockConnection, blockTimeMS, writeConcernError, appName,
 * namespace}}` on admin.
 */

/** Error codes after which a retryable write is retried (the server labels them RetryableWriteError). */
const RETRYABLE_WRITE_CODES = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
/** Error codes after which a change stream resumes (the server labels them ResumableChangeStreamError). */
const RESUMABLE_CODES = new Set([6, 7, 43, 63, 89, 91, 133, 150, 189, 234, 262, 9001, 10107, 11600, 11602, 13388, 13435, 13436]);

export interface Failure {
  /** Close the connection without answering. */
  closeConnection?: boolean;
  /** Wait this long before going on. */
  blockMs?: number;
  /** Answer this error instead of running the command. */
  error?: Document;
  /** Run the command, then add this to its answer. */
  writeConcernError?: Document;
}

interface Armed {
  times: number;
  skip: number;
  data: Document;
}

/**
 * The fail points offered: `failCommand`; `failGetMoreAfterCursorCheckout`, which fails `getMore` alone (with the
 * same `data`; the driver's change-stream tests pick it for servers other than 4.2); `maxTimeAlwaysTimeOut`, which
 * fails every command that sets `maxTimeMS` with MaxTimeMSExpired.
 */
const NAMES = new Set(['failCommand', 'failGetMoreAfterCursorCheckout', 'maxTimeAlwaysTimeOut']);

export class FailPoints {
  private readonly armed = new Map<string, Armed>();

  constructor(readonly enabled: boolean) {}

  configure(command: Document): Document {
    const name = command.configureFailPoint;
    if (typeof name !== 'string' || !NAMES.has(name)) throw badValue(`unknown fail point: ${String(name)}`);
    const { mode } = command;
    const data = isPlainObject(command.data) ? command.data : {};
    if (name === 'failGetMoreAfterCursorCheckout') data.failCommands = ['getMore'];
    if (mode === 'off') this.armed.delete(name);
    else if (mode === 'alwaysOn') this.armed.set(name, { times: Infinity, skip: 0, data });
    else if (isPlainObject(mode) && typeof mode.times === 'number') this.armed.set(name, { times: mode.times, skip: 0, data });
    else if (isPlainObject(mode) && typeof mode.skip === 'number') this.armed.set(name, { times: Infinity, skip: mode.skip, data });
    else throw badValue('mode must be "alwaysOn", "off", {times: n} or {skip: n}');
    return { count: 0, ok: 1 };
  }

  /**
   * What the fail point does to a command (its name as sent), if it takes it. `retryableWrite` and `changeStream`
   * tell which label the server adds to an error that carries none.
   */
  take(name: string, command: Document, appName: string | undefined, kind: { retryableWrite: boolean; changeStream: boolean }): Failure | undefined {
    if (name === 'configureFailPoint') return undefined;
    if (this.armed.has('maxTimeAlwaysTimeOut') && command.maxTimeMS !== undefined) {
      return { error: { ok: 0, errmsg: 'operation exceeded time limit', code: 50, codeName: 'MaxTimeMSExpired' } };
    }
    for (const [point, armed] of this.armed) {
      if (point === 'maxTimeAlwaysTimeOut') continue;
      const failure = this.takeFrom(point, armed, name, command, appName, kind);
      if (failure) return failure;
    }
    return undefined;
  }

  private takeFrom(
    point: string,
    armed: Armed,
    name: string,
    command: Document,
    appName: string | undefined,
    kind: { retryableWrite: boolean; changeStream: boolean },
  ): Failure | undefined {
    const { data } = armed;
    if (!Array.isArray(data.failCommands) || !data.failCommands.includes(name)) return undefined;
    if (typeof data.appName === 'string' && data.appName !== appName) return undefined;
    if (typeof data.namespace === 'string' && typeof command[name] === 'string' && `${command.$db}.${command[name]}` !== data.namespace) {
      return undefined;
    }
    if (armed.skip > 0) {
      armed.skip--;
      return undefined;
    }
    if (--armed.times <= 0) this.armed.delete(point);
    const failure: Failure = {};
    if (data.blockConnection === true && typeof data.blockTimeMS === 'number') failure.blockMs = data.blockTimeMS;
    if (data.closeConnection === true) failure.closeConnection = true;
    else if (typeof data.errorCode === 'number') {
      const code = data.errorCode;
      let labels: string[] = Array.isArray(data.errorLabels) ? data.errorLabels : [];
      if (!Array.isArray(data.errorLabels)) {
        if (kind.retryableWrite && RETRYABLE_WRITE_CODES.has(code)) labels = ['RetryableWriteError'];
        if (kind.changeStream && RESUMABLE_CODES.has(code)) labels = ['ResumableChangeStreamError'];
      }
      failure.error = {
        ok: 0,
        // Only failCommand takes a message; mongod's failGetMoreAfterCursorCheckout answers its own.
        errmsg: point === 'failCommand' && typeof data.errmsg === 'string' ? data.errmsg : `Failing command via '${point}' failpoint`,
        code,
        codeName: typeof data.codeName === 'string' ? data.codeName : 'FailPoint',
        ...(labels.length ? { errorLabels: labels } : {}),
      };
    } else if (isPlainObject(data.writeConcernError)) failure.writeConcernError = data.writeConcernError;
    return failure;
  }
}

/** Thrown to the server to close a connection without an answer (the fail point's closeConnection). */
export class CloseConnection extends EngineError {
  constructor() {
    super(0, 'CloseConnection', 'connection closed by the failCommand fail point');
  }
}
