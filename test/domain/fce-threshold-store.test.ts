import { ObjectId } from 'mongodb';
import { ValidationError } from '../../src/domain/errors';
import { effectiveThreshold, setThreshold, THRESHOLD_KEY } from '../../src/domain/fce/threshold';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { domainContext } from '../support/domain-context';

/**
 * The FCE minimum an account's vouchers are judged with (contract §2.3, "Threshold"): the account's own value, else
 * the platform's override, else the published minimum in force on the voucher's day (src/domain/fce/minimum.ts:
 * 3.958.316 from 2025-04-11 with Resolución SPyME 54/2025, 5.549.862 from 2026-04-14 with Resolución 1/2026).
 */
const opened = suiteDatabase('fce-threshold-store');
let store: Store;
beforeAll(() => {
  store = opened();
});

async function account(settings: Record<string, unknown> = {}) {
  const _id = new ObjectId();
  await store.collection('accounts').insertOne({ _id, name: 'Pyme SRL', cuit: '30712345671', settings: { widgets: {}, ...settings } });
  return _id;
}

describe('which minimum applies', () => {
  it('reads the account’s own setting from the store, else the platform’s, else the table', async () => {
    const own = await account({ [THRESHOLD_KEY]: 2_500_000 });
    expect(await effectiveThreshold(domainContext(store, { accountId: own, fceMinThresholdArs: 7_000_000 }), '2026-05-04')).toEqual({
      value: 2_500_000,
      source: 'account setting fce_mipyme_min_threshold_ars',
      effectiveFrom: null,
      review: false,
    });
    const none = await account();
    expect(await effectiveThreshold(domainContext(store, { accountId: none, fceMinThresholdArs: 7_000_000 }), '2026-05-04')).toMatchObject({
      value: 7_000_000,
      source: 'platform configuration FCE_MIN_THRESHOLD_ARS',
    });
    expect(await effectiveThreshold(domainContext(store, { accountId: none }), '2026-05-04')).toEqual({
      value: 5_549_862,
      source: 'Resolución 1/2026 (from 2026-04-14), ARCA FCE registry',
      effectiveFrom: '2026-04-14',
      review: false,
    });
  });

  it('reads the table for an account without settings, or none stored', async () => {
    const bare = new ObjectId();
    await store.collection('accounts').insertOne({ _id: bare, name: 'Sin ajustes', cuit: '30712345671' });
    for (const accountId of [bare, new ObjectId()])
      expect(await effectiveThreshold(domainContext(store, { accountId }), '2026-04-13')).toMatchObject({ value: 3_958_316, effectiveFrom: '2025-04-11' });
  });
});

describe('setting the account’s own minimum', () => {
  it('stores it to the cent, records who changed it, and is what applies next', async () => {
    const other = await account();
    const accountId = await account();
    const context = domainContext(store, { accountId, userId: new ObjectId() });
    expect(await setThreshold(context, 4_000_000.456)).toBe(4_000_000.46);
    const stored = await store.collection('accounts').findOne({ _id: accountId });
    expect(stored?.settings).toEqual({ widgets: {}, [THRESHOLD_KEY]: 4_000_000.46 });
    expect((await store.collection('accounts').findOne({ _id: other }))?.settings).toEqual({ widgets: {} });
    expect((await effectiveThreshold(context, '2026-05-04')).value).toBe(4_000_000.46);
    const activity = await store.collection('activity').find({ account_id: accountId }).toArray();
    expect(activity).toEqual([expect.objectContaining({ resource_type: 'accounts', resource_id: accountId, action: 'updated' })]);
    expect(activity[0].summary).toMatch(/FCE MiPyME threshold.*: \$ 4000000\.46$/);
  });

  it('changes nothing when the value is refused', async () => {
    const accountId = await account({ [THRESHOLD_KEY]: 3_000_000 });
    const context = domainContext(store, { accountId });
    await expect(setThreshold(context, 0)).rejects.toBeInstanceOf(ValidationError);
    expect((await store.collection('accounts').findOne({ _id: accountId }))?.settings).toEqual({ widgets: {}, [THRESHOLD_KEY]: 3_000_000 });
    expect(await store.collection('activity').countDocuments({ account_id: accountId })).toBe(0);
  });
});
