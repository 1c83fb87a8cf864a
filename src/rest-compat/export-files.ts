import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { QueryReader } from './query';

/**
 * The spreadsheet files the reports export to, written row by row into the answer as they are read, so a month's
 * VAT book of a million lines never sits whole in memory.
 *
 * - XLSX (exceljs's streaming writer): amounts are numbers built from integer centavos (one division, never a sum of
 *   floats) shown `#,##0.00`, dates are Excel dates shown `dd/mm/yyyy`, the header row is bold and frozen, totals rows bold.
 * - CSV (RFC 4180) is for programs: comma separated, CRLF, fields quoted when they hold a comma, quote or line break,
 *   amounts with a dot and two decimals and no thousands separator, dates `YYYY-MM-DD`, UTF-8 without BOM. A
 *   spreadsheet in Spanish (Argentina) expects `;` and a decimal comma: the XLSX is the file for it (docs/exports.md).
 */

export type ExportFormat = 'csv' | 'xlsx';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The `format` query parameter of an export (default xlsx); a 400 naming it for anything else. */
export function readExportFormat(query: Record<string, unknown>): ExportFormat {
  const reader = new QueryReader({ format: query.format });
  const format = reader.oneOf('format', EXPORT_FORMATS, 'xlsx');
  reader.done();
  return format;
}

/** The query without `format`, for the report's own reading of its parameters. */
export function withoutFormat(query: Record<string, unknown>): Record<string, unknown> {
  const { format: _format, ...rest } = query;
  return rest;
}

/** What a column holds: text, a whole number, an amount (cells hold integer centavos) or a date (`YYYY-MM-DD`). */
export type ColumnKind = 'text' | 'integer' | 'money' | 'date';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** Characters (Excel's width unit); a default per kind otherwise. */
  width?: number;
}

/** A cell as the report gives it: text, a number (centavos in a money column), a `YYYY-MM-DD` day, or nothing. */
export type Cell = unknown;

/** One row: its cells in column order; `total` marks a totals row (bold in the XLSX). */
export interface ExportRow {
  cells: Cell[];
  total?: boolean;
}

export interface ExportWriter {
  row(row: ExportRow): Promise<void>;
  end(): Promise<void>;
}

const WIDTHS: Record<ColumnKind, number> = { text: 28, integer: 10, money: 16, date: 12 };
const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'dd/mm/yyyy';

/** An amount's pesos as the number nearest to them: the exact centavos divided once. */
export function pesosOf(cents: number): number {
  return cents / 100;
}

/** Integer centavos as `-1234.50`, written from the integer's digits (exact for any safe integer). */
export function centsText(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A calendar date as the Excel date of that day (exceljs writes UTC midnight as the day itself). */
export function excelDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvCell(kind: ColumnKind, cell: Cell): string {
  if (cell === null || cell === undefined || cell === '') return '';
  if (kind === 'money' && typeof cell === 'number') return centsText(cell);
  return csvField(String(cell));
}

function xlsxCell(kind: ColumnKind, cell: Cell): ExcelJS.CellValue {
  if (cell === null || cell === undefined || cell === '') return null;
  if (kind === 'money' && typeof cell === 'number') return pesosOf(cell);
  if (kind === 'date' && typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell)) return excelDate(cell);
  return typeof cell === 'number' ? cell : String(cell);
}

/** Waits while the answer holds more than its buffer, so a slow client slows the reading instead of filling memory. */
async function drained(stream: PassThrough): Promise<void> {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

function csvWriter(out: PassThrough, columns: ExportColumn[]): ExportWriter {
  const line = (fields: string[]) => (out.write(`${fields.join(',')}\r\n`) ? Promise.resolve() : drained(out));
  const header = line(columns.map((column) => csvField(column.header)));
  return {
    async row({ cells }) {
      await header;
      await line(columns.map((column, i) => csvCell(column.kind, cells[i])));
    },
    async end() {
      await header;
      out.end();
    },
  };
}

function xlsxWriter(out: PassThrough, sheet: string, columns: ExportColumn[]): ExportWriter {
  // Loaded with the first spreadsheet, not at start-up: a process may never write one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { stream } = require('exceljs') as typeof ExcelJS;
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = columns.map((column) => ({
    width: column.width ?? WIDTHS[column.kind],
    style: column.kind === 'money' ? { numFmt: MONEY_FORMAT } : column.kind === 'date' ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = worksheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  return {
    async row({ cells, total }) {
      const row = worksheet.addRow(columns.map((column, i) => xlsxCell(column.kind, cells[i])));
      columns.forEach((column, i) => {
        const cell = row.getCell(i + 1);
        if (column.kind === 'money') cell.numFmt = MONEY_FORMAT;
        else if (column.kind === 'date') cell.numFmt = DATE_FORMAT;
        if (total) cell.font = { bold: true };
      });
      row.commit();
      await drained(out);
    },
    async end() {
      worksheet.commit();
      await workbook.commit();
    },
  };
}

/** A writer of the format into `destination` (piped, so the destination's pace holds the writing back). */
export function exportWriter(format: ExportFormat, destination: Writable, sheet: string, columns: ExportColumn[]): ExportWriter {
  const out = new PassThrough();
  out.pipe(destination);
  return format === 'csv' ? csvWriter(out, columns) : xlsxWriter(out, sheet, columns);
}
