import { createAccount, createApiKey } from '../src/domain/auth/auth.admin';
import { SCOPES } from '../src/domain/auth/scopes';
import type { Store } from '../src/store/store';

export interface Reply {
  text: string;
  requestId: string;
}

/** Sequential HTTP requests with one API key; a failure (HTTP or GraphQL) stops the bench. */
export function client(key: string) {
  const send = async (base: string, method: string, url: string, body?: unknown): Promise<Reply> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok || text.startsWith('{"errors"')) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 300)}`);
    return { text, requestId: response.headers.get('x-request-id')! };
  };
  return { key, send };
}

export const SUPPLIER_FIELDS = `id name email phone taxId contactName address { text street city state postalCode country }
  fiscalInfo { condicionIva } category tags notes status createdAt updatedAt`;

export const NOTES = (first: number) =>
  `{ deliveryNotes(first: ${first}) { totalCount nodes { number customer { name } items { quantity product { name sku } } } } }`;

/**
 * One account with an all-scopes key: 200 suppliers (address as text or parts, fiscal info, tags), 100 customers,
 * 100 products and 100 issued delivery notes of 3 lines each.
 */
export async function seed(store: Store, url: string) {
  const accountId = (await createAccount(store, { name: 'Bench SA', cuit: '30-71234567-1' })).toHexString();
  const { key } = await createApiKey(store, { accountId, scopes: [...SCOPES] });
  const { send } = client(key);
  const gql = async (query: string, variables: Record<string, unknown>) => JSON.parse((await send(url, 'POST', '/graphql', { query, variables })).text).data;
  const supplier = (i: number) => ({
    name: `Proveedor ${i}`,
    tax_id: `T-${i}`,
    email: `proveedor${i}@example.com`,
    address: i % 2 ? `Calle ${i} 123, Rosario` : { street: `Calle ${i} 123`, city: 'Rosario', country: 'AR' },
    fiscal_info: { condicion_iva: 'responsable_inscripto' },
    category: 'insumos',
    tags: ['bench'],
  });
  await send(url, 'POST', '/api/v1/suppliers/bulk/create/', { items: Array.from({ length: 200 }, (_, i) => supplier(i)) });
  const customers: string[] = [];
  const products: string[] = [];
  for (let i = 0; i < 100; i++) {
    customers.push((await gql('mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { id } }', { i: { name: `Cliente ${i}` } })).createCustomer.id);
    products.push(
      (
        await gql('mutation($i: CreateProductInput!) { createProduct(input: $i) { id } }', {
          i: { name: `Producto ${i}`, sku: `SKU-${i}`, price: 10.5, stock: 1000 },
        })
      ).createProduct.id,
    );
  }
  for (let i = 0; i < 100; i++) {
    const items = [0, 1, 2].map((j) => ({ description: `Línea ${j}`, quantity: 1, productId: products[(i + j) % 100], unitPrice: 10.5 }));
    await gql('mutation($i: CreateDeliveryNoteInput!) { createDeliveryNote(input: $i) { id } }', { i: { customerId: customers[i], items, status: 'issued' } });
  }
  return { key };
}
