/** The smallest chart a sale posts to: cash and sales under their headings (REST bodies of POST /accounting/accounts/). */
export const SMALL_CHART = [
  { code: '1', name: 'ACTIVO', account_type: 'asset' },
  { code: '1.1', name: 'Caja', account_type: 'asset', parent_code: '1', is_detail: true },
  { code: '4', name: 'INGRESOS', account_type: 'revenue' },
  { code: '4.1', name: 'Ventas', account_type: 'revenue', parent_code: '4', is_detail: true },
] as const;
