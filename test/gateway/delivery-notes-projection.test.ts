import type { CommandStartedEvent } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * A delivery-note list reads only the stored fields its selection needs, and answers exactly what it answers when
 * every field is read; relations still find their references.
 */

let gw: TestGateway;
let key: string;
const finds: CommandStartedEvent[] = [];
/** Reads of the notes' customers and products, by collection. */
const related: CommandStartedEvent[] = [];
const record = (event: CommandStartedEvent) => {
  if (event.commandName === 'find' && event.command.find === 'delivery_notes') finds.push(event);
  if (event.commandName === 'find' && ['customers', 'products'].includes(event.command.find)) related.push(event);
};

beforeAll(async () => {
  gw = await startTestGateway({}, undefined, { monitorCommands: true });
  ({ key } = await gw.account(['delivery_notes:read', 'delivery_notes:write', 'supplies:read', 'supplies:write']));
  const gql = async (query: string, variables: Record<string, unknown>) => (await gw.gql(query, variables, { key })).body.data;
  const customer = (await gql('mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', { i: { name: 'Cliente Uno' } })).createCustomer.id;
  const product = (
    await gql('mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', { i: { name: 'Yerba', sku: 'Y-1', price: 10, stock: 100 } })
  ).createProduct.id;
  for (const status of ['issued', 'draft']) {
    const items = [
      { productId: product, description: 'Yerba mate', quantity: 2, unitPrice: 10.5 },
      { description: 'Flete', quantity: 1 },
    ];
    await gql('mutation($i: CreateDeliveryNoteInput!) { createDeliveryNote(input: $i) { id } }', {
      i: { customerId: customer, items, status, carrierName: 'Transportes Sur', notes: 'frágil', metadata: { pedido: '42' } },
    });
  }
  gw.store.client.on('commandStarted', record);
});
afterAll(async () => {
  gw?.store.client.off('commandStarted', record);
  await gw?.stop();
});

const ALL = `id customerId customerName customerDocument salePoint number formattedNumber status reference total originAddress
  destinationAddress carrierName carrierDocument driverName vehiclePlate trailerPlate departureDate notes metadata stockDeducted
  issueDate deliveryDate invoiceId cae cancelledAt createdAt updatedAt
  items { productId variantId sku description quantity unit unitPrice subtotal metadata product { name sku } }
  customer { name }`;

async function list(selection: string, fragments = '') {
  finds.length = 0;
  const result = await gw.gql(`{ deliveryNotes(first: 10) { totalCount ${selection} } } ${fragments}`, {}, { key });
  expect(result.body.errors).toBeUndefined();
  return { connection: result.body.data.deliveryNotes, projection: finds.at(-1)?.command.projection };
}

it('a few fields: only their sources are read, and their values are those of a full read', async () => {
  const full = await list(`nodes { ${ALL} }`);
  const few = await list('nodes { number formattedNumber customer { name } items { quantity product { name sku } } }');
  expect(few.projection).toEqual({ customer_id: 1, 'items.quantity_milli': 1, formatted_number: 1, number: 1, 'items.product_id': 1 });
  expect(full.connection.nodes).toHaveLength(2);
  expect(few.connection.nodes).toEqual(
    full.connection.nodes.map((note: any) => ({
      number: note.number,
      formattedNumber: note.formattedNumber,
      customer: note.customer,
      items: note.items.map((item: any) => ({ quantity: item.quantity, product: item.product })),
    })),
  );
});

it('fields asked through edges, fragments and aliases count too', async () => {
  const { connection, projection } = await list('edges { node { ...N } } nodes { t: total }', 'fragment N on DeliveryNote { notes metadata }');
  expect(projection).toEqual({ notes: 1, metadata: 1, total_cents: 1 });
  expect(connection.edges.map((edge: any) => edge.node)).toEqual([
    { notes: 'frágil', metadata: { pedido: '42' } },
    { notes: 'frágil', metadata: { pedido: '42' } },
  ]);
  expect(connection.nodes).toEqual([{ t: 21 }, { t: 21 }]);
});

it('a page of totals only reads little; the REST list still reads every field of its record', async () => {
  expect((await list('')).projection).toEqual({ _id: 1 });
  finds.length = 0;
  const rest = await gw.rest('GET', '/delivery_notes/list/', { key });
  expect(rest.status).toBe(200);
  expect(rest.body.data.items[0]).toMatchObject({ carrier_name: 'Transportes Sur', notes: 'frágil', metadata: { pedido: '42' }, total: 21 });
  // Every stored field but the account: 31 of the note, 9 of its lines.
  expect(Object.keys(finds.at(-1)?.command.projection ?? {})).toHaveLength(40);
});

it("the notes' customers and products are read with only what the query asks of them, and answer as whole reads do", async () => {
  const relatedOf = async (selection: string) => {
    related.length = 0;
    const { connection } = await list(`nodes { ${selection} }`);
    return { nodes: connection.nodes, projections: Object.fromEntries(related.map((event) => [event.command.find, event.command.projection])) };
  };
  const whole = await relatedOf('customer { id name documentNumber email createdAt } items { product { id name sku price stock unit } }');
  const few = await relatedOf('customer { name } items { product { name sku } }');
  expect(few.projections).toEqual({ customers: { name: 1 }, products: { name: 1, sku: 1 } });
  expect(whole.projections).toEqual({
    customers: { _id: 1, name: 1, document_number: 1, email: 1, created_at: 1 },
    products: { _id: 1, name: 1, sku: 1, price_cents: 1, stock_milli: 1, unit: 1 },
  });
  expect(few.nodes).toEqual(
    whole.nodes.map((note: any) => ({
      customer: { name: note.customer.name },
      items: note.items.map((item: any) => ({ product: item.product && { name: item.product.name, sku: item.product.sku } })),
    })),
  );
  expect(whole.nodes[0].customer).toMatchObject({ name: 'Cliente Uno', documentNumber: null, email: null });
  expect(whole.nodes[0].items[0].product).toEqual({ id: expect.any(String), name: 'Yerba', sku: 'Y-1', price: 10, stock: expect.any(Number), unit: 'unidad' });
  expect(whole.nodes[0].items[1].product).toBeNull();
});

it('a related record asked for a field the declaration does not source is read whole, and that field still answers', async () => {
  related.length = 0;
  const { connection } = await list('nodes { items { product { name deliveryNotes(first: 2) { status } } } }');
  expect(related.find((event) => event.command.find === 'products')?.command.projection).toBeUndefined();
  expect(connection.nodes[0].items[0].product).toEqual({ name: 'Yerba', deliveryNotes: [{ status: 'draft' }, { status: 'issued' }] });
});
