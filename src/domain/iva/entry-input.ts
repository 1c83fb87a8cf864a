import { z } from 'zod';
import { normalizeCuit } from '../cuit';
import { calendarDateSchema } from '../dates';
import { ValidationError } from '../errors';
import { moneySchema } from '../money';
import { CUSTOMS_DISPATCH_LENGTH, CUSTOMS_DISPATCH_TYPES, DOCUMENT_TYPES, IVA_RATES, VOUCHER_TYPES } from './codes';
import { isArcaCurrency } from './currencies';
import type { BookType, IvaEntry } from './entry';
import { toMicro, vatOfBase } from './money-text';
import { computableCredit, operationCode } from './credit';
import { pesosOf } from './iva.pesos';

const money = () => moneySchema().default(0);

/** A manual entry, in the API's snake-case names; amounts as decimals (validated exact, kept in cents). */
const entryInput = () =>
  z
    .object({
      date: calendarDateSchema(),
      voucher_type: z
        .number()
        .int()
        .refine((code) => VOUCHER_TYPES.has(code), { message: 'not an ARCA voucher type' }),
      sale_point: z.number().int().min(0).max(99_999),
      voucher_number: z.number().int().min(1).max(99_999_999_999),
      voucher_number_to: z.number().int().min(1).max(99_999_999_999).nullable().optional(),
      customs_dispatch: z
        .string()
        .max(16)
        .regex(/^[0-9A-Za-z]*$/, 'letters and digits only')
        .optional(),
      document_type: z
        .number()
        .int()
        .refine((code) => (DOCUMENT_TYPES as readonly number[]).includes(code), { message: `one of ${DOCUMENT_TYPES.join(', ')}` }),
      document_number: z.string().regex(/^\d{1,20}$/, 'digits only, at most 20'),
      counterpart_name: z.string().trim().min(1).max(300),
      currency: z
        .string()
        .regex(/^[A-Z0-9]{3}$/, 'an ARCA currency code (PES, DOL, 060…)')
        .refine((code) => !/^[A-Z0-9]{3}$/.test(code) || isArcaCurrency(code), { message: 'not in ARCA’s currency table (PES, DOL, 060…)' })
        .default('PES'),
      exchange_rate: z.number().positive().max(9999.999999).default(1),
      total: moneySchema(),
      untaxed: money(),
      exempt: money(),
      vat_perception: money(),
      national_perception: money(),
      gross_income_perception: money(),
      municipal_perception: money(),
      internal_taxes: money(),
      other_taxes: money(),
      vat_lines: z
        .array(
          z
            .object({
              rate: z.number().refine((rate) => IVA_RATES.includes(rate), { message: `one of ${[...IVA_RATES].sort((a, b) => a - b).join(', ')}` }),
              base: moneySchema(),
              vat: moneySchema(),
            })
            .strict(),
        )
        .max(9)
        .default([]),
      payment_due_date: calendarDateSchema().nullable().optional(),
    })
    .strict();

export type IvaEntryInput = z.input<ReturnType<typeof entryInput>>;

/**
 * The same rules an imported voucher meets: an ARCA voucher code, a valid CUIT check digit, each rate's VAT equal to
 * round(base × rate, 2), one line per rate, the total the sum of its components, the date in the book's period.
 */
export function parseEntry(input: unknown, book: { period: string; bookType: BookType }, coefficientBp: number): IvaEntry {
  const parsed = entryInput().safeParse(input);
  if (!parsed.success)
    throw new ValidationError(
      'invalid VAT book entry',
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'input', message: issue.message })),
    );
  const data = parsed.data;
  const problems: Array<{ path: string; message: string }> = [];
  if (!data.date.startsWith(book.period)) problems.push({ path: 'date', message: `must be in the book's period ${book.period}` });
  if ((data.document_type === 80 || data.document_type === 86) && !normalizeCuit(data.document_number))
    problems.push({ path: 'document_number', message: 'not a valid CUIT/CUIL (check digit)' });
  if (book.bookType === 'purchases' && data.document_type === 99) problems.push({ path: 'document_type', message: 'a seller must be identified (not 99)' });
  if (CUSTOMS_DISPATCH_TYPES.has(data.voucher_type) && (data.customs_dispatch ?? '').length !== CUSTOMS_DISPATCH_LENGTH)
    problems.push({ path: 'customs_dispatch', message: `a customs dispatch (066) needs its ${CUSTOMS_DISPATCH_LENGTH}-character dispatch number` });
  if (data.voucher_number_to && data.voucher_number_to < data.voucher_number)
    problems.push({ path: 'voucher_number_to', message: 'must not be below voucher_number' });
  const exchangeRateMicro = toMicro(data.exchange_rate);
  if (exchangeRateMicro === null) problems.push({ path: 'exchange_rate', message: 'at most 6 decimals' });
  if (data.currency === 'PES' && exchangeRateMicro !== 1_000_000) problems.push({ path: 'exchange_rate', message: 'must be 1 for pesos' });
  const seen = new Set<number>();
  data.vat_lines.forEach((line, index) => {
    if (seen.has(line.rate)) problems.push({ path: `vat_lines.${index}.rate`, message: 'another line already has this rate' });
    seen.add(line.rate);
    const expected = vatOfBase(line.base, line.rate);
    if (expected !== line.vat)
      problems.push({ path: `vat_lines.${index}.vat`, message: `must be round(base × ${line.rate}%, 2) = ${(expected / 100).toFixed(2)}` });
  });
  const components =
    data.untaxed +
    data.exempt +
    data.vat_perception +
    data.national_perception +
    data.gross_income_perception +
    data.municipal_perception +
    data.internal_taxes +
    data.other_taxes +
    data.vat_lines.reduce((sum, line) => sum + line.base + line.vat, 0);
  // Class B/C vouchers list no components: their total stands alone.
  if (data.vat_lines.length + components > 0 && components !== data.total)
    problems.push({ path: 'total', message: `must be the sum of its components (${(components / 100).toFixed(2)})` });
  if (problems.length) throw new ValidationError(`invalid VAT book entry: ${problems.map((problem) => problem.path).join(', ')}`, problems);
  const vatLines = data.vat_lines.map((line) => ({ rate: line.rate, baseCents: line.base, vatCents: line.vat }));
  const rate = exchangeRateMicro ?? 1_000_000;
  const stated = { exchangeRateMicro: rate, totalCents: data.total, vatPerceptionCents: data.vat_perception, vatLines };
  return {
    bookType: book.bookType,
    period: book.period,
    origin: 'manual',
    sourceId: null,
    date: data.date,
    voucherType: data.voucher_type,
    salePoint: data.sale_point,
    voucherNumber: data.voucher_number,
    voucherNumberTo: data.voucher_number_to ?? data.voucher_number,
    customsDispatch: data.customs_dispatch ?? '',
    documentType: data.document_type,
    documentNumber: data.document_number,
    counterpartName: data.counterpart_name,
    currency: data.currency,
    exchangeRateMicro: rate,
    totalCents: data.total,
    untaxedCents: data.untaxed,
    exemptCents: data.exempt,
    vatPerceptionCents: data.vat_perception,
    nationalPerceptionCents: data.national_perception,
    grossIncomePerceptionCents: data.gross_income_perception,
    municipalPerceptionCents: data.municipal_perception,
    internalTaxesCents: data.internal_taxes,
    otherTaxesCents: data.other_taxes,
    vatLines,
    operationCode: operationCode(book.bookType, data.voucher_type, vatLines, data.exempt),
    computableCreditCents: book.bookType === 'purchases' ? computableCredit(data.voucher_type, vatLines, coefficientBp) : 0,
    paymentDueDate: data.payment_due_date ?? null,
    rateReview: null,
    pesos: pesosOf({ bookType: book.bookType, voucherType: data.voucher_type, ...stated }, coefficientBp),
  };
}
