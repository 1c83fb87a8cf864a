import type { ClientSession } from 'mongodb';
import { z } from 'zod';
import type { AccountDocument } from '../../../store/accounts.store';
import { requirePrincipal, type RequestContext } from '../../context';
import { ValidationError, type ErrorDetail } from '../../errors';
import { parseInput } from '../../validation';
import { accountsByCode } from '../accounts';
import { actionOn } from '../../activity/actions';
import { recordChanges } from '../../activity/changes';

/** The three taxes a perception suffered on a purchase can be of; each has its own asset account. */
export const PERCEPTION_TAXES = ['iva', 'iibb', 'ganancias'] as const;
export type PerceptionTax = (typeof PERCEPTION_TAXES)[number];
export const VAT_RATES = [0, 2.5, 5, 10.5, 21, 27] as const;

/** Which ledger accounts (by code) the purchase entries of expenses and received invoices use. */
export interface PostingAccounts {
  /** Net of an expense, and of a received invoice when no account is given. */
  expense: string;
  /** IVA crédito fiscal, unless a rate has an account of its own. */
  vatCredit: string;
  vatCreditByRate: Array<{ rate: number; accountCode: string }>;
  perceptions: Record<PerceptionTax, string>;
  /** The export gives a received invoice's perceptions and other taxes as one amount: the tax it is booked as. */
  otherTaxesAs: PerceptionTax;
  /** What is owed to the supplier: the credit of a received invoice, and of an expense without a mapped payment method. */
  suppliersPayable: string;
  /** The account an expense paid by a method is credited to. */
  paymentMethods: Array<{ method: string; accountCode: string }>;
}

/** The default chart's accounts for each role (src/domain/accounting/default-chart.ts). */
export const DEFAULT_POSTING_ACCOUNTS: PostingAccounts = {
  expense: '5.3.1.01.005',
  vatCredit: '1.1.4.01.001',
  vatCreditByRate: [],
  perceptions: { iva: '1.1.4.01.004', iibb: '1.1.4.03.001', ganancias: '1.1.4.02.003' },
  otherTaxesAs: 'iibb',
  suppliersPayable: '2.1.1.01.001',
  paymentMethods: [
    { method: 'cash', accountCode: '1.1.1.01.001' },
    { method: 'bank_transfer', accountCode: '1.1.1.02.001' },
    { method: 'debit_card', accountCode: '1.1.1.02.001' },
    { method: 'mercadopago', accountCode: '1.1.1.02.003' },
    { method: 'credit_card', accountCode: '2.1.2.01.002' },
    { method: 'check', accountCode: '2.1.1.01.002' },
  ],
};

/** As stored on the account document (snake_case, only what was ever set). */
type StoredPostingAccounts = {
  expense?: string;
  vat_credit?: string;
  vat_credit_by_rate?: Array<{ rate: number; account_code: string }>;
  perceptions?: Partial<Record<PerceptionTax, string>>;
  other_taxes_as?: PerceptionTax;
  suppliers_payable?: string;
  payment_methods?: Array<{ method: string; account_code: string }>;
};
type WithPosting = AccountDocument & { posting_accounts?: StoredPostingAccounts };

const code = () => z.string().trim().min(1, 'must not be empty').max(20, 'must be at most 20 characters');

/** A partial update: fields left out keep their values; a list given replaces the whole list. */
export const postingAccountsInputSchema = z
  .object({
    expense: code().nullish(),
    vatCredit: code().nullish(),
    vatCreditByRate: z
      .array(
        z
          .object({
            rate: z.number().refine((rate) => (VAT_RATES as readonly number[]).includes(rate), { message: `must be one of ${VAT_RATES.join(', ')}` }),
            accountCode: code(),
          })
          .strict(),
      )
      .max(VAT_RATES.length)
      .refine((rows) => new Set(rows.map((row) => row.rate)).size === rows.length, { message: 'one account per rate' })
      .nullish(),
    ivaPerceptions: code().nullish(),
    iibbPerceptions: code().nullish(),
    gananciasPerceptions: code().nullish(),
    otherTaxesAs: z.enum(PERCEPTION_TAXES).nullish(),
    suppliersPayable: code().nullish(),
    paymentMethods: z
      .array(z.object({ method: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'), accountCode: code() }).strict())
      .max(50)
      .refine((rows) => new Set(rows.map((row) => row.method)).size === rows.length, { message: 'one account per method' })
      .nullish(),
  })
  .strict();
export type PostingAccountsInput = z.infer<typeof postingAccountsInputSchema>;

function merged(stored: StoredPostingAccounts | undefined): PostingAccounts {
  const d = DEFAULT_POSTING_ACCOUNTS;
  return {
    expense: stored?.expense ?? d.expense,
    vatCredit: stored?.vat_credit ?? d.vatCredit,
    vatCreditByRate: stored?.vat_credit_by_rate?.map((row) => ({ rate: row.rate, accountCode: row.account_code })) ?? d.vatCreditByRate,
    perceptions: { ...d.perceptions, ...stored?.perceptions },
    otherTaxesAs: stored?.other_taxes_as ?? d.otherTaxesAs,
    suppliersPayable: stored?.suppliers_payable ?? d.suppliersPayable,
    paymentMethods: stored?.payment_methods?.map((row) => ({ method: row.method, accountCode: row.account_code })) ?? d.paymentMethods,
  };
}

/** The calling account's posting accounts: what it set, the default chart's codes elsewhere. */
export async function postingAccounts(context: RequestContext, session?: ClientSession): Promise<PostingAccounts> {
  const account = await context.store
    .collection<WithPosting>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { session, projection: { posting_accounts: 1 } });
  return merged(account?.posting_accounts);
}

/** The IVA crédito fiscal account of a rate (percent). */
export const vatCreditAccount = (accounts: PostingAccounts, rate: number): string =>
  accounts.vatCreditByRate.find((row) => row.rate === rate)?.accountCode ?? accounts.vatCredit;

/** The account an expense's payment method is credited to (the suppliers' account when the method has none). */
export const paymentAccount = (accounts: PostingAccounts, method: string | undefined): string =>
  (method && accounts.paymentMethods.find((row) => row.method === method)?.accountCode) || accounts.suppliersPayable;

/** Every account code an input names, with its input path. */
function namedCodes(input: PostingAccountsInput): Array<{ path: string; code: string }> {
  const codes: Array<{ path: string; code: string }> = [];
  for (const key of ['expense', 'vatCredit', 'ivaPerceptions', 'iibbPerceptions', 'gananciasPerceptions', 'suppliersPayable'] as const) {
    const value = input[key];
    if (value) codes.push({ path: key, code: value });
  }
  for (const [index, row] of (input.vatCreditByRate ?? []).entries()) codes.push({ path: `vatCreditByRate.${index}.accountCode`, code: row.accountCode });
  for (const [index, row] of (input.paymentMethods ?? []).entries()) codes.push({ path: `paymentMethods.${index}.accountCode`, code: row.accountCode });
  return codes;
}

/**
 * Changes the posting accounts: every account named must be in the chart, active and a detail (postable) account,
 * else nothing changes (400 naming each field). null puts a field back to its default.
 */
export async function updatePostingAccounts(context: RequestContext, raw: unknown): Promise<PostingAccounts> {
  const input = parseInput(postingAccountsInputSchema, raw);
  const named = namedCodes(input);
  const found = await accountsByCode(
    context,
    named.map((entry) => entry.code),
  );
  const problems: ErrorDetail[] = [];
  named.forEach(({ path, code: wanted }, index) => {
    const account = found[index];
    if (!account) problems.push({ path, message: `no account ${wanted} in the chart` });
    else if (!account.is_active) problems.push({ path, message: `account ${wanted} is inactive` });
    else if (!account.is_detail) problems.push({ path, message: `account ${wanted} is not a detail (postable) account` });
  });
  if (problems.length) throw new ValidationError(`invalid posting accounts: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);

  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  const put = (field: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) unset[`posting_accounts.${field}`] = '';
    else set[`posting_accounts.${field}`] = value;
  };
  put('expense', input.expense);
  put('vat_credit', input.vatCredit);
  put('vat_credit_by_rate', input.vatCreditByRate?.map((row) => ({ rate: row.rate, account_code: row.accountCode })) ?? input.vatCreditByRate);
  put('perceptions.iva', input.ivaPerceptions);
  put('perceptions.iibb', input.iibbPerceptions);
  put('perceptions.ganancias', input.gananciasPerceptions);
  put('other_taxes_as', input.otherTaxesAs);
  put('suppliers_payable', input.suppliersPayable);
  put('payment_methods', input.paymentMethods?.map((row) => ({ method: row.method, account_code: row.accountCode })) ?? input.paymentMethods);
  const update: Record<string, unknown> = { $set: { ...set, updated_at: context.now() } };
  if (Object.keys(unset).length) update.$unset = unset;
  const account = await context.store
    .collection<WithPosting>('accounts')
    .findOneAndUpdate({ _id: requirePrincipal(context).accountId }, update, { returnDocument: 'after', projection: { posting_accounts: 1 } });
  await recordChanges(context, [
    actionOn('accounts', 'posting accounts', 'updated', { _id: requirePrincipal(context).accountId }, Object.keys(input).join(', ')),
  ]);
  return merged(account?.posting_accounts ?? undefined);
}
