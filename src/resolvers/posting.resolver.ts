import { z } from 'zod';
import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { postExpense } from '../domain/accounting/posting/post-expense';
import { createExpenseFromReceivedInvoice, postReceivedInvoice } from '../domain/accounting/posting/post-received-invoice';
import { postingAccounts, updatePostingAccounts, type PostingAccounts as Settings } from '../domain/accounting/posting/posting.settings';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import type { RequestContext } from '../domain/context';
import { valueSchema } from '../domain/declare/declare.validation';
import { parseInput } from '../domain/validation';
import { JournalEntry } from '../schema/accounting.types';
import { type PerceptionTax, PostingAccounts, PostingAccountsInput } from '../schema/posting.types';
import { toJournalEntry } from './accounting.resolver';
import { toExpense } from './expense.resolver';
import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Expense = typesOf(EXPENSE).Record;
type Expense = DeclaredRecord & { supplierId: string | null };

const daySchema = valueSchema(JOURNAL_ENTRY.fields.date);
const codeSchema = z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters');

const toPostingAccounts = (settings: Settings): PostingAccounts => ({
  expense: settings.expense,
  vatCredit: settings.vatCredit,
  vatCreditByRate: settings.vatCreditByRate,
  ivaPerceptions: settings.perceptions.iva,
  iibbPerceptions: settings.perceptions.iibb,
  gananciasPerceptions: settings.perceptions.ganancias,
  otherTaxesAs: settings.otherTaxesAs as PerceptionTax,
  suppliersPayable: settings.suppliersPayable,
  paymentMethods: settings.paymentMethods,
});

/** A GraphQL input object (and its lists of objects) as plain data, for the domain's strict validation. */
const plain = (input: object): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, Array.isArray(value) ? value.map((item) => ({ ...item })) : value]),
  );

/** The accounts purchase entries go to, and posting expenses and received invoices to the journal. */
@Resolver()
export class PostingResolver {
  @Authorized('accounting:read')
  @Query(() => PostingAccounts, { description: "The ledger accounts purchase entries are posted to (the default chart's unless changed)." })
  async postingAccounts(@Ctx() context: RequestContext): Promise<PostingAccounts> {
    return toPostingAccounts(await postingAccounts(context));
  }

  @Authorized('accounting:write')
  @Mutation(() => PostingAccounts, {
    description: 'Changes the posting accounts; every account named must be in the chart, active and a detail account (else BAD_USER_INPUT, nothing changes).',
  })
  async updatePostingAccounts(@Arg('input', () => PostingAccountsInput) input: PostingAccountsInput, @Ctx() context: RequestContext): Promise<PostingAccounts> {
    return toPostingAccounts(await updatePostingAccounts(context, plain(input)));
  }

  @Authorized('accounting:write')
  @Mutation(() => JournalEntry, {
    description:
      'Posts the purchase entry of an approved or paid expense (net to the expense account, VAT per ivaItems to IVA crédito fiscal, the amount against its payment method’s account or Proveedores) and links both ways, in one transaction. 409 ALREADY_POSTED the second time, EXPENSE_NOT_APPROVED for a pending, cancelled or refunded one, ACCOUNT_NOT_POSTABLE or PERIOD_CLOSED when the journal refuses.',
  })
  async postExpense(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<JournalEntry> {
    return toJournalEntry((await postExpense(context, id)).entry);
  }

  @Authorized('accounting:write')
  @Mutation(() => JournalEntry, {
    description:
      'Posts the purchase entry of a received invoice (in pesos at its exchange rate; a credit note reverses the sides) and links it (status linked), in one transaction. 409 ALREADY_POSTED the second time, INVOICE_HAS_EXPENSE when an expense was made from it.',
  })
  async postReceivedInvoice(
    @Arg('id', () => ID) id: string,
    @Ctx() context: RequestContext,
    @Arg('accountCode', () => String, { nullable: true, description: 'The account of the net (default: the expense posting account).' })
    accountCode?: string | null,
    @Arg('date', () => String, { nullable: true, description: 'YYYY-MM-DD (default: the issue day).' }) date?: string | null,
  ): Promise<JournalEntry> {
    const options = {
      accountCode: accountCode === undefined || accountCode === null ? null : (parseInput(codeSchema, accountCode, 'accountCode') as string),
      date: date === undefined || date === null ? null : (parseInput(daySchema, date, 'date') as string),
    };
    return toJournalEntry((await postReceivedInvoice(context, id, options)).entry);
  }

  @Authorized('expenses:write')
  @Mutation(() => Expense, {
    description:
      'Creates a pending expense from a received invoice (total in pesos, VAT lines, supplier by CUIT, issue day) and links both ways; the invoice is then booked by posting the expense. 409 NOT_AN_EXPENSE for a credit note, ALREADY_POSTED or INVOICE_HAS_EXPENSE when it is already booked.',
  })
  async createExpenseFromReceivedInvoice(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Expense> {
    return toExpense(await createExpenseFromReceivedInvoice(context, id));
  }
}
