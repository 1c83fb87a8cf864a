import { ACCOUNTING_COMPONENTS, ACCOUNTING_ROUTES } from './accounting';
import { ACCOUNTING_EXPORT_ROUTES } from './accounting-exports';
import { BOOK_EXPORT_ROUTES } from './book-exports';
import { BANK_ROUTES } from './bank';
import { ACCOUNTING_REPORT_ROUTES } from './accounting-reports';
import { DELIVERY_NOTE_COMPONENTS, DELIVERY_NOTE_ROUTES } from './delivery-notes';
import { EXPENSE_COMPONENTS, EXPENSE_ROUTES } from './expenses';
import { ISSUED_VOUCHER_COMPONENTS, ISSUED_VOUCHER_ROUTES } from './issued-vouchers';
import { IVA_COMPONENTS, IVA_ROUTES } from './iva';
import { FCE_ROUTES } from './fce';
import { FISCAL_COMPONENTS, FISCAL_ROUTES } from './fiscal';
import { RECEIVED_INVOICE_COMPONENTS, RECEIVED_INVOICE_ROUTES } from './received-invoices';
import { POSTING_ROUTES } from './posting';
import { REMITO_ROUTE } from './remito';
import type { RestRoute } from './route';
import { STATS_ROUTES } from './stats';
import { SUPPLIER_COMPONENTS, SUPPLIER_ROUTES } from './suppliers';
import { CUSTOMER_COMPONENTS, CUSTOMER_ROUTES } from './customers';
import { PRODUCT_COMPONENTS, PRODUCT_ROUTES } from './products';
import { STOCK_ROUTES } from './stock';
import { SUPPLY_COMPONENTS, SUPPLY_ROUTES } from './supplies';
import { SUPPLY_CONSUMPTION_COMPONENTS, SUPPLY_CONSUMPTION_ROUTES } from './supply-consumptions';
import { TAX_RULE_COMPONENTS, TAX_RULE_ROUTES } from './tax-rules';
import { TAXPAYER_COMPONENTS, TAXPAYER_ROUTES } from './taxpayers';
import { TAX_INFO_COMPONENTS, TAX_INFO_ROUTES } from './tax-info';
import { WITHHOLDING_COMPONENTS } from './withholding-schemas';
import { WITHHOLDING_ROUTES } from './withholdings';

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
