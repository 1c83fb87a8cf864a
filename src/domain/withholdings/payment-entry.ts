import type { JournalLineDocument } from '../../store/ledger';
import type { WithholdingTax } from '../../store/withholdings.store';

/** What the entry of a payment with withholdings needs: its figures and the accounts it posts to. */
export interface PaymentEntryInput {
  paymentId: string;
  supplierName: string;
  amountCents: number;
  netPaymentCents: number;
  lines: ReadonlyArray<{ tax: WithholdingTax; amountCents: number }>;
  accounts: { suppliers: string; payment: string } & Record<WithholdingTax, string>;
}

/** "Pago OP-1 a Proveedor SA", "… con retenciones" when anything was withheld. */
export function paymentEntryDescription(paymentId: string, supplierName: string, withheldCents: number): string {
  return `Pago ${paymentId} a ${supplierName}${withheldCents > 0 ? ' con retenciones' : ''}`;
}

/**
 * The payment's entry: Dr Proveedores the whole amount paid (the debt it cancels), Cr the bank what is paid out (none
 * when the withholdings take it all), Cr each tax's "a depositar" account what was withheld of it (one line per tax,
 * none for a tax that withheld nothing). Debits equal credits because the net is the amount less the withholdings.
 */
export function paymentEntryLines(input: PaymentEntryInput): JournalLineDocument[] {
  const byTax = new Map<WithholdingTax, number>();
  for (const line of input.lines) byTax.set(line.tax, (byTax.get(line.tax) ?? 0) + line.amountCents);
  return [
    { account_code: input.accounts.suppliers, debit_cents: input.amountCents, description: input.supplierName },
    ...(input.netPaymentCents > 0
      ? [{ account_code: input.accounts.payment, credit_cents: input.netPaymentCents, description: `Pago ${input.paymentId}` }]
      : []),
    ...[...byTax]
      .filter(([, cents]) => cents > 0)
      .map(([tax, cents]) => ({ account_code: input.accounts[tax], credit_cents: cents, description: `Retención ${tax} ${input.paymentId}` })),
  ];
}
