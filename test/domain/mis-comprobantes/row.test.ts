import { parse } from 'csv-parse/sync';
import { type Layout, detectLayout } from '../../../src/domain/mis-comprobantes/layout';
import { cellReader, type RowReason, readNumberTo, readVoucher } from '../../../src/domain/mis-comprobantes/row';

/**
 * One row of the export read into a voucher: amounts in centavos from the row's own cells, the credit note's sign
 * from its code, foreign-currency amounts kept in their currency with the row's exchange rate, and the VAT lines
 * (see vat-lines.test.ts for the rate rules). Rows are the sample files' (or built on their headers); every expected
 * value is read off the row by hand.
 */

const G3 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Doc. Receptor";"Nro. Doc. Receptor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado IVA 0%";"IVA 2,5%";"Imp. Neto Gravado IVA 2,5%";"IVA 5%";"Imp. Neto Gravado IVA 5%";"IVA 10,5%";"Imp. Neto Gravado IVA 10,5%";"IVA 21%";"Imp. Neto Gravado IVA 21%";"IVA 27%";"Imp. Neto Gravado IVA 27%";"Imp. Neto Gravado Total";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"Total IVA";"Imp. Total"';
const G2 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
const G1 =
  '"Fecha","Tipo","Punto de Venta","Número Desde","Número Hasta","Cód. Autorización","Tipo Doc. Emisor","Nro. Doc. Emisor","Denominación Emisor","Tipo Cambio","Moneda","Imp. Neto Gravado","Imp. Neto No Gravado","Imp. Op. Exentas","IVA","Imp. Total"';

function layoutOf(header: string): Layout {
  const found = detectLayout(`${header}\n`, 'received');
  if (!('layout' in found)) throw new Error(found.message);
  return found.layout;
}

function read(header: string, line: string) {
  const layout = layoutOf(header);
  const [cells] = parse(line, { delimiter: layout.delimiter, relax_quotes: true }) as string[][];
  const problems: RowReason[] = [];
  const { fields, warnings, review } = readVoucher(cellReader(cells, layout), layout, problems);
  const { _id, ...rest } = fields;
  return { fields: rest, warnings, review, problems };
}

describe('G3 rows (per-rate columns)', () => {
  test('a Factura A at 21 % (anon-g3-recibidos-2025-12.csv, line 2)', () => {
    const row = read(
      G3,
      '2025-12-01;1;3;110266;110266;75483269557186;80;30983690064;PAMPA , SOCIOS Y OTROS 1 S.A.;80;20026773548;1,00;$;;;;;;;;5814,05;27685,95;;;27685,95;0,00;0,00;0,00;5814,05;33500,00',
    );
    expect(row).toEqual({
      fields: {
        voucher_type: 1,
        voucher_class: 'invoice',
        sale_point: 3,
        voucher_number: 110266,
        cae: '75483269557186',
        // 2025-12-01 00:00 in Argentina (UTC−3).
        issue_date: new Date('2025-12-01T03:00:00.000Z'),
        currency: 'ARS',
        exchange_rate: 1,
        total_amount_cents: 3350000,
        net_taxed_cents: 2768595,
        net_untaxed_cents: 0,
        exempt_cents: 0,
        iva_cents: 581405,
        other_taxes_cents: 0,
        vat_items: [{ aliquot: 21, base_cents: 2768595, amount_cents: 581405 }],
      },
      warnings: [],
      review: null,
      problems: [],
    });
  });

  test('two rates mixed, split by the columns (synthetic-g3-recibidos-2025-12.csv, line 3)', () => {
    const row = read(
      G3,
      '2025-12-02;1;4;24442;24442;75481234500022;80;30708884444;CONSTRUCCIONES ÑANDÚ S.A.;80;30712345671;1,00;$;;;;;;252,32;2403,00;340,20;1620,00;;;4023,00;0,00;0,00;0,00;592,52;4615,52',
    );
    expect(row.fields.vat_items).toEqual([
      { aliquot: 10.5, base_cents: 240300, amount_cents: 25232 },
      { aliquot: 21, base_cents: 162000, amount_cents: 34020 },
    ]);
    expect(row.review).toBeNull();
    expect(row.fields.iva_cents).toBe(59252);
  });

  test('a credit note keeps positive amounts; its class says it reduces (anon-g3-recibidos-2025-12.csv, line 23)', () => {
    const row = read(
      G3,
      '2025-12-01;3;4;1163;1163;75486929416798;80;20645039549;APELLIDO127 NOMBRE AUSTRAL;80;20026773548;1,00;$;;;;;;;;3869,77;18427,50;;;18427,50;0,00;0,00;0,00;3869,77;22297,27',
    );
    // 18427.50 × 21 % = 3869.775 → 3869.78: the export's 3869.77 is a centavo under, within the tolerance.
    expect(row.fields).toMatchObject({ voucher_type: 3, voucher_class: 'credit_note', total_amount_cents: 2229727, iva_cents: 386977 });
    expect(row.fields.vat_items).toEqual([{ aliquot: 21, base_cents: 1842750, amount_cents: 386977 }]);
    expect(row.review).toBeNull();
  });

  test('a negative amount is refused (the sign comes from the voucher code, never from the file)', () => {
    const row = read(
      G3,
      '2025-12-01;3;4;1163;1163;75486929416798;80;20645039549;X;80;20026773548;1,00;$;;;;;;;;-3869,77;-18427,50;;;-18427,50;0,00;0,00;0,00;-3869,77;-22297,27',
    );
    expect(row.problems.map((problem) => problem.code)).toEqual(['BAD_AMOUNT', 'BAD_AMOUNT', 'BAD_AMOUNT', 'BAD_AMOUNT', 'BAD_AMOUNT']);
    expect(row.problems[0]).toEqual({ code: 'BAD_AMOUNT', message: 'total: not an amount: "-22297,27"' });
  });

  test('a dollar row keeps its amounts in dollars and its exchange rate (anon-g3-recibidos-2025-12.csv, line 9)', () => {
    const row = read(
      G3,
      '2025-12-01;1;1203;619;619;75485008467192;80;30751966403;ANDINA COMERCIAL 15 S.A.;80;20026773548;1475,006;USD;;;;;;;;111,31;530,06;;;530,06;0,00;0,00;0,00;111,31;641,37',
    );
    // 530.06 × 21 % = 111.3126 → 111.31 (dollars).
    expect(row.fields).toMatchObject({ currency: 'USD', exchange_rate: 1475.006, net_taxed_cents: 53006, iva_cents: 11131, total_amount_cents: 64137 });
    expect(row.fields.vat_items).toEqual([{ aliquot: 21, base_cents: 53006, amount_cents: 11131 }]);
    expect(row.review).toBeNull();
  });

  test('a Factura C has zero components and only a total: no VAT line, nothing to review', () => {
    const row = read(
      G3,
      '2025-12-01;11;100;1335865;1335865;75478109379785;80;30001113506;MESETA COMERCIAL 28 S.A.;80;20026773548;1,00;$;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;856492,00',
    );
    expect(row.fields).toMatchObject({ voucher_class: 'invoice', total_amount_cents: 85649200, net_taxed_cents: 0, iva_cents: 0, vat_items: [] });
    expect(row.review).toBeNull();
    expect(row.problems).toEqual([]);
  });

  test('a 21 % line two centavos off is kept as stated and marked', () => {
    // 1000.00 × 21 % = 210.00; the row says 210.02 (total 1210.02).
    const row = read(
      G3,
      '2025-12-05;1;2;10;10;75480000000001;80;30708884444;X;80;20026773548;1,00;$;;;;;;;;210,02;1000,00;;;1000,00;0,00;0,00;0,00;210,02;1210,02',
    );
    expect(row.fields.vat_items).toEqual([{ aliquot: 21, base_cents: 100000, amount_cents: 21002 }]);
    expect(row.review).toEqual({ code: 'VAT_LINE_OFF', message: 'VAT 21 %: 210.02 is not 21 % of 1000.00 (210.00) within ±0.01' });
  });

  test('a 0 % base is a line without VAT', () => {
    const row = read(G3, '2025-12-05;1;2;11;11;75480000000001;80;30708884444;X;80;20026773548;1,00;$;500,00;;;;;;;;;;;500,00;0,00;0,00;0,00;0,00;500,00');
    expect(row.fields.vat_items).toEqual([{ aliquot: 0, base_cents: 50000, amount_cents: 0 }]);
    expect(row.review).toBeNull();
  });
});

describe('G2 rows (totals only, decimal comma)', () => {
  test('a Factura A at 10.5 % (anon-g2-recibidos-2024.csv, line 2)', () => {
    const row = read(G2, '2024-09-02;1;7;27617;27617;74368586325775;80;20114285553;APELLIDO301 NOMBRE PAMPA;1,00;PES;21701,36;0,00;0,00;0,00;2278,64;23980,00');
    // 21701.36 × 10.5 % = 2278.6428 → 2278.64.
    expect(row.fields).toMatchObject({ currency: 'ARS', net_taxed_cents: 2170136, iva_cents: 227864, total_amount_cents: 2398000 });
    expect(row.fields.vat_items).toEqual([{ aliquot: 10.5, base_cents: 2170136, amount_cents: 227864 }]);
    expect(row.review).toBeNull();
  });

  test('a dollar row (DOL) in the G2 layout', () => {
    const row = read(G2, '2024-11-28;1;7;63976;63976;74482828270625;80;30783349929;QUEBRADA COMERCIAL 314 S.A.;1028,00;DOL;60,00;0,00;0,00;0,00;12,60;72,60');
    // 60.00 × 21 % = 12.60.
    expect(row.fields).toMatchObject({ currency: 'USD', exchange_rate: 1028, vat_items: [{ aliquot: 21, base_cents: 6000, amount_cents: 1260 }] });
  });

  test('two rates mixed (synthetic G2 twin of the G3 row above) keep their VAT on a provisional line, marked', () => {
    const row = read(G2, '2025-12-02;1;4;24442;24442;75481234500022;80;30708884444;CONSTRUCCIONES ÑANDÚ S.A.;1,00;PES;4023,00;0,00;0,00;0,00;592,52;4615,52');
    expect(row.fields.vat_items).toEqual([{ aliquot: 10.5, base_cents: 402300, amount_cents: 59252 }]);
    expect(row.review?.code).toBe('VAT_RATES_MIXED');
  });

  test('a total above the components is a warning; components above the total are refused', () => {
    // 100.00 + 21.00 = 121.00; a total of 125.00 is 4.00 more (past the $1 the export's rounding leaves).
    const above = read(G2, '2025-12-02;1;4;1;1;75481234500022;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;125,00');
    expect(above.warnings).toEqual([
      {
        code: 'TOTAL_ABOVE_AMOUNTS',
        message: 'amounts: the components add up to 121.00, not to the total 125.00 (perceptions not listed in Otros Tributos?): imported, review it',
      },
    ]);
    expect(above.problems).toEqual([]);
    const below = read(G2, '2025-12-02;1;4;1;1;75481234500022;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;119,00');
    expect(below.problems).toEqual([{ code: 'AMOUNTS_ABOVE_TOTAL', message: 'amounts: the components add up to 121.00, not to the total 119.00' }]);
    // Within $1 either way: the export's own rounding.
    expect(read(G2, '2025-12-02;1;4;1;1;7;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;122,00').warnings).toEqual([]);
    expect(read(G2, '2025-12-02;1;4;1;1;7;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;120,00').problems).toEqual([]);
  });
});

describe('G1 rows (totals only, decimal point, quoted)', () => {
  test('a Factura A at 21 % with a comma in the name (anon-g1-recibidos-2022.csv, line 3)', () => {
    const row = read(
      G1,
      '"16/05/2022","1 - Factura A","13","1426","","72209885907411","CUIT","30439211888","PAMPA , SOCIOS Y OTROS 316 S.A.","1","$","42877.78","0","0","9004.33","51882.11"',
    );
    // 42877.78 × 21 % = 9004.3338 → 9004.33.
    expect(row.fields).toMatchObject({
      voucher_type: 1,
      sale_point: 13,
      voucher_number: 1426,
      issue_date: new Date('2022-05-16T03:00:00.000Z'),
      net_taxed_cents: 4287778,
      iva_cents: 900433,
      total_amount_cents: 5188211,
      vat_items: [{ aliquot: 21, base_cents: 4287778, amount_cents: 900433 }],
    });
    expect(row.review).toBeNull();
  });

  test('a debit note whose VAT has no net taxed (line 4) keeps its VAT, marked', () => {
    const row = read(
      G1,
      '"26/03/2022","2 - Nota de Débito A","9414","29105","","32103773902889","CUIT","30772387470","DELTA COMERCIAL 317 S.A.","1","$","0","6.83","0","1.43","8.26"',
    );
    expect(row.fields).toMatchObject({ voucher_class: 'debit_note', net_untaxed_cents: 683, iva_cents: 143, total_amount_cents: 826 });
    expect(row.fields.vat_items).toEqual([{ aliquot: 2.5, base_cents: 0, amount_cents: 143 }]);
    expect(row.review?.code).toBe('VAT_RATE_UNKNOWN');
  });
});

describe('row problems, each with its code', () => {
  test('every unreadable cell is named', () => {
    const row = read(G2, '2025-02-30;Factura;x;y;;7,5E+13;80;30708884444;X;0;???;abc;0,00;0,00;0,00;0,00;1,00');
    expect(row.problems).toEqual([
      { code: 'BAD_DATE', message: 'issue date: impossible or unreadable date "2025-02-30"' },
      { code: 'BAD_VOUCHER_TYPE', message: 'voucher type: not a voucher code "Factura"' },
      { code: 'BAD_SALE_POINT', message: 'point of sale: not a number "x"' },
      { code: 'BAD_NUMBER', message: 'voucher number: not a number "y"' },
      { code: 'BAD_CURRENCY', message: 'currency: unknown "???"' },
      { code: 'BAD_EXCHANGE_RATE', message: 'exchange rate: not an exchange rate: "0"' },
      { code: 'BAD_AMOUNT', message: 'net taxed: not an amount: "abc"' },
    ]);
    // What a refused row's fields hold is never stored; they are the neutral values.
    expect(row.fields).toMatchObject({
      voucher_type: 0,
      voucher_class: 'other',
      sale_point: 0,
      voucher_number: 0,
      issue_date: new Date(0),
      currency: '',
      cae: null,
    });
  });

  test('without an exchange rate column, the rate is 1; a damaged CAE is none', () => {
    const header = G2.replace('"Tipo Cambio";', '');
    const row = read(header, '2025-12-02;1;4;1;1;7,50154E+13;80;30708884444;X;PES;100,00;0,00;0,00;0,00;21,00;121,00');
    expect(row.fields).toMatchObject({ exchange_rate: 1, cae: null });
    expect(row.problems).toEqual([]);
  });

  test('the days of a file are made once each: rows of the same day share it', () => {
    const day = (date: string) => read(G2, `${date};1;4;1;1;7;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00`).fields.issue_date;
    const first = day('2025-10-01');
    expect(day('2025-10-02')).toEqual(new Date('2025-10-02T03:00:00.000Z'));
    expect(day('2025-10-01')).toBe(first);
  });
});

describe('every component counts toward the total', () => {
  const g2 = (net: string, untaxed: string, exempt: string, other: string, vat: string, total: string) =>
    read(G2, `2025-12-02;1;4;1;1;75481234500022;80;30708884444;X;1,00;PES;${net};${untaxed};${exempt};${other};${vat};${total}`);

  test('net taxed, untaxed, exempt, other taxes and VAT adding up to the total: nothing to report', () => {
    // 100.00 + 20.00 + 30.00 + 4.00 + 21.00 = 175.00.
    const row = g2('100,00', '20,00', '30,00', '4,00', '21,00', '175,00');
    expect({ warnings: row.warnings, problems: row.problems }).toEqual({ warnings: [], problems: [] });
    expect(row.fields).toMatchObject({
      net_taxed_cents: 10000,
      net_untaxed_cents: 2000,
      exempt_cents: 3000,
      other_taxes_cents: 400,
      iva_cents: 2100,
      total_amount_cents: 17500,
    });
  });

  test.each([
    // Each component alone, the total 5.00 above it: a warning (only a voucher whose components are all zero carries just a total).
    ['net taxed', '100,00', '0,00', '0,00', '0,00', '0,00', '105,00', '100.00', '105.00'],
    ['untaxed', '0,00', '100,00', '0,00', '0,00', '0,00', '105,00', '100.00', '105.00'],
    ['exempt', '0,00', '0,00', '100,00', '0,00', '0,00', '105,00', '100.00', '105.00'],
    ['VAT', '0,00', '0,00', '0,00', '0,00', '21,00', '26,00', '21.00', '26.00'],
  ])('%s alone, short of the total, is a warning', (_name, net, untaxed, exempt, other, vat, total, sum, stated) => {
    expect(g2(net, untaxed, exempt, other, vat, total).warnings).toEqual([
      {
        code: 'TOTAL_ABOVE_AMOUNTS',
        message: `amounts: the components add up to ${sum}, not to the total ${stated} (perceptions not listed in Otros Tributos?): imported, review it`,
      },
    ]);
  });

  test('other taxes alone beside a total do not make the components count', () => {
    // A B voucher: only the total and Otros Tributos.
    expect(g2('0,00', '0,00', '0,00', '4,00', '0,00', '104,00').warnings).toEqual([]);
  });

  test('each unreadable amount is named by its column', () => {
    expect(g2('1', 'x', 'y', 'z', 'w', '1,00').problems).toEqual([
      { code: 'BAD_AMOUNT', message: 'net untaxed: not an amount: "x"' },
      { code: 'BAD_AMOUNT', message: 'exempt: not an amount: "y"' },
      { code: 'BAD_AMOUNT', message: 'other taxes: not an amount: "z"' },
      { code: 'BAD_AMOUNT', message: 'VAT: not an amount: "w"' },
    ]);
  });

  test('an unreadable per-rate cell is named by its rate', () => {
    const row = read(G3, '2025-12-05;1;2;10;10;7;80;30708884444;X;80;20026773548;1,00;$;;;;;;;;2l0,00;1000,00;;;1000,00;0,00;0,00;0,00;210,00;1210,00');
    expect(row.problems).toEqual([{ code: 'BAD_AMOUNT', message: 'VAT 21%: not an amount: "2l0,00"' }]);
    const base = read(G3, '2025-12-05;1;2;10;10;7;80;30708884444;X;80;20026773548;1,00;$;;;;;;;;210,00;1OOO,00;;;1000,00;0,00;0,00;0,00;210,00;1210,00');
    expect(base.problems).toEqual([{ code: 'BAD_AMOUNT', message: 'net taxed at 21%: not an amount: "1OOO,00"' }]);
  });

  test('a 0 % base beside a 21 % line is a line of its own', () => {
    // 500.00 at 0 % + 1000.00 at 21 % (210.00) = 1500.00 net taxed; total 1710.00.
    const row = read(G3, '2025-12-05;1;2;12;12;7;80;30708884444;X;80;20026773548;1,00;$;500,00;;;;;;;210,00;1000,00;;;1500,00;0,00;0,00;0,00;210,00;1710,00');
    expect(row.fields.vat_items).toEqual([
      { aliquot: 0, base_cents: 50000, amount_cents: 0 },
      { aliquot: 21, base_cents: 100000, amount_cents: 21000 },
    ]);
    expect(row.review).toBeNull();
  });

  test('spaces around an authorization code are not part of it', () => {
    expect(read(G2, '2025-12-02;1;4;1;1; 75481234500022 ;80;30708884444;X;1,00;PES;100,00;0,00;0,00;0,00;21,00;121,00').fields.cae).toBe('75481234500022');
  });
});

describe('the last number of a range (Número Hasta)', () => {
  // A row lists vouchers `Número Desde` to `Número Hasta` (grouped B vouchers); ARCA authorises no range that ends
  // before it starts.
  const numberTo = (text: string | undefined, first = 120) => {
    const problems: RowReason[] = [];
    const last = readNumberTo(() => text, first, problems);
    return { last, problems: problems.map((problem) => problem.code) };
  };

  test('absent, empty or equal to the first number: one voucher, no range', () => {
    expect(numberTo(undefined)).toEqual({ last: null, problems: [] });
    expect(numberTo('  ')).toEqual({ last: null, problems: [] });
    expect(numberTo('120')).toEqual({ last: null, problems: [] });
  });

  test('one above the first: a range of two', () => {
    expect(numberTo('121')).toEqual({ last: 121, problems: [] });
  });

  test('one below the first, or not a number: refused BAD_NUMBER_TO naming the cell and the first number', () => {
    expect(numberTo('119')).toEqual({ last: null, problems: ['BAD_NUMBER_TO'] });
    expect(numberTo('x')).toEqual({ last: null, problems: ['BAD_NUMBER_TO'] });
    const problems: RowReason[] = [];
    readNumberTo(() => '7', 120, problems);
    expect(problems[0].message).toBe('voucher number to: "7" is not a number from 120 on');
  });
});
