import type { IndexDescription } from 'mongodb';
import type { CollectionName } from '../store/catalog';
import { indexesOf } from './declare/indexes';
import type { ResourceDeclaration } from './declare/field';
import { CUSTOMER } from './customers/customers.declaration';
import { LEDGER_ACCOUNT } from './accounting/account-declaration';
import { JOURNAL_ENTRY } from './accounting/journal-declaration';
import { DELIVERY_NOTE } from './delivery-notes/delivery-notes.declaration';
import { EXPENSE } from './expenses/expenses.declaration';
import { ISSUED_VOUCHER } from './issued-vouchers/issued-vouchers.declaration';
import { PRODUCT } from './products/products.declaration';
import { RECEIVED_INVOICE } from './received-invoices/received-invoices.declaration';
import { SUPPLIER } from './suppliers/suppliers.declaration';
import { SUPPLY } from './supplies/supplies.declaration';
import { SUPPLY_CONSUMPTION } from './supply-consumptions/supply-consumptions.declaration';
import { TAX_RULE } from './tax-rules/tax-rules.declaration';
import { ADDITIONAL_TAXPAYER } from './taxpayers/taxpayers.declaration';

/** Every resource that stands on a declaration. */
export const DECLARATIONS: ResourceDeclaration[] = [
  SUPPLIER,
  SUPPLY,
  EXPENSE,
  DELIVERY_NOTE,
  SUPPLY_CONSUMPTION,
  CUSTOMER,
  PRODUCT,
  LEDGER_ACCOUNT,
  JOURNAL_ENTRY,
  RECEIVED_INVOICE,
  TAX_RULE,
  ADDITIONAL_TAXPAYER,
  ISSUED_VOUCHER,
];

/** The indexes the declared resources' lists need, by collection. */
export function declaredIndexes(): Partial<Record<CollectionName, IndexDescription[]>> {
  return Object.fromEntries(DECLARATIONS.map((declaration) => [declaration.collection, indexesOf(declaration)]));
}
