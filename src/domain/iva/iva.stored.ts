import type { ObjectId } from 'mongodb';
import type { IvaEntry } from './entry';
import { reviewReason } from './review';

/**
 * A VAT book line as stored (`iva_book_entries`): the entry's fields in snake case, money in cents, the voucher's own
 * amounts beside their pesos. A line stored before the peso side existed held pesos: it reads back as its own pesos.
 */
export interface IvaEntryDocument {
  _id: ObjectId;
  account_id: ObjectId;
  period: string;
  book_type: IvaEntry['bookType'];
  origin: IvaEntry['origin'];
  source_id: ObjectId | null;
  date: string;
  voucher_type: number;
  sale_point: number;
  voucher_number: number;
  voucher_number_to: number;
  customs_dispatch: string;
  document_type: number;
  document_number: string;
  counterpart_name: string;
  currency: string;
  exchange_rate_micro: number;
  total_cents: number;
  untaxed_cents: number;
  exempt_cents: number;
  vat_perception_cents: number;
  national_perception_cents: number;
  gross_income_perception_cents: number;
  municipal_perception_cents: number;
  internal_taxes_cents: number;
  other_taxes_cents: number;
  vat_cents: number;
  /** In the voucher's currency; `base_pesos_cents` / `vat_pesos_cents` are their pesos (absent on lines stored before). */
  vat_lines: Array<{ rate: number; base_cents: number; vat_cents: number; base_pesos_cents?: number; vat_pesos_cents?: number }>;
  operation_code: string;
  computable_credit_cents: number;
  payment_due_date: string | null;
  /** The peso side the books add up (absent on lines stored before: their amounts were pesos). */
  pesos?: { total_cents: number; vat_cents: number; computable_credit_cents: number; vat_perception_cents: number };
  rate_review?: string | null;
  /** Derived from the above so the book counts and lists flagged lines: why the line needs review, or null. */
  review_reason?: string | null;
  created_at: Date;
  updated_at: Date;
  /** Counts the writes of the line (store/revisions.ts); none before its first. */
  revision?: number;
}

export type StoredFields = Omit<IvaEntryDocument, '_id' | 'account_id' | 'source_id' | 'created_at' | 'updated_at' | 'revision'>;

export function toStored(entry: IvaEntry): StoredFields {
  return {
    period: entry.period,
    book_type: entry.bookType,
    origin: entry.origin,
    date: entry.date,
    voucher_type: entry.voucherType,
    sale_point: entry.salePoint,
    voucher_number: entry.voucherNumber,
    voucher_number_to: entry.voucherNumberTo,
    customs_dispatch: entry.customsDispatch,
    document_type: entry.documentType,
    document_number: entry.documentNumber,
    counterpart_name: entry.counterpartName,
    currency: entry.currency,
    exchange_rate_micro: entry.exchangeRateMicro,
    total_cents: entry.totalCents,
    untaxed_cents: entry.untaxedCents,
    exempt_cents: entry.exemptCents,
    vat_perception_cents: entry.vatPerceptionCents,
    national_perception_cents: entry.nationalPerceptionCents,
    gross_income_perception_cents: entry.grossIncomePerceptionCents,
    municipal_perception_cents: entry.municipalPerceptionCents,
    internal_taxes_cents: entry.internalTaxesCents,
    other_taxes_cents: entry.otherTaxesCents,
    vat_cents: entry.vatLines.reduce((sum, line) => sum + line.vatCents, 0),
    vat_lines: entry.vatLines.map((line, index) => ({
      rate: line.rate,
      base_cents: line.baseCents,
      vat_cents: line.vatCents,
      base_pesos_cents: entry.pesos.vatLines[index].baseCents,
      vat_pesos_cents: entry.pesos.vatLines[index].vatCents,
    })),
    operation_code: entry.operationCode,
    computable_credit_cents: entry.computableCreditCents,
    payment_due_date: entry.paymentDueDate,
    pesos: {
      total_cents: entry.pesos.totalCents,
      vat_cents: entry.pesos.vatCents,
      computable_credit_cents: entry.pesos.computableCreditCents,
      vat_perception_cents: entry.pesos.vatPerceptionCents,
    },
    rate_review: entry.rateReview,
    review_reason: reviewReason(entry),
  };
}

export function fromStored(doc: IvaEntryDocument): IvaEntry {
  return {
    period: doc.period,
    bookType: doc.book_type,
    origin: doc.origin,
    sourceId: doc.source_id?.toHexString() ?? null,
    date: doc.date,
    voucherType: doc.voucher_type,
    salePoint: doc.sale_point,
    voucherNumber: doc.voucher_number,
    voucherNumberTo: doc.voucher_number_to,
    customsDispatch: doc.customs_dispatch,
    documentType: doc.document_type,
    documentNumber: doc.document_number,
    counterpartName: doc.counterpart_name,
    currency: doc.currency,
    exchangeRateMicro: doc.exchange_rate_micro,
    totalCents: doc.total_cents,
    untaxedCents: doc.untaxed_cents,
    exemptCents: doc.exempt_cents,
    vatPerceptionCents: doc.vat_perception_cents,
    nationalPerceptionCents: doc.national_perception_cents,
    grossIncomePerceptionCents: doc.gross_income_perception_cents,
    municipalPerceptionCents: doc.municipal_perception_cents,
    internalTaxesCents: doc.internal_taxes_cents,
    otherTaxesCents: doc.other_taxes_cents,
    vatLines: doc.vat_lines.map((line) => ({ rate: line.rate, baseCents: line.base_cents, vatCents: line.vat_cents })),
    operationCode: doc.operation_code,
    computableCreditCents: doc.computable_credit_cents,
    paymentDueDate: doc.payment_due_date,
    rateReview: doc.rate_review ?? null,
    pesos: {
      totalCents: doc.pesos?.total_cents ?? doc.total_cents,
      vatCents: doc.pesos?.vat_cents ?? doc.vat_cents,
      computableCreditCents: doc.pesos?.computable_credit_cents ?? doc.computable_credit_cents,
      vatPerceptionCents: doc.pesos?.vat_perception_cents ?? doc.vat_perception_cents,
      vatLines: doc.vat_lines.map((line) => ({
        rate: line.rate,
        baseCents: line.base_pesos_cents ?? line.base_cents,
        vatCents: line.vat_pesos_cents ?? line.vat_cents,
      })),
    },
  };
}
