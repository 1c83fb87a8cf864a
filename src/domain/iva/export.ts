import { zipSync } from 'fflate';
import { requirePrincipal, type RequestContext } from '../context';
import { bookEntries } from './books';
import type { BookType } from './entry';
import { type LidFile, lidFiles } from './lid-export';
import { assertExportable } from './review';

/**
 * The Libro IVA Digital files of a book (refused, 409, while a line needs review: no credit is declared without
 * the rate records that back it), named after the account's CUIT and the period (`…_202512_COMPRAS_CBTE.txt`).
 */
export async function exportBook(context: RequestContext, period: string, bookType: BookType): Promise<LidFile[]> {
  const account = await context.store.collection<{ cuit?: string }>('accounts').findOne({ _id: requirePrincipal(context).accountId });
  const prefix = `LIBRO_IVA_DIGITAL_${account?.cuit ?? 'CUIT'}_${period.replace('-', '')}`;
  const entries = await bookEntries(context, period, bookType);
  assertExportable(entries);
  return lidFiles(bookType, entries, prefix);
}

/** The pair in one ZIP (fixed entry time: the same book gives the same bytes). */
export function zipOf(files: LidFile[]): Buffer {
  const mtime = new Date('2000-01-01T00:00:00Z');
  return Buffer.from(zipSync(Object.fromEntries(files.map((file) => [file.name, [new Uint8Array(file.content), { mtime }]])), { level: 6 }));
}

export const zipName = (files: LidFile[]) => `${files[0].name.replace(/_(COMPRAS|VENTAS)_CBTE\.txt$/, '_$1')}.zip`;
