import { ACCOUNTING_COMPONENTS, ACCOUNTING_ROUTES } from './accounting.routes';
import { ACCOUNTING_EXPORT_ROUTES } from './accounting-exports';
import { BOOK_EXPORT_ROUTES } from './book-exports';
import { BANK_ROUTES } from './bank.routes';
import { ACCOUNTING_REPORT_ROUTES } from './accounting-reports.routes';
import { DELIVERY_NOTE_COMPONENTS, DELIVERY_NOTE_ROUTES } from './delivery-notes.routes';
import { EXPENSE_COMPONENTS, EXPENSE_ROUTES } from './expenses.routes';
import { ISSUED_VOUCHER_COMPONENTS, ISSUED_VOUCHER_ROUTES } from './issued-vouchers.routes';
import { IVA_COMPONENTS, IVA_ROUTES } from './iva.routes';
import { FCE_ROUTES } from './fce.routes';
import { FISCAL_COMPONENTS, FISCAL_ROUTES } from './fiscal.routes';
import { RECEIVED_INVOICE_COMPONENTS, RECEIVED_INVOICE_ROUTES } from './received-invoices.routes';
import { POSTING_ROUTES } from './posting.routes';
import { REMITO_ROUTE } from './remito';
import type { RestRoute } from './route';
import { STATS_ROUTES } from './stats.routes';
import { SUPPLIER_COMPONENTS, SUPPLIER_ROUTES } from './suppliers.routes';
import { CUSTOMER_COMPONENTS, CUSTOMER_ROUTES } from './customers.routes';
import { PRODUCT_COMPONENTS, PRODUCT_ROUTES } from './products.routes';
import { STOCK_ROUTES } from './stock.routes';
import { SUPPLY_COMPONENTS, SUPPLY_ROUTES } from './supplies.routes';
import { SUPPLY_CONSUMPTION_COMPONENTS, SUPPLY_CONSUMPTION_ROUTES } from './supply-consumptions.routes';
import { TAX_RULE_COMPONENTS, TAX_RULE_ROUTES } from './tax-rules.routes';
import { TAXPAYER_COMPONENTS, TAXPAYER_ROUTES } from './taxpayers.routes';
import { TAX_INFO_COMPONENTS, TAX_INFO_ROUTES } from './tax-info.routes';
import { WITHHOLDING_COMPONENTS } from './withholding-schemas';
import { WITHHOLDING_ROUTES } from './withholdings.routes';

/** The legacy `/api/v1` routes, in matching order (fixed paths before `{id}` ones). */
export const ROUTES: RestRoute[] = [
  ...SUPPLIER_ROUTES,
  ...CUSTOMER_ROUTES,
  ...PRODUCT_ROUTES,
  ...STOCK_ROUTES,
  ...SUPPLY_ROUTES,
  ...SUPPLY_CONSUMPTION_ROUTES,
  ...EXPENSE_ROUTES,
  ...DELIVERY_NOTE_ROUTES,
  REMITO_ROUTE,
  ...ACCOUNTING_ROUTES,
  ...FISCAL_ROUTES,
  ...ACCOUNTING_REPORT_ROUTES,
  ...RECEIVED_INVOICE_ROUTES,
  ...TAX_RULE_ROUTES,
  ...TAXPAYER_ROUTES,
  ...BANK_ROUTES,
  ...POSTING_ROUTES,
  ...ISSUED_VOUCHER_ROUTES,
  ...TAX_INFO_ROUTES,
  ...IVA_ROUTES,
  ...STATS_ROUTES,
  ...FCE_ROUTES,
  ...WITHHOLDING_ROUTES,
  ...ACCOUNTING_EXPORT_ROUTES,
  ...BOOK_EXPORT_ROUTES,
];

export const COMPONENTS: Record<string, Record<string, unknown>> = {
  ...SUPPLIER_COMPONENTS,
  ...CUSTOMER_COMPONENTS,
  ...PRODUCT_COMPONENTS,
  ...SUPPLY_COMPONENTS,
  ...SUPPLY_CONSUMPTION_COMPONENTS,
  ...EXPENSE_COMPONENTS,
  ...DELIVERY_NOTE_COMPONENTS,
  ...ACCOUNTING_COMPONENTS,
  ...FISCAL_COMPONENTS,
  ...RECEIVED_INVOICE_COMPONENTS,
  ...TAX_RULE_COMPONENTS,
  ...TAXPAYER_COMPONENTS,
  ...ISSUED_VOUCHER_COMPONENTS,
  ...TAX_INFO_COMPONENTS,
  ...IVA_COMPONENTS,
  ...WITHHOLDING_COMPONENTS,
};
