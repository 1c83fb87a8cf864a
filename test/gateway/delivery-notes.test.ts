import { ObjectId } from 'mongodb';
import { startTestGateway, type HttpResult, type TestGateway } from '../support/gateway';

/**
 * Delivery notes (remitos): the status machine and its stock effects, numbering per sale point (also under
 * concurrent issuing), editing rules, bulk issuing in one transaction, and the GraphQL links with a constant
 * number of MongoDB commands.
 */

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

const SCOPES = ['delivery_notes:read', 'delivery_notes:write', 'supplies:read', 'supplies:write'] as const;
const NOTE = `id customerId salePoint number formattedNumber status total stockDeducted issueDate deliveryDate invoiceId cancelledAt
  notes metadata carrierName carrierDocument vehiclePlate trailerPlate departureDate destinationAddress
  items { productId sku description quantity unit unitPrice subtotal }`;
const CREATE = `mutation($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { ${NOTE} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateDeliveryNoteInput!) { updateDeliveryNote(id: $id, input: $input) { ${NOTE} } }`;
const ISSUE = `mutation($id: ID!) { issueDeliveryNote(id: $id) { ${NOTE} } }`;
const DELIVER = `mutation($id: ID!, $date: String) { deliverDeliveryNote(id: $id, deliveryDate: $date) { ${NOTE} } }`;
const INVOICE = `mutation($id: ID!, $invoice: String!) { markDeliveryNoteInvoiced(id: $id, invoiceId: $invoice) { ${NOTE} } }`;
const CANCEL = `mutation($id: ID!) { cancelDeliveryNote(id: $id) { ${NOTE} } }`;
const DELETE = 'mutation($id: ID!) { deleteDeliveryNote(id: $id) }';

interface Setup {
  key: string;
  accountId: string;
  customer: string;
  /** Products by name, with their opening stock. */
  product: Record<string, string>;
}

async function gqlData(res: HttpResult): Promise<any> {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

function gqlError(res: HttpResult): { code: string; paths: string[] } {
  expect(res.body.errors).toBeDefined();
  const extensions = res.body.errors[0].extensions;
  return { code: extensions.code, paths: (extensions.details ?? []).map((d: { path: string }) => d.path).sort() };
}

async function setup(stocks: Record<string, number> = { yerba: 10, azucar: 5 }): Promise<Setup> {
  const { key, accountId } = await gw.account([...SCOPES]);
  const customer = (await gqlData(await gw.gql('mutation { createCustomer(input: {name: "Almacén Don Pepe"}) { id } }', {}, { key }))).createCustomer.id;
  const product: Record<string, string> = {};
  for (const [name, stock] of Object.entries(stocks)) {
    const created = await gw.gql(
      'mutation($input: CreateProductInput!) { createProduct(input: $input) { id } }',
      { input: { name, sku: `SKU-${name}`, stock, unit: 'kg' } },
      { key },
    );
    product[name] = (await gqlData(created)).createProduct.id;
  }
  return { key, accountId, customer, product };
}

async function stockOf(id: string): Promise<number> {
  const doc = await gw.store.collection<{ stock_milli: number }>('products').findOne({ _id: new ObjectId(id) });
  return doc!.stock_milli / 1000;
}

async function storedNote(id: string): Promise<any> {
  return gw.store.collection('delivery_notes').findOne({ _id: new ObjectId(id) });
}

async function movementsOf(noteId: string): Promise<Array<{ item_id: ObjectId; delta_milli: number; cause: { type: string } }>> {
  return (await gw.store
    .collection('stock_movements')
    .find({ 'cause.id': new ObjectId(noteId) })
    .sort({ created_at: 1, _id: 1 })
    .toArray()) as never;
}

const lines = (s: Setup) => [
  { productId: s.product.yerba, description: 'Yerba mate 1 kg', quantity: 3 },
  { productId: s.product.azucar, description: 'Azúcar', quantity: 1.5 },
  { description: 'Flete (sin stock)', quantity: 1 },
];

async function draft(s: Setup, input: Record<string, unknown> = {}): Promise<any> {
  return (await gqlData(await gw.gql(CREATE, { input: { customerId: s.customer, items: lines(s), ...input } }, { key: s.key }))).createDeliveryNote;
}

describe('lifecycle and stock', () => {
  it('a note created delivered or invoiced walks the machine at once: numbered, stock deducted, delivered now or when given', async () => {
    const s = await setup();
    gw.clock.now = new Date('2025-06-10T15:00:00.000Z');
    const delivered = await draft(s, { status: 'delivered' });
    expect(delivered).toMatchObject({ status: 'delivered', number: 1, stockDeducted: true, deliveryDate: '2025-06-10T15:00:00.000Z' });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([7, 3.5]);
    const invoiced = await draft(s, { status: 'invoiced', invoiceId: 'A-0003-00000077', deliveryDate: '2025-06-10T09:00:00' });
    expect(invoiced).toMatchObject({ status: 'invoiced', number: 2, invoiceId: 'A-0003-00000077', deliveryDate: '2025-06-10T12:00:00.000Z' });
    const cancelled = await draft(s, { status: 'cancelled' });
    expect(cancelled).toMatchObject({ status: 'cancelled', number: null, stockDeducted: false });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([4, 2]);
    // A delivery date or an invoice belong to their moves: on a draft, or on an issued note staying issued, they are refused.
    expect(gqlError(await gw.gql(CREATE, { input: { customerId: s.customer, items: lines(s), invoiceId: 'X' } }, { key: s.key }))).toEqual({
      code: 'NOT_EDITABLE',
      paths: ['invoiceId'],
    });
    const issued = await draft(s, { status: 'issued' });
    expect(gqlError(await gw.gql(UPDATE, { id: issued.id, input: { deliveryDate: '2025-06-10' } }, { key: s.key }))).toEqual({
      code: 'NOT_EDITABLE',
      paths: ['deliveryDate'],
    });
    expect(await gw.store.collection('delivery_notes').countDocuments({ account_id: new ObjectId(s.accountId) })).toBe(4);
  });

  it('the printed customer name and document, and each line sku, unit and subtotal, default from the records; given values win', async () => {
    const s = await setup();
    const customer = (
      await gqlData(
        await gw.gql(
          'mutation { createCustomer(input: {name: "Kiosco La Esquina", documentType: CUIT, documentNumber: "20123456786"}) { id } }',
          {},
          { key: s.key },
        ),
      )
    ).createCustomer.id;
    const items = [
      { productId: s.product.yerba, description: 'Yerba', quantity: 2, unitPrice: 1250.5 },
      { productId: s.product.azucar, description: 'Azúcar', quantity: 1, unitPrice: 800, subtotal: 700, sku: 'PROPIO-1', unit: 'bolsa' },
    ];
    const created = await gw.gql(
      `mutation($input: CreateDeliveryNoteInput!) { createDeliveryNote(input: $input) { customerName customerDocument total items { sku unit subtotal } } }`,
      { input: { customerId: customer, items } },
      { key: s.key },
    );
    expect((await gqlData(created)).createDeliveryNote).toEqual({
      customerName: 'Kiosco La Esquina',
      customerDocument: '20123456786',
      total: 3201,
      items: [
        { sku: 'SKU-yerba', unit: 'kg', subtotal: 2501 },
        { sku: 'PROPIO-1', unit: 'bolsa', subtotal: 700 },
      ],
    });
    const named = await gw.rest('POST', '/delivery_notes/', {
      key: s.key,
      body: { customer_id: customer, customer_name: 'La Esquina (sucursal)', items: [{ description: 'Caja', quantity: 1 }] },
    });
    expect(named.body.data).toMatchObject({ customer_name: 'La Esquina (sucursal)', customer_document: '20123456786', total: 0 });
  });

  it('a draft has no number and moves no stock; issuing numbers it and deducts the stock of its products', async () => {
    gw.clock.now = new Date('2025-06-10T12:00:00.000Z');
    const s = await setup();
    const note = await draft(s);
    // A draft's issue date is when it was written; issuing sets it again.
    expect(note).toMatchObject({ status: 'draft', number: null, formattedNumber: null, salePoint: 1, stockDeducted: false, metadata: {} });
    expect(note.issueDate).toBe(gw.clock.now.toISOString());
    expect(note.items[0]).toMatchObject({ productId: s.product.yerba, sku: 'SKU-yerba', unit: 'kg', quantity: 3, unitPrice: null, subtotal: null });
    expect(note.items[2]).toMatchObject({ productId: null, sku: null, unit: null });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([10, 5]);

    gw.clock.now = new Date('2025-06-10T15:00:00.000Z');
    const issued = (await gqlData(await gw.gql(ISSUE, { id: note.id }, { key: s.key }))).issueDeliveryNote;
    expect(issued).toMatchObject({
      status: 'issued',
      number: 1,
      formattedNumber: '00001-00000001',
      stockDeducted: true,
      issueDate: '2025-06-10T15:00:00.000Z',
    });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([7, 3.5]);
    const movements = await movementsOf(note.id);
    expect(movements.map((m) => [m.item_id.toHexString(), m.delta_milli, m.cause.type]).sort()).toEqual(
      [
        [s.product.yerba, -3000, 'delivery_note_issue'],
        [s.product.azucar, -1500, 'delivery_note_issue'],
      ].sort(),
    );
    // The product shows the movement in its history.
    const history = await gqlData(
      await gw.gql(
        'query($id: ID!) { product(id: $id) { stock stockMovements(first: 5) { nodes { delta cause { type id } } } } }',
        { id: s.product.yerba },
        { key: s.key },
      ),
    );
    expect(history.product).toEqual({
      stock: 7,
      stockMovements: {
        nodes: [
          { delta: -3, cause: { type: 'delivery_note_issue', id: note.id } },
          { delta: 10, cause: { type: 'opening', id: s.product.yerba } },
        ],
      },
    });
  });

  it('issued → delivered (default now) → invoiced; the stock stays deducted', async () => {
    const s = await setup();
    const note = await draft(s);
    // 01:00 UTC on the 11th is still the 10th in Argentina.
    gw.clock.now = new Date('2025-06-11T01:00:00.000Z');
    await gqlData(await gw.gql(ISSUE, { id: note.id }, { key: s.key }));
    const delivered = (await gqlData(await gw.gql(DELIVER, { id: note.id }, { key: s.key }))).deliverDeliveryNote;
    expect(delivered).toMatchObject({ status: 'delivered', deliveryDate: '2025-06-11T01:00:00.000Z', stockDeducted: true, number: 1 });
    const invoiced = (await gqlData(await gw.gql(INVOICE, { id: note.id, invoice: 'FA-0001-00000123' }, { key: s.key }))).markDeliveryNoteInvoiced;
    expect(invoiced).toMatchObject({ status: 'invoiced', invoiceId: 'FA-0001-00000123', deliveryDate: '2025-06-11T01:00:00.000Z', stockDeducted: true });
    // REST writes it in Argentine time: still the 10th there.
    expect((await gw.rest('GET', `/delivery_notes/${note.id}/`, { key: s.key })).body.data.delivery_date).toBe('2025-06-10T22:00:00.000');
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([7, 3.5]);
    expect(await storedNote(note.id)).toMatchObject({
      status: 'invoiced',
      invoice_id: 'FA-0001-00000123',
      delivery_date: new Date('2025-06-11T01:00:00.000Z'),
      number: 1,
      stock_deducted: true,
    });
  });

  it('the delivery date may be given (a day is its start in Argentina), but not before the issue day nor in the future', async () => {
    const s = await setup();
    gw.clock.now = new Date('2025-06-10T15:00:00.000Z');
    const note = await draft(s, { status: 'issued' });
    gw.clock.now = new Date('2025-06-20T15:00:00.000Z');
    const before = await gw.gql(DELIVER, { id: note.id, date: '2025-06-09' }, { key: s.key });
    expect(gqlError(before)).toEqual({ code: 'BAD_USER_INPUT', paths: ['deliveryDate'] });
    const future = await gw.gql(DELIVER, { id: note.id, date: '2025-06-21' }, { key: s.key });
    expect(gqlError(future)).toEqual({ code: 'BAD_USER_INPUT', paths: ['deliveryDate'] });
    const notADay = await gw.gql(DELIVER, { id: note.id, date: '2025-02-30' }, { key: s.key });
    expect(gqlError(notADay)).toEqual({ code: 'BAD_USER_INPUT', paths: ['deliveryDate'] });
    expect((await storedNote(note.id)).status).toBe('issued');
    const onIssueDay = await gqlData(await gw.gql(DELIVER, { id: note.id, date: '2025-06-10' }, { key: s.key }));
    expect(onIssueDay.deliverDeliveryNote.deliveryDate).toBe('2025-06-10T03:00:00.000Z');
    const other = await draft(s, { status: 'issued' });
    const today = await gqlData(await gw.gql(DELIVER, { id: other.id, date: '2025-06-20T09:30:00' }, { key: s.key }));
    expect(today.deliverDeliveryNote.deliveryDate).toBe('2025-06-20T12:30:00.000Z');
    const third = await draft(s, { status: 'issued' });
    const later = await gw.gql(DELIVER, { id: third.id, date: '2025-06-20T12:30:01' }, { key: s.key });
    expect(gqlError(later)).toEqual({ code: 'BAD_USER_INPUT', paths: ['deliveryDate'] });
  });

  it('cancelling an issued note restores its stock and keeps its number; cancelling a draft moves nothing', async () => {
    const s = await setup();
    const note = await draft(s, { status: 'issued' });
    expect(note).toMatchObject({ status: 'issued', number: 1, stockDeducted: true });
    expect(await stockOf(s.product.yerba)).toBe(7);
    const cancelled = (await gqlData(await gw.gql(CANCEL, { id: note.id }, { key: s.key }))).cancelDeliveryNote;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      number: 1,
      formattedNumber: '00001-00000001',
      stockDeducted: false,
      cancelledAt: expect.any(String),
    });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([10, 5]);
    const movements = await movementsOf(note.id);
    expect(movements.map((m) => `${m.cause.type}:${m.delta_milli}`).sort()).toEqual(
      ['delivery_note_cancel:1500', 'delivery_note_cancel:3000', 'delivery_note_issue:-1500', 'delivery_note_issue:-3000'].sort(),
    );
    // The cancelled number is not reused.
    const next = await draft(s, { status: 'issued' });
    expect(next.number).toBe(2);

    const plain = await draft(s);
    const before = await gw.store.collection('stock_movements').countDocuments({});
    const cancelledDraft = (await gqlData(await gw.gql(CANCEL, { id: plain.id }, { key: s.key }))).cancelDeliveryNote;
    expect(cancelledDraft).toMatchObject({ status: 'cancelled', number: null, stockDeducted: false });
    expect(await gw.store.collection('stock_movements').countDocuments({})).toBe(before);
    expect(await stockOf(s.product.yerba)).toBe(7);
  });

  it('a note without product lines is issued without stock movements (stockDeducted true: every issued note has its stock effect)', async () => {
    const s = await setup();
    const note = await draft(s, { items: [{ description: 'Documentación', quantity: 1 }], status: 'issued' });
    expect(note).toMatchObject({ status: 'issued', number: 1, stockDeducted: true });
    expect(await movementsOf(note.id)).toEqual([]);
  });

  describe('every move the machine refuses → 409 INVALID_TRANSITION, nothing changes', () => {
    const ALL = ['draft', 'issued', 'delivered', 'invoiced', 'cancelled'] as const;
    const ALLOWED: Record<string, string[]> = {
      draft: ['issued', 'cancelled'],
      issued: ['delivered', 'cancelled'],
      delivered: ['invoiced'],
      invoiced: [],
      cancelled: [],
    };
    const MOVE: Record<string, (id: string) => [string, Record<string, unknown>]> = {
      issued: (id) => [ISSUE, { id }],
      delivered: (id) => [DELIVER, { id }],
      invoiced: (id) => [INVOICE, { id, invoice: 'F-1' }],
      cancelled: (id) => [CANCEL, { id }],
    };
    const PATH: Record<string, string[]> = {
      draft: [],
      issued: ['issued'],
      delivered: ['issued', 'delivered'],
      invoiced: ['issued', 'delivered', 'invoiced'],
      cancelled: ['cancelled'],
    };

    async function noteIn(s: Setup, status: string): Promise<string> {
      const note = await draft(s);
      for (const step of PATH[status]) await gqlData(await gw.gql(...MOVE[step](note.id), { key: s.key }));
      return note.id;
    }

    const cases = ALL.flatMap((from) => ALL.filter((to) => to !== 'draft').map((to) => [from, to] as const));
    it.each(cases)('%s → %s', async (from, to) => {
      const s = await setup({ yerba: 100, azucar: 100 });
      gw.clock.now = new Date();
      const id = await noteIn(s, from);
      const before = await storedNote(id);
      const stock = [await stockOf(s.product.yerba), await stockOf(s.product.azucar)];
      const res = await gw.gql(...MOVE[to](id), { key: s.key });
      if (ALLOWED[from].includes(to)) {
        expect(res.body.errors).toBeUndefined();
        expect(Object.values(res.body.data)[0]).toMatchObject({ status: to });
        expect((await storedNote(id)).status).toBe(to);
      } else {
        expect(gqlError(res)).toEqual({ code: 'INVALID_TRANSITION', paths: ['status'] });
        expect(res.body.errors[0].message).toContain(`from ${from} to ${to}`);
        expect(await storedNote(id)).toEqual(before);
        expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual(stock);
      }
    });

    it('moving back to draft through an update is refused too (REST: 409)', async () => {
      const s = await setup();
      const note = await draft(s, { status: 'issued' });
      const res = await gw.rest('PUT', `/delivery_notes/${note.id}/`, { key: s.key, body: { status: 'draft' } });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('INVALID_TRANSITION');
    });
  });

  it('issuing without enough stock → 409 INSUFFICIENT_STOCK naming the product; nothing is written, no number is used', async () => {
    const s = await setup({ yerba: 2, azucar: 5 });
    const note = await draft(s);
    const res = await gw.gql(ISSUE, { id: note.id }, { key: s.key });
    expect(res.body.errors[0].extensions.code).toBe('INSUFFICIENT_STOCK');
    expect(res.body.errors[0].message).toContain('yerba');
    expect(await storedNote(note.id)).toMatchObject({ status: 'draft', number: null, stock_deducted: false });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([2, 5]);
    expect(await movementsOf(note.id)).toEqual([]);
    // Creating it issued fails the same way, and writes no note.
    const count = await gw.store.collection('delivery_notes').countDocuments({ account_id: new ObjectId(s.accountId) });
    const created = await gw.rest('POST', '/delivery_notes/', {
      key: s.key,
      body: { customer_id: s.customer, status: 'issued', items: [{ product_id: s.product.yerba, description: 'x', quantity: 2.001 }] },
    });
    expect(created.status).toBe(409);
    expect(created.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(await gw.store.collection('delivery_notes').countDocuments({ account_id: new ObjectId(s.accountId) })).toBe(count);
    // Exactly the stock on hand is fine, and the number is still the first.
    const exact = await gw.rest('POST', '/delivery_notes/', {
      key: s.key,
      body: { customer_id: s.customer, status: 'issued', items: [{ product_id: s.product.yerba, description: 'x', quantity: 2 }] },
    });
    expect(exact.status).toBe(201);
    expect(exact.body.data).toMatchObject({ number: 1, stock_deducted: true });
    expect(await stockOf(s.product.yerba)).toBe(0);
  });

  it('the same product on two lines is deducted once for their sum', async () => {
    const s = await setup({ yerba: 5 });
    const items = [
      { productId: s.product.yerba, description: 'a', quantity: 2.5 },
      { productId: s.product.yerba, description: 'b', quantity: 2.5 },
    ];
    const note = await draft(s, { items, status: 'issued' });
    expect(note.stockDeducted).toBe(true);
    expect(await stockOf(s.product.yerba)).toBe(0);
    const tooMuch = await gw.gql(
      CREATE,
      { input: { customerId: s.customer, status: 'issued', items: [{ productId: s.product.yerba, description: 'c', quantity: 0.001 }] } },
      { key: s.key },
    );
    expect(tooMuch.body.errors[0].extensions.code).toBe('INSUFFICIENT_STOCK');
  });

  it('with allow_negative_stock the account may issue beyond its stock', async () => {
    const s = await setup({ yerba: 1 });
    await gw.store.collection('accounts').updateOne({ _id: new ObjectId(s.accountId) }, { $set: { 'settings.allow_negative_stock': true } });
    await draft(s, { items: [{ productId: s.product.yerba, description: 'x', quantity: 3 }], status: 'issued' });
    expect(await stockOf(s.product.yerba)).toBe(-2);
  });
});

describe('numbering', () => {
  it('per sale point: each has its own sequence; drafts take none; a number is never reused', async () => {
    const s = await setup();
    const items = [{ description: 'x', quantity: 1 }];
    const a1 = await draft(s, { items, status: 'issued' });
    const b1 = await draft(s, { items, status: 'issued', salePoint: 2 });
    const d = await draft(s, { items, salePoint: 2 });
    const a2 = await draft(s, { items, status: 'issued' });
    const b2 = (await gqlData(await gw.gql(ISSUE, { id: d.id }, { key: s.key }))).issueDeliveryNote;
    expect([a1.number, a2.number, b1.number, b2.number]).toEqual([1, 2, 1, 2]);
    expect(b2.formattedNumber).toBe('00002-00000002');
    // Another account has its own sequences.
    const other = await setup();
    expect((await draft(other, { items, status: 'issued' })).number).toBe(1);
    // Deleting is for drafts only, so an issued number stays on record.
    const del = await gw.gql(DELETE, { id: a2.id }, { key: s.key });
    expect(gqlError(del).code).toBe('NOT_EDITABLE');
    expect((await draft(s, { items, status: 'issued' })).number).toBe(3);
  });

  /** The number of a note issued by REST (created as issued) or by the GraphQL issue mutation; the answer must be a success. */
  const issuedNumber = (res: HttpResult): number => {
    if ('success' in res.body) {
      expect(res.status).toBe(201);
      return res.body.data.number as number;
    }
    expect(res.body.errors).toBeUndefined();
    return res.body.data.issueDeliveryNote.number as number;
  };

  it('50 concurrent issues on one sale point: all succeed, numbers are one contiguous run without duplicates', async () => {
    const s = await setup({ yerba: 1000 });
    const items = [{ productId: s.product.yerba, description: 'Yerba', quantity: 1 }];
    // One issued before the batch, so the batch must continue after it.
    expect((await draft(s, { items, status: 'issued', salePoint: 7 })).number).toBe(1);
    const drafts = await Promise.all(Array.from({ length: 25 }, () => draft(s, { items, salePoint: 7 })));
    const results = await Promise.all([
      ...drafts.map((note) => gw.gql(ISSUE, { id: note.id }, { key: s.key })),
      ...Array.from({ length: 25 }, () =>
        gw.rest('POST', '/delivery_notes/', {
          key: s.key,
          body: { customer_id: s.customer, items: [{ product_id: s.product.yerba, description: 'Yerba', quantity: 1 }], sale_point: 7, status: 'issued' },
        }),
      ),
    ]);
    const numbers = results.map(issuedNumber);
    expect(numbers).toHaveLength(50);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    // Stored as well, and the stock went down by exactly 51.
    const stored = await gw.store
      .collection('delivery_notes')
      .find({ account_id: new ObjectId(s.accountId), sale_point: 7 })
      .toArray();
    expect(stored.map((note) => note.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(await stockOf(s.product.yerba)).toBe(1000 - 51);
  });

  it('200 concurrent first issues on a sale point that has no counter yet: all succeed with numbers 1 to 200', async () => {
    const s = await setup({ yerba: 1000 });
    const items = [{ productId: s.product.yerba, description: 'Yerba', quantity: 1 }];
    const drafts = await Promise.all(Array.from({ length: 100 }, () => draft(s, { items, salePoint: 42 })));
    const body = { customer_id: s.customer, items: [{ product_id: s.product.yerba, description: 'Yerba', quantity: 1 }], sale_point: 42, status: 'issued' };
    const results = await Promise.all([
      ...drafts.map((note) => gw.gql(ISSUE, { id: note.id }, { key: s.key })),
      ...Array.from({ length: 100 }, () => gw.rest('POST', '/delivery_notes/', { key: s.key, body })),
    ]);
    // Racing creations of the sequence's counter are retried on a fresh snapshot: no duplicate-key error surfaces.
    const numbers = results.map(issuedNumber);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await gw.store.collection('counters').countDocuments({ account_id: new ObjectId(s.accountId), name: 'delivery_notes:42' })).toBe(1);
    expect(await stockOf(s.product.yerba)).toBe(1000 - 200);
    // Two hundred racing transactions on a loaded 2-core machine take a while: a bound on time, not an assertion.
  }, 180_000);
});

describe('editing rules', () => {
  it('a draft accepts every field, including lines, customer and sale point', async () => {
    const s = await setup();
    const note = await draft(s);
    const other = (await gqlData(await gw.gql('mutation { createCustomer(input: {name: "Otro Cliente"}) { id } }', {}, { key: s.key }))).createCustomer.id;
    const updated = (
      await gqlData(
        await gw.gql(
          UPDATE,
          {
            id: note.id,
            input: {
              customerId: other,
              salePoint: 3,
              items: [{ productId: s.product.azucar, description: 'Azúcar', quantity: 2, unitPrice: 1000.5 }],
              destinationAddress: 'Ruta 5 km 3',
            },
          },
          { key: s.key },
        ),
      )
    ).updateDeliveryNote;
    expect(updated).toMatchObject({ customerId: other, salePoint: 3, status: 'draft', total: 2001, destinationAddress: 'Ruta 5 km 3' });
    expect(updated.items).toEqual([
      { productId: s.product.azucar, sku: 'SKU-azucar', description: 'Azúcar', quantity: 2, unit: 'kg', unitPrice: 1000.5, subtotal: 2001 },
    ]);
    // Editing and issuing in one update: the stock follows the edited lines.
    const issued = (
      await gqlData(
        await gw.gql(
          UPDATE,
          { id: note.id, input: { items: [{ productId: s.product.yerba, description: 'Yerba', quantity: 4 }], status: 'issued' } },
          { key: s.key },
        ),
      )
    ).updateDeliveryNote;
    expect(issued).toMatchObject({ status: 'issued', number: 1, salePoint: 3, stockDeducted: true, total: 0 });
    expect([await stockOf(s.product.yerba), await stockOf(s.product.azucar)]).toEqual([6, 5]);
  });

  it('an issued note accepts transport fields, notes and metadata only (409 NOT_EDITABLE naming the others)', async () => {
    const s = await setup();
    const note = await draft(s, { status: 'issued' });
    const transport = {
      carrierName: 'Transportes del Sur SA',
      carrierDocument: '20-12345678-6',
      vehiclePlate: 'ab 123 cd',
      trailerPlate: 'XYZ999',
      departureDate: '2025-06-11',
      notes: 'Entregar por la mañana',
      metadata: { pedido: 'OC-77' },
    };
    const ok = (await gqlData(await gw.gql(UPDATE, { id: note.id, input: transport }, { key: s.key }))).updateDeliveryNote;
    // Free text, kept as written.
    expect(ok).toMatchObject({ ...transport, status: 'issued' });
    for (const [input, path] of [
      [{ items: [{ description: 'otra cosa', quantity: 1 }] }, 'items'],
      [{ customerId: s.customer, salePoint: 2 }, 'salePoint'],
      [{ destinationAddress: 'Otra dirección' }, 'destinationAddress'],
    ] as const) {
      const before = await storedNote(note.id);
      const res = await gw.gql(UPDATE, { id: note.id, input }, { key: s.key });
      expect(gqlError(res)).toEqual({ code: 'NOT_EDITABLE', paths: [path] });
      expect(await storedNote(note.id)).toEqual(before);
    }
    // A value equal to the stored one is no change (the same customer above was not reported).
    const same = await gw.gql(UPDATE, { id: note.id, input: { customerId: s.customer, items: lines(s), salePoint: 1, notes: 'otra nota' } }, { key: s.key });
    expect((await gqlData(same)).updateDeliveryNote.notes).toBe('otra nota');
    // Clearing a transport field is a change to it, and allowed.
    const cleared = await gqlData(await gw.gql(UPDATE, { id: note.id, input: { trailerPlate: null } }, { key: s.key }));
    expect(cleared.updateDeliveryNote.trailerPlate).toBeNull();
  });

  it('delivered, invoiced and cancelled notes accept notes and metadata only', async () => {
    const s = await setup();
    const note = await draft(s, { status: 'issued' });
    await gqlData(await gw.gql(DELIVER, { id: note.id }, { key: s.key }));
    const carrier = await gw.gql(UPDATE, { id: note.id, input: { carrierName: 'Tarde' } }, { key: s.key });
    expect(gqlError(carrier)).toEqual({ code: 'NOT_EDITABLE', paths: ['carrierName'] });
    const date = await gw.gql(UPDATE, { id: note.id, input: { deliveryDate: '2020-01-01' } }, { key: s.key });
    expect(gqlError(date)).toEqual({ code: 'NOT_EDITABLE', paths: ['deliveryDate'] });
    const remark = await gqlData(
      await gw.gql(UPDATE, { id: note.id, input: { notes: 'Recibió Juan, faltó 1 bulto', metadata: { firma: 'JP' } } }, { key: s.key }),
    );
    expect(remark.updateDeliveryNote).toMatchObject({ notes: 'Recibió Juan, faltó 1 bulto', metadata: { firma: 'JP' }, status: 'delivered' });
    const invoiced = await gqlData(await gw.gql(UPDATE, { id: note.id, input: { status: 'invoiced', invoiceId: 'FA-9' } }, { key: s.key }));
    expect(invoiced.updateDeliveryNote).toMatchObject({ status: 'invoiced', invoiceId: 'FA-9' });
    const reinvoice = await gw.gql(UPDATE, { id: note.id, input: { invoiceId: 'FA-10' } }, { key: s.key });
    expect(gqlError(reinvoice)).toEqual({ code: 'NOT_EDITABLE', paths: ['invoiceId'] });

    const cancelled = await draft(s, { status: 'issued' });
    await gqlData(await gw.gql(CANCEL, { id: cancelled.id }, { key: s.key }));
    expect(gqlError(await gw.gql(UPDATE, { id: cancelled.id, input: { vehiclePlate: 'AAA111' } }, { key: s.key }))).toEqual({
      code: 'NOT_EDITABLE',
      paths: ['vehiclePlate'],
    });
    expect(
      (await gqlData(await gw.gql(UPDATE, { id: cancelled.id, input: { notes: 'anulado por error de carga' } }, { key: s.key }))).updateDeliveryNote.notes,
    ).toBe('anulado por error de carga');
  });

  it('moving to invoiced takes invoice_id when given, else leaves it null (contract §2.2); deliveryDate only with the move to delivered', async () => {
    const s = await setup();
    const note = await draft(s, { status: 'issued' });
    const noInvoice = await gw.rest('PUT', `/delivery_notes/${note.id}/`, { key: s.key, body: { status: 'delivered' } });
    expect(noInvoice.status).toBe(200);
    const invoiced = await gw.rest('PUT', `/delivery_notes/${note.id}/`, { key: s.key, body: { status: 'invoiced' } });
    expect(invoiced.status).toBe(200);
    expect(invoiced.body.data).toMatchObject({ status: 'invoiced', invoice_id: null });
    const withInvoice = await draft(s, { status: 'issued' });
    await gw.rest('PUT', `/delivery_notes/${withInvoice.id}/`, { key: s.key, body: { status: 'delivered' } });
    const linked = await gw.rest('PUT', `/delivery_notes/${withInvoice.id}/`, { key: s.key, body: { status: 'invoiced', invoice_id: '0001-00000042' } });
    expect(linked.body.data).toMatchObject({ status: 'invoiced', invoice_id: '0001-00000042' });
    const draftNote = await draft(s);
    const early = await gw.rest('PUT', `/delivery_notes/${draftNote.id}/`, { key: s.key, body: { delivery_date: '2025-01-01' } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'NOT_EDITABLE', details: [{ path: 'delivery_date' }] });
  });

  it('REST: a record sent back as read is accepted (computed fields ignored), also once issued', async () => {
    const s = await setup();
    const created = await gw.rest('POST', '/delivery_notes/', {
      key: s.key,
      body: {
        customer_id: s.customer,
        status: 'issued',
        items: [{ product_id: s.product.yerba, description: 'Yerba', quantity: 1, unit_price: 0.1 }],
        metadata: { order_ref: 'A-1', 'Lote-2': 'x' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ number: 1, total: 0.1, metadata: { order_ref: 'A-1', 'Lote-2': 'x' }, items: [{ subtotal: 0.1 }] });
    const read = await gw.rest('GET', `/delivery_notes/${created.body.data.id}/`, { key: s.key });
    const back = await gw.rest('PUT', `/delivery_notes/${created.body.data.id}/`, { key: s.key, body: { ...read.body.data, notes: 'ok' } });
    expect(back.status).toBe(200);
    expect(back.body.data).toEqual({ ...read.body.data, notes: 'ok', updated_at: expect.any(String) });
  });

  it('only drafts are deleted; an issued note is refused with 409 and stays', async () => {
    const s = await setup();
    const note = await draft(s);
    expect((await gqlData(await gw.gql(DELETE, { id: note.id }, { key: s.key }))).deleteDeliveryNote).toBe(note.id);
    expect(await storedNote(note.id)).toBeNull();
    const issued = await draft(s, { status: 'issued' });
    const res = await gw.rest('DELETE', `/delivery_notes/${issued.id}/`, { key: s.key });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_EDITABLE');
    expect(await storedNote(issued.id)).toMatchObject({ status: 'issued', number: 1 });
  });
});

describe('exact money', () => {
  it('1,000 lines at 0.1 total exactly 100.00; subtotals round half away from zero to the centavo', async () => {
    const s = await setup({});
    const items = Array.from({ length: 1000 }, (_, i) => ({ description: `Línea ${i}`, quantity: 1, unitPrice: 0.1 }));
    const note = await draft(s, { items });
    expect(note.total).toBe(100);
    expect((await storedNote(note.id)).total_cents).toBe(10000);
    const rounding = await draft(s, {
      items: [
        { description: 'a', quantity: 0.333, unitPrice: 0.15 },
        { description: 'b', quantity: 1.005, unitPrice: 1 },
      ],
    });
    // 0.333 × 0.15 = 0.04995 → 0.05; 1.005 × 1 = 1.005 → 1.01 (exact arithmetic, not binary floats).
    expect(rounding.items.map((item: { subtotal: number }) => item.subtotal)).toEqual([0.05, 1.01]);
    expect(rounding.total).toBe(1.06);
  });
});

describe('bulk', () => {
  const restItem = (s: Setup, quantity: number, extra: Record<string, unknown> = {}) => ({
    customer_id: s.customer,
    status: 'issued',
    items: [{ product_id: s.product.yerba, description: 'Yerba', quantity }],
    ...extra,
  });

  it('all_or_none: notes issued in one transaction, consecutive numbers, stock deducted for all', async () => {
    const s = await setup({ yerba: 10 });
    const res = await gw.rest('POST', '/delivery_notes/bulk/create/', {
      key: s.key,
      body: { items: [restItem(s, 2), restItem(s, 3), { customer_id: s.customer, items: [{ description: 'borrador', quantity: 1 }] }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.created).toBe(3);
    expect(res.body.data.items.map((note: { number: number | null; status: string }) => [note.status, note.number])).toEqual([
      ['issued', 1],
      ['issued', 2],
      ['draft', null],
    ]);
    expect(await stockOf(s.product.yerba)).toBe(5);
  });

  it('all_or_none: one note short of stock rolls back every note, number and stock movement', async () => {
    const s = await setup({ yerba: 10 });
    const count = () => gw.store.collection('delivery_notes').countDocuments({ account_id: new ObjectId(s.accountId) });
    const movements = () => gw.store.collection('stock_movements').countDocuments({ account_id: new ObjectId(s.accountId) });
    const [notesBefore, movementsBefore] = [await count(), await movements()];
    const res = await gw.rest('POST', '/delivery_notes/bulk/create/', { key: s.key, body: { items: [restItem(s, 4), restItem(s, 4), restItem(s, 4)] } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: expect.stringMatching(/^2\./), message: expect.stringContaining('needs 4, has 2') }]);
    expect(await count()).toBe(notesBefore);
    expect(await movements()).toBe(movementsBefore);
    expect(await stockOf(s.product.yerba)).toBe(10);
    // The numbers the failed batch took were given back.
    const next = await gw.rest('POST', '/delivery_notes/', { key: s.key, body: restItem(s, 1) });
    expect(next.body.data.number).toBe(1);
  });

  it('all_or_none: false: each note stands alone; the short one is reported, the others issued', async () => {
    const s = await setup({ yerba: 5 });
    const res = await gw.rest('POST', '/delivery_notes/bulk/create/', {
      key: s.key,
      body: {
        items: [restItem(s, 4), restItem(s, 4), restItem(s, 1), { customer_id: new ObjectId().toHexString(), items: [{ description: 'x', quantity: 1 }] }],
        all_or_none: false,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.created).toBe(2);
    expect(res.body.data.items.map((note: { number: number }) => note.number)).toEqual([1, 2]);
    expect(res.body.data.errors).toEqual([
      expect.objectContaining({ index: 1, code: 'INSUFFICIENT_STOCK' }),
      expect.objectContaining({ index: 3, code: 'BAD_USER_INPUT', details: [{ path: 'customer_id', message: 'no such customer in this account' }] }),
    ]);
    expect(await stockOf(s.product.yerba)).toBe(0);
  });

  it('bulk update moves several notes; bulk delete removes drafts and refuses issued ones', async () => {
    const s = await setup();
    const a = await draft(s);
    const b = await draft(s);
    const updated = await gw.rest('PUT', '/delivery_notes/bulk/update/', {
      key: s.key,
      body: {
        items: [
          { id: a.id, status: 'issued' },
          { id: b.id, notes: 'pendiente' },
        ],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.items.map((note: { status: string; notes: string | null }) => [note.status, note.notes])).toEqual([
      ['issued', null],
      ['draft', 'pendiente'],
    ]);
    const refused = await gw.rest('POST', '/delivery_notes/bulk/delete/', { key: s.key, body: { ids: [b.id, a.id] } });
    expect(refused.status).toBe(400);
    expect(await storedNote(b.id)).not.toBeNull();
    const partial = await gw.rest('POST', '/delivery_notes/bulk/delete/', { key: s.key, body: { ids: [b.id, a.id], all_or_none: false } });
    expect(partial.body.data).toMatchObject({ deleted: 1, items: [{ id: b.id, deleted: true }], errors: [{ index: 1, code: 'NOT_EDITABLE' }] });
  });
});

describe('GraphQL links', () => {
  const requestId = (res: HttpResult) => res.headers.get('x-request-id')!;
  const DASHBOARD = `{
    deliveryNotes(first: 100) {
      totalCount
      nodes { id number status total customer { id name } items { quantity product { id name sku } } }
    }
  }`;

  async function accountWith(count: number): Promise<Setup> {
    const s = await setup(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p${i}`, 1000])));
    const customers: string[] = [];
    for (let i = 0; i < 4; i++)
      customers.push((await gqlData(await gw.gql(`mutation { createCustomer(input: {name: "Cliente ${i}"}) { id } }`, {}, { key: s.key }))).createCustomer.id);
    const products = Object.values(s.product);
    const items = Array.from({ length: count }, (_, i) => ({
      customer_id: customers[i % customers.length],
      status: i % 2 ? 'issued' : 'draft',
      items: [
        { product_id: products[i % products.length], description: 'a', quantity: 1 },
        { product_id: products[(i + 1) % products.length], description: 'b', quantity: 2 },
        { description: 'sin producto', quantity: 1 },
      ],
    }));
    const res = await gw.rest('POST', '/delivery_notes/bulk/create/', { key: s.key, body: { items } });
    expect(res.body.data.created).toBe(count);
    await gw.gql('{ __typename }', {}, { key: s.key });
    return s;
  }

  it('a dashboard of 100 notes with customers and products costs as many commands as one of 10', async () => {
    const small = await accountWith(10);
    const large = await accountWith(100);
    const ten = await gw.gql(DASHBOARD, {}, { key: small.key });
    const hundred = await gw.gql(DASHBOARD, {}, { key: large.key });
    expect((await gqlData(ten)).deliveryNotes.nodes).toHaveLength(10);
    const nodes = (await gqlData(hundred)).deliveryNotes.nodes;
    expect(nodes).toHaveLength(100);
    expect(nodes[0].customer.name).toMatch(/^Cliente \d$/);
    expect(nodes[0].items[0].product).toMatchObject({ name: expect.stringMatching(/^p\d$/), sku: expect.stringMatching(/^SKU-p\d$/) });
    expect(nodes[0].items[2].product).toBeNull();
    const tenCommands = await gw.commandsOf(requestId(ten));
    const hundredCommands = await gw.commandsOf(requestId(hundred));
    expect(hundredCommands).toBe(tenCommands);
    expect(hundredCommands).toBeLessThanOrEqual(6);
  });

  it('Customer.deliveryNotes and Product.deliveryNotes, batched: as many commands for 4 customers as for 1', async () => {
    const s = await accountWith(20);
    const customersQuery = (first: number) => `{ customers(first: ${first}) { nodes { name deliveryNotes(first: 20) { id customerId } } } }`;
    const one = await gw.gql(customersQuery(1), {}, { key: s.key });
    const all = await gw.gql(customersQuery(10), {}, { key: s.key });
    const customers = (await gqlData(all)).customers.nodes;
    expect(customers).toHaveLength(5);
    expect(customers.map((c: { deliveryNotes: unknown[] }) => c.deliveryNotes.length).sort()).toEqual([0, 5, 5, 5, 5]);
    expect(await gw.commandsOf(requestId(all))).toBe(await gw.commandsOf(requestId(one)));

    const productsQuery = `{ products(first: 10) { nodes { id name deliveryNotes(first: 20) { id items { productId } } } } }`;
    const products = (await gqlData(await gw.gql(productsQuery, {}, { key: s.key }))).products.nodes;
    // Each product is on the lines of 8 of the 20 notes (its own index and the one before).
    expect(products.map((p: { deliveryNotes: unknown[] }) => p.deliveryNotes.length)).toEqual([8, 8, 8, 8, 8]);
    for (const product of products) {
      for (const note of product.deliveryNotes) expect(note.items.map((item: { productId: string | null }) => item.productId)).toContain(product.id);
    }
    const issuedOnly = await gqlData(
      await gw.gql(`{ products(first: 1) { nodes { deliveryNotes(status: issued, first: 2) { status } } } }`, {}, { key: s.key }),
    );
    expect(issuedOnly.products.nodes[0].deliveryNotes).toEqual([{ status: 'issued' }, { status: 'issued' }]);
  });

  it('Product.deliveryNotes needs delivery_notes:read besides the product scope', async () => {
    const s = await setup();
    const key = await gw.key(s.accountId, ['supplies:read']);
    const res = await gw.gql('{ products(first: 1) { nodes { name deliveryNotes { id } } } }', {}, { key });
    expect(res.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
