import type { Response } from 'express';
import type { ClientError } from '../rest-compat/client-errors';

/** The legacy REST envelope. */
export function sendData(res: Response, status: number, data: unknown, extra: Record<string, unknown> = {}): void {
  res.status(status).json({ success: true, data, ...extra });
}

export function sendError(res: Response, error: ClientError): void {
  res.status(error.status).json({ success: false, error: { code: error.code, message: error.message, details: error.details } });
}
