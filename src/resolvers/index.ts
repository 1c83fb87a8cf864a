import { AccountingReportResolvers, LedgerAccountLinesResolver, LedgerLineResolver } from './accounting-reports.resolver';
import { JournalEntryMovesResolver, JournalLineResolver, LedgerAccountLinksResolver, LedgerBalancesResolver } from './accounting.resolver';
import { BankMatchResolver, BankStatementLineResolver, BankStatementResolver, BankStatementsResolver } from './bank.resolver';
import { StatsDashboardResolver, StatsResolver } from './stats.resolver';
import { ActivityFeedResolver, ActivityResolver } from './activity.resolver';
import { DECLARED_RESOLVERS } from './declared.resolver';
import { DownloadResolver } from './downloads.resolver';
import { CustomerDeliveryNotesResolver, DeliveryNoteItemResolver, DeliveryNoteMovesResolver, ProductDeliveryNotesResolver } from './delivery-note.resolver';
import { ExpenseConnectionResolver, ExpenseMovesResolver } from './expense.resolver';
import { IssuedVoucherImportResolver } from './issued-voucher.resolver';
import { IvaBookResolver } from './iva.resolver';
import { FceEventResolver, FceInvoiceResolver, FceResolver, IssuedVoucherFceResolver } from './fce.resolver';
import {
  FiscalCalendarReadResolvers,
  FiscalCalendarResolver,
  FiscalCloseResolvers,
  FiscalYearCalculationLinksResolver,
  FiscalYearLinksResolver,
} from './fiscal.resolver';
import { ProductLinksResolver } from './product.resolver';
import { PostingResolver } from './posting.resolver';
import { ExpenseLinksResolver, JournalEntrySourceResolver, ReceivedInvoiceLinksResolver, SupplierPurchasesResolver } from './purchase-graph';
import { ReceivedInvoiceMovesResolver } from './received-invoice.resolver';
import { VoucherImportProgressResolver } from './voucher-import.resolver';
import { StockResolver } from './stock.resolver';
import { SupplierSuppliesResolver, SupplyLinksResolver } from './supply.resolver';
import { TaxRuleCountryResolver } from './tax-rule.resolver';
import { TaxpayerIdentitiesResolver } from './taxpayer.resolver';
import { TaxInfoResolver } from './tax-info.resolver';
import { WithholdingCertificatePrintResolver, WithholdingResolver } from './withholdings.resolver';
import { SupplyConsumptionItemResolver, SupplyConsumptionLinksResolver } from './supply-consumption.resolver';

/** Every resolver class of the gateway: the declared resources' standard ones (derived from DECLARED) and the rest. */
export const RESOLVERS: [Function, ...Function[]] = [
  ProductLinksResolver,
  ...DECLARED_RESOLVERS,
  StockResolver,
  ActivityFeedResolver,
  ActivityResolver,
  SupplyLinksResolver,
  SupplierSuppliesResolver,
  SupplyConsumptionLinksResolver,
  SupplyConsumptionItemResolver,
  ExpenseMovesResolver,
  ExpenseConnectionResolver,
  DeliveryNoteMovesResolver,
  DeliveryNoteItemResolver,
  DownloadResolver,
  CustomerDeliveryNotesResolver,
  ProductDeliveryNotesResolver,
  LedgerAccountLinksResolver,
  LedgerBalancesResolver,
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
  ReceivedInvoiceMovesResolver,
  VoucherImportProgressResolver,
  TaxRuleCountryResolver,
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
