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

/**
 * The gateway's key handling, written by hand: a key the store accepted before is remembered, so the route's reads
 * start at once beside the store's check of the key, and nothing is answered unless that check passes; an unknown
 * key is checked first. Answers the route's body, or null for a refused key.
 */
function keyedReads(db: Db) {
  const remembered = new Map<string, ObjectId>();
  return async <T>(key: string | undefined, read: (accountId: ObjectId) => Promise<T>): Promise<T | null> => {
    if (!key) return null;
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    const check = db
      .collection('api_keys')
      .findOne({ key_hash: hash })
      .then((doc) => (doc && !doc.revoked_at ? (doc.account_id as ObjectId) : null));
    const known = remembered.get(hash);
    if (known) {
      const [accountId, body] = await Promise.all([check, read(known)]);
      if (accountId?.equals(known)) return body;
      remembered.delete(hash);
      return null;
    }
    const accountId = await check;
    if (!accountId) return null;
    remembered.set(hash, accountId);
    return read(accountId);
  };
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

/** A delivery note as the GraphQL query of the nested bench answers it, from the note and its joined documents. */
function noteNode(note: Document, customer: Document | undefined, productOf: Map<string, Document>): Document {
  return {
    number: orNull(note.number),
    customer: customer ? { name: customer.name } : null,
    items: (note.items as Document[]).map((item) => {
      const product = item.product_id ? productOf.get(item.product_id.toHexString()) : undefined;
      return { quantity: item.quantity_milli / 1000, product: product ? { name: product.name, sku: product.sku } : null };
    }),
  };
}

/** Starts the baseline routes on a free port (or `port`), with a driver connection of their own to the gateway's database. */
export async function startBaselines(uri: string, dbName: string, port = 0): Promise<Baselines> {
  const client = await MongoClient.connect(uri);
  const db = client.db(dbName);
  const app = express();
  const withKey = keyedReads(db);

  // The REST supplier list: first page of 20, newest first, with the total.
  app.get('/suppliers', async (req, res) => {
    const body = await withKey(req.get('x-api-key'), async (accountId) => {
      const filter = { account_id: accountId };
      const suppliers = db.collection('suppliers');
      const [docs, total] = await Promise.all([
        suppliers.find(filter, { sort: { created_at: -1, _id: -1 }, limit: 20 }).toArray(),
        suppliers.countDocuments(filter),
      ]);
      return { success: true, data: { items: docs.map(supplierRecord), total, page: 1, limit: 20, pages: Math.ceil(total / 20) } };
    });
    if (!body) return void res.status(401).json({ success: false });
    res.json(body);
  });

  // `{ deliveryNotes(first: N) { totalCount nodes { number customer { name } items { quantity product { name sku } } } } }`
  // as one aggregation: the page and the count in a $facet, customers and products joined with $lookup.
  app.get('/delivery-notes', async (req, res) => {
    const body = await withKey(req.get('x-api-key'), async (accountId) => {
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
      const nodes = (result.nodes as Document[]).map((note) =>
        noteNode(note, (note.customer as Document[])[0], new Map((note.products as Document[]).map((product) => [product._id.toHexString(), product]))),
      );
      return { data: { deliveryNotes: { totalCount: result.count[0]?.n ?? 0, nodes } } };
    });
    if (!body) return void res.status(401).json({ success: false });
    res.json(body);
  });

  // The same answer by batched finds, as a careful hand-written service fetches it: the page and the count at once,
  // then the customers and the products of the page by `$in` at once (no $lookup).
  app.get('/delivery-notes-batched', async (req, res) => {
    const body = await withKey(req.get('x-api-key'), async (accountId) => {
      const first = Number(req.query.first ?? 100);
      const filter = { account_id: accountId };
      const [notes, totalCount] = await Promise.all([
        db
          .collection('delivery_notes')
          .find(filter, {
            sort: { created_at: -1, _id: -1 },
            limit: first,
            projection: { number: 1, customer_id: 1, 'items.quantity_milli': 1, 'items.product_id': 1 },
          })
          .toArray(),
        db.collection('delivery_notes').countDocuments(filter),
      ]);
      const customerIds = [...new Set(notes.map((note) => note.customer_id).filter(Boolean))];
      const productIds = [...new Set(notes.flatMap((note) => (note.items as Document[]).map((item) => item.product_id)).filter(Boolean))];
      const [customers, products] = await Promise.all([
        db
          .collection('customers')
          .find({ _id: { $in: customerIds }, account_id: accountId }, { projection: { name: 1 } })
          .toArray(),
        db
          .collection('products')
          .find({ _id: { $in: productIds }, account_id: accountId }, { projection: { name: 1, sku: 1 } })
          .toArray(),
      ]);
      const customerOf = new Map(customers.map((customer) => [customer._id.toHexString(), customer]));
      const productOf = new Map(products.map((product) => [product._id.toHexString(), product]));
      const nodes = notes.map((note) => noteNode(note, note.customer_id ? customerOf.get(note.customer_id.toHexString()) : undefined, productOf));
      return { data: { deliveryNotes: { totalCount, nodes } } };
    });
    if (!body) return void res.status(401).json({ success: false });
    res.json(body);
  });

  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await client.close();
    },
  };
}
