import { ObjectId } from 'mongodb';
import { isDuplicateKeyError, type Store } from '../../store/store';
import { STATS_SOURCES } from './daily-totals';
import { rebuildBooksOfDeadImports } from '../iva/abandoned';
import { ABANDONED_AFTER_MS, type PendingDayDocument, recountPendingDays } from './pending-days';

/** The lease document of the sweep in `sweeps`: one gateway over the store sweeps at a time. */
export interface SweepDocument {
  _id: string;
  holder: ObjectId;
  until: Date;
}

const SWEEP_ID = 'stats-pending-days';
/** How long a sweep may hold the lease: past it (its gateway died mid-sweep) another gateway takes it. */
export const SWEEP_LEASE_MS = 600_000;

/**
 * Takes the sweep's lease in the store when nobody holds it: one upsert that matches only an expired (or released)
 * lease; a lease still held makes it insert a second document of the same `_id`, which the store refuses.
 */
async function takeLease(store: Store, holder: ObjectId, now: Date): Promise<boolean> {
  try {
    await store
      .collection<SweepDocument>('sweeps')
      .updateOne({ _id: SWEEP_ID, until: { $lte: now } }, { $set: { holder, until: new Date(now.getTime() + SWEEP_LEASE_MS) } }, { upsert: true });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/**
 * Recounts what imports left marked in every account: the days of an import whose own recount after answering did
 * not run (its process stopped first) and the months of an import whose process died while writing, once their mark
 * is older than any import takes (see pending-days.ts) — those months' VAT books rebuilt first, as its last batches
 * may lack their lines (iva/abandoned.ts). Reads never recount; they read unsettled days from the
 * documents, so the sweep only keeps those reads short. With nothing marked it only reads (one document at most);
 * otherwise it runs in the gateway that takes the store's lease, and lets the lease go when done.
 * Answers whether it swept.
 */
export async function sweepPendingDays(store: Store, holder: ObjectId, now = () => new Date()): Promise<boolean> {
  const pending = store.collection<PendingDayDocument>('stats_pending_days');
  // Every mark, walked on the marks' index by account (a read of the store is never a collection scan).
  const byAccount = { hint: { account_id: 1, source: 1, day: 1, writer: 1 } };
  if (!(await pending.findOne({}, { projection: { _id: 1 }, ...byAccount }))) return false;
  if (!(await takeLease(store, holder, now()))) return false;
  try {
    // Marks are few (days of imports not recounted yet): all of them at once.
    const marks = await pending.find({}, byAccount).toArray();
    const accounts = new Map(marks.map((mark) => [mark.account_id.toHexString(), mark.account_id]));
    for (const accountId of accounts.values()) {
      // The months of an import whose process died: its VAT books first (the recount then lets the marks go).
      const dead = marks.filter((mark) => mark.account_id.equals(accountId) && mark.writer && now().getTime() - mark.since.getTime() >= ABANDONED_AFTER_MS);
      await rebuildBooksOfDeadImports(
        store,
        accountId,
        dead.map((mark) => ({ source: mark.source, month: mark.day })),
        now(),
      );
      await recountPendingDays(store, accountId, STATS_SOURCES, now);
    }
  } finally {
    await store.collection<SweepDocument>('sweeps').updateOne({ _id: SWEEP_ID, holder }, { $set: { until: new Date(0) } });
  }
  return true;
}

/** A gateway's sweeps: one in the background at start, then one every `everyMs` (0: none at all). */
export function startPendingDaysSweep(store: Store, everyMs: number, onError: (error: unknown) => void): { stop(): void } {
  if (everyMs <= 0) return { stop: () => undefined };
  const holder = new ObjectId();
  const sweep = () =>
    store.inBackground(async () => {
      await sweepPendingDays(store, holder);
    }, onError);
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
