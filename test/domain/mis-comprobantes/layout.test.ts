import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { columnOf, detectLayout, normalizeTitle } from '../../../src/domain/mis-comprobantes/layout';

/**
 * The column layouts of the Mis Comprobantes export, told by their titles: G1 (≤ Oct 2023, 16 columns, `,`, every
 * field quoted), G2 (Oct 2023 → Aug 2025, 17 columns, `;`), G3 (since Sept 2025, 30 columns Recibidos / 28 Emitidos,
 * per-rate pairs `IVA x%` then `Imp. Neto Gravado IVA x%`), and Excel re-saves with a title row naming the CUIT.
 * The headers are the sample files' own first lines.
 */

const head = (folder: string, name: string, encoding = 'utf8') => iconv.decode(readFileSync(join(__dirname, '../../fixtures', folder, name)), encoding);

describe('titles', () => {
  test.each([
    ['Fecha de Emisión', 'fecha emision'],
    ['Imp. Neto Gravado IVA 10,5%', 'neto gravado iva 10.5%'],
    ['Cód. Autorización', 'cod autorizacion'],
    ['Denominación del Emisor', 'denominacion emisor'],
    ['Nro. Doc. Emisor', 'nro doc emisor'],
    ['Importe de la Factura el total del mes', 'factura total mes'],
    ['Imp. Op. Exentas', 'op exentas'],
  ])('%j normalises to %j', (title, normal) => {
    expect(normalizeTitle(title)).toBe(normal);
  });

  test.each([
    ['Fecha', 'date'],
    ['Tipo de Comprobante', 'type'],
    ['Tipo', 'type'],
    ['N° Doc. Emisor', 'issuerDoc'],
    ['N° Doc. Receptor', 'receiverDoc'],
    ['Neto Grav. Total', 'netTaxed'],
    ['Neto Gravado', 'netTaxed'],
    ['Imp. Neto Gravado', 'netTaxed'],
    ['Fecha de Emisión', 'date'],
    ['Tipo Doc. Receptor', 'receiverDocType'],
    ['Denominación Receptor', 'receiverName'],
    ['Moneda', 'currency'],
    ['Tipo Cambio', 'exchangeRate'],
    ['Imp. Neto No Gravado', 'netUntaxed'],
    ['Número Hasta', 'numberTo'],
    ['Imp. Neto Gravado IVA 0%', 'base:0'],
    ['Imp. Neto Gravado IVA 2,5%', 'base:2.5'],
    ['Neto Grav. IVA 27%', 'base:27'],
    ['IVA 10,5%', 'vat:10.5'],
    ['IVA 21%', 'vat:21'],
    ['IVA', 'vat'],
    ['Total IVA', 'vat'],
    ['Imp. Total', 'total'],
    ['Imp. Neto Gravado Total', 'netTaxed'],
    ['Otros Tributos', 'otherTaxes'],
    ['Observaciones', undefined],
    // A point stays only between digits; a per-rate title is the whole title.
    ['IVA 10.5%', 'vat:10.5'],
    ['IVA .5%', 'vat:5'],
    ['Otro Imp. Neto Gravado IVA 21%', undefined],
    ['Imp. Neto Gravado IVA 21% Anterior', undefined],
    ['Percepción IVA 21%', undefined],
    ['IVA 21% Percibido', undefined],
  ])('%j is column %s', (title, column) => {
    expect(columnOf(title)).toBe(column);
  });
});

describe('each generation is recognised by its header', () => {
  test('G3 Recibidos: 30 columns, `;`, decimal comma, per-rate pairs (VAT first, then net)', () => {
    const found = detectLayout(head('received-invoices', 'anon-g3-recibidos-2025-12.csv'), 'received');
    expect(found).toEqual({
      layout: {
        name: 'G3',
        delimiter: ';',
        decimalComma: true,
        headerLine: 0,
        titleCuit: null,
        columns: {
          date: 0,
          type: 1,
          salePoint: 2,
          numberFrom: 3,
          numberTo: 4,
          cae: 5,
          issuerDocType: 6,
          issuerDoc: 7,
          issuerName: 8,
          receiverDocType: 9,
          receiverDoc: 10,
          exchangeRate: 11,
          currency: 12,
          'base:0': 13,
          'vat:2.5': 14,
          'base:2.5': 15,
          'vat:5': 16,
          'base:5': 17,
          'vat:10.5': 18,
          'base:10.5': 19,
          'vat:21': 20,
          'base:21': 21,
          'vat:27': 22,
          'base:27': 23,
          netTaxed: 24,
          netUntaxed: 25,
          exempt: 26,
          otherTaxes: 27,
          vat: 28,
          total: 29,
        },
      },
    });
  });

  test('G3 Emitidos: 28 columns, the receiver instead of the issuer block', () => {
    const found = detectLayout(head('issued-vouchers', 'synthetic-g3-emitidos-2025-12.csv'), 'issued');
    expect('layout' in found && found.layout).toMatchObject({
      name: 'G3',
      columns: { receiverDocType: 6, receiverDoc: 7, receiverName: 8, exchangeRate: 9, currency: 10, 'vat:10.5': 16, 'base:10.5': 17, total: 27 },
    });
  });

  test('G2 Recibidos: 17 columns, one net and one VAT', () => {
    const found = detectLayout(head('received-invoices', 'anon-g2-recibidos-2024.csv'), 'received');
    expect(found).toEqual({
      layout: {
        name: 'G2',
        delimiter: ';',
        decimalComma: true,
        headerLine: 0,
        titleCuit: null,
        columns: {
          date: 0,
          type: 1,
          salePoint: 2,
          numberFrom: 3,
          numberTo: 4,
          cae: 5,
          issuerDocType: 6,
          issuerDoc: 7,
          issuerName: 8,
          exchangeRate: 9,
          currency: 10,
          netTaxed: 11,
          netUntaxed: 12,
          exempt: 13,
          otherTaxes: 14,
          vat: 15,
          total: 16,
        },
      },
    });
  });

  test('G1 Recibidos: 16 columns, `,`, every field quoted, decimal point, no Otros Tributos', () => {
    const found = detectLayout(head('received-invoices', 'anon-g1-recibidos-2022.csv'), 'received');
    expect('layout' in found && found.layout).toMatchObject({
      name: 'G1',
      delimiter: ',',
      decimalComma: false,
      headerLine: 0,
      columns: { date: 0, type: 1, issuerDoc: 7, netTaxed: 11, vat: 14, total: 15 },
    });
    expect('layout' in found && found.layout.columns.otherTaxes).toBeUndefined();
  });

  test('an Excel re-save: a title row naming the CUIT above a `;` header, in DOS code page 850', () => {
    const found = detectLayout(head('issued-vouchers', 'anon-g1xl-emitidos-2020-09-a-cp850.csv', 'cp850'), 'issued');
    expect('layout' in found && found.layout).toMatchObject({ name: 'G1', delimiter: ';', decimalComma: true, headerLine: 1, titleCuit: '30990079192' });
  });

  test('an export of the other direction is named as such; a file of neither is unknown', () => {
    const issued = detectLayout(head('issued-vouchers', 'synthetic-g3-emitidos-2025-12.csv'), 'received');
    expect(issued).toEqual({
      problem: 'wrong_export',
      message:
        'this is an export of issued vouchers (Mis Comprobantes Emitidos): upload it to POST /api/v1/issued_vouchers/upload-csv/; this route takes the Mis Comprobantes Recibidos export',
    });
    const received = detectLayout(head('received-invoices', 'anon-g2-recibidos-2024.csv'), 'issued');
    expect(received).toEqual({
      problem: 'wrong_export',
      message:
        'this is an export of received vouchers (Mis Comprobantes Recibidos): upload it to POST /api/v1/received_invoices/upload-csv/; this route takes the Mis Comprobantes Emitidos export',
    });
  });

  test('a file of neither direction is refused naming the current layout titles (the G3 header of each export)', () => {
    const titles = (folder: string, name: string) =>
      head(folder, name)
        .split('\n')[0]
        .split(';')
        .map((title) => title.replace(/^"|"$/g, ''))
        .join(', ');
    expect(detectLayout('a;b;c\n1;2;3\n', 'received')).toEqual({
      problem: 'unknown',
      message: `not a Mis Comprobantes Recibidos export: expected a header with the columns ${titles('received-invoices', 'anon-g3-recibidos-2025-12.csv')} (or the older 16- or 17-column layouts)`,
    });
    expect(detectLayout('a;b;c\n', 'issued')).toEqual({
      problem: 'unknown',
      message: `not a Mis Comprobantes Emitidos export: expected a header with the columns ${titles('issued-vouchers', 'synthetic-g3-emitidos-2025-12.csv')} (or the older 16- or 17-column layouts)`,
    });
  });

  test('the header is looked for in the first 10 lines only; blank lines and title rows above it are skipped', () => {
    const g2 = head('received-invoices', 'anon-g2-recibidos-2024.csv').split('\n')[0];
    const found = detectLayout(`\n${'Mis Comprobantes Recibidos - CUIT 20111111112\n'.repeat(8)}${g2}\n`, 'received');
    expect('layout' in found && found.layout).toMatchObject({ name: 'G2', headerLine: 9, titleCuit: '20111111112' });
    expect(detectLayout(`${'titulo\n'.repeat(10)}${g2}\n`, 'received')).toMatchObject({ problem: 'unknown' });
  });

  test('a title given twice: the first column is read', () => {
    const found = detectLayout(
      'Fecha;Tipo;Punto de Venta;Número Desde;Nro. Doc. Emisor;Denominación Emisor;Moneda;Imp. Neto Gravado;IVA;Imp. Total;Fecha\n',
      'received',
    );
    expect('layout' in found && found.layout.columns.date).toBe(0);
  });

  test('the delimiter is the one found most outside quotes', () => {
    const header =
      '"Fecha";"Tipo";"Punto de Venta";"Número Desde";"Nro. Doc. Emisor";"Denominación Emisor";"Moneda";"Imp. Neto Gravado";"IVA";"Imp. Total";"Notas, aclaraciones, referencias, observaciones, comentarios, otros, varios, y más"';
    expect(detectLayout(`${header}\n`, 'received')).toMatchObject({ layout: { delimiter: ';', columns: { date: 0, total: 9 } } });
  });

  test.each([
    ['Fecha de Emisión', 'its date'],
    ['Tipo de Comprobante', 'its type'],
    ['Imp. Total', 'its total'],
  ])('a header of the other direction without %j (%s) is no header at all: unknown, not the other export', (title) => {
    const g2 = head('received-invoices', 'anon-g2-recibidos-2024.csv').split('\n')[0].replace(`"${title}"`, '"Observaciones"');
    expect(detectLayout(`${g2}\n`, 'issued')).toMatchObject({ problem: 'unknown' });
  });

  test('a title row names the CUIT only as an 11-digit number of its own', () => {
    const g2 = head('received-invoices', 'anon-g2-recibidos-2024.csv').split('\n')[0];
    expect(detectLayout(`Mis Comprobantes Recibidos - 201111111123\n${g2}\n`, 'received')).toMatchObject({ layout: { titleCuit: null } });
    expect(detectLayout(`Mis Comprobantes Recibidos - X20111111112\n${g2}\n`, 'received')).toMatchObject({ layout: { titleCuit: null } });
  });

  test('a header missing a required column is not taken', () => {
    // G2 without `IVA`.
    const g2 = head('received-invoices', 'anon-g2-recibidos-2024.csv').split('\n')[0].replace(';"IVA"', '');
    expect(detectLayout(`${g2}\n`, 'received')).toMatchObject({ problem: 'unknown' });
  });
});
