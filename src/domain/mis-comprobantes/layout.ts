import { type Direction, directionOf, generationOf, type LayoutName } from './header-kind';

export type { Direction, LayoutName } from './header-kind';

/**
 * The column layouts of the "Mis Comprobantes" exports, Recibidos and Emitidos (G1 ≤ Oct 2023, G2 Oct 2023 → Aug
 * 2025, G3 since Sept 2025, and Excel re-saves of them), recognised by their titles — never by position, never by
 * configuration.
 */

export type Column =
  | 'date'
  | 'type'
  | 'salePoint'
  | 'numberFrom'
  | 'numberTo'
  | 'cae'
  | 'issuerDocType'
  | 'issuerDoc'
  | 'issuerName'
  | 'receiverDocType'
  | 'receiverDoc'
  | 'receiverName'
  | 'exchangeRate'
  | 'currency'
  | 'netTaxed'
  | 'netUntaxed'
  | 'exempt'
  | 'otherTaxes'
  | 'vat'
  | 'total'
  | `base:${number}`
  | `vat:${number}`;

export interface Layout {
  name: LayoutName;
  delimiter: ';' | ',' | '\t';
  /** Decided per file: `;` files write decimal commas, `,` files decimal points. */
  decimalComma: boolean;
  /** Column index of each recognised title. */
  columns: Partial<Record<Column, number>>;
  /** 0-based line of the header. */
  headerLine: number;
  /** An 11-digit CUIT named by a title row above the header (Excel re-saves), if any. */
  titleCuit: string | null;
}

const AMOUNT_TITLES = [
  'Tipo Cambio',
  'Moneda',
  'Imp. Neto Gravado IVA 0%',
  'IVA 2,5%',
  'Imp. Neto Gravado IVA 2,5%',
  'IVA 5%',
  'Imp. Neto Gravado IVA 5%',
  'IVA 10,5%',
  'Imp. Neto Gravado IVA 10,5%',
  'IVA 21%',
  'Imp. Neto Gravado IVA 21%',
  'IVA 27%',
  'Imp. Neto Gravado IVA 27%',
  'Imp. Neto Gravado Total',
  'Imp. Neto No Gravado',
  'Imp. Op. Exentas',
  'Otros Tributos',
  'Total IVA',
  'Imp. Total',
];
const VOUCHER_TITLES = ['Fecha de Emisión', 'Tipo de Comprobante', 'Punto de Venta', 'Número Desde', 'Número Hasta', 'Cód. Autorización'];

interface DirectionLayout {
  /** The export's name on the portal. */
  export: string;
  /** The titles of the current (G3) export, named when a file is not recognised. */
  expected: string[];
  /** The columns without which a row cannot become a voucher. */
  required: Column[];
  /** The older layouts, as the refusal names them. */
  older: string;
  /** Where a file of this direction belongs, for the refusal of it sent to the other route. */
  route: string;
}

/** One layout table per direction: everything else (titles, amounts, generations) is shared. */
export const DIRECTIONS: Record<Direction, DirectionLayout> = {
  received: {
    export: 'Mis Comprobantes Recibidos',
    expected: [...VOUCHER_TITLES, 'Tipo Doc. Emisor', 'Nro. Doc. Emisor', 'Denominación Emisor', 'Tipo Doc. Receptor', 'Nro. Doc. Receptor', ...AMOUNT_TITLES],
    required: ['date', 'type', 'salePoint', 'numberFrom', 'issuerDoc', 'issuerName', 'currency', 'netTaxed', 'vat', 'total'],
    older: 'the older 16- or 17-column layouts',
    route: 'POST /api/v1/received_invoices/upload-csv/',
  },
  issued: {
    export: 'Mis Comprobantes Emitidos',
    expected: [...VOUCHER_TITLES, 'Tipo Doc. Receptor', 'Nro. Doc. Receptor', 'Denominación Receptor', ...AMOUNT_TITLES],
    required: ['date', 'type', 'salePoint', 'numberFrom', 'receiverDoc', 'currency', 'netTaxed', 'vat', 'total'],
    older: 'the older 16- or 17-column layouts',
    route: 'POST /api/v1/issued_vouchers/upload-csv/',
  },
};

/** A title without accents, case, punctuation or filler words; `10,5` becomes `10.5`. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[^a-z0-9%.]+/g, ' ')
    .replace(/\.(?!\d)|(?<!\d)\./g, ' ')
    .split(' ')
    .filter((word) => word && !['de', 'del', 'la', 'el', 'imp', 'importe'].includes(word))
    .join(' ');
}

const FIXED: Record<string, Column> = {
  fecha: 'date',
  'fecha emision': 'date',
  tipo: 'type',
  'tipo comprobante': 'type',
  'punto venta': 'salePoint',
  'numero desde': 'numberFrom',
  'numero hasta': 'numberTo',
  'cod autorizacion': 'cae',
  'tipo doc emisor': 'issuerDocType',
  'nro doc emisor': 'issuerDoc',
  'n doc emisor': 'issuerDoc',
  'denominacion emisor': 'issuerName',
  'tipo doc receptor': 'receiverDocType',
  'nro doc receptor': 'receiverDoc',
  'n doc receptor': 'receiverDoc',
  'denominacion receptor': 'receiverName',
  'tipo cambio': 'exchangeRate',
  moneda: 'currency',
  'neto gravado': 'netTaxed',
  'neto gravado total': 'netTaxed',
  'neto grav total': 'netTaxed',
  'neto no gravado': 'netUntaxed',
  'op exentas': 'exempt',
  'otros tributos': 'otherTaxes',
  iva: 'vat',
  'total iva': 'vat',
  total: 'total',
};

/** The column a title names, or undefined. */
export function columnOf(title: string): Column | undefined {
  const normal = normalizeTitle(title);
  if (FIXED[normal]) return FIXED[normal];
  const base = /^neto grav(?:ado)? iva (\d+(?:\.\d+)?)%$/.exec(normal);
  if (base) return `base:${Number(base[1])}`;
  const vat = /^iva (\d+(?:\.\d+)?)%$/.exec(normal);
  if (vat) return `vat:${Number(vat[1])}`;
  return undefined;
}

/** Splits a header or title line on the delimiter that occurs most outside quotes. */
function splitLine(line: string): { delimiter: ';' | ',' | '\t'; cells: string[] } {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  const delimiter = Object.entries(counts).sort((a, b) => b[1] - a[1])[0][0] as ';' | ',' | '\t';
  const cells = line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  return { delimiter, cells };
}

export type HeaderResult = { layout: Layout } | { problem: 'unknown' | 'wrong_export'; message: string };

/**
 * Looks for the header of a `direction` export in the first lines of the decoded text; a title row above it may name
 * the CUIT (whose export it is).
 */
export function detectLayout(head: string, direction: Direction): HeaderResult {
  const lines = head.split(/\r?\n/).slice(0, 10);
  const wanted = DIRECTIONS[direction];
  let other: Direction | null = null;
  for (const [index, line] of lines.entries()) {
    const { delimiter, cells } = splitLine(line);
    const columns: Partial<Record<Column, number>> = {};
    cells.forEach((cell, at) => {
      const column = columnOf(cell);
      if (column && columns[column] === undefined) columns[column] = at;
    });
    const looksLikeHeader = columns.date !== undefined && columns.type !== undefined && columns.total !== undefined;
    if (!looksLikeHeader) continue;
    const found = directionOf(columns);
    if (found && found !== direction) {
      other = found;
      continue;
    }
    if (wanted.required.some((column) => columns[column] === undefined)) continue;
    const name = generationOf(columns);
    const titles = lines.slice(0, index).join(' ');
    const titleCuit = /\b(\d{11})\b/.exec(titles)?.[1] ?? null;
    return { layout: { name, delimiter, decimalComma: delimiter !== ',', columns, headerLine: index, titleCuit } };
  }
  if (other)
    return {
      problem: 'wrong_export',
      message: `this is an export of ${other === 'issued' ? 'issued vouchers' : 'received vouchers'} (${DIRECTIONS[other].export}): upload it to ${DIRECTIONS[other].route}; this route takes the ${wanted.export} export`,
    };
  return {
    problem: 'unknown',
    message: `not a ${wanted.export} export: expected a header with the columns ${wanted.expected.join(', ')} (or ${wanted.older})`,
  };
}
