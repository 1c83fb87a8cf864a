import type { ActivityAction } from '../../store/activity.store';

const pesos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/** Fields that name a record, in the order they are tried: the first one a record has is its title. */
const TITLES = ['name', 'business_name', 'razon_social', 'description', 'concept', 'issuer_name', 'sku', 'tax_id'] as const;
/** Amounts in centavos worth showing beside the title, in the order they are tried. */
const AMOUNTS = ['total_amount_cents', 'amount_cents', 'total_cents', 'total_debit_cents'] as const;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined);

/** The voucher's identity as Argentine paperwork writes it: type, sale point and number (`FC 1 0001-00000042`). */
function voucherOf(doc: Record<string, unknown>): string | undefined {
  const number = doc.voucher_number ?? doc.number;
  if (typeof number !== 'number') return undefined;
  const point = typeof doc.sale_point === 'number' ? `${String(doc.sale_point).padStart(5, '0')}-` : '';
  const type = typeof doc.voucher_type === 'number' ? `tipo ${doc.voucher_type} ` : '';
  return `${type}${point}${String(number).padStart(8, '0')}`;
}

/** One line saying what happened to a record: `supplier «Papelera Central SRL» created`, `expense «Luz» ($ 12.100,00) updated`. */
export function describeRecord(label: string, action: ActivityAction, doc: Record<string, unknown> | null | undefined): string {
  const parts = [label];
  if (doc) {
    const code = text(doc.code);
    const title = TITLES.map((field) => text(doc[field])).find(Boolean);
    const named = code && title ? `${code} ${title}` : (code ?? title);
    const voucher = voucherOf(doc);
    if (voucher) parts.push(voucher);
    if (named) parts.push(`«${named.slice(0, 120)}»`);
    const cents = AMOUNTS.map((field) => doc[field]).find((value) => typeof value === 'number') as number | undefined;
    // Intl separates the sign with a no-break space; plain text reads and searches better with an ordinary one.
    if (cents !== undefined) parts.push(`(${pesos.format(cents / 100).replace(/\u00a0/g, ' ')})`);
  }
  parts.push(action.replace('_', ' '));
  return parts.join(' ');
}
