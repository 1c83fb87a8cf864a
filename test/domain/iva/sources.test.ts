import { ObjectId } from 'mongodb';
import { currencyCode, fromExpense, fromIssuedVoucher, fromReceivedInvoice, rateMicro, type ReceivedInvoiceSource } from '../../../src/domain/iva/sources';

/** Source documents → VAT book lines: the voucher's own amounts (Libro IVA Digital fields 17/18) beside their pesos. */

const id = new ObjectId('0123456789abcdef01234567');
const received = (overrides: Partial<ReceivedInvoiceSource> = {}): ReceivedInvoiceSource => ({
  _id: id,
  voucher_type: 1,
  sale_point: 3,
  voucher_number: 77,
  issue_date: new Date('2025-12-10T03:00:00Z'), // the 10th, Argentine time
  currency: 'USD',
  exchange_rate: 1000.5,
  total_amount_cents: 121_001,
  net_untaxed_cents: 0,
  exempt_cents: 0,
  other_taxes_cents: 0,
  vat_items: [{ aliquot: 21, base_cents: 100_001, amount_cents: 21_000 }],
  supplier_cuit: '30500010912',
  supplier_name: 'Proveedor SA',
  status: 'pending',
  ...overrides,
});

describe('fromReceivedInvoice', () => {
  it('keeps a USD voucher in dollars with DOL and its rate, and its pesos beside', () => {
    const line = fromReceivedInvoice(received(), 10_000);
    expect(line).toMatchObject({
      bookType: 'purchases',
      period: '2025-12',
      origin: 'received_invoice',
      sourceId: '0123456789abcdef01234567',
      date: '2025-12-10',
      voucherType: 1,
      salePoint: 3,
      voucherNumber: 77,
      voucherNumberTo: 77,
      customsDispatch: '',
      documentType: 80,
      documentNumber: '30500010912',
      counterpartName: 'Proveedor SA',
      currency: 'DOL',
      exchangeRateMicro: 1_000_500_000,
      totalCents: 121_001,
      vatLines: [{ rate: 21, baseCents: 100_001, vatCents: 21_000 }],
      operationCode: ' ',
      computableCreditCents: 21_000,
      rateReview: null,
      paymentDueDate: null,
    });
    expect(line.pesos).toEqual({
      totalCents: 121_061_501,
      vatCents: 21_010_500,
      computableCreditCents: 21_010_500,
      vatPerceptionCents: 0,
      vatLines: [{ rate: 21, baseCents: 100_051_001, vatCents: 21_010_500 }],
    });
  });

  it('keeps the untaxed, exempt and other-tax amounts as stated', () => {
    const line = fromReceivedInvoice(received({ net_untaxed_cents: 11, exempt_cents: 22, other_taxes_cents: 33 }), 10_000);
    expect([line.untaxedCents, line.exemptCents, line.otherTaxesCents]).toEqual([11, 22, 33]);
  });

  it('a peso voucher: PES, rate 1, pesos equal to the stated amounts whatever rate the export wrote', () => {
    const line = fromReceivedInvoice(received({ currency: 'ARS', exchange_rate: 1.2 }), 10_000);
    expect([line.currency, line.exchangeRateMicro, line.pesos.vatCents, line.pesos.totalCents]).toEqual(['PES', 1_000_000, 21_000, 121_001]);
  });

  it('a class C voucher: no VAT lines, code N (even with an exempt amount: a purchase), no credit', () => {
    const line = fromReceivedInvoice(received({ voucher_type: 11, currency: 'ARS', exempt_cents: 500 }), 10_000);
    expect([line.vatLines, line.operationCode, line.computableCreditCents, line.pesos.vatCents]).toEqual([[], 'N', 0, 0]);
  });

  it('pro-rata: the credit is the coefficient share, stated and in pesos', () => {
    const line = fromReceivedInvoice(received(), 5_000);
    expect([line.computableCreditCents, line.pesos.computableCreditCents]).toEqual([10_500, 10_505_250]);
  });

  it('a customs dispatch keeps its dispatch number; missing, it is empty; another type never carries one', () => {
    expect(fromReceivedInvoice(received({ voucher_type: 66, customs_dispatch: '25001IC04001234K' }), 10_000).customsDispatch).toBe('25001IC04001234K');
    expect(fromReceivedInvoice(received({ voucher_type: 66, customs_dispatch: null }), 10_000).customsDispatch).toBe('');
    expect(fromReceivedInvoice(received({ voucher_type: 66 }), 10_000).customsDispatch).toBe('');
    expect(fromReceivedInvoice(received({ customs_dispatch: '25001IC04001234K' }), 10_000).customsDispatch).toBe('');
  });

  it('carries the review reason the import set, and keeps the stated VAT and credit', () => {
    const line = fromReceivedInvoice(received({ rate_review: { reason: 'VAT 210,00 is not one rate of 1000,01', flagged_at: new Date() } }), 10_000);
    expect(line.rateReview).toBe('VAT 210,00 is not one rate of 1000,01');
    expect(line.computableCreditCents).toBe(21_000);
    expect(fromReceivedInvoice(received({ rate_review: null }), 10_000).rateReview).toBeNull();
  });
});

describe('fromIssuedVoucher', () => {
  const issued = {
    _id: id,
    voucher_type: 6,
    sale_point: 2,
    voucher_number: 1501,
    issue_date: new Date('2025-12-03T03:00:00Z'),
    currency: 'ARS',
    exchange_rate: 1,
    total_amount_cents: 1_210_000,
    net_untaxed_cents: 0,
    exempt_cents: 0,
    other_taxes_cents: 0,
    vat_items: [{ aliquot: 21, base_cents: 1_000_000, amount_cents: 210_000 }],
    receiver_doc_type: 80,
    receiver_doc: '30-71234567-1',
    receiver_name: 'Cliente SA',
  };

  it('an identified buyer: its document type, digits and name; the range end defaults to the number', () => {
    const line = fromIssuedVoucher(issued);
    expect(line).toMatchObject({
      bookType: 'sales',
      origin: 'issued_voucher',
      sourceId: '0123456789abcdef01234567',
      date: '2025-12-03',
      voucherType: 6,
      salePoint: 2,
      voucherNumber: 1501,
      customsDispatch: '',
      currency: 'PES',
      exchangeRateMicro: 1_000_000,
      documentType: 80,
      documentNumber: '30712345671',
      counterpartName: 'Cliente SA',
      voucherNumberTo: 1501,
      computableCreditCents: 0,
      operationCode: ' ',
      rateReview: null,
    });
    expect(line.pesos).toMatchObject({ totalCents: 1_210_000, vatCents: 210_000, computableCreditCents: 0 });
  });

  it('a final consumer: 99 and number 0; no name: empty; a grouped range keeps its end', () => {
    const line = fromIssuedVoucher({ ...issued, receiver_doc_type: null, receiver_name: null, voucher_number_to: 1600 });
    expect([line.documentType, line.documentNumber, line.counterpartName, line.voucherNumberTo]).toEqual([99, '0', '', 1600]);
    expect(fromIssuedVoucher({ ...issued, receiver_doc: '' }).documentNumber).toBe('0');
  });

  it('a sale in euros: code 060, stated amounts, VAT in pesos converted', () => {
    const line = fromIssuedVoucher({ ...issued, currency: 'EUR', exchange_rate: 1200 });
    expect([line.currency, line.exchangeRateMicro, line.totalCents, line.pesos.vatCents]).toEqual(['060', 1_200_000_000, 1_210_000, 252_000_000]);
  });
});

describe('fromExpense', () => {
  it('a posted expense with VAT lines: Factura A in pesos, its receipt number split, the rest untaxed', () => {
    const line = fromExpense(
      {
        _id: id,
        date: '2025-12-20',
        amount_cents: 13_000,
        receipt_number: ' 0004-00001234 ',
        iva_items: [
          { id: 5, base_imp_cents: 10_000, importe_cents: 2_100 },
          { id: 4, base_imp_cents: 500, importe_cents: 53 },
        ],
        supplier: { tax_id: '30500010912', name: 'Librería Sur' },
      },
      10_000,
    );
    expect(line).toMatchObject({
      bookType: 'purchases',
      period: '2025-12',
      origin: 'expense',
      voucherType: 1,
      salePoint: 4,
      voucherNumber: 1234,
      voucherNumberTo: 1234,
      documentNumber: '30500010912',
      counterpartName: 'Librería Sur',
      currency: 'PES',
      exchangeRateMicro: 1_000_000,
      totalCents: 13_000,
      untaxedCents: 347,
      vatLines: [
        { rate: 21, baseCents: 10_000, vatCents: 2_100 },
        { rate: 10.5, baseCents: 500, vatCents: 53 },
      ],
      operationCode: ' ',
      computableCreditCents: 2_153,
    });
    expect(line.pesos.computableCreditCents).toBe(2_153);
  });

  it('without a supplier or a usable receipt number: the vendor, point of sale and number 0, rate ids unknown as 0 %', () => {
    const line = fromExpense(
      {
        _id: id,
        date: '2025-12-20',
        amount_cents: 100,
        receipt_number: 'A-1',
        vendor: 'Kiosco',
        iva_items: [{ id: 1, base_imp_cents: 200, importe_cents: 0 }],
      },
      10_000,
    );
    expect([line.salePoint, line.voucherNumber, line.documentNumber, line.counterpartName, line.untaxedCents, line.vatLines[0].rate]).toEqual([
      0,
      0,
      '0',
      'Kiosco',
      0,
      0,
    ]);
    const bare = fromExpense({ _id: id, date: '2025-12-20', amount_cents: 100 }, 10_000);
    expect([bare.counterpartName, bare.vatLines, bare.untaxedCents, bare.salePoint]).toEqual(['', [], 100, 0]);
  });
});

describe('the receipt number of an expense', () => {
  it.each([
    [' 0004-00001234 ', 4, 1234],
    ['12345-12345678', 12345, 12_345_678],
    [' 7 - 8 ', 7, 8],
    ['123456-1', 0, 0],
    ['1-123456789', 0, 0],
    ['x1-2', 0, 0],
    ['1-2x', 0, 0],
    ['1 2', 0, 0],
  ])('%j → point of sale %i, number %i', (receipt, salePoint, number) => {
    const line = fromExpense({ _id: id, date: '2025-12-20', amount_cents: 100, receipt_number: receipt }, 10_000);
    expect([line.salePoint, line.voucherNumber, line.voucherNumberTo]).toEqual([salePoint, number, number]);
  });
});

describe('currency and rate fields', () => {
  it('maps ISO codes to ARCA codes, keeps an unknown 3-letter code and reads anything else as pesos', () => {
    expect(['ARS', 'USD', 'EUR', 'BRL', 'XAU', 'US', ''].map(currencyCode)).toEqual(['PES', 'DOL', '060', '012', 'XAU', 'PES', 'PES']);
  });
  it('holds the rate in millionths, 1 when unusable, at most the design 4 + 6 digits', () => {
    expect([1475.5, 0.000001, 0, -3, Number.NaN, 1e6].map(rateMicro)).toEqual([1_475_500_000, 1, 1_000_000, 1_000_000, 1_000_000, 9_999_999_999]);
  });
});
