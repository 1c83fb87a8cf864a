import { decimal, money, text } from '../declare/field';

/** A voucher's currency and amounts as Mis Comprobantes lists them: the same columns for received and issued vouchers. */
export const amountFields = () => ({
  currency: text(3, { example: 'ARS', readOnly: true, filter: 'currency', description: 'ARS, USD or another ISO code; amounts are in this currency.' }),
  exchangeRate: decimal({ example: 1, readOnly: true, default: 1, description: 'Pesos per unit of the currency, as the export gives it.' }),
  totalAmount: money(0, { example: 121000, readOnly: true, sort: true }),
  netTaxed: money(0, { example: 100000, readOnly: true }),
  netUntaxed: money(0, { example: 0, readOnly: true }),
  exempt: money(0, { example: 0, readOnly: true }),
  iva: money(0, { example: 21000, readOnly: true, description: 'VAT amount.' }),
  otherTaxes: money(0, { example: 0, readOnly: true, description: 'Perceptions and other taxes, one unsplit amount.' }),
});
