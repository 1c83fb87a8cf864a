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
import { ProductResolver } from './product';
import { StockResolver } from './stock';
import { SupplierResolver } from './supplier';
import { SupplierSuppliesResolver, SupplyLinksResolver, SupplyResolver } from './supply';
import { SupplyConsumptionItemResolver, SupplyConsumptionResolver } from './supply-consumption';

/** Every resolver class of the gateway. */
export const RESOLVERS = [
  SupplierResolver,
  ProductResolver,
  CustomerResolver,
  StockResolver,
  SupplyResolver,
  SupplyLinksResolver,
  SupplierSuppliesResolver,
  SupplyConsumptionResolver,
  SupplyConsumptionItemResolver,
  ExpenseResolver,
  ExpenseMovesResolver,
  ExpenseConnectionResolver,
  DeliveryNoteResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteItemResolver,
  CustomerDeliveryNotesResolver,
  ProductDeliveryNotesResolver,
  LedgerAccountResolver,
  LedgerAccountLinksResolver,
  JournalEntryResolver,
  JournalEntryMovesResolver,
  JournalLineResolver,
] as const;
