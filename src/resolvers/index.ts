import { AccountingReportsResolver, LedgerAccountLinesResolver, LedgerLineResolver } from './accounting-reports';
import { JournalEntryMovesResolver, JournalEntryResolver, JournalLineResolver, LedgerAccountLinksResolver, LedgerAccountResolver } from './accounting';
import { BankMatchResolver, BankStatementLineResolver, BankStatementResolver } from './bank';
import { StatsResolver } from './stats';
import { ActivityResolver } from './activity';
import { CustomerResolver } from './customer';
import { DownloadResolver } from './downloads';
import {
  CustomerDeliveryNotesResolver,
  DeliveryNoteItemResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteResolver,
  ProductDeliveryNotesResolver,
} from './delivery-note';
import { ExpenseConnectionResolver, ExpenseMovesResolver, ExpenseResolver } from './expense';
import { IssuedVoucherImportResolver, IssuedVoucherResolver } from './issued-voucher';
import { IvaBookResolver } from './iva';
import { FceEventResolver, FceInvoiceResolver, FceResolver, IssuedVoucherFceResolver } from './fce';
import { FiscalCalendarResolver, FiscalCloseResolver, FiscalYearCalculationLinksResolver, FiscalYearLinksResolver } from './fiscal';
import { ProductLinksResolver, ProductResolver } from './product';
import { PostingResolver } from './posting';
import { ExpenseLinksResolver, JournalEntrySourceResolver, ReceivedInvoiceLinksResolver, SupplierPurchasesResolver } from './purchase-graph';
import { ReceivedInvoiceMovesResolver, ReceivedInvoiceResolver } from './received-invoice';
import { StockResolver } from './stock';
import { SupplierResolver } from './supplier';
import { SupplierSuppliesResolver, SupplyLinksResolver, SupplyResolver } from './supply';
import { TaxRuleCountryResolver, TaxRuleResolver } from './tax-rule';
import { AdditionalTaxpayerResolver, TaxpayerIdentitiesResolver } from './taxpayer';
import { TaxInfoResolver } from './tax-info';
import { WithholdingCertificatePrintResolver, WithholdingResolver } from './withholdings';
import { SupplyConsumptionItemResolver, SupplyConsumptionLinksResolver, SupplyConsumptionResolver } from './supply-consumption';

/** Every resolver class of the gateway. */
export const RESOLVERS: [Function, ...Function[]] = [
  ProductLinksResolver,
  ...ProductResolver,
  ...SupplierResolver,
  ...CustomerResolver,
  StockResolver,
  ActivityResolver,
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
  DownloadResolver,
  CustomerDeliveryNotesResolver,
  ProductDeliveryNotesResolver,
  ...LedgerAccountResolver,
  LedgerAccountLinksResolver,
  ...JournalEntryResolver,
  JournalEntryMovesResolver,
  JournalLineResolver,
  FiscalCalendarResolver,
  FiscalCloseResolver,
  FiscalYearLinksResolver,
  FiscalYearCalculationLinksResolver,
  AccountingReportsResolver,
  LedgerAccountLinesResolver,
  LedgerLineResolver,
  ...ReceivedInvoiceResolver,
  ReceivedInvoiceMovesResolver,
  ...TaxRuleResolver,
  TaxRuleCountryResolver,
  ...AdditionalTaxpayerResolver,
  TaxpayerIdentitiesResolver,
  BankStatementResolver,
  BankStatementLineResolver,
  BankMatchResolver,
  PostingResolver,
  ReceivedInvoiceLinksResolver,
  ExpenseLinksResolver,
  JournalEntrySourceResolver,
  SupplierPurchasesResolver,
  ...IssuedVoucherResolver,
  IssuedVoucherImportResolver,
  TaxInfoResolver,
  IvaBookResolver,
  StatsResolver,
  FceResolver,
  FceInvoiceResolver,
  IssuedVoucherFceResolver,
  FceEventResolver,
  WithholdingResolver,
  WithholdingCertificatePrintResolver,
];
