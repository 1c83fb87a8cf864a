/** The largest CSV a ZIP may unpack to, and the largest ratio: beyond either it is treated as a ZIP bomb. */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
export const MAX_RATIO = 100;

/** What a ZIP entry's directory record says of its sizes. */
export interface ZipEntrySizes {
  compressedSize: number;
  uncompressedSize: number;
}

/**
 * Why the files of the portal's ZIP (directories left out) are not one voucher export, or null: it must hold exactly
 * one file, unpacking to at most MAX_UNZIPPED_BYTES and at most MAX_RATIO times its packed size (an empty entry
 * counts as one packed byte).
 */
export function zipRefusal(files: readonly ZipEntrySizes[]): string | null {
  if (files.length !== 1) return `the ZIP must hold exactly one CSV file; it holds ${files.length} files`;
  const [entry] = files;
  if (entry.uncompressedSize > MAX_UNZIPPED_BYTES || entry.uncompressedSize > Math.max(entry.compressedSize, 1) * MAX_RATIO)
    return 'the ZIP unpacks to far more than a voucher export (a ZIP bomb?)';
  return null;
}
