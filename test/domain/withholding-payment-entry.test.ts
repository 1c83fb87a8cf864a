import { flatTerms } from '../../src/domain/withholdings/flat-regimes';
import { paymentEntryDescription, paymentEntryLines } from '../../src/domain/withholdings/payment-entry';

/**
 * What a payment with withholdings posts, and the terms of the régimenes withheld at a flat rate on the payment alone:
 * IVA (RG 2854: a percentage of the VAT of the invoices paid; RG 3887/2016: nothing when it comes to $400 or less) and
 * IIBB (ARBA / AGIP padrón regimes: the supplier's rate on the net of VAT, the jurisdiction's minimum).
 */
const ACCOUNTS = { payment: 'BANCO', suppliers: 'PROVEEDORES', ganancias: 'RET-GAN', iva: 'RET-IVA', iibb: 'RET-IIBB' };

describe('the payment’s entry', () => {
  it('Dr Proveedores the amount paid; Cr the bank the net; Cr each tax’s “a depositar” account what it withheld, one line per tax', () => {
    // $121.000 paid: Ganancias $500 + $256 (two régimenes), IVA $16.800, IIBB nothing; net $103.444.
    const lines = paymentEntryLines({
      paymentId: 'OP-7',
      supplierName: 'Proveedor SA',
      amountCents: 121_000_00,
      netPaymentCents: 103_444_00,
      lines: [
        { tax: 'ganancias', amountCents: 500_00 },
        { tax: 'iva', amountCents: 16_800_00 },
        { tax: 'iibb', amountCents: 0 },
        { tax: 'ganancias', amountCents: 256_00 },
      ],
      accounts: ACCOUNTS,
    });
    expect(lines).toEqual([
      { account_code: 'PROVEEDORES', debit_cents: 121_000_00, description: 'Proveedor SA' },
      { account_code: 'BANCO', credit_cents: 103_444_00, description: 'Pago OP-7' },
      { account_code: 'RET-GAN', credit_cents: 756_00, description: 'Retención ganancias OP-7' },
      { account_code: 'RET-IVA', credit_cents: 16_800_00, description: 'Retención iva OP-7' },
    ]);
    const debits = lines.reduce((sum, line) => sum + (line.debit_cents ?? 0), 0);
    const credits = lines.reduce((sum, line) => sum + (line.credit_cents ?? 0), 0);
    expect(debits).toBe(credits);
  });

  it('no bank line when the withholdings take the whole payment; only the supplier and the bank when nothing is withheld', () => {
    expect(
      paymentEntryLines({
        paymentId: 'ALQ-2',
        supplierName: 'Locador',
        amountCents: 100_00,
        netPaymentCents: 0,
        lines: [{ tax: 'ganancias', amountCents: 100_00 }],
        accounts: ACCOUNTS,
      }),
    ).toEqual([
      { account_code: 'PROVEEDORES', debit_cents: 100_00, description: 'Locador' },
      { account_code: 'RET-GAN', credit_cents: 100_00, description: 'Retención ganancias ALQ-2' },
    ]);
    expect(
      paymentEntryLines({
        paymentId: 'OP-1',
        supplierName: 'S',
        amountCents: 50_000_00,
        netPaymentCents: 50_000_00,
        lines: [{ tax: 'ganancias', amountCents: 0 }],
        accounts: ACCOUNTS,
      }),
    ).toEqual([
      { account_code: 'PROVEEDORES', debit_cents: 50_000_00, description: 'S' },
      { account_code: 'BANCO', credit_cents: 50_000_00, description: 'Pago OP-1' },
    ]);
  });

  it('says “con retenciones” only when something was withheld', () => {
    expect(paymentEntryDescription('OP-1', 'Proveedor SA', 1)).toBe('Pago OP-1 a Proveedor SA con retenciones');
    expect(paymentEntryDescription('OP-1', 'Proveedor SA', 0)).toBe('Pago OP-1 a Proveedor SA');
  });
});

describe('the flat régimenes’ terms', () => {
  const payment = { netCents: 100_000_00, vatCents: 21_000_00, iibbRate: null };

  it('IVA: the régimen’s percentage of the VAT, with the régimen’s $400,01 threshold; no designation is read', () => {
    const iva80 = { tax: 'iva' as const, rateRegistered: 80, minimumCents: 400_01 };
    expect(flatTerms(iva80, { ...payment, iibbRate: 3 }, { withholding_rate: 9, minimum_cents: 1 })).toEqual({
      baseCents: 21_000_00,
      rate: 80,
      minimumCents: 400_01,
    });
    // A régimen of the account's own without a rate withholds 0 %.
    expect(flatTerms({ ...iva80, rateRegistered: null }, payment, null)).toEqual({ baseCents: 21_000_00, rate: 0, minimumCents: 400_01 });
  });

  it('IIBB: the net; the payment’s padrón rate, else the designation’s, else the régimen’s; the designation’s minimum', () => {
    const iibb = { tax: 'iibb' as const, rateRegistered: null, minimumCents: 999_00 };
    const designation = { withholding_rate: 3, minimum_cents: 50_00 };
    expect(flatTerms(iibb, { ...payment, iibbRate: 2.5 }, designation)).toEqual({ baseCents: 100_000_00, rate: 2.5, minimumCents: 50_00 });
    expect(flatTerms(iibb, payment, designation)).toEqual({ baseCents: 100_000_00, rate: 3, minimumCents: 50_00 });
    expect(flatTerms({ ...iibb, rateRegistered: 1.5 }, payment, { withholding_rate: null, minimum_cents: 0 })).toEqual({
      baseCents: 100_000_00,
      rate: 1.5,
      minimumCents: 0,
    });
    expect(flatTerms(iibb, payment, null)).toEqual({ baseCents: 100_000_00, rate: null, minimumCents: 0 });
  });
});
