import { ADDITIONAL_TAXPAYER } from '../domain/taxpayers/taxpayers.declaration';
import { DECLARATIONS } from '../domain/declarations';
import { JOURNAL_ENTRY } from '../domain/accounting/journal-declaration';
import { LEDGER_ACCOUNT } from '../domain/accounting/account-declaration';
import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { SUPPLY_CONSUMPTION } from '../domain/supply-consumptions/supply-consumptions.declaration';
import { TAX_RULE } from '../domain/tax-rules/tax-rules.declaration';
import { JOURNAL_ENTRY_ROUTES, LEDGER_ACCOUNT_ROUTES } from './accounting.routes';
import { ACCOUNTING_EXPORT_ROUTES } from './accounting-exports';
import { BOOK_EXPORT_ROUTES } from './book-exports';
import { BANK_ROUTES } from './bank.routes';
import { ACCOUNTING_REPORT_ROUTES } from './accounting-reports.routes';
import { declaredRoutes } from './declared.routes';
import { ISSUED_VOUCHER_ROUTES } from './issued-vouchers.routes';
import { IVA_COMPONENTS, IVA_ROUTES } from './iva.routes';
import { FCE_ROUTES } from './fce.routes';
import { FISCAL_COMPONENTS, FISCAL_ROUTES } from './fiscal.routes';
import { RECEIVED_INVOICE_ROUTES } from './received-invoices.routes';
import { POSTING_ROUTES } from './posting.routes';
import { REMITO_ROUTE } from './remito';
import type { RestRoute } from './route';
import { STATS_ROUTES } from './stats.routes';
import { STOCK_ROUTES } from './stock.routes';
import { SUPPLY_CONSUMPTION_ROUTES } from './supply-consumptions.routes';
import { TAX_RULE_ROUTES } from './tax-rules.routes';
import { TAXPAYER_ROUTES } from './taxpayers.routes';
import { TAX_INFO_COMPONENTS, TAX_INFO_ROUTES } from './tax-info.routes';
import { WITHHOLDING_COMPONENTS } from './withholding-schemas';
import { WITHHOLDING_ROUTES } from './withholdings.routes';

/**
 * The declared resources whose route table a module of their own arranges: routes beyond the derived ones, placed
 * among them (fixed paths before `{id}` ones). Every other declared resource is served by its derived routes alone.
 */
const ARRANGED: Record<string, RestRoute[]> = {
  [SUPPLY_CONSUMPTION.type]: SUPPLY_CONSUMPTION_ROUTES,
  [LEDGER_ACCOUNT.type]: LEDGER_ACCOUNT_ROUTES,
  [JOURNAL_ENTRY.type]: JOURNAL_ENTRY_ROUTES,
  [RECEIVED_INVOICE.type]: RECEIVED_INVOICE_ROUTES,
  [TAX_RULE.type]: TAX_RULE_ROUTES,
  [ADDITIONAL_TAXPAYER.type]: TAXPAYER_ROUTES,
  [ISSUED_VOUCHER.type]: ISSUED_VOUCHER_ROUTES,
};

/** The legacy `/api/v1` routes, in matching order (fixed paths before `{id}` ones): every declared resource's, then the rest. */
export const ROUTES: RestRoute[] = [
  ...DECLARATIONS.flatMap((declaration) => ARRANGED[declaration.type] ?? declaredRoutes(declaration).routes),
  ...STOCK_ROUTES,
  REMITO_ROUTE,
  ...FISCAL_ROUTES,
  ...ACCOUNTING_REPORT_ROUTES,
  ...BANK_ROUTES,
  ...POSTING_ROUTES,
  ...TAX_INFO_ROUTES,
  ...IVA_ROUTES,
  ...STATS_ROUTES,
  ...FCE_ROUTES,
  ...WITHHOLDING_ROUTES,
  ...ACCOUNTING_EXPORT_ROUTES,
  ...BOOK_EXPORT_ROUTES,
];

export const COMPONENTS: Record<string, Record<string, unknown>> = {
  ...Object.assign({}, ...DECLARATIONS.map((declaration) => declaredRoutes(declaration).components)),
  ...FISCAL_COMPONENTS,
  ...TAX_INFO_COMPONENTS,
  ...IVA_COMPONENTS,
  ...WITHHOLDING_COMPONENTS,
};
