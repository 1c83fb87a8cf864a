import type { IndexDescription } from 'mongodb';
import type { CollectionName } from '../store/catalog';
import { indexesOf } from './declare/indexes';
import type { ResourceDeclaration } from './declare/field';
import type { ListOrder } from './declare/declare.resource';
import type { Resource, StoredRecord } from './resource';
import { ledgerAccounts } from './accounting/accounts';
import { LEDGER_ACCOUNT } from './accounting/account-declaration';
import { journalEntries } from './accounting/journal';
import { JOURNAL_ENTRY } from './accounting/journal-declaration';
import { CUSTOMER } from './customers/customers.declaration';
import { customers } from './customers/customers.service';
import { DELIVERY_NOTE } from './delivery-notes/delivery-notes.declaration';
import { deliveryNotes } from './delivery-notes/delivery-notes.service';
import { EXPENSE } from './expenses/expenses.declaration';
import { expenses } from './expenses/expenses.service';
import { ISSUED_VOUCHER } from './issued-vouchers/issued-vouchers.declaration';
import { issuedVouchers } from './issued-vouchers/issued-vouchers.service';
import { PRODUCT } from './products/products.declaration';
import { products } from './products/products.service';
import { RECEIVED_INVOICE } from './received-invoices/received-invoices.declaration';
import { receivedInvoices } from './received-invoices/received-invoices.service';
import { SUPPLIER } from './suppliers/suppliers.declaration';
import { suppliers } from './suppliers/suppliers.service';
import { SUPPLY } from './supplies/supplies.declaration';
import { supplies } from './supplies/supplies.service';
import { SUPPLY_CONSUMPTION } from './supply-consumptions/supply-consumptions.declaration';
import { supplyConsumptions } from './supply-consumptions/supply-consumptions.service';
import { TAX_RULE } from './tax-rules/tax-rules.declaration';
import { taxRules } from './tax-rules/tax-rules.service';
import { ADDITIONAL_TAXPAYER } from './taxpayers/taxpayers.declaration';
import { additionalTaxpayers } from './taxpayers/taxpayers.service';

type Row = Record<string, unknown>;

/** A declared resource: its declaration and the domain Resource that serves it (the GraphQL and REST layers derive theirs). */
export interface Declared {
  declaration: ResourceDeclaration;
  resource: Resource<StoredRecord, Row, Row, Row, ListOrder>;
}

const declared = (declaration: ResourceDeclaration, resource: unknown): Declared => ({
  declaration,
  // Each Resource is typed by its own documents and inputs; over the registry they are handled as rows.
  resource: resource as Declared['resource'],
});

/**
 * Every resource that stands on a declaration: the one place a declared resource is registered. Its GraphQL types,
 * queries, mutations and REST routes are derived from this list (schema/declared.types.ts, resolvers/index.ts,
 * rest-compat/routes.ts), in this order (the order of the REST routes and of the OpenAPI document).
 */
export const DECLARED: Declared[] = [
  declared(SUPPLIER, suppliers),
  declared(CUSTOMER, customers),
  declared(PRODUCT, products),
  declared(SUPPLY, supplies),
  declared(SUPPLY_CONSUMPTION, supplyConsumptions),
  declared(EXPENSE, expenses),
  declared(DELIVERY_NOTE, deliveryNotes),
  declared(LEDGER_ACCOUNT, ledgerAccounts),
  declared(JOURNAL_ENTRY, journalEntries),
  declared(RECEIVED_INVOICE, receivedInvoices),
  declared(TAX_RULE, taxRules),
  declared(ADDITIONAL_TAXPAYER, additionalTaxpayers),
  declared(ISSUED_VOUCHER, issuedVouchers),
];

/** The declarations of every declared resource. */
export const DECLARATIONS: ResourceDeclaration[] = DECLARED.map(({ declaration }) => declaration);

/** The indexes the declared resources' lists need, by collection. */
export function declaredIndexes(): Partial<Record<CollectionName, IndexDescription[]>> {
  return Object.fromEntries(DECLARATIONS.map((declaration) => [declaration.collection, indexesOf(declaration)]));
}
