import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { ClientError } from '../rest-compat/client-errors';

/** The legacy REST envelope. */
export function sendData(res: Response, status: number, data: unknown, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ success: true, data, ...extra });
}

/**
 * The success envelope as sent, with a weak entity tag of its bytes: for a record whose answer is composed of several
 * (a `view` route), the tag says whether anything in the answer changed.
 */
export function taggedEnvelope(data: unknown, extra: Record<string, unknown> = {}): { body: string; etag: string } {
  const body = JSON.stringify({ success: true, data, ...extra });
  return { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

export function sendError(res: Response, error: ClientError): void {
  res.status(error.status).json({ success: false, error: { code: error.code, message: error.message, details: error.details } });
}
