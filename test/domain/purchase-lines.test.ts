import { ObjectId } from 'mongodb';
import { receivedInvoiceLines, toPesos } from '../../src/domain/accounting/posting/purchase-lines';
import { DEFAULT_POSTING_ACCOUNTS } from '../../src/domain/accounting/posting/posting.settings';
import type { ReceivedInvoiceDocument } from '../../src/store/received-invoices.store';

/** The entry lines of a received invoice where rounding and odd exports meet: exact to the centavo, always balanced. */

const invoice = (fields: Partial<ReceivedInvoiceDocument>): ReceivedInvoiceDocument =>
  ({
    _id: new ObjectId(),
    supplier_name: 'PROVEEDOR S.A.',
    voucher_class: 'invoice',
    exchange_rate: 1,
    total_amount_cents: 0,
    iva_cents: 0,
    other_taxes_cents: 0,
    vat_items: [],
    ...fields,
  }) as ReceivedInvoiceDocument;

const balance = (lines: Array<{ debit_cents?: number; credit_cents?: number }>) =>
  lines.reduce((sum, line) => sum + (line.debit_cents ?? 0) - (line.credit_cents ?? 0), 0);
const amounts = (lines: Array<{ account_code: string; debit_cents?: number; credit_cents?: number }>) =>
  lines.map((line) => [line.account_code, line.debit_cents ?? -(line.credit_cents ?? 0)]);

test('pesos of a foreign amount: cents × rate, half away from zero, exactly', () => {
  expect(toPesos(12101, 1043.375)).toBe(12625881);
  expect(toPesos(1, 0.5)).toBe(1);
  expect(toPesos(3, 1.5)).toBe(5);
  expect(toPesos(10, 1)).toBe(10);
  // 0.1 + 0.2 style rates are read from their decimal text, not their binary value.
  expect(toPesos(100, 1.005)).toBe(101);
});

test('rounding left by the conversion goes to the largest net line: the entry still balances', () => {
  // 3¢ base, 1¢ VAT, 4¢ total at 1.5: 4.5 → 5, 1.5 → 2, 6 → 6; the base line gives back the extra centavo.
  const lines = receivedInvoiceLines(
    invoice({ exchange_rate: 1.5, total_amount_cents: 4, iva_cents: 1, vat_items: [{ aliquot: 21, base_cents: 3, amount_cents: 1 }] }),
    DEFAULT_POSTING_ACCOUNTS,
    '5.3.1.01.005',
  );
  expect(amounts(lines)).toEqual([
    ['5.3.1.01.005', 4],
    ['1.1.4.01.001', 2],
    ['2.1.1.01.001', -6],
  ]);
  expect(balance(lines)).toBe(0);
});

test('an export without VAT per rate: one net line and one VAT line; bases that do not fit the net: one net line', () => {
  const plain = receivedInvoiceLines(invoice({ total_amount_cents: 12100, iva_cents: 2100 }), DEFAULT_POSTING_ACCOUNTS, 'X');
  expect(amounts(plain)).toEqual([
    ['X', 10000],
    ['1.1.4.01.001', 2100],
    ['2.1.1.01.001', -12100],
  ]);
  const odd = receivedInvoiceLines(
    invoice({ total_amount_cents: 12000, iva_cents: 2100, vat_items: [{ aliquot: 21, base_cents: 10000, amount_cents: 2100 }] }),
    DEFAULT_POSTING_ACCOUNTS,
    'X',
  );
  expect(amounts(odd)).toEqual([
    ['X', 9900],
    ['1.1.4.01.001', 2100],
    ['2.1.1.01.001', -12000],
  ]);
});

test('other taxes are booked as the configured tax; taxes above the total are refused', () => {
  const lines = receivedInvoiceLines(invoice({ total_amount_cents: 1500, other_taxes_cents: 500 }), { ...DEFAULT_POSTING_ACCOUNTS, otherTaxesAs: 'iva' }, 'X');
  expect(amounts(lines)).toEqual([
    ['X', 1000],
    ['1.1.4.01.004', 500],
    ['2.1.1.01.001', -1500],
  ]);
  expect(() => receivedInvoiceLines(invoice({ total_amount_cents: 100, iva_cents: 200 }), DEFAULT_POSTING_ACCOUNTS, 'X')).toThrow(
    expect.objectContaining({ code: 'DOCUMENT_INCONSISTENT' }),
  );
});
