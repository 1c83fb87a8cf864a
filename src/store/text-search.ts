/**
 * `$or` of case-insensitive literal matches of `text` in `fields`: the client's text never acts as a pattern. A NUL
 * is written as the escape `\x00`, since a BSON pattern is a NUL-terminated string.
 */
export function textSearch(fields: string[], text: string): { $or: Array<Record<string, RegExp>> } {
  const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '\\x00'), 'i');
  return { $or: fields.map((field) => ({ [field]: pattern })) };
}
