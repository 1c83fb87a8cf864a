import { type Document, ObjectId } from 'bson';

const STATUSES = ['active', 'active', 'active', 'inactive', 'blocked'];

/** The one account the benches' suppliers belong to. */
export const account = new ObjectId('650000000000000000000001');

/** The i-th bench supplier: `_id` first, a random name (so index keys arrive in no order), a nested address. */
export function supplier(i: number, random: () => number): Document {
  return {
    _id: new ObjectId(),
    account_id: account,
    name: `Proveedor ${Math.floor(random() * 1e9).toString(36)} ${i}`,
    status: STATUSES[i % STATUSES.length],
    cuit: `30${String(10_000_000 + i).padStart(8, '0')}5`,
    email: `compras${i}@proveedor.com.ar`,
    address: { street: 'Av. Corrientes', number: 1000 + (i % 9000), city: 'CABA', zip: 'C1043' },
    balance_cents: Math.floor(random() * 10_000_000),
    created_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
  };
}
