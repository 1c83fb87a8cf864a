/** `$or` of case-insensitive literal matches of `text` in `fields`: the client's text never acts as a pattern. */
export function textSearch(fields: string[], text: string): { $or: Array<Record<string, RegExp>> } {
  const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return { $or: fields.map((field) => ({ [field]: pattern })) };
}
