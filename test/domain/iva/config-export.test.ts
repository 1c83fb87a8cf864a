import { unzipSync } from 'fflate';
import { coefficientBp } from '../../../src/domain/iva/coefficient';
import { DEFAULT_CONFIG } from '../../../src/domain/iva/iva.config';
import { zipName, zipOf } from '../../../src/domain/iva/export';

describe('pro-rata coefficient (Ley de IVA art. 13)', () => {
  it('all of the credit without pro-rata; the share in ten-thousandths under global pro-rata', () => {
    expect(coefficientBp(DEFAULT_CONFIG)).toBe(10_000);
    expect(coefficientBp({ ...DEFAULT_CONFIG, prorataCoefficient: 0.5 })).toBe(10_000);
    expect(coefficientBp({ ...DEFAULT_CONFIG, prorata: 'global', prorataCoefficient: 0.1234 })).toBe(1_234);
    expect(coefficientBp({ ...DEFAULT_CONFIG, prorata: 'global', prorataCoefficient: 0.12345 })).toBe(1_235);
  });
});

describe('the export ZIP', () => {
  const files = [
    { name: 'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_CBTE.txt', content: Buffer.from('a\r\n') },
    { name: 'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_ALICUOTAS.txt', content: Buffer.from('b\r\n') },
  ];

  it('is named after the book, and holds each file as it is', () => {
    expect(zipName(files)).toBe('LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS.zip');
    expect(zipName([{ name: 'X_202512_VENTAS_CBTE.txt', content: Buffer.alloc(0) }])).toBe('X_202512_VENTAS.zip');
    const unzipped = unzipSync(new Uint8Array(zipOf(files)));
    expect(Object.fromEntries(Object.entries(unzipped).map(([name, bytes]) => [name, Buffer.from(bytes).toString()]))).toEqual({
      'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_CBTE.txt': 'a\r\n',
      'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_ALICUOTAS.txt': 'b\r\n',
    });
  });

  it('the same book gives the same bytes whenever it is zipped (a fixed entry time)', () => {
    jest.useFakeTimers().setSystemTime(new Date('2026-01-10T12:00:00Z'));
    const first = zipOf(files);
    jest.setSystemTime(new Date('2027-06-30T23:59:58Z'));
    const later = zipOf(files);
    jest.useRealTimers();
    expect(later.equals(first)).toBe(true);
  });
});
