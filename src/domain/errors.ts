/**
 * The one error hierarchy. Every failure a client can see is one of these, with a stable code; GraphQL puts the
 * code in `extensions.code`, REST maps it to a status and `{success: false, error: {code, message, details}}`.
 */

export interface ErrorDetail {
  path: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  constructor(
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  readonly code = 'BAD_USER_INPUT';
  readonly status = 400;
}

export class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
  readonly status = 401;
  constructor(message = 'authentication required: send a valid X-API-Key header or a session cookie') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly code: string = 'FORBIDDEN';
  readonly status = 403;
}

export class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
}

export class ConflictError extends AppError {
  readonly code: string = 'CONFLICT';
  readonly status = 409;
}

export class PayloadTooLargeError extends AppError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
}

export class RateLimitedError extends AppError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
}

export class InternalError extends AppError {
  readonly code = 'INTERNAL_SERVER_ERROR';
  readonly status = 500;
  constructor() {
    super('internal error');
  }
}

/** A 403 with its own code (e.g. CSRF_TOKEN_INVALID) so clients can tell the reasons apart. */
export class ForbiddenWithCode extends ForbiddenError {
  constructor(
    override readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string, id: string) => new NotFoundError(`${what} ${id} not found`);
