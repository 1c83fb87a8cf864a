import DataLoader from 'dataloader';
import { type ClientSession, ObjectId } from 'mongodb';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { UserDocument } from '../../store/accounts.store';
import { requirePrincipal, type RequestContext } from '../context';
import { freeFormSchema } from '../declare/declare.validation';
import { ConflictError, notFound, ValidationError } from '../errors';
import { parseId } from '../../store/ids';
import { isDuplicateKeyError } from '../../store/store';
import { FCE_TYPES } from './eligibility';
import type { FceEventDocument, FceVoucher } from './documents';
import { FCE_EVENT_TYPES, type FceEventType, type FceStatus, judge } from './lifecycle';
import { transitionRefusal } from './refusal';
import { standsAcceptedTacitly, tacitEvent } from './tacit';
import { termOf } from './term';

/**
 * The FCE lifecycle log (contract §2.3, §3.6, §6; the rules in lifecycle.ts). `fce_status` and `last_event_at` are
 * kept on the issued voucher, written in the event's transaction, so the issued list filters by status on an index.
 *
 * Tacit acceptance (Ley 27.440 art. 6): a voucher still pending when its acceptance term ends reads as accepted from
 * that instant on — derived at read (`fceView`), since reads never write. The `accepted` event that says so is
 * written by the first write that touches the voucher afterwards (`settleTacitAcceptance`, in a transaction of its
 * own before the write is judged, so it stays even when that write is refused): its content depends only on the
 * voucher (recorded at the term's end, by the registry), and it takes position 1 of the voucher's log, which the
 * unique index account_invoice_seq holds once, so gateway processes racing to write it leave exactly one.
 */

export { FCE_EVENT_TYPES, FCE_STATUSES, FCE_TRANSITIONS, type FceEventType, type FceStatus } from './lifecycle';

export const MAX_PAYLOAD_CHARS = 4000;
export const EVENTS_SHOWN = 50;

export type { FceEventDocument, FceVoucher } from './documents';

/** What an FCE voucher starts with (nothing for other vouchers, which stay out of the FCE status index). */
export const fceState = (voucherType: number) => (FCE_TYPES.has(voucherType) ? { fce_status: 'pending' as const, last_event_at: null, fce_events: 0 } : {});

const payloadSchema = freeFormSchema(MAX_PAYLOAD_CHARS);

/** An issued FCE voucher (types 201–213) of the calling account, as read in `session` when given, or 404. */
export async function fceVoucher(context: RequestContext, id: string, session?: ClientSession): Promise<FceVoucher> {
  const _id = parseId(id);
  const doc = _id
    ? await context.store
        .collection<FceVoucher>('issued_vouchers')
        .findOne({ _id, account_id: requirePrincipal(context).accountId, voucher_type: { $in: [...FCE_TYPES] } }, { session })
    : null;
  if (!doc) throw notFound('FCE invoice', id);
  return doc;
}

export { fceView, standsAcceptedTacitly, TACIT_RECORDER, tacitEvent } from './tacit';

/**
 * An issued FCE voucher of the calling account, or 404, for a field of many parents: every voucher asked for in one
 * tick is read by one query. Nothing is kept between ticks: a subscription's context lives across its events, and
 * each event shows its voucher as it stands when the field is read.
 */
export async function fceVoucherOf(context: RequestContext, id: string): Promise<FceVoucher> {
  const doc = await context
    .loaders()
    .custom(
      'fceVouchersNow',
      (accountId) =>
        new DataLoader<string, FceVoucher | null>(
          async (ids) => {
            const wanted = ids.map(parseId).filter((_id): _id is ObjectId => _id !== null);
            const found = wanted.length
              ? await context.store
                  .collection<FceVoucher>('issued_vouchers')
                  .find({ _id: { $in: wanted }, account_id: accountId, voucher_type: { $in: [...FCE_TYPES] } })
                  .toArray()
              : [];
            const byId = new Map(found.map((voucher) => [voucher._id.toHexString(), voucher]));
            return ids.map((one) => byId.get(one.toLowerCase()) ?? null);
          },
          { cache: false },
        ),
    )
    .load(id);
  if (!doc) throw notFound('FCE invoice', id);
  return doc;
}

/**
 * Writes the tacit acceptance of a voucher whose term has run out while it was pending, in a transaction of its own;
 * idempotent: the voucher moves only from pending with an empty log, and the event's id is the voucher's.
 */
export async function settleTacitAcceptance(context: RequestContext, voucher: FceVoucher): Promise<void> {
  if (!standsAcceptedTacitly(voucher, context.now())) return;
  const event = tacitEvent(voucher);
  try {
    await context.store.transaction(
      async (session) => {
        const moved = await context.store
          .collection<FceVoucher>('issued_vouchers')
          .updateOne(
            { _id: voucher._id, account_id: voucher.account_id, fce_status: 'pending', fce_events: voucher.fce_events ?? { $exists: false } } as never,
            { $set: { fce_status: 'accepted', last_event_at: event.recorded_at, fce_events: 1, fce_acceptance: 'tacit' } } as never,
            { session },
          );
        if (moved.modifiedCount === 1) await context.store.collection<FceEventDocument>('fce_events').insertOne(event, { session });
      },
      { queue: `fce-events:${voucher._id.toHexString()}` },
    );
  } catch (error) {
    // Another process wrote it first: the engine saw the two transactions conflict, or the event's id is taken.
    if (!isDuplicateKeyError(error)) throw error;
  }
}

async function recorder(context: RequestContext): Promise<string> {
  const principal = requirePrincipal(context);
  if (principal.userId) {
    const user = await context.store.collection<UserDocument>('users').findOne({ _id: principal.userId }, { projection: { email: 1 } });
    if (user) return user.email;
  }
  return principal.apiKey ? `api_key:${principal.apiKey.name} (${principal.apiKey.id.toHexString()})` : 'unknown';
}

export interface RecordEventInput {
  event_type?: unknown;
  payload?: unknown;
}

export function parseEvent(input: RecordEventInput): { eventType: FceEventType; payload: Record<string, unknown> } {
  const problems: Array<{ path: string; message: string }> = [];
  const eventType = input.event_type;
  if (!(FCE_EVENT_TYPES as readonly unknown[]).includes(eventType)) problems.push({ path: 'event_type', message: `one of ${FCE_EVENT_TYPES.join(', ')}` });
  let payload: Record<string, unknown> = {};
  if (input.payload !== undefined && input.payload !== null) {
    const parsed = payloadSchema.safeParse(input.payload);
    if (parsed.success) payload = parsed.data;
    else for (const issue of parsed.error.issues) problems.push({ path: ['payload', ...issue.path].join('.'), message: issue.message });
  }
  if (problems.length) throw new ValidationError('invalid FCE event', problems);
  return { eventType: eventType as FceEventType, payload };
}

/**
 * Records one event. The voucher's status moves with a compare-and-set on its event count inside the transaction, so
 * two racing events are both judged against the status the other left: neither is lost, and a move the machine
 * forbids after the other committed is refused rather than written over it.
 */
export async function recordEvent(context: RequestContext, id: string, input: RecordEventInput): Promise<FceEventDocument> {
  const { eventType, payload } = parseEvent(input);
  const accountId = requirePrincipal(context).accountId;
  const recordedBy = await recorder(context);
  await settleTacitAcceptance(context, await fceVoucher(context, id));
  return context.store.transaction(
    async (session) => {
      const vouchers = context.store.collection<FceVoucher>('issued_vouchers');
      // Read again in the transaction: the status the event is judged against is the one it moves.
      const voucher = await fceVoucher(context, id, session);
      const _id = voucher._id;
      const from: FceStatus = voucher.fce_status ?? 'pending';
      const recordedAt = context.now();
      const term = termOf(voucher.issue_date);
      const passed = recordedAt.getTime() >= term.endsAt.getTime();
      const judgement = judge(from, eventType, passed, voucher.fce_acceptance === 'tacit');
      if (!judgement.allowed) throw transitionRefusal(judgement, from, eventType, term);
      const seq = (voucher.fce_events ?? 0) + 1;
      const moved = await vouchers.updateOne(
        { _id, account_id: accountId, fce_events: voucher.fce_events ?? { $exists: false } } as never,
        { $set: { fce_status: eventType, last_event_at: recordedAt, fce_events: seq } } as never,
        { session },
      );
      // Events of one voucher are queued in this process and conflict in the engine across processes; should one still
      // slip between the read and this write, it is refused rather than written over.
      if (moved.modifiedCount !== 1) throw new ConflictError('another event was recorded at the same time; try again', [], 'CONCURRENT_FCE_EVENT');
      const event: FceEventDocument = {
        _id: new ObjectId(),
        account_id: accountId,
        fce_invoice_id: _id,
        event_type: eventType,
        payload,
        recorded_by: recordedBy,
        recorded_at: recordedAt,
        seq,
      };
      await context.store.collection<FceEventDocument>('fce_events').insertOne(event, { session });
      await recordChanges(context, [actionOn('issued_vouchers', 'FCE invoice', 'event_recorded', voucher, `${from} → ${eventType}`)], session);
      return event;
    },
    { queue: `fce-events:${id}` },
  );
}

/**
 * The latest events of an FCE voucher of the account, newest first; a tacit acceptance not yet written reads as it
 * will be written (reads never write). The voucher and its events are read through the request's loaders, so a list
 * of vouchers asking for their logs costs two commands however long it is.
 */
export async function listEvents(context: RequestContext, id: string, limit = EVENTS_SHOWN): Promise<FceEventDocument[]> {
  const voucher = await context.loaders().byId<FceVoucher>('issued_vouchers').load(id);
  if (!voucher || !FCE_TYPES.has(voucher.voucher_type)) throw notFound('FCE invoice', id);
  if (standsAcceptedTacitly(voucher, context.now())) return [tacitEvent(voucher)];
  const events = await context
    .loaders()
    .latestBy<FceEventDocument>('fce_events', 'fce_invoice_id', { limit: EVENTS_SHOWN, newestBy: { seq: -1 } })
    .load(id);
  return events.slice(0, limit);
}
