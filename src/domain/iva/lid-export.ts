import iconv from 'iconv-lite';
import { CUSTOMS_DISPATCH_LENGTH, CUSTOMS_DISPATCH_TYPES, NO_SALE_POINT_TYPES, NO_VAT_TYPES, VAT_RATE_IDS } from './codes';
import type { BookType, IvaEntry, VatLine } from './entry';
import { alpha, amount, date, numeric } from './lid-fields';

/**
 * The Libro IVA Digital TXT files of one book, to the ARCA record design (libro-iva-digital-diseno-registros.pdf,
 * RG 4597, same layouts as RG 3685): `…_CBTE` (one record per voucher), `…_ALICUOTAS` (one per VAT rate of a
 * voucher) and, for purchases with customs dispatches (066), `…_IMPORTACION_BIENES_ALICUOTA` (one per VAT rate of a
 * dispatch). Records of 266/62 for sales, 325/84/50 for purchases, CRLF after every record, windows-1252. Amounts
 * are the voucher's own, in its currency, with its currency code and rate (fields 17/18).
 */

export const RECORD_LENGTHS = {
  sales: { vouchers: 266, rates: 62 },
  purchases: { vouchers: 325, rates: 84, imports: 50 },
} as const;

const CBTE_SUFFIX = { sales: 'VENTAS_CBTE', purchases: 'COMPRAS_CBTE' } as const;
const RATES_SUFFIX = { sales: 'VENTAS_ALICUOTAS', purchases: 'COMPRAS_ALICUOTAS' } as const;
const IMPORTS_SUFFIX = 'IMPORTACION_BIENES_ALICUOTA';
const FINAL_CONSUMER = 99;

const rateId = (line: VatLine) => {
  const id = VAT_RATE_IDS.get(line.rate);
  if (id === undefined) throw new RangeError(`no ARCA id for VAT rate ${line.rate}`);
  return numeric(id, 4);
};

const isDispatch = (entry: IvaEntry) => CUSTOMS_DISPATCH_TYPES.has(entry.voucherType);

/** A voucher's rate records in the order of their ids (0003 … 0009), whatever order its source listed them in. */
const byRateId = (lines: VatLine[]) => [...lines].sort((a, b) => (VAT_RATE_IDS.get(a.rate) ?? 0) - (VAT_RATE_IDS.get(b.rate) ?? 0));

/** Sales vouchers without VAT still declare one 0 % rate with base and tax 0. */
function salesLines(entry: IvaEntry): VatLine[] {
  return entry.vatLines.length ? byRateId(entry.vatLines) : [{ rate: 0, baseCents: 0, vatCents: 0 }];
}

/** Class B/C purchases declare no rates (field 19 = 0); a dispatch's rates are counted and go to the imports file. */
function purchaseLines(entry: IvaEntry): VatLine[] {
  return NO_VAT_TYPES.has(entry.voucherType) ? [] : byRateId(entry.vatLines);
}

/** Type, point of sale (zeros for the types of NO_SALE_POINT_TYPES) and number: the key of a voucher's records. */
function voucherKey(entry: IvaEntry): string {
  const salePoint = NO_SALE_POINT_TYPES.has(entry.voucherType) ? 0 : entry.salePoint;
  return numeric(entry.voucherType, 3) + numeric(salePoint, 5) + numeric(entry.voucherNumber, 20);
}

export function salesVoucherRecord(entry: IvaEntry): string {
  const global = entry.documentType === FINAL_CONSUMER;
  const lines = salesLines(entry);
  return [
    date(entry.date),
    voucherKey(entry),
    numeric(entry.voucherNumberTo, 20),
    numeric(entry.documentType, 2),
    numeric(global ? 0 : entry.documentNumber, 20),
    alpha(global ? 'VENTA GLOBAL DIARIA' : entry.counterpartName, 30),
    amount(entry.totalCents),
    amount(entry.untaxedCents),
    amount(0), // percepción a no categorizados: this service records none
    amount(entry.exemptCents),
    amount(entry.nationalPerceptionCents + entry.vatPerceptionCents),
    amount(entry.grossIncomePerceptionCents),
    amount(entry.municipalPerceptionCents),
    amount(entry.internalTaxesCents),
    alpha(entry.currency, 3),
    numeric(entry.exchangeRateMicro, 10),
    numeric(lines.length, 1),
    alpha(entry.operationCode, 1),
    amount(entry.otherTaxesCents),
    date(entry.paymentDueDate),
  ].join('');
}

export function salesRateRecords(entry: IvaEntry): string[] {
  return salesLines(entry).map((line) => voucherKey(entry) + amount(line.baseCents) + rateId(line) + amount(line.vatCents));
}

export function purchaseVoucherRecord(entry: IvaEntry): string {
  return [
    date(entry.date),
    voucherKey(entry),
    alpha(isDispatch(entry) ? entry.customsDispatch : '', CUSTOMS_DISPATCH_LENGTH),
    numeric(entry.documentType, 2),
    numeric(entry.documentNumber, 20),
    alpha(entry.counterpartName, 30),
    amount(entry.totalCents),
    amount(entry.untaxedCents),
    amount(entry.exemptCents),
    amount(entry.vatPerceptionCents),
    amount(entry.nationalPerceptionCents),
    amount(entry.grossIncomePerceptionCents),
    amount(entry.municipalPerceptionCents),
    amount(entry.internalTaxesCents),
    alpha(entry.currency, 3),
    numeric(entry.exchangeRateMicro, 10),
    numeric(purchaseLines(entry).length, 1),
    alpha(entry.operationCode, 1),
    amount(entry.computableCreditCents),
    amount(entry.otherTaxesCents),
    numeric(0, 11), // CUIT of a broker: only for liquidations, which this service does not record
    alpha('', 30),
    amount(0),
  ].join('');
}

/** COMPRAS_ALICUOTAS: the rates of every purchase but dispatches. */
export function purchaseRateRecords(entry: IvaEntry): string[] {
  if (isDispatch(entry)) return [];
  const seller = numeric(entry.documentType, 2) + numeric(entry.documentNumber, 20);
  return purchaseLines(entry).map((line) => voucherKey(entry) + seller + amount(line.baseCents) + rateId(line) + amount(line.vatCents));
}

/** IMPORTACION_BIENES_ALICUOTA: dispatch number (16), net taxed (15), rate id (4), tax (15). */
export function importRateRecords(entry: IvaEntry): string[] {
  if (!isDispatch(entry)) return [];
  return byRateId(entry.vatLines).map(
    (line) => alpha(entry.customsDispatch, CUSTOMS_DISPATCH_LENGTH) + amount(line.baseCents) + rateId(line) + amount(line.vatCents),
  );
}

export interface LidFile {
  name: string;
  content: Buffer;
}

/**
 * Vouchers in date, type, point-of-sale and number order, the order the portal lists them; then the counterpart's
 * document and the dispatch number, so that two suppliers' vouchers with the same number always come out alike.
 */
export function ordered(entries: IvaEntry[]): IvaEntry[] {
  return [...entries].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.voucherType - b.voucherType ||
      a.salePoint - b.salePoint ||
      a.voucherNumber - b.voucherNumber ||
      a.documentNumber.localeCompare(b.documentNumber) ||
      a.customsDispatch.localeCompare(b.customsDispatch),
  );
}

const text = (records: string[]) => iconv.encode(records.map((record) => `${record}\r\n`).join(''), 'win1252');

/** The files of a book; `prefix` names them (e.g. `LIBRO_IVA_DIGITAL_30712345671_202512`). */
export function lidFiles(book: BookType, entries: IvaEntry[], prefix: string): LidFile[] {
  const sorted = ordered(entries);
  const vouchers = sorted.map(book === 'sales' ? salesVoucherRecord : purchaseVoucherRecord);
  const rates = sorted.flatMap(book === 'sales' ? salesRateRecords : purchaseRateRecords);
  const files = [
    { name: `${prefix}_${CBTE_SUFFIX[book]}.txt`, content: text(vouchers) },
    { name: `${prefix}_${RATES_SUFFIX[book]}.txt`, content: text(rates) },
  ];
  const imports = book === 'purchases' ? sorted.flatMap(importRateRecords) : [];
  if (imports.length) files.push({ name: `${prefix}_${IMPORTS_SUFFIX}.txt`, content: text(imports) });
  return files;
}
