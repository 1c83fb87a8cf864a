/**
 * The areas of the REST API, as OpenAPI tags (what generated clients and documentation viewers group operations by):
 * each route belongs to the area of its longest matching path prefix. A route under no prefix stops the document
 * from being built, so a new area is named here before it ships.
 */
const AREAS: ReadonlyArray<{ prefix: string; name: string; description: string }> = [
  { prefix: '/suppliers', name: 'Suppliers', description: 'Businesses the account buys from (contract §2.4).' },
  { prefix: '/customers', name: 'Customers', description: 'Whom the account sells and delivers to (referred to by delivery notes and consumptions).' },
  { prefix: '/products', name: 'Products', description: 'What the account sells and delivers, with its stock.' },
  { prefix: '/supplies', name: 'Supplies', description: 'What the business uses up (insumos), with its stock (contract §2.6).' },
  { prefix: '/supply-consumptions', name: 'Supply consumptions', description: 'Uses of supplies, moving their stock (contract §2.7).' },
  { prefix: '/expenses', name: 'Expenses', description: 'Gastos and their status machine (contract §2.5).' },
  { prefix: '/delivery_notes', name: 'Delivery notes', description: 'Remitos: numbering, stock and status (contract §2.2).' },
  { prefix: '/received_invoices', name: 'Received invoices', description: 'Vouchers received, from the Mis Comprobantes Recibidos export (contract §2.1).' },
  { prefix: '/issued_vouchers', name: 'Issued vouchers', description: 'Vouchers issued, from the Mis Comprobantes Emitidos export.' },
  { prefix: '/fce', name: 'FCE MiPyME', description: 'Factura de Crédito Electrónica: eligibility, minimum, lifecycle events (contract §2.3).' },
  { prefix: '/iva', name: 'VAT books', description: 'Libro IVA Compras y Ventas, the monthly position and the Libro IVA Digital (contract §4.6).' },
  { prefix: '/accounting/accounts', name: 'Chart of accounts', description: 'Plan de cuentas (contract §2.8).' },
  { prefix: '/accounting/journal', name: 'Journal', description: 'Asientos: drafts, posting and reversal (contract §2.9).' },
  { prefix: '/accounting/reports', name: 'Accounting reports', description: 'Trial balance, ledgers, daily journal and statements (contract §4.7).' },
  { prefix: '/accounting/bank', name: 'Bank reconciliation', description: 'Bank statements and their matching with the ledger (contract §4.8).' },
  { prefix: '/accounting/fiscal-calendar', name: 'Fiscal calendar', description: 'ARCA deadlines by CUIT ending, with the non-working days (contract §4.9).' },
  { prefix: '/accounting/fiscal-close', name: 'Fiscal close', description: 'Closing a fiscal year (contract §4.10).' },
  { prefix: '/accounting/posting-accounts', name: 'Posting purchases', description: 'The accounts purchases post to.' },
  {
    prefix: '/accounting/retenciones-percepciones',
    name: 'Withholdings and perceptions',
    description: 'RG 830, RG 2854 and IIBB: payments, certificates and SICORE (contract §4.11).',
  },
  { prefix: '/bill/tax_info/tax-rules', name: 'Tax rules', description: 'Tax rates by country and category (contract §2.11).' },
  {
    prefix: '/bill/tax_info',
    name: 'Taxpayer data and billing systems',
    description: 'The account’s taxpayer data, billing systems and ARCA checks (contract §4.12).',
  },
  { prefix: '/widgets/multi-taxpayer', name: 'Additional taxpayers', description: 'Other CUITs the account bills under (contract §2.10).' },
  { prefix: '/stats', name: 'Statistics', description: 'Dashboard, activity and transaction series.' },
];

/** The tag of a route's path (below /api/v1). */
export function tagOf(path: string): string {
  const area = AREAS.filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!area) throw new Error(`route ${path} belongs to no area: name it in src/rest-compat/tags.ts`);
  return area.name;
}

/** The document's tag list: every area with its description, in the order above. */
export const TAGS = AREAS.map(({ name, description }) => ({ name, description }));
