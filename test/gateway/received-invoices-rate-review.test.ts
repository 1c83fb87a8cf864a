import { ObjectId } from 'mongodb';
import { startTestGateway, type TestAccount, type TestGateway } from '../support/gateway';

/**
 * No VAT credit is dropped silently: an export row whose VAT is not one legal rate of its net within a centavo (Ley de
 * IVA art. 28 rates; see docs/fiscal-rules.md) is stored with its stated VAT and marked rate_review, counted with its
 * reason in the import's answer and history, listed by the "needs review" filter, and resolved by setting VAT lines
 * that add up (REST and GraphQL). Every figure below is worked out by hand from the rows.
 */

const G2 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
const G3 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Doc. Receptor";"Nro. Doc. Receptor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado IVA 0%";"IVA 2,5%";"Imp. Neto Gravado IVA 2,5%";"IVA 5%";"Imp. Neto Gravado IVA 5%";"IVA 10,5%";"Imp. Neto Gravado IVA 10,5%";"IVA 21%";"Imp. Neto Gravado IVA 21%";"IVA 27%";"Imp. Neto Gravado IVA 27%";"Imp. Neto Gravado Total";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"Total IVA";"Imp. Total"';
const ISSUER = '30708884444';

/** Totals only (G2): lines 2 to 7 of the file. */
const G2_FILE = [
  G2,
  // Line 2: 1000.00 at 21 % = 210.00; the issuer wrote 210.01 — a centavo over: 21 %.
  `2025-11-03;1;5;101;101;75481234500101;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;210,01;1210,01`,
  // Line 3: 209.99 — a centavo under: 21 %.
  `2025-11-03;1;5;102;102;75481234500102;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;209,99;1209,99`,
  // Line 4: 2403.00 at 10.5 % (252.32) + 1620.00 at 21 % (340.20) = 592.52 on 4023.00: two rates, totals only.
  `2025-11-04;1;5;103;103;75481234500103;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;4023,00;0,00;0,00;0,00;592,52;4615,52`,
  // Line 5: 300.00 on 1000.00 is more than 27 % (270.00): no legal rate.
  `2025-11-05;1;5;104;104;75481234500104;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;300,00;1300,00`,
  // Line 6: 1000.00 at 21 % (210.00) + 1000.00 at 10.5 % (105.00) = 315.00 on 2000.00.
  `2025-11-06;1;5;105;105;75481234500105;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;2000,00;0,00;0,00;0,00;315,00;2315,00`,
  // Line 7: no such day.
  `2025-11-31;1;5;106;106;75481234500106;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;1000,00;0,00;0,00;0,00;210,00;1210,00`,
].join('\n');

let gw: TestGateway;
let owner: TestAccount;
let cuit: string;

const upload = async (content: string, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([content]), name);
  return gw.rest('POST', '/received_invoices/upload-csv/', { key: owner.key, body: form });
};
const invoice = (number: number) =>
  gw.store.collection('received_invoices').findOne({ account_id: new ObjectId(owner.accountId), supplier_cuit: ISSUER, voucher_number: number });
const idOf = async (number: number) => (await invoice(number))!._id.toHexString();

beforeAll(async () => {
  gw = await startTestGateway();
  owner = await gw.account(['received_invoices:read', 'received_invoices:write', 'accounting:read', 'accounting:write']);
  cuit = (await gw.store.collection('accounts').findOne({ _id: new ObjectId(owner.accountId) }))!.cuit;
});
afterAll(async () => {
  await gw?.stop();
});

const reasonOf = (code: string, message: string) => ({ code, message });
const MIXED_4023 = "VAT 592.52 on a net taxed of 4023.00 is no single rate: several rates mixed, which the export's totals cannot split";
const UNKNOWN_1000 = 'VAT 300.00 on a net taxed of 1000.00 is outside what the legal rates (2.5 % to 27 %) give';
const MIXED_2000 = "VAT 315.00 on a net taxed of 2000.00 is no single rate: several rates mixed, which the export's totals cannot split";
const BAD_DAY = 'issue date: impossible or unreadable date "2025-11-31"';

describe('an export with rows a centavo off, mixed rates and an unresolvable row', () => {
  let answer: any;
  beforeAll(async () => {
    const res = await upload(G2_FILE, 'rates.csv');
    expect(res.status).toBe(200);
    answer = res.body;
  });

  test('the answer counts imported, duplicates, refused and needing review, with the reason per row', () => {
    expect(answer.data).toMatchObject({
      layout: 'G2',
      status: 'completed',
      rows_total: 6,
      rows_imported: 5,
      rows_duplicated: 0,
      rows_with_errors: 1,
      rows_needing_review: 3,
      row_errors: [{ line: 7, messages: [BAD_DAY], reasons: [reasonOf('BAD_DATE', BAD_DAY)] }],
      row_reviews: [
        { line: 4, messages: [MIXED_4023], reasons: [reasonOf('VAT_RATES_MIXED', MIXED_4023)] },
        { line: 5, messages: [UNKNOWN_1000], reasons: [reasonOf('VAT_RATE_UNKNOWN', UNKNOWN_1000)] },
        { line: 6, messages: [MIXED_2000], reasons: [reasonOf('VAT_RATES_MIXED', MIXED_2000)] },
      ],
    });
    expect(answer.message).toBe('5 imported, 0 already stored, 1 rows refused, 3 with the VAT rate to review.');
  });

  test('rows a centavo off keep their VAT on the rate it follows, unmarked', async () => {
    expect(await invoice(101)).toMatchObject({
      iva_cents: 21001,
      vat_items: [{ aliquot: 21, base_cents: 100000, amount_cents: 21001 }],
      rate_review: null,
      needs_review: false,
    });
    expect(await invoice(102)).toMatchObject({
      iva_cents: 20999,
      vat_items: [{ aliquot: 21, base_cents: 100000, amount_cents: 20999 }],
      rate_review: null,
      needs_review: false,
    });
  });

  test('rows the totals cannot explain keep their stated VAT in their lines, marked rate_review', async () => {
    const mixed = await invoice(103);
    expect(mixed).toMatchObject({
      iva_cents: 59252,
      // 4023.00 × 10.5 % = 422.42 is nearer 592.52 than × 21 % = 844.83: the provisional rate.
      vat_items: [{ aliquot: 10.5, base_cents: 402300, amount_cents: 59252 }],
      rate_review: { reason: `${MIXED_4023} (VAT_RATES_MIXED)`, flagged_at: expect.any(Date) },
      needs_review: true,
    });
    expect(await invoice(104)).toMatchObject({
      vat_items: [{ aliquot: 27, base_cents: 100000, amount_cents: 30000 }],
      rate_review: { reason: `${UNKNOWN_1000} (VAT_RATE_UNKNOWN)` },
    });
    expect(await invoice(106)).toBeNull();
  });

  test('the import history lists the same counts and reasons (REST and GraphQL)', async () => {
    const history = await gw.rest('GET', '/received_invoices/import-history/?limit=1', { key: owner.key });
    expect(history.body.data[0]).toMatchObject({
      id: answer.data.id,
      rows_needing_review: 3,
      row_reviews: answer.data.row_reviews,
      row_errors: answer.data.row_errors,
    });
    const gql = await gw.gql('{ receivedInvoiceImports(last: 1) { rowsNeedingReview rowReviews { line reasons { code } } } }', {}, { key: owner.key });
    expect(gql.body.data.receivedInvoiceImports[0]).toEqual({
      rowsNeedingReview: 3,
      rowReviews: [
        { line: 4, reasons: [{ code: 'VAT_RATES_MIXED' }] },
        { line: 5, reasons: [{ code: 'VAT_RATE_UNKNOWN' }] },
        { line: 6, reasons: [{ code: 'VAT_RATES_MIXED' }] },
      ],
    });
  });

  test('the mark is read and filtered on in REST and GraphQL', async () => {
    const flagged = await gw.rest('GET', '/received_invoices/list/?needs_review=true', { key: owner.key });
    expect(flagged.status).toBe(200);
    expect(flagged.body.data.items.map((row: any) => row.voucher_number).sort()).toEqual([103, 104, 105]);
    const row = flagged.body.data.items.find((item: any) => item.voucher_number === 103);
    expect(row).toMatchObject({ needs_review: true, rate_review: { reason: `${MIXED_4023} (VAT_RATES_MIXED)`, flagged_at: expect.any(String) } });
    const clean = await gw.rest('GET', '/received_invoices/list/?needs_review=false', { key: owner.key });
    expect(clean.body.data.items.map((item: any) => item.voucher_number).sort()).toEqual([101, 102]);
    expect(clean.body.data.items[0].rate_review).toBeNull();
    const gql = await gw.gql(
      '{ receivedInvoices(filter: { needsReview: true }, first: 10) { totalCount nodes { voucherNumber rateReview { reason flaggedAt } } } }',
      {},
      { key: owner.key },
    );
    expect(gql.body.data.receivedInvoices.totalCount).toBe(3);
    expect(gql.body.data.receivedInvoices.nodes.find((node: any) => node.voucherNumber === 104).rateReview.reason).toBe(`${UNKNOWN_1000} (VAT_RATE_UNKNOWN)`);
  });
});

describe('resolving a rate review', () => {
  const path = (id: string) => `/received_invoices/${id}/vat-lines/`;

  test('lines that do not add up to the totals, or whose VAT is off its rate, are refused with 400 VAT_LINES_INVALID; nothing changes', async () => {
    const id = await idOf(103);
    const before = await invoice(103);
    const short = await gw.rest('POST', path(id), {
      key: owner.key,
      body: {
        vat_items: [
          { aliquot: 10.5, base: 2403, amount: 252.32 },
          { aliquot: 21, base: 1600, amount: 336 },
        ],
      },
    });
    expect({ status: short.status, code: short.body.error.code }).toEqual({ status: 400, code: 'VAT_LINES_INVALID' });
    expect(short.body.error.message).toMatch(/the rate lines' bases add up to 4003.00, not to the net taxed 4023.00/);
    const off = await gw.rest('POST', path(id), {
      key: owner.key,
      body: {
        vat_items: [
          { aliquot: 10.5, base: 2403, amount: 250 },
          { aliquot: 21, base: 1620, amount: 342.52 },
        ],
      },
    });
    expect({ status: off.status, code: off.body.error.code }).toEqual({ status: 400, code: 'VAT_LINES_INVALID' });
    expect(off.body.error.message).toMatch(/VAT 250.00 is not 10.5 % of 2403.00 \(252.32\)/);
    const shape = await gw.rest('POST', path(id), { key: owner.key, body: { vat_items: [{ aliquot: 21, base: 'x', amount: 1 }] } });
    expect(shape.status).toBe(400);
    const gql = await gw.gql(
      'mutation M($id: ID!) { resolveReceivedInvoiceRates(id: $id, vatItems: [{ aliquot: 21, base: 4023, amount: 592.52 }]) { id } }',
      { id },
      { key: owner.key },
    );
    expect(gql.body.errors[0].extensions.code).toBe('VAT_LINES_INVALID');
    expect(await invoice(103)).toEqual(before);
  });

  test('REST: valid lines are stored, the mark cleared, the change in the activity log', async () => {
    const id = await idOf(103);
    const res = await gw.rest('POST', path(id), {
      key: owner.key,
      body: {
        vat_items: [
          { aliquot: 10.5, base: 2403, amount: 252.32 },
          { aliquot: 21, base: 1620, amount: 340.2 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      received_invoice_id: id,
      vat_items: [
        { aliquot: 10.5, base: 2403, amount: 252.32 },
        { aliquot: 21, base: 1620, amount: 340.2 },
      ],
      rate_review: null,
      needs_review: false,
    });
    expect(await invoice(103)).toMatchObject({
      iva_cents: 59252,
      vat_items: [
        { aliquot: 10.5, base_cents: 240300, amount_cents: 25232 },
        { aliquot: 21, base_cents: 162000, amount_cents: 34020 },
      ],
      rate_review: null,
      needs_review: false,
    });
    const activity = await gw.store.collection('activity').findOne({ resource_id: new ObjectId(id), action: 'updated' });
    expect(activity?.summary).toMatch(/alícuotas de IVA 10.5 %: 252.32, 21 %: 340.20$/);
  });

  test('GraphQL: the same operation', async () => {
    const id = await idOf(105);
    const res = await gw.gql(
      'mutation M($id: ID!, $lines: [ReceivedInvoiceVatLineInput!]!) { resolveReceivedInvoiceRates(id: $id, vatItems: $lines) { id needsReview rateReview { reason } vatItems { aliquot base amount } } }',
      {
        id,
        lines: [
          { aliquot: 21, base: 1000, amount: 210 },
          { aliquot: 10.5, base: 1000, amount: 105 },
        ],
      },
      { key: owner.key },
    );
    expect(res.body).toEqual({
      data: {
        resolveReceivedInvoiceRates: {
          id,
          needsReview: false,
          rateReview: null,
          vatItems: [
            { aliquot: 21, base: 1000, amount: 210 },
            { aliquot: 10.5, base: 1000, amount: 105 },
          ],
        },
      },
    });
    expect((await invoice(105))!.needs_review).toBe(false);
    const flagged = await gw.rest('GET', '/received_invoices/list/?needs_review=true', { key: owner.key });
    expect(flagged.body.data.items.map((row: any) => row.voucher_number)).toEqual([104]);
  });

  test('a linked invoice backs a journal entry made from its lines: 409 INVOICE_LINKED, nothing changes', async () => {
    for (const body of [
      { code: 'RR-C', name: 'Caja', account_type: 'asset', is_detail: true },
      { code: 'RR-P', name: 'Proveedores', account_type: 'liability', is_detail: true },
    ])
      expect((await gw.rest('POST', '/accounting/accounts/', { key: owner.key, body })).status).toBe(201);
    const entry = await gw.rest('POST', '/accounting/journal/', {
      key: owner.key,
      body: {
        date: '2025-11-05',
        description: 'Factura 104',
        lines: [
          { account_code: 'RR-C', debit: 1300 },
          { account_code: 'RR-P', credit: 1300 },
        ],
      },
    });
    expect(entry.status).toBe(201);
    const id = await idOf(104);
    expect((await gw.rest('POST', `/received_invoices/${id}/link/`, { key: owner.key, body: { journal_entry_id: entry.body.data._id } })).status).toBe(200);
    const before = await invoice(104);
    const res = await gw.rest('POST', path(id), { key: owner.key, body: { vat_items: [{ aliquot: 27, base: 1000, amount: 270 }] } });
    // The lines are checked first: 270.00 is not the invoice's VAT of 300.00.
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'VAT_LINES_INVALID' });
    // Valid lines for a linked invoice: the invoice of line 2 (1000.00 at 21 %, VAT 210.01), linked too.
    const other = await idOf(101);
    expect((await gw.rest('POST', `/received_invoices/${other}/link/`, { key: owner.key, body: { journal_entry_id: entry.body.data._id } })).status).toBe(200);
    const linked = await gw.rest('POST', path(other), { key: owner.key, body: { vat_items: [{ aliquot: 21, base: 1000, amount: 210.01 }] } });
    expect({ status: linked.status, code: linked.body.error.code }).toEqual({ status: 409, code: 'INVOICE_LINKED' });
    expect(await invoice(104)).toEqual(before);
  });

  test('a re-upload of the same file counts duplicates and changes nothing (resolved invoices stay resolved)', async () => {
    const before = await gw.store
      .collection('received_invoices')
      .find({ account_id: new ObjectId(owner.accountId) })
      .sort({ voucher_number: 1 })
      .toArray();
    const res = await upload(G2_FILE, 'rates.csv');
    expect(res.body.data).toMatchObject({
      rows_total: 6,
      rows_imported: 0,
      rows_duplicated: 5,
      rows_with_errors: 1,
      rows_needing_review: 0,
      row_reviews: [],
    });
    const after = await gw.store
      .collection('received_invoices')
      .find({ account_id: new ObjectId(owner.accountId) })
      .sort({ voucher_number: 1 })
      .toArray();
    expect(after).toEqual(before);
  });
});

describe('the newest layout (per-rate columns)', () => {
  test('two rates are split by the columns; a line two centavos off is kept as stated and marked', async () => {
    const file = [
      G3,
      // Line 2: 2403.00 at 10.5 % = 252.315 → 252.32, 1620.00 at 21 % = 340.20.
      `2025-11-10;1;6;201;201;75481234500201;80;${ISSUER};PROVEEDOR UNO S.A.;80;${cuit};1,00;$;;;;;;252,32;2403,00;340,20;1620,00;;;4023,00;0,00;0,00;0,00;592,52;4615,52`,
      // Line 3: 1000.00 at 21 % = 210.00, stated 210.02.
      `2025-11-10;1;6;202;202;75481234500202;80;${ISSUER};PROVEEDOR UNO S.A.;80;${cuit};1,00;$;;;;;;;;210,02;1000,00;;;1000,00;0,00;0,00;0,00;210,02;1210,02`,
    ].join('\n');
    const res = await upload(file, 'g3.csv');
    const off = 'VAT 21 %: 210.02 is not 21 % of 1000.00 (210.00) within ±0.01';
    expect(res.body.data).toMatchObject({
      layout: 'G3',
      rows_imported: 2,
      rows_needing_review: 1,
      row_reviews: [{ line: 3, messages: [off], reasons: [reasonOf('VAT_LINE_OFF', off)] }],
    });
    expect(await invoice(201)).toMatchObject({
      vat_items: [
        { aliquot: 10.5, base_cents: 240300, amount_cents: 25232 },
        { aliquot: 21, base_cents: 162000, amount_cents: 34020 },
      ],
      rate_review: null,
    });
    expect(await invoice(202)).toMatchObject({
      vat_items: [{ aliquot: 21, base_cents: 100000, amount_cents: 21002 }],
      rate_review: { reason: `${off} (VAT_LINE_OFF)` },
      needs_review: true,
    });
  });
});

describe('restating the net split a review needs', () => {
  const path = (id: string) => `/received_invoices/${id}/vat-lines/`;
  // Line 2: 300.00 of VAT on a net taxed of 1000.00 is above 27 %; it is 21 % of 1000.00 + 428.57 = 1428.57
  // (299.9997 → 300.00): the export put 428.57 of taxed net among the untaxed.
  // Line 3: 210.00 of VAT and no net at all; the total 1210.00 holds a net of 1000.00 at 21 % the export left out.
  const file = [
    G2,
    `2025-11-20;1;7;301;301;75481234500301;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;1000,00;428,57;0,00;0,00;300,00;1728,57`,
    `2025-11-20;1;7;302;302;75481234500302;80;${ISSUER};PROVEEDOR UNO S.A.;1,00;PES;0,00;0,00;0,00;0,00;210,00;1210,00`,
  ].join('\n');

  beforeAll(async () => {
    const res = await upload(file, 'split.csv');
    expect(res.body.data).toMatchObject({ rows_imported: 2, rows_needing_review: 2 });
  });

  test('lines alone cannot resolve them: no rate explains the VAT on the net taxed as imported', async () => {
    const id = await idOf(301);
    const res = await gw.rest('POST', path(id), { key: owner.key, body: { vat_items: [{ aliquot: 21, base: 1428.57, amount: 300 }] } });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'VAT_LINES_INVALID' });
    expect(res.body.error.message).toMatch(/the rate lines' bases add up to 1428.57, not to the net taxed 1000.00/);
  });

  test('REST: the restated net taxed and untaxed are stored with the lines, the split as imported kept, the mark cleared', async () => {
    const id = await idOf(301);
    const res = await gw.rest('POST', path(id), {
      key: owner.key,
      body: { vat_items: [{ aliquot: 21, base: 1428.57, amount: 300 }], net_taxed: 1428.57, net_untaxed: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      received_invoice_id: id,
      vat_items: [{ aliquot: 21, base: 1428.57, amount: 300 }],
      net_taxed: 1428.57,
      net_untaxed: 0,
      exempt: 0,
      stated_net: { net_taxed: 1000, net_untaxed: 428.57, exempt: 0 },
      rate_review: null,
      needs_review: false,
    });
    expect(await invoice(301)).toMatchObject({
      total_amount_cents: 172857,
      iva_cents: 30000,
      net_taxed_cents: 142857,
      net_untaxed_cents: 0,
      exempt_cents: 0,
      stated_net: { net_taxed_cents: 100000, net_untaxed_cents: 42857, exempt_cents: 0 },
      needs_review: false,
    });
    const activity = await gw.store.collection('activity').findOne({ resource_id: new ObjectId(id), action: 'updated' });
    expect(activity?.summary).toBe(
      'received invoice tipo 1 00007-00000301 ($ 1.728,57) updated: alícuotas de IVA 21 %: 300.00; neto gravado 1428.57, no gravado 0.00, exento 0.00 (importado: 1000.00, 428.57, 0.00)',
    );
    const shown = await gw.rest('GET', `/received_invoices/${id}/`, { key: owner.key });
    expect(shown.body.data).toMatchObject({ net_taxed: 1428.57, net_untaxed: 0, stated_net: { net_taxed: 1000, net_untaxed: 428.57, exempt: 0 } });
  });

  test('restated amounts above the total by more than $1 are refused with 400 VAT_LINES_INVALID; nothing changes', async () => {
    const id = await idOf(302);
    const before = await invoice(302);
    // 1000.00 + 1.01 + 210.00 = 1211.01, $1.01 above the total of 1210.00.
    const res = await gw.rest('POST', path(id), {
      key: owner.key,
      body: { vat_items: [{ aliquot: 21, base: 1000, amount: 210 }], net_taxed: 1000, net_untaxed: 1.01 },
    });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'VAT_LINES_INVALID' });
    expect(res.body.error.details).toEqual([
      {
        path: 'net_taxed',
        message: "net taxed 1000.00, untaxed 1.01 and exempt 0.00 with the VAT and other taxes add up to 1211.01, above the voucher's total 1210.00",
      },
    ]);
    expect(await invoice(302)).toEqual(before);
  });

  test('GraphQL: a net the export left out is restated; a second restatement keeps the split as first imported', async () => {
    const id = await idOf(302);
    const first = await gw.gql(
      'mutation M($id: ID!) { resolveReceivedInvoiceRates(id: $id, vatItems: [{ aliquot: 21, base: 1000, amount: 210 }], netTaxed: 1000) { netTaxed netUntaxed statedNet { netTaxed netUntaxed exempt } needsReview } }',
      { id },
      { key: owner.key },
    );
    expect(first.body).toEqual({
      data: { resolveReceivedInvoiceRates: { netTaxed: 1000, netUntaxed: 0, statedNet: { netTaxed: 0, netUntaxed: 0, exempt: 0 }, needsReview: false } },
    });
    // 1000.00 + 1.00 + 210.00 = 1211.00: $1.00 above the total, the export's own rounding.
    const second = await gw.gql(
      'mutation M($id: ID!) { resolveReceivedInvoiceRates(id: $id, vatItems: [{ aliquot: 21, base: 1000, amount: 210 }], netUntaxed: 1) { netTaxed netUntaxed statedNet { netTaxed netUntaxed exempt } } }',
      { id },
      { key: owner.key },
    );
    expect(second.body).toEqual({
      data: { resolveReceivedInvoiceRates: { netTaxed: 1000, netUntaxed: 1, statedNet: { netTaxed: 0, netUntaxed: 0, exempt: 0 } } },
    });
    expect(await invoice(302)).toMatchObject({
      net_taxed_cents: 100000,
      net_untaxed_cents: 100,
      stated_net: { net_taxed_cents: 0, net_untaxed_cents: 0, exempt_cents: 0 },
    });
  });

  test('lines that need no restatement leave the split and stated_net alone', async () => {
    const row = await invoice(101);
    expect(row).toMatchObject({ net_taxed_cents: 100000, net_untaxed_cents: 0 });
    expect(row!.stated_net ?? null).toBeNull();
  });
});
