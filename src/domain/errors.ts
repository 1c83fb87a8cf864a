/**
 * The one error hierarchy. Every failure a client can see is one of these, with a stable code; GraphQL puts the
 * code in `extensions.code`, REST maps the class to a status and `{success: false, error: {code, message, details}}`.
 * A class has a default code; a more precise one (e.g. INSUFFICIENT_STOCK for a 409) may be given.
 */

export interface ErrorDetail {
  path: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  readonly code: string;

  constructor(
    message: string,
    readonly details: ErrorDetail[] = [],
    code?: string,
  ) {
    super(message);
    this.code = code ?? (this.constructor as typeof AppError & { defaultCode: string }).defaultCode;
  }
}

export class ValidationError extends AppError {
  static readonly defaultCode = 'BAD_USER_INPUT';
  readonly status = 400;
}

export class UnauthenticatedError extends AppError {
  static readonly defaultCode = 'UNAUTHENTICATED';
  readonly status = 401;
  constructor(message = 'authentication required: send a valid X-API-Key header or a session cookie') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  static readonly defaultCode = 'FORBIDDEN';
  readonly status = 403;
}

export class NotFoundError extends AppError {
  static readonly defaultCode = 'NOT_FOUND';
  readonly status = 404;
}

export class ConflictError extends AppError {
  static readonly defaultCode = 'CONFLICT';
  readonly status = 409;
}

export class PayloadTooLargeError extends AppError {
  static readonly defaultCode = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
}

export class RateLimitedError extends AppError {
  static readonly defaultCode = 'RATE_LIMITED';
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
