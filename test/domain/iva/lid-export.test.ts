import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IvaEntry } from '../../../src/domain/iva/entry';
import { amount, alpha } from '../../../src/domain/iva/lid-fields';
import { lidFiles, RECORD_LENGTHS } from '../../../src/domain/iva/lid-export';
import { entry } from './entries';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/iva', name));

/** The design's Factura A 0004-00024442 with 10,5 % and 21 % (total 4.615,52). */
const base: Omit<IvaEntry, 'bookType'> = entry({
  totalCents: 461552,
  vatLines: [
    { rate: 10.5, baseCents: 240300, vatCents: 25232 },
    { rate: 21, baseCents: 162000, vatCents: 34020 },
  ],
  computableCreditCents: 59252,
  pesos: { totalCents: 461552, vatCents: 59252, computableCreditCents: 59252, vatPerceptionCents: 0, vatLines: [] },
});

describe('Libro IVA Digital export', () => {
  it('writes the purchases pair of the sample period byte for byte', () => {
    const [vouchers, rates] = lidFiles('purchases', [{ ...base, bookType: 'purchases' }], 'LIBRO_IVA_DIGITAL_30712345671_202512');
    expect(vouchers.name).toBe('LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_CBTE.txt');
    expect(rates.name).toBe('LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_ALICUOTAS.txt');
    expect(vouchers.content.equals(fixture('sample-compras-cbte.txt'))).toBe(true);
    expect(rates.content.equals(fixture('sample-compras-alicuotas.txt'))).toBe(true);
  });

  it('writes the sales pair of the sample period byte for byte', () => {
    const sale: IvaEntry = {
      ...base,
      bookType: 'sales',
      date: '2025-12-03',
      voucherType: 6,
      salePoint: 2,
      voucherNumber: 1501,
      voucherNumberTo: 1501,
      documentType: 99,
      documentNumber: '0',
      counterpartName: 'Consumidor final',
      totalCents: 1_210_000,
      vatLines: [{ rate: 21, baseCents: 1_000_000, vatCents: 210_000 }],
      computableCreditCents: 0,
    };
    const [vouchers, rates] = lidFiles('sales', [sale], 'X');
    expect(vouchers.content.equals(fixture('sample-ventas-cbte.txt'))).toBe(true);
    expect(rates.content.equals(fixture('sample-ventas-alicuotas.txt'))).toBe(true);
  });

  it('declares no rate records for a class B purchase and one 0 % record for a sale without VAT', () => {
    const purchaseB: IvaEntry = { ...base, bookType: 'purchases', voucherType: 6, vatLines: [], operationCode: 'N', computableCreditCents: 0 };
    const [vouchers, rates] = lidFiles('purchases', [purchaseB], 'X');
    const record = vouchers.content.toString('latin1').replace(/\r\n$/, '');
    expect(record).toHaveLength(RECORD_LENGTHS.purchases.vouchers);
    expect(record.slice(237, 238)).toBe('0');
    expect(record.slice(238, 239)).toBe('N');
    expect(rates.content.length).toBe(0);

    const exportSale: IvaEntry = { ...base, bookType: 'sales', voucherType: 19, vatLines: [], operationCode: 'X', computableCreditCents: 0 };
    const [saleVouchers, saleRates] = lidFiles('sales', [exportSale], 'X');
    expect(saleVouchers.content.toString('latin1').slice(241, 243)).toBe('1X');
    expect(saleRates.content.toString('latin1')).toBe(`019${'00004'}${'24442'.padStart(20, '0')}${'0'.repeat(15)}0003${'0'.repeat(15)}\r\n`);
  });

  it('writes a negative amount with the sign first and strips accents', () => {
    expect(amount(-150000)).toBe('-00000000150000');
    expect(amount(150000)).toBe('000000000150000');
    expect(alpha('ÑANDÚ ÁREA, S.A.', 12)).toBe('NANDU AREA, ');
    expect(lidFiles('purchases', [{ ...base, bookType: 'purchases', counterpartName: 'Ñandú €' }], 'X')[0].content.includes(0x80)).toBe(false);
  });
});
