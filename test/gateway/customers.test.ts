import { startTestGateway, type TestGateway } from '../support/gateway';

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway();
  ({ key } = await gw.account(['delivery_notes:read', 'delivery_notes:write']));
});
afterAll(async () => {
  await gw?.stop();
});

const CREATE =
  'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { id name documentType documentNumber ivaCondition address { text street city } email } }';
const UPDATE = 'mutation($id: ID!, $input: UpdateCustomerInput!) { updateCustomer(id: $id, input: $input) { name documentNumber email address { text } } }';

function problems(result: { body: any }): string[] {
  return (result.body.errors?.[0]?.extensions?.details ?? []).map((detail: { path: string }) => detail.path).sort();
}

describe('customers', () => {
  it('stores a CUIT as its 11 digits, whatever its separators', async () => {
    const created = await gw.gql(
      CREATE,
      {
        input: {
          name: 'Ferretería Sur',
          documentType: 'CUIT',
          documentNumber: '30-71234567-1',
          ivaCondition: 'responsable_inscripto',
          address: { street: 'Mitre 100', city: 'Quilmes' },
        },
      },
      { key },
    );
    expect(created.body.data.createCustomer).toMatchObject({
      documentType: 'CUIT',
      documentNumber: '30712345671',
      ivaCondition: 'responsable_inscripto',
      address: { text: null, street: 'Mitre 100', city: 'Quilmes' },
    });
  });

  it.each([
    ['CUIT with a wrong check digit', { documentType: 'CUIT', documentNumber: '30-71234567-0' }, ['documentNumber']],
    ['CUIL too short', { documentType: 'CUIL', documentNumber: '2012345678' }, ['documentNumber']],
    ['DNI with 6 digits', { documentType: 'DNI', documentNumber: '123456' }, ['documentNumber']],
    ['DNI with 9 digits', { documentType: 'DNI', documentNumber: '123456789' }, ['documentNumber']],
    ['name of 1 character', { name: 'A' }, ['name']],
    ['name of 201 characters', { name: 'x'.repeat(201) }, ['name']],
    ['invalid email', { email: 'nope' }, ['email']],
    ['address as text and parts', { address: { text: 'Calle 1', city: 'X' } }, ['address']],
  ])('refuses %s naming the field', async (_title, fields, paths) => {
    const result = await gw.gql(CREATE, { input: { name: 'Cliente', ...fields } }, { key });
    expect(result.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(problems(result)).toEqual(paths);
  });

  it.each([
    ['DNI with 7 digits', { documentType: 'DNI', documentNumber: '1234567' }],
    ['DNI with dots', { documentType: 'DNI', documentNumber: '12.345.678' }],
    ['passport of free form', { documentType: 'PASAPORTE', documentNumber: 'AAB123456' }],
    ['name of 200 characters', { name: 'x'.repeat(200) }],
  ])('accepts %s', async (_title, fields) => {
    const result = await gw.gql(CREATE, { input: { name: 'Cliente', ...fields } }, { key });
    expect(result.body.errors).toBeUndefined();
  });

  it('updates partially and clears a field with null', async () => {
    const id = (await gw.gql(CREATE, { input: { name: 'Cliente X', email: 'x@example.com', address: { text: 'Calle 1' } } }, { key })).body.data.createCustomer
      .id;
    const updated = await gw.gql(UPDATE, { id, input: { email: null } }, { key });
    expect(updated.body.data.updateCustomer).toEqual({ name: 'Cliente X', documentNumber: null, email: null, address: { text: 'Calle 1' } });
    const stored = await gw.store.collection('customers').findOne({ name: 'Cliente X' });
    expect(stored).not.toHaveProperty('email');
  });

  it('lists with a literal text search, in name order', async () => {
    const { key: own } = await gw.account(['delivery_notes:read', 'delivery_notes:write']);
    for (const name of ['Zeta SA', 'Alfa (.*) SRL', 'Beta SA']) await gw.gql(CREATE, { input: { name } }, { key: own });
    const all = await gw.gql('{ customers { totalCount nodes { name } } }', {}, { key: own });
    expect(all.body.data.customers).toEqual({ totalCount: 3, nodes: [{ name: 'Alfa (.*) SRL' }, { name: 'Beta SA' }, { name: 'Zeta SA' }] });
    const found = await gw.gql('query($s: String) { customers(filter: { search: $s }) { nodes { name } } }', { s: '(.*)' }, { key: own });
    expect(found.body.data.customers.nodes).toEqual([{ name: 'Alfa (.*) SRL' }]);
  });
});

describe('customers with their latest delivery notes', () => {
  it('cost a constant number of MongoDB commands and give each customer its own newest notes, by status', async () => {
    const { key: own } = await gw.account(['delivery_notes:read', 'delivery_notes:write']);
    const NOTE = 'mutation($i: CreateDeliveryNoteInput!) { createDeliveryNote(input: $i) { id } }';
    const query =
      '{ customers(first: 100) { nodes { name latest: deliveryNotes(first: 2) { notes } drafts: deliveryNotes(status: draft, first: 5) { notes } } } }';
    const counts: number[] = [];
    let made = 0;
    for (const total of [3, 30]) {
      for (; made < total; made++) {
        const customerId = (await gw.gql(CREATE, { input: { name: `Cliente ${String(made).padStart(2, '0')}` } }, { key: own })).body.data.createCustomer.id;
        // made % 3 + 1 notes; the first one of each customer is issued, the others drafts.
        for (let n = 0; n <= made % 3; n++) {
          const created = await gw.gql(
            NOTE,
            { i: { customerId, items: [{ description: 'x', quantity: 1 }], notes: `c${made}-n${n}`, status: n === 0 ? 'issued' : 'draft' } },
            { key: own },
          );
          expect(created.body.errors).toBeUndefined();
        }
      }
      const result = await gw.gql(query, {}, { key: own });
      expect(result.body.errors).toBeUndefined();
      const nodes = result.body.data.customers.nodes as Array<{ name: string; latest: Array<{ notes: string }>; drafts: Array<{ notes: string }> }>;
      expect(nodes).toHaveLength(total);
      for (const node of nodes) {
        const c = Number(node.name.slice(-2));
        const all = Array.from({ length: (c % 3) + 1 }, (_, n) => `c${c}-n${n}`).reverse();
        expect(node.latest.map((note) => note.notes)).toEqual(all.slice(0, 2));
        expect(node.drafts.map((note) => note.notes)).toEqual(all.filter((text) => !text.endsWith('-n0')));
      }
      counts.push(await gw.commandsOf(result.headers.get('x-request-id')!));
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
