import { lidFiles, ordered, RECORD_LENGTHS } from '../../../src/domain/iva/lid-export';
import { entry, lines, spaces, zeros } from './entries';

/**
 * The Libro IVA Digital records, written out field by field from the ARCA record design
 * (libro-iva-digital-diseno-registros.pdf: VENTAS_CBTE 266, VENTAS_ALICUOTAS 62, COMPRAS_CBTE 325,
 * COMPRAS_ALICUOTAS 84, IMPORTACION_BIENES_ALICUOTA 50), one literal per field in design order.
 */

const NANDU = 'CONSTRUCCIONES NANDU S.A.     ';

describe('COMPRAS_CBTE of a foreign-currency voucher (fields 17/18: its own amounts, currency and rate)', () => {
  it('writes the stated USD amounts with DOL and the rate 1000,5, and the stated VAT as credit', () => {
    const usd = entry({
      currency: 'DOL',
      exchangeRateMicro: 1_000_500_000,
      totalCents: 121001,
      vatLines: [{ rate: 21, baseCents: 100001, vatCents: 21000 }],
      computableCreditCents: 21000,
    });
    const [cbte, alicuotas] = lidFiles('purchases', [usd], 'P');
    expect(lines(cbte.content)).toEqual([
      '20251202' + // 1 fecha
        '001' + // 2 tipo
        '00004' + // 3 punto de venta
        '00000000000000024442' + // 4 número
        spaces(16) + // 5 despacho
        '80' + // 6 código de documento del vendedor
        '00000000030708884444' + // 7 número de identificación
        NANDU + // 8 denominación
        '000000000121001' + // 9 total (USD 1.210,01)
        zeros(15) + // 10 no gravado
        zeros(15) + // 11 exentas
        zeros(15) + // 12 percepciones de IVA
        zeros(15) + // 13 otros nacionales
        zeros(15) + // 14 ingresos brutos
        zeros(15) + // 15 municipales
        zeros(15) + // 16 internos
        'DOL' + // 17 moneda
        '1000500000' + // 18 tipo de cambio 1000,500000
        '1' + // 19 cantidad de alícuotas
        ' ' + // 20 código de operación
        '000000000021000' + // 21 crédito fiscal computable (USD 210,00 as stated)
        zeros(15) + // 22 otros tributos
        zeros(11) + // 23 CUIT corredor
        spaces(30) + // 24 denominación corredor
        zeros(15), // 25 IVA comisión
    ]);
    expect(lines(alicuotas.content)).toEqual([
      '001' + '00004' + '00000000000000024442' + '80' + '00000000030708884444' + '000000000100001' + '0005' + '000000000021000',
    ]);
  });
});

describe('customs dispatches (066): field 5, the rate count and the imports file', () => {
  const dispatch = entry({
    date: '2025-12-15',
    voucherType: 66,
    salePoint: 0,
    voucherNumber: 123,
    voucherNumberTo: 123,
    customsDispatch: '25001IC04001234K',
    documentNumber: '33693450239',
    counterpartName: 'DIRECCION GENERAL DE ADUANAS',
    totalCents: 82_600_000,
    vatLines: [
      { rate: 21, baseCents: 50_000_000, vatCents: 10_500_000 },
      { rate: 10.5, baseCents: 20_000_000, vatCents: 2_100_000 },
    ],
    computableCreditCents: 12_600_000,
  });

  it('writes the dispatch number in field 5, counts its two rates and writes them to IMPORTACION_BIENES_ALICUOTA only', () => {
    const files = lidFiles('purchases', [dispatch, entry()], 'LIBRO_IVA_DIGITAL_30712345671_202512');
    expect(files.map((file) => file.name)).toEqual([
      'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_CBTE.txt',
      'LIBRO_IVA_DIGITAL_30712345671_202512_COMPRAS_ALICUOTAS.txt',
      'LIBRO_IVA_DIGITAL_30712345671_202512_IMPORTACION_BIENES_ALICUOTA.txt',
    ]);
    const [cbte, alicuotas, imports] = files.map((file) => lines(file.content));
    expect(cbte[1]).toBe(
      '20251215' +
        '066' +
        '00000' +
        '00000000000000000123' +
        '25001IC04001234K' +
        '80' +
        '00000000033693450239' +
        'DIRECCION GENERAL DE ADUANAS  ' +
        '000000082600000' +
        zeros(15 * 7) +
        'PES' +
        '0001000000' +
        '2' +
        ' ' +
        '000000012600000' +
        zeros(15) +
        zeros(11) +
        spaces(30) +
        zeros(15),
    );
    expect(alicuotas).toEqual(['001' + '00004' + '00000000000000024442' + '80' + '00000000030708884444' + '000000000100000' + '0005' + '000000000021000']);
    // In the order of the rate ids (0004 before 0005), not the order the dispatch listed them.
    expect(imports).toEqual([
      '25001IC04001234K' + '000000020000000' + '0004' + '000000002100000',
      '25001IC04001234K' + '000000050000000' + '0005' + '000000010500000',
    ]);
    for (const record of imports) expect(record).toHaveLength(RECORD_LENGTHS.purchases.imports);
  });

  it('writes no imports file when the book has no dispatch, and none in the sales book', () => {
    expect(lidFiles('purchases', [entry()], 'P').map((file) => file.name)).toEqual(['P_COMPRAS_CBTE.txt', 'P_COMPRAS_ALICUOTAS.txt']);
    expect(lidFiles('sales', [entry({ bookType: 'sales', voucherType: 66, customsDispatch: '25001IC04001234K' })], 'S')).toHaveLength(2);
  });

  it('leaves field 5 blank on any other voucher, whatever it holds', () => {
    const [cbte] = lidFiles('purchases', [entry({ customsDispatch: '25001IC04001234K' })], 'P');
    expect(lines(cbte.content)[0].slice(36, 52)).toBe(spaces(16));
  });
});

describe('point of sale 00000 for 033, 099, 331 and 332 only (both books)', () => {
  it.each([33, 99, 331, 332])('type %i is written with point of sale 00000 in every record', (type) => {
    const [salesCbte, salesRates] = lidFiles('sales', [entry({ bookType: 'sales', voucherType: type, salePoint: 7 })], 'S');
    expect(lines(salesCbte.content)[0].slice(8, 16)).toBe(`${String(type).padStart(3, '0')}00000`);
    expect(lines(salesRates.content)[0].slice(0, 8)).toBe(`${String(type).padStart(3, '0')}00000`);
    const [purchasesCbte, purchasesRates] = lidFiles('purchases', [entry({ voucherType: type, salePoint: 7 })], 'P');
    expect(lines(purchasesCbte.content)[0].slice(8, 16)).toBe(`${String(type).padStart(3, '0')}00000`);
    expect(lines(purchasesRates.content)[0].slice(0, 8)).toBe(`${String(type).padStart(3, '0')}00000`);
  });

  it.each([90, 1, 6])('type %i keeps its point of sale', (type) => {
    const [cbte] = lidFiles('sales', [entry({ bookType: 'sales', voucherType: type, salePoint: 7 })], 'S');
    expect(lines(cbte.content)[0].slice(8, 16)).toBe(`${String(type).padStart(3, '0')}00007`);
  });
});

describe('VENTAS_CBTE', () => {
  it('writes an identified buyer (document 80, its CUIT and name), never "VENTA GLOBAL DIARIA"', () => {
    const sale = entry({
      bookType: 'sales',
      date: '2025-12-05',
      voucherType: 1,
      salePoint: 2,
      voucherNumber: 88,
      voucherNumberTo: 88,
      documentType: 80,
      documentNumber: '30712345671',
      counterpartName: 'Distribuidora Güemes SRL',
      paymentDueDate: '2026-01-04',
      computableCreditCents: 0,
    });
    const [cbte, rates] = lidFiles('sales', [sale], 'S');
    expect(lines(cbte.content)).toEqual([
      '20251205' + // 1
        '001' + // 2
        '00002' + // 3
        '00000000000000000088' + // 4
        '00000000000000000088' + // 5 hasta
        '80' + // 6
        '00000000030712345671' + // 7
        'Distribuidora Guemes SRL      ' + // 8 (accents stripped)
        '000000000121000' + // 9
        zeros(15) + // 10 no gravado
        zeros(15) + // 11 percepción no categorizados
        zeros(15) + // 12 exentas
        zeros(15) + // 13 nacionales
        zeros(15) + // 14 ingresos brutos
        zeros(15) + // 15 municipales
        zeros(15) + // 16 internos
        'PES' + // 17
        '0001000000' + // 18
        '1' + // 19
        ' ' + // 20
        zeros(15) + // 21 otros tributos
        '20260104', // 22 vencimiento
    ]);
    expect(lines(rates.content)).toEqual(['001' + '00002' + '00000000000000000088' + '000000000100000' + '0005' + '000000000021000']);
  });

  it('writes a final consumer (99) as VENTA GLOBAL DIARIA with number zero, whatever the stored name', () => {
    const [cbte] = lidFiles('sales', [entry({ bookType: 'sales', documentType: 99, documentNumber: '20111111112', counterpartName: 'Juan' })], 'S');
    expect(lines(cbte.content)[0].slice(56, 108)).toBe(`99${zeros(20)}VENTA GLOBAL DIARIA           `);
  });

  it('writes a credit note (003) with positive amounts; the type gives the sign', () => {
    const [cbte, rates] = lidFiles('sales', [entry({ bookType: 'sales', voucherType: 3, voucherNumber: 9, voucherNumberTo: 9 })], 'S');
    const record = lines(cbte.content)[0];
    expect(record.slice(8, 11)).toBe('003');
    expect(record.slice(108, 123)).toBe('000000000121000');
    expect(lines(rates.content)).toEqual(['003' + '00004' + '00000000000000000009' + '000000000100000' + '0005' + '000000000021000']);
  });

  it('sums national and VAT perceptions into field 13 and writes each other field where the design puts it', () => {
    const sale = entry({
      bookType: 'sales',
      untaxedCents: 1,
      exemptCents: 2,
      nationalPerceptionCents: 3,
      vatPerceptionCents: 4,
      grossIncomePerceptionCents: 5,
      municipalPerceptionCents: 6,
      internalTaxesCents: 7,
      otherTaxesCents: 8,
    });
    const record = lines(lidFiles('sales', [sale], 'S')[0].content)[0];
    expect(record).toHaveLength(RECORD_LENGTHS.sales.vouchers);
    expect([123, 138, 153, 168, 183, 198, 213].map((at) => record.slice(at, at + 15))).toEqual(
      ['1', '0', '2', '7', '5', '6', '7'].map((digit) => digit.padStart(15, '0')),
    );
    expect(record.slice(243, 258)).toBe('000000000000008');
  });
});

describe('COMPRAS_CBTE', () => {
  it('a class C purchase (011): rate count 0, code N, no credit, no rate record', () => {
    const purchaseC = entry({ voucherType: 11, vatLines: [], operationCode: 'N', computableCreditCents: 0 });
    const [cbte, rates] = lidFiles('purchases', [purchaseC], 'P');
    const record = lines(cbte.content)[0];
    expect(record.slice(237, 254)).toBe(`0N${zeros(15)}`);
    expect(rates.content.length).toBe(0);
  });

  it('a class B purchase with VAT lines still declares none (VAT not discriminated)', () => {
    const [cbte, rates] = lidFiles('purchases', [entry({ voucherType: 6, operationCode: 'N', computableCreditCents: 0 })], 'P');
    expect(lines(cbte.content)[0].slice(237, 239)).toBe('0N');
    expect(rates.content.length).toBe(0);
  });

  it('a received credit note (003) with positive amounts and its rate record', () => {
    const [cbte, rates] = lidFiles('purchases', [entry({ voucherType: 3, voucherNumber: 5 })], 'P');
    const record = lines(cbte.content)[0];
    expect(record.slice(8, 36)).toBe('003' + '00004' + '00000000000000000005');
    expect(record.slice(104, 119)).toBe('000000000121000');
    expect(lines(rates.content)).toEqual([
      '003' + '00004' + '00000000000000000005' + '80' + '00000000030708884444' + '000000000100000' + '0005' + '000000000021000',
    ]);
  });

  it('writes each perception, the internal and other taxes in their own field', () => {
    const purchase = entry({
      untaxedCents: 1,
      exemptCents: 2,
      vatPerceptionCents: 3,
      nationalPerceptionCents: 4,
      grossIncomePerceptionCents: 5,
      municipalPerceptionCents: 6,
      internalTaxesCents: 7,
      otherTaxesCents: 8,
    });
    const record = lines(lidFiles('purchases', [purchase], 'P')[0].content)[0];
    expect(record).toHaveLength(RECORD_LENGTHS.purchases.vouchers);
    expect([119, 134, 149, 164, 179, 194, 209].map((at) => record.slice(at, at + 15))).toEqual(
      ['1', '2', '3', '4', '5', '6', '7'].map((digit) => digit.padStart(15, '0')),
    );
    expect(record.slice(254, 269)).toBe('000000000000008');
  });

  it('refuses a rate without an ARCA id rather than writing a wrong one', () => {
    expect(() => lidFiles('purchases', [entry({ vatLines: [{ rate: 19, baseCents: 100, vatCents: 19 }] })], 'P')).toThrow(/no ARCA id for VAT rate 19/);
  });
});

describe('record order', () => {
  it('sorts by date, type, point of sale, number, then the counterpart document and the dispatch number', () => {
    const sorted = ordered([
      entry({ date: '2025-12-03', voucherNumber: 1 }),
      entry({ date: '2025-12-02', voucherType: 6, voucherNumber: 1 }),
      entry({ date: '2025-12-02', voucherType: 1, salePoint: 5, voucherNumber: 1 }),
      entry({ date: '2025-12-02', voucherType: 1, salePoint: 4, voucherNumber: 2 }),
      entry({ date: '2025-12-02', voucherType: 1, salePoint: 4, voucherNumber: 1, documentNumber: '30500010912' }),
      entry({ date: '2025-12-02', voucherType: 1, salePoint: 4, voucherNumber: 1, documentNumber: '30500010911' }),
      entry({ date: '2025-12-02', voucherType: 66, salePoint: 0, voucherNumber: 0, customsDispatch: 'B' }),
      entry({ date: '2025-12-02', voucherType: 66, salePoint: 0, voucherNumber: 0, customsDispatch: 'A' }),
    ]);
    expect(sorted.map((e) => [e.date, e.voucherType, e.salePoint, e.voucherNumber, e.documentNumber, e.customsDispatch])).toEqual([
      ['2025-12-02', 1, 4, 1, '30500010911', ''],
      ['2025-12-02', 1, 4, 1, '30500010912', ''],
      ['2025-12-02', 1, 4, 2, '30708884444', ''],
      ['2025-12-02', 1, 5, 1, '30708884444', ''],
      ['2025-12-02', 6, 4, 1, '30708884444', ''],
      ['2025-12-02', 66, 0, 0, '30708884444', 'A'],
      ['2025-12-02', 66, 0, 0, '30708884444', 'B'],
      ['2025-12-03', 1, 4, 1, '30708884444', ''],
    ]);
  });

  it("writes a voucher's rates in the order of their ids, in both books", () => {
    const lines3 = [
      { rate: 27, baseCents: 100, vatCents: 27 },
      { rate: 2.5, baseCents: 100, vatCents: 3 },
      { rate: 0, baseCents: 100, vatCents: 0 },
      { rate: 21, baseCents: 100, vatCents: 21 },
    ];
    for (const book of ['sales', 'purchases'] as const) {
      const [, rates] = lidFiles(book, [entry({ bookType: book, vatLines: lines3 })], 'X');
      const at = book === 'sales' ? 43 : 65;
      expect(lines(rates.content).map((record) => record.slice(at, at + 4))).toEqual(['0003', '0005', '0006', '0009']);
    }
  });

  it('writes the rate records in the order of their vouchers', () => {
    const [, rates] = lidFiles('purchases', [entry({ voucherNumber: 2 }), entry({ voucherNumber: 1 })], 'P');
    expect(lines(rates.content).map((record) => record.slice(8, 28))).toEqual(['00000000000000000001', '00000000000000000002']);
  });
});
