import { AccountingReportResolvers, LedgerAccountLinesResolver, LedgerLineResolver } from './accounting-reports.resolver';
import {
  JournalEntryMovesResolver,
  JournalEntryResolver,
  JournalLineResolver,
  LedgerAccountLinksResolver,
  LedgerAccountResolver,
  LedgerBalancesResolver,
} from './accounting.resolver';
import { BankMatchResolver, BankStatementLineResolver, BankStatementResolver, BankStatementsResolver } from './bank.resolver';
import { StatsDashboardResolver, StatsResolver } from './stats.resolver';
import { ActivityFeedResolver, ActivityResolver } from './activity.resolver';
import { CustomerResolver } from './customer.resolver';
import { DownloadResolver } from './downloads.resolver';
import {
  CustomerDeliveryNotesResolver,
  DeliveryNoteItemResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteResolver,
  ProductDeliveryNotesResolver,
} from './delivery-note.resolver';
import { ExpenseConnectionResolver, ExpenseMovesResolver, ExpenseResolver } from './expense.resolver';
import { IssuedVoucherImportResolver, IssuedVoucherResolver } from './issued-voucher.resolver';
import { IvaBookResolver } from './iva.resolver';
import { FceEventResolver, FceInvoiceResolver, FceResolver, IssuedVoucherFceResolver } from './fce.resolver';
import {
  FiscalCalendarReadResolvers,
  FiscalCalendarResolver,
  FiscalCloseResolvers,
  FiscalYearCalculationLinksResolver,
  FiscalYearLinksResolver,
} from './fiscal.resolver';
import { ProductLinksResolver, ProductResolver } from './product.resolver';
import { PostingResolver } from './posting.resolver';
import { ExpenseLinksResolver, JournalEntrySourceResolver, ReceivedInvoiceLinksResolver, SupplierPurchasesResolver } from './purchase-graph';
import { ReceivedInvoiceMovesResolver, ReceivedInvoiceResolver } from './received-invoice.resolver';
import { VoucherImportProgressResolver } from './voucher-import.resolver';
import { StockResolver } from './stock.resolver';
import { SupplierResolver } from './supplier.resolver';
import { SupplierSuppliesResolver, SupplyLinksResolver, SupplyResolver } from './supply.resolver';
import { TaxRuleCountryResolver, TaxRuleResolver } from './tax-rule.resolver';
import { AdditionalTaxpayerResolver, TaxpayerIdentitiesResolver } from './taxpayer.resolver';
import { TaxInfoResolver } from './tax-info.resolver';
import { WithholdingCertificatePrintResolver, WithholdingResolver } from './withholdings.resolver';
import { SupplyConsumptionItemResolver, SupplyConsumptionLinksResolver, SupplyConsumptionResolver } from './supply-consumption.resolver';

/** Every resolver class of the gateway. */
export const RESOLVERS: [Function, ...Function[]] = [
  ProductLinksResolver,
  ...ProductResolver,
  ...SupplierResolver,
  ...CustomerResolver,
  StockResolver,
  ActivityFeedResolver,
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
  LedgerBalancesResolver,
  ...JournalEntryResolver,
  JournalEntryMovesResolver,
  JournalLineResolver,
  FiscalCalendarResolver,
  ...FiscalCalendarReadResolvers,
  ...FiscalCloseResolvers,
  FiscalYearLinksResolver,
  FiscalYearCalculationLinksResolver,
  ...AccountingReportResolvers,
  LedgerAccountLinesResolver,
  LedgerLineResolver,
  ...ReceivedInvoiceResolver,
  ReceivedInvoiceMovesResolver,
  VoucherImportProgressResolver,
  ...TaxRuleResolver,
  TaxRuleCountryResolver,
  ...AdditionalTaxpayerResolver,
  TaxpayerIdentitiesResolver,
  BankStatementsResolver,
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
  StatsDashboardResolver,
  StatsResolver,
  FceResolver,
  FceInvoiceResolver,
  IssuedVoucherFceResolver,
  FceEventResolver,
  WithholdingResolver,
  WithholdingCertificatePrintResolver,
];
