import type { GraphQLSchema } from 'graphql';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { resolvedFields as resolvedFieldsOf } from '../support/resolved-fields';

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

const resolvedFields = () => resolvedFieldsOf(schema);

/** The fields that run a resolver of their own: relations and computed values. */
const RESOLVED = [
  'ActivityEntry.record',
  'BankMatch.journalEntry',
  'BankMatch.journalLine',
  'BankStatement.lines',
  'BankStatement.reconciliation',
  'BankStatementLine.matchExplanation',
  'BankStatementLine.matches',
  'Customer.deliveryNotes',
  'DeliveryNote.customer',
  'DeliveryNoteItem.product',
  'Expense.journalEntry',
  'Expense.receivedInvoice',
  'Expense.supplier',
  'ExpenseConnection.totalAmount',
  'FceEvent.fceInvoice',
  'FceInvoice.events',
  'FiscalYear.closingEntry',
  'FiscalYearCalculation.closingEntry',
  'IssuedVoucher.fce',
  'IvaBookEntry.source',
  'JournalEntry.reversal',
  'JournalEntry.reverses',
  'JournalEntry.sourceExpense',
  'JournalEntry.sourceReceivedInvoice',
  'JournalLine.account',
  'LedgerAccount.balance',
  'LedgerAccount.children',
  'LedgerAccount.lines',
  'LedgerAccount.parent',
  'LedgerLine.entry',
  'LedgerRunningLine.entry',
  'Product.deliveryNotes',
  'Product.stockMovements',
  'ReceivedInvoice.linkedAccount',
  'ReceivedInvoice.linkedExpense',
  'ReceivedInvoice.linkedJournalEntry',
  'ReceivedInvoice.supplier',
  'Supplier.expenses',
  'Supplier.receivedInvoices',
  'Supplier.supplies',
  'Supply.stockMovements',
  'Supply.supplier',
  'SupplyConsumption.createdBy',
  'SupplyConsumption.customer',
  'SupplyConsumption.revertedBy',
  'SupplyConsumptionItem.supply',
  'Withholding.certificate',
  'Withholding.journalEntry',
  'Withholding.supplier',
  'WithholdingCertificate.html',
  'WithholdingCertificate.pdfBase64',
].sort();

it('only fields with their own resolver (relations, computed totals) run one', () => {
  expect(resolvedFields()).toEqual(RESOLVED);
});

it('serving GraphQL does not wrap the plain fields afterwards, and answers stay uncacheable', async () => {
  const { key } = await gw.account(['suppliers:read']);
  const ok = await gw.gql('{ suppliers(first: 5) { totalCount nodes { id name } } }', {}, { key });
  expect(ok.body.errors).toBeUndefined();
  expect(ok.headers.get('cache-control')).toBe('no-store');
  const refused = await gw.gql('{ suppliers(first: 5) { nodes { nope } } }', {}, { key });
  expect(refused.status).toBe(400);
  expect(refused.headers.get('cache-control')).toBe('no-store');
  expect(resolvedFields()).toEqual(RESOLVED);
});

it('a field resolver keeps its scope check', async () => {
  const { key } = await gw.account(['delivery_notes:read']);
  const result = await gw.gql('{ products(first: 1) { nodes { id } } }', {}, { key });
  expect(result.body.errors[0].extensions.code).toBe('FORBIDDEN');
});

it('a repeated document with the same plain variables is measured once; other values and object variables again', async () => {
  const { key } = await gw.account(['suppliers:read']);
  // The cost walk asks the suppliers field for its cost once per walk.
  const field = schema.getQueryType()!.getFields().suppliers;
  const original = field.extensions.complexity as (...args: unknown[]) => number;
  const measure = jest.fn((...args: unknown[]) => original(...args));
  (field.extensions as Record<string, unknown>).complexity = measure;
  try {
    const query = 'query Page($first: Int) { suppliers(first: $first) { totalCount nodes { id } } }';
    for (let i = 0; i < 3; i++) expect((await gw.gql(query, { first: 7 }, { key })).body.errors).toBeUndefined();
    expect(measure).toHaveBeenCalledTimes(1);
    await gw.gql(query, { first: 8 }, { key });
    expect(measure).toHaveBeenCalledTimes(2);
    const filtered = 'query($filter: SupplierFilter) { suppliers(filter: $filter) { totalCount } }';
    await gw.gql(filtered, { filter: { status: 'active' } }, { key });
    await gw.gql(filtered, { filter: { status: 'active' } }, { key });
    expect(measure).toHaveBeenCalledTimes(4);
  } finally {
    (field.extensions as Record<string, unknown>).complexity = original;
  }
});

it('a repeated document over the limits is refused every time', async () => {
  const { key } = await gw.account(['suppliers:read']);
  const costly = `{ ${Array.from({ length: 5 }, (_, i) => `s${i}: suppliers(first: 100) { nodes { id name email phone taxId contactName category tags notes status createdAt updatedAt address { text street city state postalCode country } fiscalInfo { condicionIva } } }`).join(' ')} }`;
  const deep = '{ suppliers { nodes { supplies { supplier { supplies { supplier { supplies { supplier { supplies { supplier { id } } } } } } } } } } }';
  for (let i = 0; i < 2; i++) {
    for (const query of [costly, deep]) {
      const refused = await gw.gql(query, {}, { key });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    }
  }
});
