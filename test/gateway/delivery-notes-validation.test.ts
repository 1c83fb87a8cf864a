import { ObjectId } from 'mongodb';
import { bodyToInput, restPath } from '../../src/rest-compat/naming';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * Delivery note validation, every boundary just inside and just outside, run through REST and GraphQL: both
 * surfaces accept the same bodies and refuse the same ones with the same code and failing fields. Also a few
 * parity cases of reads and writes.
 */

let gw: TestGateway;
let key: string;
let otherKey: string;
let customer: string;
let product: string;
let customerOfB: string;
let productOfB: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['delivery_notes:read', 'delivery_notes:write', 'supplies:read', 'supplies:write']));
  ({ key: otherKey } = await gw.account(['delivery_notes:read', 'delivery_notes:write', 'supplies:read', 'supplies:write']));
  const make = async (k: string) => {
    const c = await gw.gql('mutation { createCustomer(input: {name: "Cliente"}) { id } }', {}, { key: k });
    const p = await gw.gql('mutation { createProduct(input: {name: "Producto", sku: "P-1", stock: 1000000}) { id } }', {}, { key: k });
    return [c.body.data.createCustomer.id as string, p.body.data.createProduct.id as string];
  };
  [customer, product] = await make(key);
  [customerOfB, productOfB] = await make(otherKey);
});
afterAll(async () => {
  await gw?.stop();
});

type Row = Record<string, any>;
const chars = (n: number) => 'x'.repeat(n);
const GQL_CREATE =
  'mutation($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { id customerId customerName customerDocument salePoint number status reference total items { productId variantId sku description quantity unit unitPrice subtotal metadata } originAddress destinationAddress carrierName carrierDocument carrierAddress driverName vehiclePlate trailerPlate departureDate notes metadata stockDeducted cae cai caiExpiry } }';

/** A REST body as the GraphQL input (metadata keys stay as written). */
function toGql(body: Row): Row {
  const { metadata, ...rest } = body;
  const input = bodyToInput(rest) as Row;
  if ('metadata' in body) input.metadata = metadata;
  return input;
}

const valid = (extra: Row = {}, item: Row = {}): Row => ({ customer_id: customer, items: [{ description: 'Caja', quantity: 1, ...item }], ...extra });

function restOutcome(res: HttpResult): { code: string; paths: string[] } | 'ok' {
  if (res.status === 201) return 'ok';
  return { code: res.body.error.code, paths: res.body.error.details.map((d: Row) => d.path).sort() };
}
function gqlOutcome(res: HttpResult): { code: string; paths: string[] } | 'ok' {
  if (!res.body.errors) return 'ok';
  const ext = res.body.errors[0].extensions;
  return { code: ext.code, paths: (ext.details ?? []).map((d: Row) => restPath(d.path)).sort() };
}

const cases: Array<[string, () => Row, 'ok' | string[]]> = [
  ['customer_id missing', () => ({ items: [{ description: 'a', quantity: 1 }] }), ['customer_id']],
  ['customer_id unknown', () => valid({ customer_id: new ObjectId().toHexString() }), ['customer_id']],
  ['customer_id malformed', () => valid({ customer_id: 'nope' }), ['customer_id']],
  ['customer_id of another account', () => valid({ customer_id: customerOfB }), ['customer_id']],
  ['items empty', () => valid({ items: [] }), ['items']],
  ['items 1001', () => valid({ items: Array.from({ length: 1001 }, () => ({ description: 'a', quantity: 1 })) }), ['items']],
  ['description empty', () => valid({}, { description: '' }), ['items.0.description']],
  ['description blank', () => valid({}, { description: '   ' }), ['items.0.description']],
  ['description 1', () => valid({}, { description: 'a' }), 'ok'],
  ['description 500', () => valid({}, { description: chars(500) }), 'ok'],
  ['description 501', () => valid({}, { description: chars(501) }), ['items.0.description']],
  ['description missing', () => valid({}, { description: undefined }), ['items.0.description']],
  ['quantity 0', () => valid({}, { quantity: 0 }), ['items.0.quantity']],
  ['quantity -1', () => valid({}, { quantity: -1 }), ['items.0.quantity']],
  ['quantity 0.001', () => valid({}, { quantity: 0.001 }), 'ok'],
  ['quantity 1.0001', () => valid({}, { quantity: 1.0001 }), ['items.0.quantity']],
  ['quantity 999999999.999', () => valid({}, { quantity: 999999999.999 }), 'ok'],
  ['quantity 1e9', () => valid({}, { quantity: 1e9 }), ['items.0.quantity']],
  ['quantity missing', () => valid({}, { quantity: undefined }), ['items.0.quantity']],
  ['product_id unknown', () => valid({}, { product_id: new ObjectId().toHexString() }), ['items.0.product_id']],
  ['product_id of another account', () => valid({}, { product_id: productOfB }), ['items.0.product_id']],
  ['sku 100', () => valid({}, { sku: chars(100) }), 'ok'],
  ['sku 101', () => valid({}, { sku: chars(101) }), ['items.0.sku']],
  ['variant_id 100', () => valid({}, { variant_id: chars(100) }), 'ok'],
  ['variant_id 101', () => valid({}, { variant_id: chars(101) }), ['items.0.variant_id']],
  ['subtotal given', () => valid({}, { subtotal: 10.5 }), 'ok'],
  ['subtotal -0.01', () => valid({}, { subtotal: -0.01 }), ['items.0.subtotal']],
  ['item metadata with $', () => valid({}, { metadata: { $gt: 1 } }), ['items.0.metadata.$gt']],
  ['unit 20', () => valid({}, { unit: chars(20) }), 'ok'],
  ['unit 21', () => valid({}, { unit: chars(21) }), ['items.0.unit']],
  ['unit_price 0', () => valid({}, { unit_price: 0 }), 'ok'],
  ['unit_price -0.01', () => valid({}, { unit_price: -0.01 }), ['items.0.unit_price']],
  ['unit_price 0.001', () => valid({}, { unit_price: 0.001 }), ['items.0.unit_price']],
  ['unit_price 999999999999.99', () => valid({}, { unit_price: 999999999999.99 }), 'ok'],
  ['unit_price 1e12', () => valid({}, { unit_price: 1e12 }), ['items.0.unit_price']],
  ['sale_point 0', () => valid({ sale_point: 0 }), ['sale_point']],
  ['sale_point 1', () => valid({ sale_point: 1 }), 'ok'],
  ['sale_point 99999', () => valid({ sale_point: 99999 }), 'ok'],
  ['sale_point 100000', () => valid({ sale_point: 100000 }), ['sale_point']],
  ['destination_address 300', () => valid({ destination_address: chars(300) }), 'ok'],
  ['destination_address 301', () => valid({ destination_address: chars(301) }), ['destination_address']],
  ['origin_address 301', () => valid({ origin_address: chars(301) }), ['origin_address']],
  ['customer_name 201', () => valid({ customer_name: chars(201) }), ['customer_name']],
  ['customer_document 31', () => valid({ customer_document: chars(31) }), ['customer_document']],
  ['reference 101', () => valid({ reference: chars(101) }), ['reference']],
  ['driver_name 201', () => valid({ driver_name: chars(201) }), ['driver_name']],
  ['carrier_name 200', () => valid({ carrier_name: chars(200) }), 'ok'],
  ['carrier_name 201', () => valid({ carrier_name: chars(201) }), ['carrier_name']],
  // The contract makes these free text: a CUIT with a wrong check digit, a DNI or a foreign plate are written as given.
  ['carrier_document a CUIT', () => valid({ carrier_document: '20-12345678-6' }), 'ok'],
  ['carrier_document any text', () => valid({ carrier_document: 'DNI 12.345.678' }), 'ok'],
  ['carrier_document 31', () => valid({ carrier_document: chars(31) }), ['carrier_document']],
  ['vehicle_plate AAA999', () => valid({ vehicle_plate: 'abc 123' }), 'ok'],
  ['vehicle_plate any text', () => valid({ vehicle_plate: 'ABCD123 (Uruguay)' }), 'ok'],
  ['vehicle_plate 21', () => valid({ vehicle_plate: chars(21) }), ['vehicle_plate']],
  ['trailer_plate 21', () => valid({ trailer_plate: chars(21) }), ['trailer_plate']],
  ['departure_date 2024-02-29', () => valid({ departure_date: '2024-02-29' }), 'ok'],
  ['departure_date 2025-02-29', () => valid({ departure_date: '2025-02-29' }), ['departure_date']],
  ['departure_date not a date', () => valid({ departure_date: '29/02/2024' }), ['departure_date']],
  ['notes 2000', () => valid({ notes: chars(2000) }), 'ok'],
  ['notes 2001', () => valid({ notes: chars(2001) }), ['notes']],
  ['metadata free-form', () => valid({ metadata: { canal: 'web', cantidad: 3, urgente: true, tags: ['a'], envio: { zona: 2 } } }), 'ok'],
  ['metadata key with $', () => valid({ metadata: { $where: 'v' } }), ['metadata.$where']],
  ['metadata nested key with $', () => valid({ metadata: { envio: { $set: 1 } } }), ['metadata.envio.$set']],
  ['metadata key with a dot', () => valid({ metadata: { 'a.b': 1 } }), ['metadata.a.b']],
  ['metadata empty key', () => valid({ metadata: { '': 1 } }), ['metadata']],
  ['metadata not an object', () => valid({ metadata: ['a'] }), ['metadata']],
  ['metadata of 16,000 characters', () => valid({ metadata: { a: chars(15_992) } }), 'ok'],
  ['metadata over 16,000 characters', () => valid({ metadata: { a: chars(15_993) } }), ['metadata']],
  // The CAI ARCA assigns is 14 digits (RG 1415/2003, Anexo V, I a) 12).
  ['cai of 14 digits and its expiry', () => valid({ cai: '51234567890123', cai_expiry: '2026-09-30' }), 'ok'],
  ['cai of 13 digits', () => valid({ cai: '5123456789012' }), ['cai']],
  ['cai of 15 digits', () => valid({ cai: '512345678901234' }), ['cai']],
  ['cai with a letter', () => valid({ cai: '5123456789012A' }), ['cai']],
  ['cai_expiry not a calendar date', () => valid({ cai_expiry: '2026-02-30' }), ['cai_expiry']],
  ['carrier_address of 300 characters', () => valid({ carrier_address: chars(300) }), 'ok'],
  ['carrier_address over 300 characters', () => valid({ carrier_address: chars(301) }), ['carrier_address']],
  ['status issued', () => valid({ status: 'issued' }), 'ok'],
  ['status delivered on create (issued and delivered at once)', () => valid({ status: 'delivered' }), 'ok'],
  ['status cancelled on create', () => valid({ status: 'cancelled' }), 'ok'],
  ['status not a status', () => valid({ status: 'archived' }), ['status']],
  ['status invoiced without invoice_id (contract §2.2: invoice_id string or null)', () => valid({ status: 'invoiced' }), 'ok'],
  ['status invoiced with invoice_id', () => valid({ status: 'invoiced', invoice_id: 'A-0001-00001234' }), 'ok'],
  [
    'several fields at once',
    () => valid({ sale_point: 0, notes: chars(2001) }, { quantity: 0, description: '' }),
    ['items.0.description', 'items.0.quantity', 'notes', 'sale_point'],
  ],
];

describe.each(cases)('create: %s', (_title, body, expected) => {
  it(`REST and GraphQL: ${expected === 'ok' ? 'accepted' : `400 naming ${expected.join(', ')}`}`, async () => {
    const rest = await gw.rest('POST', '/delivery_notes/', { key, body: body() });
    const graphql = await gw.gql(GQL_CREATE, { input: toGql(body()) }, { key });
    const outcome = expected === 'ok' ? 'ok' : { code: 'BAD_USER_INPUT', paths: [...expected].sort() };
    expect({ rest: restOutcome(rest), graphql: gqlOutcome(graphql) }).toEqual({ rest: outcome, graphql: outcome });
    if (expected !== 'ok') expect(rest.status).toBe(400);
  });
});

describe('parity of results', () => {
  it('the same note created through both surfaces reads the same (after the naming map)', async () => {
    gw.clock.now = new Date('2025-07-01T10:00:00.000Z');
    const body = {
      customer_id: customer,
      sale_point: 12,
      status: 'issued',
      items: [
        { product_id: product, description: 'Producto', quantity: 2.5, unit_price: 99.99 },
        { description: 'Flete', quantity: 1, unit: 'servicio', sku: 'FLETE' },
      ],
      destination_address: 'Av. Siempreviva 742',
      carrier_name: 'Transportes SA',
      carrier_document: '20123456786',
      vehicle_plate: 'AB123CD',
      departure_date: '2025-07-01',
      notes: 'Frágil',
      metadata: { order_ref: 'OC-1' },
    };
    const rest = await gw.rest('POST', '/delivery_notes/', { key, body });
    const graphql = await gw.gql(GQL_CREATE, { input: toGql(body) }, { key });
    expect(rest.status).toBe(201);
    const g = graphql.body.data.createDeliveryNote;
    const r = rest.body.data;
    expect(r).toMatchObject({
      number: 1,
      formatted_number: '00012-00000001',
      total: 249.98,
      stock_deducted: true,
      items: [
        { subtotal: 249.98, sku: 'P-1', unit: 'unidad' },
        { product_id: null, unit: 'servicio', subtotal: null },
      ],
    });
    expect(g.number).toBe(2);
    const mapped = Object.fromEntries(Object.entries(g).map(([k, v]) => [k.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`), v]));
    mapped.items = g.items.map((item: Row) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`), v])));
    const { id: _g, number: _gn, ...gRest } = mapped;
    const {
      id: _r,
      number: _rn,
      formatted_number: _f,
      created_at: _c,
      updated_at: _u,
      issue_date: _i,
      invoice_id: _inv,
      delivery_date: _d,
      cancelled_at: _ca,
      ...rRest
    } = r;
    expect(gRest).toEqual(rRest);

    // Reads agree: GET one and the filtered list.
    const one = await gw.rest('GET', `/delivery_notes/${r.id}/`, { key });
    expect(one.body.data).toEqual(r);
    const list = await gw.rest('GET', `/delivery_notes/list/?sale_point=12&status=issued&product_id=${product}`, { key });
    const gList = await gw.gql(
      'query($f: DeliveryNoteFilter) { deliveryNotes(filter: $f) { totalCount nodes { id number } } }',
      { f: { salePoint: 12, status: 'issued', productId: product } },
      { key },
    );
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(list.body.data.items.map((n: Row) => [n.id, n.number])).toEqual(gList.body.data.deliveryNotes.nodes.map((n: Row) => [n.id, n.number]));
    const byNumber = await gw.rest('GET', '/delivery_notes/list/?sale_point=12&number=1', { key });
    expect(byNumber.body.data.items.map((n: Row) => n.id)).toEqual([r.id]);
  });

  it('the same refusals: a move the machine forbids, an edit of an issued note, an unknown field, a bad query parameter', async () => {
    const created = await gw.rest('POST', '/delivery_notes/', { key, body: valid({ status: 'issued' }) });
    const id = created.body.data.id;
    const pairs: Array<[HttpResult, HttpResult, string, number]> = [
      [
        await gw.rest('PUT', `/delivery_notes/${id}/`, { key, body: { status: 'invoiced', invoice_id: 'F-1' } }),
        await gw.gql('mutation($id: ID!) { markDeliveryNoteInvoiced(id: $id, invoiceId: "F-1") { id } }', { id }, { key }),
        'INVALID_TRANSITION',
        409,
      ],
      [
        await gw.rest('PUT', `/delivery_notes/${id}/`, { key, body: { sale_point: 5 } }),
        await gw.gql('mutation($id: ID!) { updateDeliveryNote(id: $id, input: {salePoint: 5}) { id } }', { id }, { key }),
        'NOT_EDITABLE',
        409,
      ],
      [
        await gw.rest('POST', '/delivery_notes/', { key, body: valid({ colour: 'red' }) }),
        await gw.gql(GQL_CREATE, { input: toGql(valid({ colour: 'red' })) }, { key }),
        'BAD_USER_INPUT',
        400,
      ],
      [
        await gw.rest('GET', `/delivery_notes/${new ObjectId().toHexString()}/`, { key }),
        await gw.gql('query($id: ID!) { deliveryNote(id: $id) { id } }', { id: new ObjectId().toHexString() }, { key }),
        'NOT_FOUND',
        404,
      ],
    ];
    for (const [rest, graphql, code, status] of pairs) {
      expect({ rest: rest.body.error?.code, status: rest.status, graphql: graphql.body.errors?.[0]?.extensions?.code }).toEqual({
        rest: code,
        status,
        graphql: code,
      });
    }
    // A wrong type is a shape problem (reported first); value problems are reported together.
    const badType = await gw.rest('GET', '/delivery_notes/list/?sale_point=abc', { key });
    expect(badType.status).toBe(400);
    expect(badType.body.error.details.map((d: Row) => d.path)).toEqual(['sale_point']);
    const badValues = await gw.rest('GET', '/delivery_notes/list/?sale_point=100000&delivery_date_from=2025-02-30', { key });
    expect(badValues.status).toBe(400);
    expect(badValues.body.error.details.map((d: Row) => d.path).sort()).toEqual(['delivery_date_from', 'sale_point']);
  });

  it("another account's note is not found through either surface", async () => {
    const theirs = await gw.rest('POST', '/delivery_notes/', {
      key: otherKey,
      body: { customer_id: customerOfB, items: [{ description: 'secreto', quantity: 1 }] },
    });
    const id = theirs.body.data.id;
    expect((await gw.rest('GET', `/delivery_notes/${id}/`, { key })).status).toBe(404);
    expect((await gw.gql('mutation($id: ID!) { issueDeliveryNote(id: $id) { id } }', { id }, { key })).body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gw.rest('GET', `/delivery_notes/list/?customer_id=${customerOfB}`, { key })).body.data.total).toBe(0);
  });
});

describe('transition arguments', () => {
  it('invoiceId is 1–100 characters; REST update needs it with status invoiced', async () => {
    const make = async () => {
      const created = await gw.rest('POST', '/delivery_notes/', { key, body: valid({ status: 'issued' }) });
      expect((await gw.rest('PUT', `/delivery_notes/${created.body.data.id}/`, { key, body: { status: 'delivered' } })).status).toBe(200);
      return created.body.data.id as string;
    };
    const INVOICE = 'mutation($id: ID!, $inv: String!) { markDeliveryNoteInvoiced(id: $id, invoiceId: $inv) { status invoiceId } }';
    const id = await make();
    for (const inv of ['', '   ', chars(101)]) {
      const res = await gw.gql(INVOICE, { id, inv }, { key });
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', details: [{ path: 'invoiceId' }] });
      const rest = await gw.rest('PUT', `/delivery_notes/${id}/`, { key, body: { status: 'invoiced', invoice_id: inv } });
      expect(rest.status).toBe(400);
    }
    expect((await gw.gql(INVOICE, { id, inv: chars(100) }, { key })).body.data.markDeliveryNoteInvoiced).toEqual({ status: 'invoiced', invoiceId: chars(100) });
    const viaRest = await make();
    const rest = await gw.rest('PUT', `/delivery_notes/${viaRest}/`, { key, body: { status: 'invoiced', invoice_id: 'F' } });
    expect(rest.body.data).toMatchObject({ status: 'invoiced', invoice_id: 'F' });
  });
});
