import { ObjectId } from 'mongodb';
import { planStore } from '../support/plans';

/**
 * Withholdings and perceptions read through indexes: every list (all, of a month, of a supplier, of a tax, and a
 * month with either) newest first without sorting in memory; a supplier's month under a regime (the accumulation); what a
 * supplier's payments left pending; a payment's withholdings (the apply's check); the account's regimes; a month's returns. Asked of the server.
 */
const { winningStages } = planStore('withholding-plans');

const account = new ObjectId();
const supplier = new ObjectId();
const month = { $gte: '2026-03-01', $lt: '2026-04-01' };
const newest = { date: -1, _id: -1 };

it.each([
  ['withholdings', 'withholdings', { account_id: account }],
  ['withholdings of a month', 'withholdings', { account_id: account, date: month }],
  ['withholdings of a supplier', 'withholdings', { account_id: account, supplier_id: supplier }],
  ['withholdings of a supplier in a month', 'withholdings', { account_id: account, supplier_id: supplier, date: month }],
  ['withholdings of a tax', 'withholdings', { account_id: account, tax: 'ganancias' }],
  ['withholdings of a tax in a month', 'withholdings', { account_id: account, tax: 'iva', date: month }],
  ['certificates', 'withholding_certificates', { account_id: account }],
  ['certificates of a month', 'withholding_certificates', { account_id: account, date: month }],
  ['certificates of a supplier', 'withholding_certificates', { account_id: account, supplier_id: supplier }],
  ['certificates of a tax in a month', 'withholding_certificates', { account_id: account, tax: 'ganancias', date: month }],
  ['perceptions', 'perceptions', { account_id: account }],
  ['perceptions of a month', 'perceptions', { account_id: account, date: month }],
  ['perceptions of a tax in a month', 'perceptions', { account_id: account, tax: 'iibb', date: month }],
])('%s come newest first from an index, without sorting in memory', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter, newest);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
  expect(plan).not.toContain('SORT');
});

it.each([
  ['a supplier’s month under a regime', 'withholdings', { account_id: account, supplier_id: supplier, regime_code: '94', period: '2026-03' }],
  ['a payment’s withholdings', 'withholdings', { account_id: account, payment_id: 'OP-1' }],
  ['what a supplier’s payments left pending', 'withholding_pending', { account_id: account, supplier_id: supplier, pending_cents: { $gt: 0 } }],
  ['a month’s amounts withheld', 'withholdings', { account_id: account, date: month, amount_cents: { $gt: 0 } }],
  ['a month’s amounts perceived', 'perceptions', { account_id: account, date: month, amount_cents: { $gt: 0 } }],
  ['the account’s regimes', 'withholding_regimes', { account_id: account }],
  ['a voucher’s perception', 'perceptions', { account_id: account, voucher_type: 1, sale_point: 3, voucher_number: 7, regime_code: 'IVA-RG2408' }],
  ['a withholding’s certificate', 'withholding_certificates', { account_id: account, withholding_id: new ObjectId() }],
  ['the settings', 'withholding_config', { account_id: account }],
])('%s use an index', async (_name, collection, filter) => {
  const plan = await winningStages(collection, filter);
  expect(plan).toContain('IXSCAN');
  expect(plan).not.toContain('COLLSCAN');
});
