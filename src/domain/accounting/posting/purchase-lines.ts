import type { StoredIvaItem } from '../../../store/expenses.store';
import type { JournalLineDocument } from '../../../store/ledger';
import type { ReceivedInvoiceDocument } from '../../../store/received-invoices.store';
import { ConflictError } from '../../errors';
import { IVA_RATE_TENTHS } from '../../expenses/iva';
import { type PostingAccounts, paymentAccount, vatCreditAccount } from './posting.settings';

/**
 * The lines of purchase entries, computed exactly in centavos: the net (and any part without VAT) to the expense or
 * asset account, the VAT to IVA crédito fiscal per rate, perceptions to their asset account, all against what is
 * owed or paid. Every builder answers balanced lines (debits = credits) with no zero line.
 */

interface Amount {
  account: string;
  cents: number;
  description: string;
}

function line(side: 'debit' | 'credit', { account, cents, description }: Amount): JournalLineDocument {
  return side === 'debit' ? { account_code: account, debit_cents: cents, description } : { account_code: account, credit_cents: cents, description };
}

/** Debits then credits as journal lines, zero amounts left out; `reversed` swaps the sides (a credit note). */
function linesOf(debits: Amount[], credits: Amount[], reversed = false): JournalLineDocument[] {
  const [d, c] = reversed ? [credits, debits] : [debits, credits];
  return [...d.filter((a) => a.cents > 0).map((a) => line('debit', a)), ...c.filter((a) => a.cents > 0).map((a) => line('credit', a))];
}

const inconsistent = (message: string, path: string) => new ConflictError(message, [{ path, message }], 'DOCUMENT_INCONSISTENT');

/** The percent rate of an AFIP aliquot id (5 → 21). */
const rateOfAliquot = (id: number) => IVA_RATE_TENTHS[id] / 10;

/** The net inside a VAT-included total at a rate: total × 1000 / (1000 + tenths), rounded half up, exactly. */
function netOfGross(totalCents: number, tenths: number): number {
  const numerator = BigInt(totalCents) * 1000n;
  const denominator = BigInt(1000 + tenths);
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

export interface ExpenseForPosting {
  amount_cents: number;
  tax_rate: number;
  iva_items: StoredIvaItem[];
  payment_method?: string;
  description: string;
}

/**
 * An expense's purchase entry: its VAT lines (`iva_items`; without any, the VAT inside the amount at its `tax_rate`)
 * to IVA crédito fiscal, the rest of the amount to the expense account, the whole amount credited to the account of
 * its payment method (the suppliers' account when it has none mapped).
 */
export function expenseLines(expense: ExpenseForPosting, accounts: PostingAccounts): JournalLineDocument[] {
  const total = expense.amount_cents;
  const vat: Amount[] = expense.iva_items.length
    ? expense.iva_items.map((item) => ({
        account: vatCreditAccount(accounts, rateOfAliquot(item.id)),
        cents: item.importe_cents,
        description: `IVA crédito fiscal ${rateOfAliquot(item.id)} %`,
      }))
    : [
        {
          account: vatCreditAccount(accounts, expense.tax_rate),
          cents: total - netOfGross(total, Math.round(expense.tax_rate * 10)),
          description: `IVA crédito fiscal ${expense.tax_rate} %`,
        },
      ];
  const net = total - vat.reduce((sum, item) => sum + item.cents, 0);
  if (net < 0) throw inconsistent('the VAT of the expense exceeds its amount', 'ivaItems');
  return linesOf(
    [{ account: accounts.expense, cents: net, description: expense.description.slice(0, 500) }, ...vat],
    [{ account: paymentAccount(accounts, expense.payment_method), cents: total, description: expense.payment_method ?? 'Proveedores' }],
  );
}

/**
 * Pesos of an amount in a foreign currency: cents × rate, rounded half away from zero, exactly (the rate read from
 * its shortest decimal text, at most 6 decimals kept).
 */
export function toPesos(cents: number, rate: number): number {
  if (rate === 1) return cents;
  const [whole, fraction = ''] = rate.toFixed(6).split('.');
  const micro = BigInt(whole + fraction);
  const product = BigInt(cents) * micro;
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product < 0n ? -product : product;
  return Number(sign * ((magnitude + 500_000n) / 1_000_000n));
}

/**
 * A received invoice's purchase entry, in pesos (a foreign-currency voucher converted at its `exchange_rate`): the
 * taxed net of each rate and any part without VAT (untaxed, exempt) to `account`, the VAT of each rate to IVA
 * crédito fiscal, the other taxes (perceptions) to the perceptions account of their tax, against the suppliers'
 * account for the total. A credit note reverses the sides (the sign comes from its voucher code). Rounding left by
 * the conversion goes to the largest net line, so the entry balances to the cent.
 */
export function receivedInvoiceLines(invoice: ReceivedInvoiceDocument, accounts: PostingAccounts, account: string): JournalLineDocument[] {
  const rate = invoice.exchange_rate > 0 ? invoice.exchange_rate : 1;
  const pesos = (cents: number) => toPesos(cents, rate);
  const items = invoice.vat_items.filter((item) => item.base_cents > 0 || item.amount_cents > 0);
  const vat: Amount[] = items.length
    ? items.map((item) => ({
        account: vatCreditAccount(accounts, item.aliquot),
        cents: pesos(item.amount_cents),
        description: `IVA crédito fiscal ${item.aliquot} %`,
      }))
    : [{ account: accounts.vatCredit, cents: pesos(invoice.iva_cents), description: 'IVA crédito fiscal' }];
  const vatTotal = items.length ? items.reduce((sum, item) => sum + item.amount_cents, 0) : invoice.iva_cents;
  const other: Amount = {
    account: accounts.perceptions[accounts.otherTaxesAs],
    cents: pesos(invoice.other_taxes_cents),
    description: 'Percepciones y otros tributos',
  };
  const netTotal = invoice.total_amount_cents - vatTotal - invoice.other_taxes_cents;
  if (netTotal < 0) throw inconsistent('the VAT and other taxes of the received invoice exceed its total', 'totalAmount');
  const taxedTotal = items.reduce((sum, item) => sum + item.base_cents, 0);
  // Net lines per rate when the bases fit in the net; otherwise (an export that does not add up) one net line.
  const net: Amount[] =
    items.length && taxedTotal <= netTotal
      ? [
          ...items.map((item) => ({ account, cents: pesos(item.base_cents), description: `Neto gravado ${item.aliquot} %` })),
          { account, cents: pesos(netTotal - taxedTotal), description: 'No gravado / exento' },
        ]
      : [{ account, cents: pesos(netTotal), description: 'Neto' }];
  const total = pesos(invoice.total_amount_cents);
  const residue = total - [...vat, other, ...net].reduce((sum, amount) => sum + amount.cents, 0);
  if (residue !== 0) {
    const largest = net.reduce((best, amount) => (amount.cents > best.cents ? amount : best), net[0]);
    largest.cents += residue;
    if (largest.cents < 0) throw inconsistent('the received invoice does not add up in pesos', 'exchangeRate');
  }
  return linesOf(
    [...net, ...vat, other],
    [{ account: accounts.suppliersPayable, cents: total, description: invoice.supplier_name.slice(0, 500) }],
    invoice.voucher_class === 'credit_note',
  );
}
