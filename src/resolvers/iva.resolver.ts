import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { ForbiddenError } from '../domain/errors';
import { createEntry, deleteEntry, getBook, getEntry, listEntries, updateEntry, type BookView } from '../domain/iva/books';
import { conditionalWrite, entityTag, revisionOf } from '../domain/preconditions';
import { getConfig, type IvaConfig as IvaConfigRecord } from '../domain/iva/iva.config';
import { putConfig } from '../domain/iva/config-update';
import type { BookType } from '../domain/iva/entry';
import { exportBook, zipName, zipOf } from '../domain/iva/export';
import { bookTypeParam, bookIdOf, periodParam } from '../domain/iva/period';
import { closePeriod, periodState, reopenPeriod, type PeriodState } from '../domain/iva/periods';
import type { IvaEntryDocument } from '../domain/iva/iva.stored';
import { calculate, position, type IvaPosition as Position } from '../domain/iva/iva.summary';
import { fromCents } from '../domain/money';
import { pageWindow } from '../domain/pagination';
import {
  IvaBook,
  IvaBookEntry,
  IvaBookEntryConnection,
  IvaBookEntryInput,
  IvaBookExport,
  IvaConfig,
  IvaConfigInput,
  IvaEntrySource,
  IvaPeriod,
  IvaPosition,
} from '../schema/iva.types';
import { IF_MATCH_DESCRIPTION } from '../schema/common';
import { pageComplexity, toConnection } from './connection';
import { toExpense } from './expense.resolver';
import { toIssuedVoucher } from './issued-voucher.resolver';
import { toReceivedInvoice } from './received-invoice.resolver';

const rateLines = (lines: Array<{ rate: number; baseCents: number; vatCents: number }>) =>
  lines.map((line) => ({ rate: line.rate, base: fromCents(line.baseCents), vat: fromCents(line.vatCents) }));

const toConfig = (config: IvaConfigRecord): IvaConfig => ({ ...config, sources: { ...config.sources } });

const toBook = (book: BookView): IvaBook => ({
  id: book.id,
  period: book.period,
  bookType: book.bookType,
  status: book.status,
  count: book.count,
  entriesToReview: book.entriesToReview,
  total: fromCents(book.totalCents),
  vat: fromCents(book.vatCents),
  computableCredit: fromCents(book.computableCreditCents),
  rates: rateLines(book.rates),
});

const ENTRY_RECORD = { collection: 'iva_book_entries', label: 'VAT book entry' };

export const toIvaBookEntry = (doc: IvaEntryDocument): IvaBookEntry => ({
  id: doc._id.toHexString(),
  revision: revisionOf(doc),
  etag: entityTag(revisionOf(doc)),
  bookId: bookIdOf(doc.period, doc.book_type),
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
  exchangeRate: doc.exchange_rate_micro / 1_000_000,
  total: fromCents(doc.total_cents),
  untaxed: fromCents(doc.untaxed_cents),
  exempt: fromCents(doc.exempt_cents),
  vatPerception: fromCents(doc.vat_perception_cents),
  nationalPerception: fromCents(doc.national_perception_cents),
  grossIncomePerception: fromCents(doc.gross_income_perception_cents),
  municipalPerception: fromCents(doc.municipal_perception_cents),
  internalTaxes: fromCents(doc.internal_taxes_cents),
  otherTaxes: fromCents(doc.other_taxes_cents),
  vat: fromCents(doc.vat_cents),
  vatLines: doc.vat_lines.map((line) => ({ rate: line.rate, base: fromCents(line.base_cents), vat: fromCents(line.vat_cents) })),
  operationCode: doc.operation_code,
  computableCredit: fromCents(doc.computable_credit_cents),
  paymentDueDate: doc.payment_due_date,
  totalPesos: fromCents(doc.pesos?.total_cents ?? doc.total_cents),
  vatPesos: fromCents(doc.pesos?.vat_cents ?? doc.vat_cents),
  computableCreditPesos: fromCents(doc.pesos?.computable_credit_cents ?? doc.computable_credit_cents),
  needsReview: (doc.review_reason ?? null) !== null,
  reviewReason: doc.review_reason ?? null,
});

const toPeriod = (state: PeriodState): IvaPeriod => ({ ...state, history: state.history.map((event) => ({ ...event })) });

const toPosition = (p: Position): IvaPosition => ({
  period: p.period,
  debit: fromCents(p.debitCents),
  credit: fromCents(p.creditCents),
  debitByRate: rateLines(p.debitByRate),
  creditByRate: rateLines(p.creditByRate),
  perceptions: fromCents(p.perceptionsCents),
  withholdings: fromCents(p.withholdingsCents),
  technicalBalance: fromCents(p.technicalBalanceCents),
  previousTechnicalFavor: fromCents(p.previousTechnicalFavorCents),
  appliedTechnicalFavor: fromCents(p.appliedTechnicalFavorCents),
  determinedTax: fromCents(p.determinedTaxCents),
  newTechnicalFavor: fromCents(p.newTechnicalFavorCents),
  previousFreeBalance: fromCents(p.previousFreeBalanceCents),
  paymentsOnAccount: fromCents(p.paymentsOnAccountCents),
  toPay: fromCents(p.toPayCents),
  newFreeBalance: fromCents(p.newFreeBalanceCents),
  calculatedAt: p.calculatedAt,
});

/** GraphQL input (camel case) → the entry parser's API names. */
function entryInput(input: IvaBookEntryInput): Record<string, unknown> {
  const { vatLines, ...rest } = input as unknown as Record<string, unknown> & { vatLines?: unknown[] };
  const snake = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]),
  );
  return { ...snake, ...(vatLines ? { vat_lines: vatLines.map((line) => ({ ...(line as object) })) } : {}) };
}

/** The VAT books (Libro IVA Compras / Ventas), the monthly position and the Libro IVA Digital export. */
@Resolver(() => IvaBookEntry)
export class IvaBookResolver {
  @Authorized('accounting:read')
  @Query(() => IvaConfig, { description: 'How the account keeps its VAT books (defaults until saved).' })
  async ivaConfig(@Ctx() context: RequestContext): Promise<IvaConfig> {
    return toConfig(await getConfig(context));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaConfig, { description: 'Changes the given settings.' })
  async updateIvaConfig(@Ctx() context: RequestContext, @Arg('input', () => IvaConfigInput) input: IvaConfigInput): Promise<IvaConfig> {
    return toConfig(await putConfig(context, JSON.parse(JSON.stringify(input))));
  }

  @Authorized('accounting:read')
  @Query(() => IvaBook, { description: 'A month’s book with its totals; its generated lines are brought up to date first while the month is open.' })
  async ivaBook(
    @Ctx() context: RequestContext,
    @Arg('period', () => String) period: string,
    @Arg('bookType', () => String, { description: 'purchases or sales.' }) bookType: string,
  ): Promise<IvaBook> {
    return toBook(await getBook(context, periodParam(period), bookTypeParam(bookType, 'bookType')));
  }

  @Authorized('accounting:read')
  @Query(() => IvaBookEntryConnection, { description: 'A book’s lines in date order, a page at a time.', complexity: pageComplexity })
  async ivaBookEntries(
    @Ctx() context: RequestContext,
    @Arg('bookId', () => ID) bookId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<IvaBookEntryConnection> {
    const window = pageWindow({ first, offset, after });
    const page = await listEntries(context, bookId, window);
    return toConnection({ nodes: page.items, totalCount: page.total, window }, toIvaBookEntry) as unknown as IvaBookEntryConnection;
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaBookEntry, { description: 'Adds a manual line to a book (409 PERIOD_CLOSED when its month is closed).' })
  async createIvaBookEntry(
    @Ctx() context: RequestContext,
    @Arg('bookId', () => ID) bookId: string,
    @Arg('input', () => IvaBookEntryInput) input: IvaBookEntryInput,
  ): Promise<IvaBookEntry> {
    return toIvaBookEntry(await createEntry(context, bookId, entryInput(input)));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaBookEntry, { description: 'Replaces a manual line (409 GENERATED_ENTRY for a generated one, PERIOD_CLOSED).' })
  async updateIvaBookEntry(
    @Ctx() context: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => IvaBookEntryInput) input: IvaBookEntryInput,
    @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH_DESCRIPTION }) ifMatch?: string,
  ): Promise<IvaBookEntry> {
    return toIvaBookEntry(await conditionalWrite(context, ENTRY_RECORD, id, ifMatch, () => updateEntry(context, id, entryInput(input))));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaBookEntry, { description: 'Deletes a manual line and returns it (409 GENERATED_ENTRY, PERIOD_CLOSED).' })
  async deleteIvaBookEntry(
    @Ctx() context: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH_DESCRIPTION }) ifMatch?: string,
  ): Promise<IvaBookEntry> {
    return toIvaBookEntry(await conditionalWrite(context, ENTRY_RECORD, id, ifMatch, () => deleteEntry(context, id)));
  }

  @Authorized('accounting:read')
  @Query(() => IvaBookEntry, { description: 'One line of a VAT book, manual or generated (NOT_FOUND otherwise).' })
  async ivaBookEntry(@Ctx() context: RequestContext, @Arg('id', () => ID) id: string): Promise<IvaBookEntry> {
    return toIvaBookEntry(await getEntry(context, id));
  }

  @Authorized('accounting:read')
  @Query(() => IvaPeriod, { description: 'Whether a month is open or closed, and its closes and reopens.' })
  async ivaPeriod(@Ctx() context: RequestContext, @Arg('period', () => String) period: string): Promise<IvaPeriod> {
    return toPeriod(await periodState(context, periodParam(period)));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaPeriod, { description: 'Closes a month: its lines freeze and no source document dated in it is accepted (409 PERIOD_CLOSED twice).' })
  async closeIvaPeriod(@Ctx() context: RequestContext, @Arg('period', () => String) period: string): Promise<IvaPeriod> {
    // The lines are current (their sources' writes keep them): closing freezes them as they stand.
    return toPeriod(await closePeriod(context, periodParam(period)));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaPeriod, { description: 'Reopens a closed month, recording who and why (409 PERIOD_OPEN when it is open).' })
  async reopenIvaPeriod(
    @Ctx() context: RequestContext,
    @Arg('period', () => String) period: string,
    @Arg('reason', () => String, { nullable: true, description: 'Why (3 to 500 characters; required).' }) reason?: string,
  ): Promise<IvaPeriod> {
    return toPeriod(await reopenPeriod(context, periodParam(period), reason));
  }

  @Authorized('accounting:read')
  @Query(() => IvaPosition, { description: 'The month’s VAT position from its books (withholdings as last calculated).' })
  async ivaSummary(@Ctx() context: RequestContext, @Arg('period', () => String) period: string): Promise<IvaPosition> {
    return toPosition(await position(context, periodParam(period)));
  }

  @Authorized('accounting:write')
  @Mutation(() => IvaPosition, { description: 'Calculates and stores the month’s position, so the next month carries its balances.' })
  async calculateIvaSummary(
    @Ctx() context: RequestContext,
    @Arg('period', () => String) period: string,
    @Arg('withholdings', () => Number, { nullable: true, description: 'VAT withholdings suffered in the month.' }) withholdings?: number,
  ): Promise<IvaPosition> {
    return toPosition(await calculate(context, periodParam(period), withholdings));
  }

  @Authorized('accounting:read')
  @Query(() => IvaBookExport, { description: 'The Libro IVA Digital TXT pair of a book, base64 (and both in a ZIP).' })
  async ivaBookExport(
    @Ctx() context: RequestContext,
    @Arg('period', () => String) period: string,
    @Arg('bookType', () => String) bookType: string,
  ): Promise<IvaBookExport> {
    const month = periodParam(period);
    const type: BookType = bookTypeParam(bookType, 'bookType');
    const files = await exportBook(context, month, type);
    return {
      period: month,
      bookType: type,
      files: files.map((file) => ({
        name: file.name,
        contentBase64: file.content.toString('base64'),
        records: file.content.length ? file.content.toString('latin1').split('\r\n').length - 1 : 0,
      })),
      zipBase64: zipOf(files).toString('base64'),
      zipName: zipName(files),
    };
  }

  @FieldResolver(() => IvaEntrySource, { nullable: true, description: 'The document a generated line comes from (needs that document’s read scope; batched).' })
  async source(@Parent() entry: IvaBookEntry, @Ctx() context: RequestContext): Promise<typeof IvaEntrySource | null> {
    if (!entry.sourceId) return null;
    const scopes = context.principal?.scopes;
    const need = { received_invoice: 'received_invoices:read', expense: 'expenses:read', issued_voucher: 'invoices:read' }[entry.origin as 'expense'];
    if (!scopes?.has(need as never)) throw new ForbiddenError(`the source needs the ${need} scope`);
    const collection = { received_invoice: 'received_invoices', expense: 'expenses', issued_voucher: 'issued_vouchers' }[entry.origin as 'expense'];
    const doc = await context
      .loaders()
      .byId(collection as 'expenses')
      .load(entry.sourceId);
    if (!doc) return null;
    const mapped =
      entry.origin === 'expense'
        ? toExpense(doc as never)
        : entry.origin === 'issued_voucher'
          ? toIssuedVoucher(doc as never)
          : toReceivedInvoice(doc as never);
    return Object.assign(mapped as object, { __source: entry.origin }) as typeof IvaEntrySource;
  }
}
