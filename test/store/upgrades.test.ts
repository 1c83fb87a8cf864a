import { ObjectId } from 'mongodb';
import type { Store } from '../../src/store/store';
import { upgradeStoredData } from '../../src/store/upgrades';
import { suiteDatabase } from '../support/database';

/** Delivery notes stored before the contract's names are rewritten once, at start-up, into the current shape. */
const opened = suiteDatabase('upgrades');
let store: Store;
beforeAll(() => {
  store = opened();
});

it('an old delivery note gets the contract names, an instant delivery date and a printed number; current ones are untouched', async () => {
  const notes = store.db.collection('delivery_notes');
  const created = new Date('2025-06-01T12:00:00.000Z');
  const issued = new Date('2025-06-02T12:00:00.000Z');
  const old = {
    _id: new ObjectId(),
    account_id: new ObjectId(),
    status: 'delivered',
    sale_point: 3,
    number: 17,
    issued_at: issued,
    delivery_address: 'San Martín 455',
    carrier_cuit: '20123456786',
    delivery_date: '2025-06-03',
    items: [
      { description: 'Yerba', quantity_milli: 1000, product_code: 'YM-1' },
      { description: 'Flete', quantity_milli: 1000 },
    ],
    created_at: created,
  };
  const draft = { _id: new ObjectId(), account_id: old.account_id, status: 'draft', sale_point: 1, number: null, items: [], created_at: created };
  const current = { _id: new ObjectId(), account_id: old.account_id, status: 'draft', issue_date: created, items: [{ description: 'x', sku: 'S' }] };
  await notes.insertMany([old, draft, current]);

  await upgradeStoredData(store.db);
  expect(await notes.findOne({ _id: old._id })).toEqual({
    _id: old._id,
    account_id: old.account_id,
    status: 'delivered',
    sale_point: 3,
    number: 17,
    formatted_number: '00003-00000017',
    issue_date: issued,
    destination_address: 'San Martín 455',
    carrier_document: '20123456786',
    delivery_date: new Date('2025-06-03T03:00:00.000Z'),
    items: [
      { description: 'Yerba', quantity_milli: 1000, sku: 'YM-1' },
      { description: 'Flete', quantity_milli: 1000 },
    ],
    created_at: created,
  });
  expect(await notes.findOne({ _id: draft._id })).toMatchObject({ issue_date: created, number: null });
  expect(await notes.findOne({ _id: current._id })).toEqual(current);

  // Applied once: a note written in the old shape afterwards (which the gateway never does) is left alone.
  const later = { ...old, _id: new ObjectId() };
  await notes.insertOne(later);
  await upgradeStoredData(store.db);
  expect(await notes.findOne({ _id: later._id })).toEqual(later);
  // Every upgrade is recorded once, whether or not it found records to rewrite.
  expect(await store.db.collection('upgrades').countDocuments({})).toBe(4);
});

const fresh = suiteDatabase('upgrades-rate-review');

it('received invoices imported before the VAT rate review carry none, so the "needs review" filter finds them unmarked', async () => {
  const db = fresh().db;
  const account = new ObjectId();
  const old = { _id: new ObjectId(), account_id: account, voucher_type: 1, iva_cents: 2100, vat_items: [] };
  const marked = { _id: new ObjectId(), account_id: account, voucher_type: 1, rate_review: { reason: 'r', flagged_at: new Date(0) }, needs_review: true };
  await db.collection('received_invoices').insertMany([old, marked]);
  await upgradeStoredData(db);
  expect(await db.collection('received_invoices').findOne({ _id: old._id })).toEqual({ ...old, rate_review: null, needs_review: false });
  expect(await db.collection('received_invoices').findOne({ _id: marked._id })).toEqual(marked);
});
