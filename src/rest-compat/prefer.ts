/**
 * Whether the request's `Prefer` header (RFC 7240; several headers or comma-separated preferences) holds the
 * preference `name`, compared without case (§2). A preference's value and parameters are not read, and anything the
 * header holds besides is ignored, as the RFC asks of preferences a server does not support: a malformed header is
 * never an error, it only asks for nothing.
 */
export function prefers(header: string | string[] | undefined, name: string): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((value) => value.split(',').some((preference) => preference.split(/[=;]/, 1)[0].trim().toLowerCase() === name));
}
