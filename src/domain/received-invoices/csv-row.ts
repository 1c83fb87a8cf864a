import type { ReceivedInvoiceDocument } from '../../store/received-invoices';
import { normalizeCuit } from '../cuit';
import { instantOf } from '../dates';
import type { Column, Layout } from './csv-layout';
import { centsOf, currencyOf, dayOf, decimalOf, documentTypeOf, vatAt, voucherClassOf, voucherCodeOf, wholeOf } from './csv-values';

/** A voucher read from one row, in stored names (money in centavos): the stored fields the export carries. */
export type ImportedVoucher = Pick<
  ReceivedInvoiceDocument,
  | 'tenant_cuit'
  | 'supplier_cuit'
  | 'supplier_name'
  | 'voucher_type'
  | 'voucher_class'
  | 'sale_point'
  | 'voucher_number'
  | 'cae'
  | 'issue_date'
  | 'currency'
  | 'exchange_rate'
  | 'total_amount_cents'
  | 'net_taxed_cents'
  | 'net_untaxed_cents'
  | 'exempt_cents'
  | 'iva_cents'
  | 'other_taxes_cents'
  | 'vat_items'
>;

const RATES = [0, 2.5, 5, 10.5, 21, 27];
/** Rounding the export itself leaves between the components and the total (at most $0,55 seen in real files). */
const TOLERANCE_CENTS = 100;
/** A CUIT, CUIL or CDI: the document types an issuer of electronic vouchers has. */
const TAX_ID_TYPES = new Set([80, 86, 87]);

/** One voucher (with what deserves a look), or the problems of its row (each a sentence naming the column). */
export type RowResult = { voucher: ImportedVoucher; warnings: string[] } | { problems: string[] };

/**
 * Reads one data row. The rules: the issuer's CUIT has a valid check digit; the date is a real day; the receiver
 * (G3 column, else a CUIT in the title row) is the account; the components add up to the total within $1 (B and C
 * vouchers, whose components are all zero, only carry a total); amounts are never negative.
 */
export function readRow(cells: string[], layout: Layout, accountCuit: string): RowResult {
  const cell = (column: Column) => {
    const at = layout.columns[column];
    return at === undefined ? undefined : cells[at];
  };
  const problems: string[] = [];
  const amount = (column: Column, label: string): number => {
    const value = centsOf(cell(column), layout.decimalComma);
    if (value instanceof Error) {
      problems.push(`${label}: ${value.message}`);
      return 0;
    }
    return value ?? 0;
  };

  const day = dayOf(cell('date'));
  if (!day) problems.push(`issue date: impossible or unreadable date ${JSON.stringify(cell('date') ?? '')}`);
  const code = voucherCodeOf(cell('type'));
  if (code === null) problems.push(`voucher type: not a voucher code ${JSON.stringify(cell('type') ?? '')}`);
  const salePoint = wholeOf(cell('salePoint'), 99999);
  if (salePoint === null) problems.push(`point of sale: not a number ${JSON.stringify(cell('salePoint') ?? '')}`);
  const number = wholeOf(cell('numberFrom'), 999999999);
  if (number === null) problems.push(`voucher number: not a number ${JSON.stringify(cell('numberFrom') ?? '')}`);
  const docType = layout.columns.issuerDocType === undefined ? 80 : documentTypeOf(cell('issuerDocType'));
  const supplierCuit = normalizeCuit(cell('issuerDoc') ?? '');
  if (docType === null || !TAX_ID_TYPES.has(docType)) problems.push(`issuer: identified by ${JSON.stringify(cell('issuerDocType') ?? '')}, not a CUIT`);
  else if (!supplierCuit) problems.push(`issuer CUIT: ${JSON.stringify(cell('issuerDoc') ?? '')} is not a valid CUIT (check digit)`);
  const receiver = layout.columns.receiverDoc !== undefined ? (cell('receiverDoc') ?? '').trim() : layout.titleCuit;
  // A natural person may be named by the DNI inside the CUIT (digits 3 to 10, not zero-padded).
  const ownDni = String(Number(accountCuit.slice(2, 10)));
  if (receiver && receiver !== accountCuit && receiver !== ownDni) problems.push(`receiver: ${receiver} is not this account's CUIT ${accountCuit}`);
  const currency = currencyOf(cell('currency'));
  if (!currency) problems.push(`currency: unknown ${JSON.stringify(cell('currency') ?? '')}`);
  let exchangeRate = 1;
  if (layout.columns.exchangeRate !== undefined) {
    const rate = decimalOf(cell('exchangeRate'), layout.decimalComma);
    if (rate instanceof Error) problems.push(`exchange rate: ${rate.message}`);
    else exchangeRate = rate;
  }
  const total = amount('total', 'total');
  const netTaxed = amount('netTaxed', 'net taxed');
  const netUntaxed = amount('netUntaxed', 'net untaxed');
  const exempt = amount('exempt', 'exempt');
  const otherTaxes = amount('otherTaxes', 'other taxes');
  const vat = amount('vat', 'VAT');
  const perRate: Array<{ aliquot: number; base_cents: number; amount_cents: number }> = [];
  if (layout.name === 'G3')
    for (const aliquot of RATES) {
      const base = amount(`base:${aliquot}`, `net taxed at ${aliquot}%`);
      const tax = aliquot === 0 ? 0 : amount(`vat:${aliquot}`, `VAT ${aliquot}%`);
      if (base || tax) perRate.push({ aliquot, base_cents: base, amount_cents: tax });
    }
  const components = netTaxed + netUntaxed + exempt + otherTaxes + vat;
  // B and C vouchers carry only the total (optionally other taxes): their components say nothing to add up.
  const onlyTotal = netTaxed === 0 && netUntaxed === 0 && exempt === 0 && vat === 0;
  const gap = onlyTotal ? 0 : total - components;
  const sums = `the components add up to ${(components / 100).toFixed(2)}, not to the total ${(total / 100).toFixed(2)}`;
  // Components above the total cannot be right; a total above them is usually perceptions the export left out of
  // Otros Tributos (seen in real files): imported as it says, reported for review.
  if (gap < -TOLERANCE_CENTS) problems.push(`amounts: ${sums}`);
  const warnings = gap > TOLERANCE_CENTS ? [`amounts: ${sums} (perceptions not listed in Otros Tributos?): imported, review it`] : [];
  if (problems.length) return { problems };

  return {
    voucher: {
      tenant_cuit: accountCuit,
      supplier_cuit: supplierCuit!,
      supplier_name: (cell('issuerName') ?? '').trim().slice(0, 300),
      voucher_type: code!,
      voucher_class: voucherClassOf(code!),
      sale_point: salePoint!,
      voucher_number: number!,
      // Excel turns a 14-digit code into 7,50154E+13: a damaged code is no code.
      cae: /^\d{1,20}$/.test((cell('cae') ?? '').trim()) ? (cell('cae') ?? '').trim() : null,
      issue_date: instantOf(`${day}T00:00:00`)!,
      currency: currency!,
      exchange_rate: exchangeRate,
      total_amount_cents: total,
      net_taxed_cents: netTaxed,
      net_untaxed_cents: netUntaxed,
      exempt_cents: exempt,
      iva_cents: vat,
      other_taxes_cents: otherTaxes,
      vat_items: layout.name === 'G3' ? perRate : inferredVat(netTaxed, vat),
    },
    warnings,
  };
}

/** Without a per-rate split, one rate is named only when it alone explains the VAT to the centavo. */
function inferredVat(base: number, vat: number): ImportedVoucher['vat_items'] {
  if (base === 0) return [];
  const matches = RATES.filter((rate) => rate > 0 && vatAt(base, rate) === vat);
  return matches.length === 1 ? [{ aliquot: matches[0], base_cents: base, amount_cents: vat }] : [];
}
