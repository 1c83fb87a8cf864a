import { isObjectType, type GraphQLSchema } from 'graphql';
import { gatewaySchema } from '../../src/schema/build';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Per-field work is what large results cost: plain fields are read by graphql-js's default resolver (no
 * TypeGraphQL middleware chain, no Apollo instrumentation), while every field that has logic or a guard keeps its
 * resolver. Counted on the schema itself, not timed.
 */

let gw: TestGateway;
let schema: GraphQLSchema;
beforeAll(async () => {
  gw = await startTestGateway();
  schema = await gatewaySchema();
});
afterAll(async () => {
  await gw?.stop();
});

function resolvedFields(): string[] {
  const names: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type.name === 'Query' || type.name === 'Mutation') continue;
    for (const field of Object.values(type.getFields())) if (field.resolve) names.push(`${type.name}.${field.name}`);
  }
  return names.sort();
}

it('only fields with their own resolver (relations, computed totals) run one', () => {
  expect(resolvedFields()).toEqual(
    [
      'Customer.deliveryNotes',
      'DeliveryNote.customer',
      'DeliveryNoteItem.product',
      'Expense.supplier',
      'ExpenseConnection.totalAmount',
      'Product.deliveryNotes',
      'Product.stockMovements',
      'Supplier.supplies',
      'Supply.stockMovements',
      'Supply.supplier',
      'SupplyConsumption.createdBy',
      'SupplyConsumption.customer',
      'SupplyConsumption.revertedBy',
      'SupplyConsumptionItem.supply',
    ].sort(),
  );
});

it('serving GraphQL does not wrap the plain fields afterwards, and answers stay uncacheable', async () => {
  const { key } = await gw.account(['suppliers:read']);
  const ok = await gw.gql('{ suppliers(first: 5) { totalCount nodes { id name } } }', {}, { key });
  expect(ok.body.errors).toBeUndefined();
  expect(ok.headers.get('cache-control')).toBe('no-store');
  const refused = await gw.gql('{ suppliers(first: 5) { nodes { nope } } }', {}, { key });
  expect(refused.status).toBe(400);
  expect(refused.headers.get('cache-control')).toBe('no-store');
  expect(resolvedFields()).toHaveLength(14);
});

it('a field resolver keeps its scope check', async () => {
  const { key } = await gw.account(['delivery_notes:read']);
  const result = await gw.gql('{ products(first: 1) { nodes { id } } }', {}, { key });
  expect(result.body.errors[0].extensions.code).toBe('FORBIDDEN');
});
