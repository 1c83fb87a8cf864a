import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { isCalendarDate } from '../dates';
import { ValidationError } from '../errors';
import { toCents } from '../money';

/** One movement of a statement file: +in / −out, in centavos. */
export interface StatementRow {
  /** 1-based line of the file (the row's first line). */
  line: number;
  date: string;
  description: string;
  reference: string | null;
  amountCents: number;
  balanceCents: number | null;
}

export interface ParsedStatement {
  format: 'csv' | 'ofx';
  /** The preset that read the columns (`galicia`, `mercadopago`, `generic`, `mapped`, `ofx`). */
  preset: string;
  encoding: 'utf-8' | 'windows-1252';
  rows: StatementRow[];
  problems: Array<{ line: number; message: string }>;
  openingCents: number | null;
  closingCents: number | null;
}

/** Header names of a CSV's columns, given by the client when the file is no known export. */
export interface ColumnMapping {
  date?: string;
  description?: string;
  amount?: string;
  debit?: string;
  credit?: string;
  balance?: string;
  reference?: string;
}

const MAX_ROWS = 50_000;

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), otherwise Windows-1252 (what Argentine banks' Excel saves). */
function decode(bytes: Buffer): { text: string; encoding: ParsedStatement['encoding'] } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'win1252'), encoding: 'windows-1252' };
  }
}

/** Upper-case, accents and dots removed, spaces collapsed: how headers and descriptions are compared. */
export function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/** Day-first dates (`dd/mm/yyyy`, `d/m/yy`, `DD-MM-YYYY`), ISO days, and OFX's `yyyymmdd…`; null when not a real day. */
export function statementDate(text: string): string | null {
  const value = text.trim();
  let day: string | undefined;
  const dayFirst = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (dayFirst) {
    const year = dayFirst[3].length === 2 ? `20${dayFirst[3]}` : dayFirst[3];
    day = `${year}-${dayFirst[2].padStart(2, '0')}-${dayFirst[1].padStart(2, '0')}`;
  } else if (iso) day = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (compact) day = `${compact[1]}-${compact[2]}-${compact[3]}`;
  return day && isCalendarDate(day) ? day : null;
}

type Locale = 'es' | 'en';

/** The file's number style: es-AR (`1.234,56`) unless its amounts only ever use a point before the last 1–2 digits. */
function localeOf(samples: string[]): Locale {
  if (samples.some((sample) => /,\d{1,2}\s*-?\)?$/.test(sample.trim()))) return 'es';
  if (samples.some((sample) => /\.\d{1,2}\s*-?\)?$/.test(sample.trim()) && /,\d{3}/.test(sample))) return 'en';
  if (samples.some((sample) => /^-?\$?\s*\d+\.\d{1,2}$/.test(sample.trim()))) return 'en';
  return 'es';
}

/**
 * An amount as banks write it — `1.465.950,00`, `-13.900,00`, `20440,28`, `$ 1.234,56`, `(1.234,56)`, `1.234,56-`,
 * `2,410.13` in an en file — in centavos; null when it is none.
 */
export function statementAmount(text: string, locale: Locale): number | null {
  let value = text.trim().replace(/\$|\s|ARS|USD/g, '');
  if (value === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.endsWith('-')) {
    negative = !negative;
    value = value.slice(0, -1);
  }
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  const [thousands, decimal] = locale === 'es' ? ['.', ','] : [',', '.'];
  const pattern = locale === 'es' ? /^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/ : /^\d{1,3}(,\d{3})*(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/;
  if (!pattern.test(value)) return null;
  const plain = value.split(thousands).join('').replace(decimal, '.');
  const cents = toCents(Number(plain));
  if (cents === null) return null;
  return negative ? -cents : cents;
}

const HEADER_WORDS = ['FECHA', 'DATE', 'RELEASE_DATE'];

/** The column of the first header that matches one of `names` (normalised), or -1. */
function column(header: string[], names: string[]): number {
  const cells = header.map(normalized);
  for (const name of names) {
    const index = cells.indexOf(normalized(name));
    if (index >= 0) return index;
  }
  return -1;
}

interface Columns {
  preset: string;
  date: number;
  description: number;
  reference: number;
  amount: number;
  debit: number;
  credit: number;
  balance: number;
}

/** The columns of a header row: the client's mapping, else the known exports, else common Spanish and English names. */
function columnsOf(header: string[], mapping: ColumnMapping | undefined): Columns | null {
  if (mapping && Object.values(mapping).some(Boolean)) {
    const at = (name: string | undefined, field: string) => {
      if (!name) return -1;
      const index = column(header, [name]);
      if (index < 0)
        throw new ValidationError(`the file has no column ${name}`, [{ path: `${field}_column`, message: `no column named ${name} in the header` }]);
      return index;
    };
    return {
      preset: 'mapped',
      date: at(mapping.date, 'date'),
      description: at(mapping.description, 'description'),
      reference: at(mapping.reference, 'reference'),
      amount: at(mapping.amount, 'amount'),
      debit: at(mapping.debit, 'debit'),
      credit: at(mapping.credit, 'credit'),
      balance: at(mapping.balance, 'balance'),
    };
  }
  const cells = header.map(normalized);
  if (cells.includes('RELEASE_DATE') && cells.includes('TRANSACTION_NET_AMOUNT'))
    return {
      preset: 'mercadopago',
      date: column(header, ['RELEASE_DATE']),
      description: column(header, ['TRANSACTION_TYPE']),
      reference: column(header, ['REFERENCE_ID']),
      amount: column(header, ['TRANSACTION_NET_AMOUNT']),
      debit: -1,
      credit: -1,
      balance: column(header, ['PARTIAL_BALANCE']),
    };
  const date = column(header, ['Fecha', 'Fecha Operación', 'Fecha Movimiento', 'Date']);
  if (date < 0) return null;
  const galicia = cells.includes('MOVIMIENTO') && cells.includes('SALDO PARCIAL');
  return {
    preset: galicia ? 'galicia' : 'generic',
    date,
    description: column(header, ['Movimiento', 'Descripción', 'Concepto', 'Detalle', 'Description', 'Movimientos']),
    reference: column(header, ['Comentarios', 'Referencia', 'Comprobante', 'Comprob', 'Nro Comprobante', 'Reference']),
    amount: column(header, ['Importe', 'Monto', 'Amount']),
    debit: column(header, ['Débito', 'Débitos', 'Debito', 'Debitos', 'Debit']),
    credit: column(header, ['Crédito', 'Créditos', 'Credito', 'Creditos', 'Credit']),
    balance: column(header, ['Saldo Parcial', 'Saldo', 'Balance']),
  };
}

const cell = (row: string[], index: number): string => (index >= 0 ? (row[index] ?? '').replace(/\s+/g, ' ').trim() : '');

/** Mercado Pago's summary block before the movements: INITIAL_BALANCE … FINAL_BALANCE. */
function summaryOf(records: string[][], headerAt: number, locale: Locale): { opening: number | null; closing: number | null } {
  for (let i = 0; i + 1 < headerAt; i++) {
    const names = records[i].map(normalized);
    const opening = names.indexOf('INITIAL_BALANCE');
    const closing = names.indexOf('FINAL_BALANCE');
    if (opening >= 0 || closing >= 0)
      return {
        opening: opening >= 0 ? statementAmount(records[i + 1][opening] ?? '', locale) : null,
        closing: closing >= 0 ? statementAmount(records[i + 1][closing] ?? '', locale) : null,
      };
  }
  return { opening: null, closing: null };
}

function parseCsv(text: string, mapping: ColumnMapping | undefined): Omit<ParsedStatement, 'encoding'> {
  const firstLines = text.split(/\r?\n/).slice(0, 20).join('\n');
  const delimiter = (firstLines.match(/;/g)?.length ?? 0) >= (firstLines.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, info: false, to: MAX_ROWS + 100 });
  } catch (error) {
    throw new ValidationError(`the file is not a readable CSV: ${(error as Error).message}`, [{ path: 'file', message: 'not a readable CSV' }]);
  }
  const headerAt = records.findIndex((record) => {
    const cells = record.map(normalized);
    return HEADER_WORDS.some((word) => cells.includes(word)) || (mapping?.date !== undefined && cells.includes(normalized(mapping.date)));
  });
  if (headerAt < 0)
    throw new ValidationError('no header row with a date column (Fecha, Date, RELEASE_DATE): give the column names', [
      { path: 'file', message: 'no header row found: map the columns (date_column, amount_column or debit_column/credit_column, …)' },
    ]);
  const header = records[headerAt];
  const columns = columnsOf(header, mapping);
  if (!columns || columns.date < 0 || (columns.amount < 0 && columns.debit < 0 && columns.credit < 0))
    throw new ValidationError('the header has no date and amount columns: give the column names', [
      { path: 'file', message: `columns found: ${header.join(', ')}; map date_column and amount_column (or debit_column and credit_column)` },
    ]);
  const body = records.slice(headerAt + 1).filter((record) => record.some((value) => value.trim() !== ''));
  if (body.length > MAX_ROWS) throw new ValidationError(`a statement has at most ${MAX_ROWS} movements`, [{ path: 'file', message: 'too many rows' }]);
  const samples = body
    .flatMap((record) => [columns.amount, columns.debit, columns.credit, columns.balance].map((index) => cell(record, index)))
    .filter(Boolean);
  const locale = localeOf(samples);
  const rows: StatementRow[] = [];
  const problems: ParsedStatement['problems'] = [];
  body.forEach((record, index) => {
    const line = headerAt + 2 + index;
    const date = statementDate(cell(record, columns.date));
    let amount: number | null;
    if (columns.amount >= 0) amount = statementAmount(cell(record, columns.amount), locale);
    else {
      // Débito and Crédito columns: the unused side is empty or 0,00; a debit may carry a minus.
      const debit = statementAmount(cell(record, columns.debit), locale);
      const credit = statementAmount(cell(record, columns.credit), locale);
      if ((debit ?? 0) !== 0 && (credit ?? 0) !== 0) {
        problems.push({ line, message: 'both a debit and a credit: refused' });
        return;
      }
      amount = debit !== null && debit !== 0 ? -Math.abs(debit) : credit !== null ? Math.abs(credit) : debit === 0 ? 0 : null;
    }
    const balanceText = cell(record, columns.balance);
    const balance = balanceText ? statementAmount(balanceText, locale) : null;
    const description = cell(record, columns.description).slice(0, 500);
    if (!date) problems.push({ line, message: `no valid date (${cell(record, columns.date) || 'empty'})` });
    else if (amount === null) problems.push({ line, message: 'no valid amount' });
    else if (amount === 0) problems.push({ line, message: 'amount is zero' });
    else rows.push({ line, date, description, reference: cell(record, columns.reference).slice(0, 200) || null, amountCents: amount, balanceCents: balance });
  });
  const { opening, closing } = summaryOf(records, headerAt, locale);
  return { format: 'csv', preset: columns.preset, rows, problems, openingCents: opening, closingCents: closing };
}

/** The value of an OFX element in SGML (no closing tags) or XML form. */
function ofxValue(block: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return match ? match[1].trim() : null;
}

function parseOfx(text: string): Omit<ParsedStatement, 'encoding'> {
  const rows: StatementRow[] = [];
  const problems: ParsedStatement['problems'] = [];
  const blocks = text.split(/<STMTTRN>/i).slice(1);
  if (blocks.length > MAX_ROWS) throw new ValidationError(`a statement has at most ${MAX_ROWS} movements`, [{ path: 'file', message: 'too many rows' }]);
  let offset = 0;
  for (const raw of blocks) {
    const block = raw.split(/<\/STMTTRN>/i)[0];
    offset = text.indexOf(raw, offset);
    const line = text.slice(0, offset).split('\n').length;
    const date = statementDate(ofxValue(block, 'DTPOSTED') ?? '');
    const amount = statementAmount(ofxValue(block, 'TRNAMT') ?? '', 'en');
    const description = [ofxValue(block, 'NAME'), ofxValue(block, 'MEMO')].filter(Boolean).join(' ').slice(0, 500);
    const reference = ofxValue(block, 'FITID') ?? ofxValue(block, 'CHECKNUM');
    if (!date) problems.push({ line, message: 'no valid DTPOSTED' });
    else if (amount === null || amount === 0) problems.push({ line, message: 'no valid TRNAMT' });
    else rows.push({ line, date, description, reference: reference?.slice(0, 200) ?? null, amountCents: amount, balanceCents: null });
  }
  const ledger = /<LEDGERBAL>([\s\S]*?)(<\/LEDGERBAL>|<AVAILBAL>|$)/i.exec(text)?.[1];
  const closing = ledger ? statementAmount(ofxValue(ledger, 'BALAMT') ?? '', 'en') : null;
  return { format: 'ofx', preset: 'ofx', rows, problems, openingCents: null, closingCents: closing };
}

/** Reads a statement file: OFX, or a CSV of a known export or with the client's column mapping. */
export function parseStatement(bytes: Buffer, mapping?: ColumnMapping): ParsedStatement {
  const { text, encoding } = decode(bytes);
  const parsed = /<OFX>|OFXHEADER:/i.test(text.slice(0, 4096)) ? parseOfx(text) : parseCsv(text, mapping);
  if (parsed.rows.length === 0 && parsed.problems.length === 0)
    throw new ValidationError('the file has no movements', [{ path: 'file', message: 'no movements found' }]);
  return { ...parsed, encoding };
}
