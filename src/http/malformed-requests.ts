import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '../domain/error-codes';

const ANSWERS: Record<string, { status: number; reason: string; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'the request line and headers exceed 16 KB',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', code: 'REQUEST_TIMEOUT', message: 'the request was not received in time' },
};
const MALFORMED: { status: number; reason: string; code: ErrorCode; message: string } = {
  status: 400,
  reason: 'Bad Request',
  code: 'MALFORMED_REQUEST',
  message: 'the request is not valid HTTP',
};

/**
 * Requests Node's HTTP parser refuses before the application sees them (a URL or headers over 16 KB, broken HTTP)
 * get the same coded JSON error envelope as every other refusal, instead of Node's empty answer.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const answer = ANSWERS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ success: false, error: { code: answer.code, message: answer.message, details: [] } });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
