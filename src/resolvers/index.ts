import { JournalEntryMovesResolver, JournalEntryResolver, JournalLineResolver, LedgerAccountLinksResolver, LedgerAccountResolver } from './accounting';
import { CustomerResolver } from './customer';
import {
  CustomerDeliveryNotesResolver,
  DeliveryNoteItemResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteResolver,
  ProductDeliveryNotesResolver,
} from './delivery-note';
import { ExpenseConnectionResolver, ExpenseMovesResolver, ExpenseResolver } from './expense';
import { ProductLinksResolver, ProductResolver } from './product';
import { ReceivedInvoiceMovesResolver, ReceivedInvoiceResolver, SupplierReceivedInvoicesResolver } from './received-invoice';
import { StockResolver } from './stock';
import { SupplierResolver } from './supplier';
import { SupplierSuppliesResolver, SupplyLinksResolver, SupplyResolver } from './supply';
import { TaxRuleCountryResolver, TaxRuleResolver } from './tax-rule';
import { AdditionalTaxpayerResolver, TaxpayerIdentitiesResolver } from './taxpayer';
import { TaxInfoResolver } from './tax-info';
import { SupplyConsumptionItemResolver, SupplyConsumptionLinksResolver, SupplyConsumptionResolver } from './supply-consumption';

/** Every resolver class of the gateway. */
export const RESOLVERS: [Function, ...Function[]] = [
  ProductLinksResolver,
  ...ProductResolver,
  ...SupplierResolver,
  ...CustomerResolver,
  StockResolver,
  ...SupplyResolver,
  SupplyLinksResolver,
  SupplierSuppliesResolver,
  ...SupplyConsumptionResolver,
  SupplyConsumptionLinksResolver,
  SupplyConsumptionItemResolver,
  ...ExpenseResolver,
  ExpenseMovesResolver,
  ExpenseConnectionResolver,
  ...DeliveryNoteResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteItemResolver,
  CustomerDeliveryNotesResolver,
  ProductDeliveryNotesResolver,
  ...LedgerAccountResolver,
  LedgerAccountLinksResolver,
  ...JournalEntryResolver,
  JournalEntryMovesResolver,
  JournalLineResolver,
  ...ReceivedInvoiceResolver,
  ReceivedInvoiceMovesResolver,
  SupplierReceivedInvoicesResolver,
  ...TaxRuleResolver,
  TaxRuleCountryResolver,
  ...AdditionalTaxpayerResolver,
  TaxpayerIdentitiesResolver,
  TaxInfoResolver,
];
