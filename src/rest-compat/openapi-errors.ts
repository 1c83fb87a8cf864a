import { Kind, type OperationDefinitionNode, parse } from 'graphql';
import { ERROR_CODES, type ErrorCode } from '../domain/error-codes';
import { errorCodesOf } from '../resolvers/operation-errors';
import { type RestRoute, writes } from './route';

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
/** The rate limit's headers (IETF RateLimit fields), on every answer while the limit is on, and Retry-After on a 429. */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': integerHeader('Requests allowed per minute.'),
  'RateLimit-Remaining': integerHeader('Requests left in the current minute.'),
  'RateLimit-Reset': integerHeader('Seconds until the minute ends.'),
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input: `error.details` lists every failing field.',
  401: 'No API key or session, or an unknown or revoked key.',
  403: 'The caller may not do this.',
  404: "No such record in the caller's account (also for malformed ids).",
  409: 'Conflicts with existing data, its state or the law.',
  412: 'The record changed since its `ETag` was read: nothing was written.',
  413: 'Body larger than 1 MB.',
  422: 'The `Idempotency-Key` belongs to another request.',
  428: 'An `If-Match` header is required (`REQUIRE_IF_MATCH`).',
  429: 'Too many requests.',
  431: 'The request line and headers exceed 16 KB (refused before any route runs).',
  500: 'An unexpected failure.',
  503: 'A service the operation depends on did not answer.',
};

/** What the HTTP layer answers about an `Idempotency-Key`, on any POST. */
const IDEMPOTENCY_CODES: readonly ErrorCode[] = ['IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'];

/** The codes a route may answer: its operation's, and the ones the HTTP layer adds before the operation runs. */
export function routeErrorCodes(route: RestRoute): ErrorCode[] {
  const operation = parse(route.document).definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION) as OperationDefinitionNode;
  const codes = new Set<ErrorCode>(['MALFORMED_URL', 'HEADERS_TOO_LARGE']);
  for (const selection of operation.selectionSet.selections)
    if (selection.kind === Kind.FIELD) for (const code of errorCodesOf(selection.name.value, operation.operation as 'query' | 'mutation')) codes.add(code);
  if (route.method !== 'get') codes.add('CSRF_TOKEN_INVALID');
  // Idempotency keys are taken on every POST that writes (docs/writes.md).
  if (route.method === 'post' && writes(route)) for (const code of IDEMPOTENCY_CODES) codes.add(code);
  if (route.requestBody) codes.add('PAYLOAD_TOO_LARGE');
  if (route.upload) codes.add('MALFORMED_MULTIPART');
  if (route.conditional === 'read' || route.conditional === 'write' || route.conditional === 'view') codes.add('PRECONDITION_INVALID');
  // A download opens with a signed link too (docs/exports.md).
  if (route.download) for (const code of ['LINK_EXPIRED', 'LINK_INVALID'] as const) codes.add(code);
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => codes.has(code));
}

/** The OpenAPI error responses of a route: one per status its codes travel with, the codes as the `code` enum. */
export function errorResponses(route: RestRoute): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(route)) {
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headline = status === 413 && route.upload ? `File or body larger than ${route.upload.maxBytes / 1024 / 1024} MB.` : STATUS_TEXT[status];
    responses[String(status)] = {
      description: [headline, ...codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code].meaning}`)].join('\n'),
      ...(status === 429 ? { headers: { 'Retry-After': integerHeader('Seconds to wait before sending again.'), ...RATE_LIMIT_HEADERS } } : {}),
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { error: { properties: { code: { enum: codes } } } } }] },
        },
      },
    };
  }
  return responses;
}
