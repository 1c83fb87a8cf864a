import { argentineDateTime } from '../domain/dates';

/** The one naming map between GraphQL (camelCase, `id`) and the legacy REST API (snake_case, `_id`). */

export function camelToSnake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A REST body as GraphQL input: keys renamed deeply; values (including any `$`-keys) stay plain data. */
export function bodyToInput(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(bodyToInput);
  if (!isPlainObject(body)) return body;
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [snakeToCamel(key), bodyToInput(value)]));
}

/**
 * An error detail path of the GraphQL input (`3.taxId`) in REST names (`3.tax_id`). `renames` maps a segment, or a
 * dotted tail such as `address.text`, to its REST name; a rename to '' drops it.
 */
/** Ends a REST key sent on under its own name because its camelCase is some other field's GraphQL name. */
export const REST_KEY_MARK = '__rest';

export function restPath(path: string, renames: Record<string, string> = {}): string {
  // A dotted rename gives the REST names of the path's tail; only what stands before it is renamed by segment.
  let tail: string[] = [];
  for (const [from, to] of Object.entries(renames)) {
    if (from.includes('.') && (path === from || path.endsWith(`.${from}`))) {
      path = path.slice(0, path.length - from.length).replace(/\.$/, '');
      tail = to.split('.');
      break;
    }
  }
  const head = path
    ? path
        .split('.')
        .map((segment) => (segment.endsWith(REST_KEY_MARK) ? segment.slice(0, -REST_KEY_MARK.length) : (renames[segment] ?? camelToSnake(segment))))
    : [];
  return [...head, ...tail].filter((segment) => segment !== '').join('.');
}

/** A GraphQL DateTimeISO as the REST API writes date-times: Argentine wall-clock time without a zone. */
export function restDateTime(value: unknown): unknown {
  return typeof value === 'string' ? argentineDateTime(Date.parse(value)) : value;
}

/** The record with its named date-time fields in REST form. */
export function withRestDateTimes<T extends Record<string, unknown>>(record: T, fields: readonly string[]): T {
  const out: Record<string, unknown> = { ...record };
  for (const field of fields) if (field in out) out[field] = restDateTime(out[field]);
  return out as T;
}

/** graphql-js's prose about variables and input types: never shown to a REST client. */
const GRAPHQL_PROSE = /Variable "\$|\$input|\$inputs|by type "|of type "|Input"|Input!/;

/**
 * An error as a REST client reads it: detail paths in REST names, and a message in REST terms — input problems
 * listed by their REST paths, identifiers in snake_case, no GraphQL vocabulary.
 */
export function restError<E extends { code: string; message: string; details: Array<{ path: string; message: string }> }>(
  error: E,
  renames: Record<string, string> = {},
): E {
  const details = error.details.map((detail) => ({ ...detail, path: restPath(detail.path, renames) }));
  const snake = (text: string) => text.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (word) => renames[word] ?? camelToSnake(word));
  let message = error.message;
  if (details.length && (error.code === 'BAD_USER_INPUT' || GRAPHQL_PROSE.test(message)))
    message = `invalid input: ${details.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; ')}`;
  else if (GRAPHQL_PROSE.test(message)) message = 'invalid input';
  return { ...error, details: details.map((detail) => ({ ...detail, message: snake(detail.message) })), message: snake(message) };
}
