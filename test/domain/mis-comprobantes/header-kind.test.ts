import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { directionOf, generationOf } from '../../../src/domain/mis-comprobantes/header-kind';
import { columnOf } from '../../../src/domain/mis-comprobantes/layout';

/**
 * The generation and direction of an export, told by the titles of its header (ARCA "Mis Comprobantes" export as
 * downloaded: the first line of each sample under test/fixtures; docs/fiscal-rules.md, layouts G1, G2 and G3).
 */

/** The columns a sample file's header names (first line, `;` or `,`, quotes dropped). */
function columnsOf(folder: string, name: string): Partial<Record<string, number>> {
  const header = readFileSync(join(__dirname, '../../fixtures', folder, name), 'utf8').split(/\r?\n/)[0];
  const delimiter = header.includes(';') ? ';' : ',';
  const columns: Partial<Record<string, number>> = {};
  header.split(delimiter).forEach((title, at) => {
    const column = columnOf(title.replace(/^"|"$/g, ''));
    if (column) columns[column] ??= at;
  });
  return columns;
}

test.each([
  ['received-invoices', 'anon-g3-recibidos-2025-12.csv', 'G3', 'received'],
  ['issued-vouchers', 'synthetic-g3-emitidos-2025-12.csv', 'G3', 'issued'],
  ['received-invoices', 'anon-g2-recibidos-2024.csv', 'G2', 'received'],
  ['issued-vouchers', 'synthetic-g2-emitidos-2025-12.csv', 'G2', 'issued'],
  ['received-invoices', 'anon-g1-recibidos-2022.csv', 'G1', 'received'],
  ['issued-vouchers', 'anon-g1-emitidos-2022.csv', 'G1', 'issued'],
])('%s/%s is %s, %s', (folder, name, generation, direction) => {
  const columns = columnsOf(folder, name);
  expect(generationOf(columns)).toBe(generation);
  expect(directionOf(columns)).toBe(direction);
});

test('one per-rate column, VAT or net, makes a G3 header', () => {
  expect(generationOf({ date: 0, 'vat:21': 1, otherTaxes: 2 })).toBe('G3');
  expect(generationOf({ date: 0, 'base:0': 1 })).toBe('G3');
  expect(generationOf({ date: 0, otherTaxes: 2 })).toBe('G2');
  expect(generationOf({ date: 0, vat: 1, netTaxed: 2 })).toBe('G1');
});

test('the issuer block (its number or its name) makes Recibidos; the receiver alone Emitidos; neither, none', () => {
  expect(directionOf({ issuerName: 3 })).toBe('received');
  expect(directionOf({ issuerDoc: 3, receiverDoc: 4 })).toBe('received');
  expect(directionOf({ receiverName: 3 })).toBe('issued');
  expect(directionOf({ receiverDoc: 3 })).toBe('issued');
  expect(directionOf({ issuerDocType: 1, receiverDocType: 2 })).toBeNull();
  // An index 0 is a column all the same.
  expect(directionOf({ issuerDoc: 0 })).toBe('received');
  expect(directionOf({ receiverDoc: 0 })).toBe('issued');
});
