import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId, type Document } from 'mongodb';
import { createAccount, createApiKey, setWidget } from '../../src/domain/auth/auth.admin';
import { SCOPES } from '../../src/domain/auth/scopes';
import type { TestGateway } from './gateway';
import { prng } from './prng';

type Row = Record<string, any>;

/** The receiver of the real G3 "Recibidos" fixtures: the seeded account's CUIT. */
export const SEEDED_CUIT = '20026773548';

const fixture = (...parts: string[]) => readFileSync(join(__dirname, '..', 'fixtures', ...parts));

const cuitOf = (body: string): string | null => {
  const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
  const r = 11 - (sum % 11);
  return r === 10 ? null : `${body}${r === 11 ? 0 : r}`;
};

/** `count` valid, distinct CUITs. */
function cuits(count: number, from: number): string[] {
  const found: string[] = [];
  for (let n = from; found.length < count; n++) {
    const cuit = cuitOf(`30${String(n).padStart(8, '0')}`);
    if (cuit) found.push(cuit);
  }
  return found;
}

const day = (random: () => number, year = 2025) => {
  const date = new Date(Date.UTC(year, 0, 1) + Math.floor(random() * 365) * 86_400_000);
  return date.toISOString().slice(0, 10);
};

/** A "Mis Comprobantes Emitidos" export (G1 layout) of FCE invoices (type 201) of 2025 to a few customers. */
function fceExport(customers: string[], random: () => number): string {
  const header =
    '"Fecha","Tipo","Punto de Venta","Número Desde","Número Hasta","Cód. Autorización","Tipo Doc. Receptor","Nro. Doc. Receptor","Denominación Receptor","Tipo Cambio","Moneda","Imp. Neto Gravado","Imp. Neto No Gravado","Imp. Op. Exentas","IVA","Imp. Total"';
  const rows = Array.from({ length: 120 }, (_, i) => {
    const [year, month, dayOfMonth] = day(random).split('-');
    const net = 5_000_000 + i * 1_000;
    const vat = Math.round(net * 0.21);
    return [
      `${dayOfMonth}/${month}/${year}`,
      '201 - Factura de Crédito Electrónica MiPyMEs (FCE) A',
      '7',
      String(i + 1),
      '',
      `7${String(4_000_000_000_000 + i)}`,
      'CUIT',
      customers[i % customers.length],
      `CLIENTE FCE ${i % customers.length} S.A.`,
      '1',
      '$',
      `${net}.00`,
      '0',
      '0',
      `${vat}.00`,
      `${net + vat}.00`,
    ]
      .map((field) => `"${field}"`)
      .join(',');
  });
  return [header, ...rows].join('\n');
}

export interface SeededAccount {
  accountId: string;
  key: string;
}

/**
 * One account filled through the application's own routes (bulk creates, the chart and calendar seeds, the real
 * exports' imports), its values spread so that each filter value picks a small part of a list; then its documents
 * copied into two other accounts, so that the store holds more of others' data than of the account's (an index
 * that does not lead with the account shows in the keys examined).
 */
export async function seedPlanData(gw: TestGateway): Promise<SeededAccount> {
  const accountId = (await createAccount(gw.store, { name: 'Planes SA', cuit: SEEDED_CUIT })).toHexString();
  const { key } = await createApiKey(gw.store, { accountId, scopes: [...SCOPES] });
  await setWidget(gw.store, accountId, 'multi_taxpayer', true);
  const random = prng(24);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
  const send = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await gw.http(method, `/api/v1${path}`, { key, body });
    if (res.status >= 300) throw new Error(`seeding ${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
    return res.body.data;
  };
  const bulk = async (path: string, items: Row[]): Promise<string[]> => {
    const ids: string[] = [];
    for (let at = 0; at < items.length; at += 500) {
      const data = await send('POST', `${path}/bulk/create/`, { items: items.slice(at, at + 500), all_or_none: true });
      const created = data.items ?? data.created ?? [];
      ids.push(...created.map((item: Row) => item._id ?? item.id));
    }
    return ids;
  };
  const upload = async (path: string, content: Buffer, name: string, fields: Row = {}) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
    form.append('file', new Blob([new Uint8Array(content)]), name);
    return send('POST', path, form);
  };

  const customerCuits = cuits(12, 73_000_000);
  await send('POST', '/accounting/accounts/seed/');
  for (const year of [2025, 2026]) await send('POST', '/accounting/fiscal-calendar/seed/', { year });
  await send('POST', '/bill/tax_info/tax-rules/seed/AR/');

  const CATEGORIES = ['insumos', 'servicios', 'logistica', 'papeleria', 'limpieza', 'energia', 'alquiler', 'honorarios'];
  const TAGS = ['norte', 'sur', 'este', 'oeste', 'urgente', 'mensual', 'anual', 'exterior', 'local', 'mayorista'];
  const supplierIds = await bulk(
    '/suppliers',
    cuits(400, 71_000_000).map((taxId, i) => ({
      name: `Proveedor ${pick(['Andes', 'Pampa', 'Litoral', 'Cuyo', 'Delta'])} ${i}`,
      tax_id: taxId,
      status: i % 5 === 0 ? 'inactive' : 'active',
      category: pick(CATEGORIES),
      tags: [pick(TAGS), pick(TAGS)],
      address: `Calle ${i} 123, ${pick(['Rosario', 'Córdoba', 'Mendoza', 'CABA'])}`,
    })),
  );
  const customerIds = await bulk(
    '/customers',
    Array.from({ length: 300 }, (_, i) => ({ name: `Cliente ${pick(['Norte', 'Sur', 'Centro'])} ${i}` })),
  );
  const productIds = await bulk(
    '/products',
    Array.from({ length: 300 }, (_, i) => ({ name: `Producto ${i}`, sku: `SKU-${String(i).padStart(5, '0')}`, price: 100 + i, stock: 100_000 })),
  );
  const supplyIds = await bulk(
    '/supplies',
    Array.from({ length: 300 }, (_, i) => ({
      name: `Insumo ${i}`,
      default_amount: 1 + (i % 7),
      unit_price: 50 + i,
      status: i % 4 === 0 ? 'inactive' : 'active',
      supplier_id: pick(supplierIds.slice(0, 60)),
      tags: [pick(TAGS)],
      stock: 100_000,
    })),
  );
  await bulk(
    '/expenses',
    Array.from({ length: 1000 }, (_, i) => ({
      amount: 1000 + ((i * 7919) % 90_000),
      description: `Gasto ${pick(['luz', 'gas', 'flete', 'resmas', 'alquiler'])} ${i}`,
      tax_rate: 21,
      category: pick(CATEGORIES),
      date: day(random),
      supplier_id: pick(supplierIds.slice(0, 150)),
      recurring: i % 6 === 0,
      ...(i % 6 === 0 ? { recurring_period: 'monthly' } : {}),
      tags: [pick(TAGS)],
    })),
  );
  await bulk(
    '/delivery_notes',
    Array.from({ length: 400 }, (_, i) => ({
      customer_id: pick(customerIds),
      sale_point: 1 + (i % 5),
      status: i % 3 === 0 ? 'issued' : 'draft',
      issue_date: day(random),
      items: [0, 1].map((j) => ({ description: `Línea ${j}`, quantity: 1 + j, product_id: pick(productIds), unit_price: 10 })),
    })),
  );
  // A consumption is dated by the clock: each is made on a day of its own.
  const now = gw.clock.now;
  for (let i = 0; i < 80; i++) {
    gw.clock.now = new Date(`${day(random)}T15:00:00Z`);
    await send('POST', '/supply-consumptions/', {
      items: [{ supply_id: pick(supplyIds.filter((_, n) => n % 4 !== 0)), quantity: 1 + (i % 3) }],
      ...(i % 2 ? { customer_id: pick(customerIds) } : {}),
    });
  }
  gw.clock.now = now;
  // Taxpayers have no bulk route: ten requests at a time.
  const taxpayers = cuits(50, 72_000_000).map((taxId, i) => ({
    tax_id: taxId,
    business_name: `Contribuyente ${i}`,
    tax_condition: pick(['responsable_inscripto', 'monotributo', 'exento', 'no_alcanzado']),
  }));
  for (let at = 0; at < taxpayers.length; at += 10) {
    await Promise.all(taxpayers.slice(at, at + 10).map((taxpayer) => send('POST', '/widgets/multi-taxpayer/taxpayers/', taxpayer)));
  }

  const detail: string[] = (await send('GET', '/accounting/accounts/list/?is_detail=true&limit=100')).items.map((row: Row) => row.code);
  const entryIds = await bulk(
    '/accounting/journal',
    Array.from({ length: 450 }, (_, i) => {
      const amount = 100 + ((i * 7919) % 50_000);
      return {
        date: day(random),
        description: `Asiento ${pick(['venta', 'compra', 'cobro', 'pago'])} ${i}`,
        reference_type: pick(['manual', 'sale', 'purchase', 'payment', 'collection']),
        reference_id: new ObjectId().toHexString(),
        lines: [
          { account_code: pick(detail), debit: amount },
          { account_code: pick(detail), credit: amount },
        ],
      };
    }),
  );

  // Two entries of three are posted (numbered in their fiscal year), twenty-five to a request (the operation alias limit is 30).
  const toPost = entryIds.filter((_, i) => i % 3 !== 0);
  for (let at = 0; at < toPost.length; at += 25) {
    const batch = toPost.slice(at, at + 25);
    const res = await gw.gql(`mutation { ${batch.map((id, i) => `p${i}: postJournalEntry(id: "${id}") { id }`).join(' ')} }`, {}, { key });
    if (res.status !== 200 || res.body.errors) throw new Error(`posting entries: ${JSON.stringify(res.body).slice(0, 600)}`);
  }

  const withholdingSuppliers = supplierIds.slice(0, 40);
  for (let i = 0; i < 40; i++) {
    await send('POST', '/accounting/retenciones-percepciones/retenciones/apply/', {
      supplier_id: withholdingSuppliers[i % withholdingSuppliers.length],
      payment_id: `OP-0001-${String(i + 1).padStart(8, '0')}`,
      date: day(random),
      amount: 500_000 + i * 1_000,
      regime_codes: ['94'],
      invoices: [`A-0003-${String(i + 1).padStart(8, '0')}`],
    });
  }

  for (const month of ['11', '12'])
    await upload('/received_invoices/upload-csv/', fixture('received-invoices', `anon-g3-recibidos-2025-${month}.csv`), `g3-${month}.csv`);
  const emitidos = fixture('issued-vouchers', 'anon-g1xl-emitidos-2020-09-a-cp850.csv');
  await upload('/issued_vouchers/upload-csv/', emitidos.subarray(emitidos.indexOf(0x0a) + 1), 'emitidos.csv');
  await upload('/issued_vouchers/upload-csv/', Buffer.from(fceExport(customerCuits, random)), 'fce.csv');
  const bank = detail.find((code) => code.startsWith('1.1.1')) ?? detail[0];
  await upload('/accounting/bank/import/', fixture('bank', 'galicia-2026-03.csv'), 'galicia.csv', { ledger_account_code: bank });

  await copyAccount(gw, accountId, 2);
  return { accountId, key };
}

/** Collections of credentials, sessions and throttling: not the account's business data. */
const NOT_COPIED = new Set(['accounts', 'users', 'api_keys', 'sessions']);

/** Copies every document of the account into `times` new accounts (new ids; references left pointing at the original). */
async function copyAccount(gw: TestGateway, accountId: string, times: number): Promise<void> {
  const owner = new ObjectId(accountId);
  const collections = await gw.store.db.listCollections({}, { nameOnly: true }).toArray();
  for (let copy = 0; copy < times; copy++) {
    const other = new ObjectId();
    for (const { name } of collections) {
      if (NOT_COPIED.has(name) || name.startsWith('throttle_') || name.startsWith('system.')) continue;
      const docs = await gw.store.db.collection(name).find({ account_id: owner }).toArray();
      if (!docs.length) continue;
      await gw.store.db.collection(name).insertMany(docs.map((doc: Document) => ({ ...doc, _id: new ObjectId(), account_id: other })));
    }
  }
}
