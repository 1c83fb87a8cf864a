import type { AnyBulkWriteOperation, Db, Document } from 'mongodb';

/**
 * Stored-data upgrades, each run once per database (recorded in `upgrades`), at start-up after the indexes. Each
 * reads only the records still in the old shape and rewrites them in batches.
 */
interface Upgrade {
  id: string;
  collection: string;
  /** The records still in the old shape. */
  old: Document;
  /** `$set` / `$unset` of one record. */
  rewrite(doc: Document): { $set: Document; $unset: Document };
}

const ARGENTINA_OFFSET = '-03:00';

const UPGRADES: Upgrade[] = [
  {
    // Delivery notes took the API contract's names; the delivery day became an instant (the day's start in Argentina).
    id: '2026-11-delivery-notes-contract-names',
    collection: 'delivery_notes',
    old: {
      $or: [
        { issued_at: { $exists: true } },
        { issue_date: { $exists: false } },
        { delivery_address: { $exists: true } },
        { carrier_cuit: { $exists: true } },
        { 'items.product_code': { $exists: true } },
        { delivery_date: { $type: 'string' } },
      ],
    },
    rewrite(doc) {
      const $set: Document = { issue_date: doc.issued_at ?? doc.issue_date ?? doc.created_at };
      const $unset: Document = { issued_at: '', delivery_address: '', carrier_cuit: '' };
      if (doc.delivery_address !== undefined) $set.destination_address = doc.delivery_address;
      if (doc.carrier_cuit !== undefined) $set.carrier_document = doc.carrier_cuit;
      if (typeof doc.delivery_date === 'string') $set.delivery_date = new Date(`${doc.delivery_date}T00:00:00${ARGENTINA_OFFSET}`);
      if (typeof doc.number === 'number' && doc.formatted_number === undefined)
        $set.formatted_number = `${String(doc.sale_point).padStart(5, '0')}-${String(doc.number).padStart(8, '0')}`;
      if (Array.isArray(doc.items))
        $set.items = doc.items.map(({ product_code, ...item }: Document) =>
          product_code !== undefined && item.sku === undefined ? { ...item, sku: product_code } : item,
        );
      return { $set, $unset };
    },
  },
  {
    // FCE vouchers imported before the lifecycle log start pending, so the FCE list finds them on its index.
    id: '2026-11-issued-fce-status',
    collection: 'issued_vouchers',
    old: { voucher_type: { $gte: 201, $lte: 213 }, fce_status: { $exists: false } },
    rewrite: () => ({ $set: { fce_status: 'pending', last_event_at: null, fce_events: 0 }, $unset: {} }),
  },
  {
    // Vouchers imported before the VAT rate review carry none, so the "needs review" filter finds them unmarked.
    id: '2026-11-received-rate-review',
    collection: 'received_invoices',
    old: { needs_review: { $exists: false } },
    rewrite: (doc) => ({ $set: { rate_review: doc.rate_review ?? null, needs_review: Boolean(doc.rate_review) }, $unset: {} }),
  },
  {
    id: '2026-11-issued-rate-review',
    collection: 'issued_vouchers',
    old: { needs_review: { $exists: false } },
    rewrite: (doc) => ({ $set: { rate_review: doc.rate_review ?? null, needs_review: Boolean(doc.rate_review) }, $unset: {} }),
  },
];

const BATCH = 500;

/** A one-time step that is no per-record rewrite (e.g. building derived records from the stored ones). */
export interface UpgradeStep {
  id: string;
  run(db: Db): Promise<void>;
}

/** Runs the upgrades this database has not had yet, then the `steps` it has not had yet. */
export async function upgradeStoredData(db: Db, steps: UpgradeStep[] = []): Promise<void> {
  const done = db.collection<{ _id: string; at: Date }>('upgrades');
  for (const upgrade of UPGRADES) {
    if (await done.findOne({ _id: upgrade.id })) continue;
    const collection = db.collection(upgrade.collection);
    let batch: AnyBulkWriteOperation[] = [];
    for await (const doc of collection.find(upgrade.old)) {
      batch.push({ updateOne: { filter: { _id: doc._id }, update: upgrade.rewrite(doc) } });
      if (batch.length === BATCH) {
        await collection.bulkWrite(batch, { ordered: false });
        batch = [];
      }
    }
    if (batch.length) await collection.bulkWrite(batch, { ordered: false });
    await done.updateOne({ _id: upgrade.id }, { $set: { at: new Date() } }, { upsert: true });
  }
  for (const step of steps) {
    if (await done.findOne({ _id: step.id })) continue;
    await step.run(db);
    await done.updateOne({ _id: step.id }, { $set: { at: new Date() } }, { upsert: true });
  }
}
