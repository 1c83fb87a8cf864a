/** The encodings a Mis Comprobantes export comes in: the portal's UTF-8, and Excel re-saves in windows-1252 or CP850. */
export type ExportEncoding = 'utf8' | 'windows-1252' | 'cp850';

/** The bytes without a UTF-8 byte order mark (EF BB BF), which Excel writes first. */
export function withoutBom(head: Buffer): Buffer {
  return head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
}

/**
 * Strict UTF-8 of a file's head up to its last complete line (a character may be cut at the head's end); null when it
 * is not UTF-8.
 */
export function strictUtf8(head: Buffer): string | null {
  const end = head.lastIndexOf(0x0a);
  const whole = end < 0 ? head : head.subarray(0, end + 1);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(whole);
  } catch {
    return null;
  }
}
