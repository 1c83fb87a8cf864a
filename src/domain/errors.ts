/**
 * The one error hierarchy. Every failure a client can see is one of these, with a stable code; GraphQL puts the
 * code in `extensions.code`, REST maps the class to a status and `{success: false, error: {code, message, details}}`.
 * A class has a default code; a more precise one (e.g. INSUFFICIENT_STOCK for a 409) may be given.
 */

import type { ERROR_CODES, ErrorCode } from './error-codes';

/** How the store reports a broken unique key or a transaction to retry, for the layers that turn failures into answers. */
export { isDuplicateKeyError, isTransientTransactionError } from '../store/store';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The codes published with an HTTP status: an error class takes only its own status's codes. */
export type CodeOf<S extends number> = { [K in ErrorCode]: (typeof ERROR_CODES)[K]['status'] extends S ? K : never }[ErrorCode];

export abstract class AppError<S extends number = number> extends Error {
  abstract readonly status: S;
  readonly code: CodeOf<S>;

  constructor(
    message: string,
    readonly details: ErrorDetail[] = [],
    code?: CodeOf<S>,
  ) {
    super(message);
    this.code = code ?? (this.constructor as unknown as { defaultCode: CodeOf<S> }).defaultCode;
  }
}

export class ValidationError extends AppError<400> {
  static readonly defaultCode: CodeOf<400> = 'BAD_USER_INPUT';
  readonly status = 400;
}

export class UnauthenticatedError extends AppError<401> {
  static readonly defaultCode: CodeOf<401> = 'UNAUTHENTICATED';
  readonly status = 401;
  constructor(message = 'authentication required: send a valid X-API-Key header or a session cookie', details: ErrorDetail[] = [], code?: CodeOf<401>) {
    super(message, details, code);
  }
}

export class ForbiddenError extends AppError<403> {
  static readonly defaultCode: CodeOf<403> = 'FORBIDDEN';
  readonly status = 403;
}

export class NotFoundError extends AppError<404> {
  static readonly defaultCode: CodeOf<404> = 'NOT_FOUND';
  readonly status = 404;
}

export class ConflictError extends AppError<409> {
  static readonly defaultCode: CodeOf<409> = 'CONFLICT';
  readonly status = 409;
}

/** A conditional request (`If-Match`) whose condition no longer holds: nothing was written. */
export class PreconditionFailedError extends AppError<412> {
  static readonly defaultCode: CodeOf<412> = 'PRECONDITION_FAILED';
  readonly status = 412;
}

/** A well-formed request the service will not process as sent (an idempotency key reused for another request). */
export class UnprocessableError extends AppError<422> {
  static readonly defaultCode: CodeOf<422> = 'IDEMPOTENCY_KEY_REUSED';
  readonly status = 422;
}

export class PreconditionRequiredError extends AppError<428> {
  static readonly defaultCode: CodeOf<428> = 'PRECONDITION_REQUIRED';
  readonly status = 428;
}

export class PayloadTooLargeError extends AppError<413> {
  static readonly defaultCode: CodeOf<413> = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
}

export class RateLimitedError extends AppError<429> {
  static readonly defaultCode: CodeOf<429> = 'RATE_LIMITED';
  readonly status = 429;
}

export const notFound = (what: string, id: string) => new NotFoundError(`${what} ${id} not found`);

/** A multipart body that breaks before its closing boundary: the same refusal on every upload route, REST or GraphQL. */
export const malformedMultipart = (cause: unknown, path = 'file') =>
  new ValidationError(
    `malformed multipart request: ${(cause as Error)?.message ?? String(cause)}`,
    [{ path, message: 'the body ends or breaks before the closing boundary' }],
    'MALFORMED_MULTIPART',
  );
