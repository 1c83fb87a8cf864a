/**
 * Hand-written endpoints the gateway is measured against: plain Express routes over the official driver, with no
 * GraphQL, no schema and no middleware beyond what the route itself does. They answer byte for byte what the
 * gateway answers (the bench checks this before timing), so the ratio is the cost of the gateway's generality.
 */
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { MongoClient, type Db, type Document, type ObjectId } from 'mongodb';

export interface Baselines {
  url: string;
  stop(): Promise<void>;
}

/** The API-key lookup the gateway does: by the key's SHA-256, refusing revoked keys. */
async function accountOf(db: Db, key: string | undefined): Promise<ObjectId | null> {
  if (!key) return null;
  const doc = await db.collection('api_keys').findOne({ key_hash: createHash('sha256').update(key, 'utf8').digest('hex') });
  return doc && !doc.revoked_at ? (doc.account_id as ObjectId) : null;
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function legacyAddress(address: unknown): unknown {
  if (typeof address === 'string') return address;
  if (!address) return null;
  const { street, city, state, postal_code, country } = address as Record<string, string | undefined>;
  const parts = Object.fromEntries(Object.entries({ street, city, state, zip: postal_code, postal_code, country }).filter(([, value]) => value !== undefined));
  return Object.keys(parts).length ? parts : null;
}

const FISCAL_PARTS = ['tipo_documento', 'numero_documento', 'condicion_iva', 'razon_social', 'domicilio_comercial', 'provincia', 'codigo_postal', 'pais'];

/** An instant as the REST API writes it: Argentine wall-clock time (UTC−3) without a zone. */
const argentine = (instant: Date) => new Date(instant.getTime() - 3 * 3600_000).toISOString().slice(0, 23);

/** A stored supplier as REST GET /suppliers/list/ shows it (the contract's fields, in the record's order). */
function supplierRecord(doc: Document): Document {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    email: orNull(doc.email),
    phone: orNull(doc.phone),
    tax_id: orNull(doc.tax_id),
    fiscal_info: doc.fiscal_info ? Object.fromEntries(FISCAL_PARTS.map((part) => [part, orNull(doc.fiscal_info[part])])) : null,
    contact_name: orNull(doc.contact_name),
    address: legacyAddress(doc.address),
    status: doc.status,
    category: orNull(doc.category),
    payment_terms: orNull(doc.payment_terms),
    website: orNull(doc.website),
    notes: orNull(doc.notes),
    tags: doc.tags ?? [],
    product_ids: (doc.product_ids ?? []).map((id: ObjectId) => id.toHexString()),
    created_at: argentine(doc.created_at),
    updated_at: argentine(doc.updated_at),
  };
}

/** Starts the baseline routes on a free port, with a driver connection of their own to the gateway's database. */
export async function startBaselines(uri: string, dbName: string): Promise<Baselines> {
  const client = await MongoClient.connect(uri);
  const db = client.db(dbName);
  const app = express();

  // The REST supplier list: first page of 20, newest first, with the total.
  app.get('/suppliers', async (req, res) => {
    const accountId = await accountOf(db, req.get('x-api-key'));
    if (!accountId) return void res.status(401).json({ success: false });
    const filter = { account_id: accountId };
    const suppliers = db.collection('suppliers');
    const [docs, total] = await Promise.all([
      suppliers.find(filter, { sort: { created_at: -1, _id: -1 }, limit: 20 }).toArray(),
      suppliers.countDocuments(filter),
    ]);
    res.json({ success: true, data: { items: docs.map(supplierRecord), total, page: 1, limit: 20, pages: Math.ceil(total / 20) } });
  });

  // `{ deliveryNotes(first: N) { totalCount nodes { number customer { name } items { quantity product { name sku } } } } }`
  // as one aggregation: the page and the count in a $facet, customers and products joined with $lookup.
  app.get('/delivery-notes', async (req, res) => {
    const accountId = await accountOf(db, req.get('x-api-key'));
    if (!accountId) return void res.status(401).json({ success: false });
    const first = Number(req.query.first ?? 100);
    const [result] = await db
      .collection('delivery_notes')
      .aggregate([
        { $match: { account_id: accountId } },
        {
          $facet: {
            count: [{ $count: 'n' }],
            nodes: [
              { $sort: { created_at: -1, _id: -1 } },
              { $limit: first },
              { $lookup: { from: 'customers', localField: 'customer_id', foreignField: '_id', as: 'customer' } },
              { $lookup: { from: 'products', localField: 'items.product_id', foreignField: '_id', as: 'products' } },
              {
                $project: {
                  number: 1,
                  'customer.name': 1,
                  'items.quantity_milli': 1,
                  'items.product_id': 1,
                  'products._id': 1,
                  'products.name': 1,
                  'products.sku': 1,
                },
              },
            ],
          },
        },
      ])
      .toArray();
    const nodes = (result.nodes as Document[]).map((note) => {
      const products = new Map((note.products as Document[]).map((product) => [product._id.toHexString(), product]));
      const customer = (note.customer as Document[])[0];
      return {
        number: orNull(note.number),
        customer: customer ? { name: customer.name } : null,
        items: (note.items as Document[]).map((item) => {
          const product = item.product_id ? products.get(item.product_id.toHexString()) : undefined;
          return { quantity: item.quantity_milli / 1000, product: product ? { name: product.name, sku: product.sku } : null };
        }),
      };
    });
    res.json({ data: { deliveryNotes: { totalCount: result.count[0]?.n ?? 0, nodes } } });
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await client.close();
    },
  };
}
