import { ObjectId } from 'mongodb';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { IssuedVoucherDocument } from '../../store/issued-vouchers';
import type { UserDocument } from '../../store/accounts';
import { requirePrincipal, type RequestContext } from '../context';
import { freeFormSchema } from '../declare/validation';
import { ConflictError, notFound, ValidationError } from '../errors';
import { FCE_TYPES } from './eligibility';

/**
 * The FCE lifecycle log (contract §2.3, §3.6, §6). `fce_status` and `last_event_at` are kept on the issued voucher,
 * written in the event's transaction, so the issued list filters by status on an index.
 */

export const FCE_EVENT_TYPES = ['accepted', 'rejected', 'anulled', 'transferred_sircreb'] as const;
export type FceEventType = (typeof FCE_EVENT_TYPES)[number];
export const FCE_STATUSES = ['pending', ...FCE_EVENT_TYPES] as const;
export type FceStatus = (typeof FCE_STATUSES)[number];

/**
 * Which event may follow which, from the WSFECRED account states (domain notes §6): acceptance and rejection only
 * while the account is still modifiable (pending); rejection is final except for the cancelling credit note
 * (anulled, which ARCA allows only after a rejection, error 10154); only an accepted invoice can be passed on for
 * trading (transferred_sircreb); anulled and transferred are final. A repeated event is refused as well.
 */
export const FCE_TRANSITIONS: Readonly<Record<FceStatus, readonly FceEventType[]>> = {
  pending: ['accepted', 'rejected'],
  accepted: ['transferred_sircreb'],
  rejected: ['anulled'],
  anulled: [],
  transferred_sircreb: [],
};

export const MAX_PAYLOAD_CHARS = 4000;
export const EVENTS_SHOWN = 50;

export type FceEventDocument = {
  _id: ObjectId;
  account_id: ObjectId;
  fce_invoice_id: ObjectId;
  event_type: FceEventType;
  payload: Record<string, unknown>;
  recorded_by: string;
  recorded_at: Date;
  /** Position in the voucher's log (1, 2, …): orders events recorded within the same millisecond. */
  seq: number;
};

export type FceVoucher = IssuedVoucherDocument & { fce_status?: FceStatus; last_event_at?: Date | null; fce_events?: number };

/** What an FCE voucher starts with (nothing for other vouchers, which stay out of the FCE status index). */
export const fceState = (voucherType: number) => (FCE_TYPES.has(voucherType) ? { fce_status: 'pending' as const, last_event_at: null, fce_events: 0 } : {});

const payloadSchema = freeFormSchema(MAX_PAYLOAD_CHARS);

const voucherId = (id: string) => (ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** An issued FCE voucher (types 201–213) of the calling account, or 404. */
export async function fceVoucher(context: RequestContext, id: string): Promise<FceVoucher> {
  const _id = voucherId(id);
  const doc = _id
    ? await context.store
        .collection<FceVoucher>('issued_vouchers')
        .findOne({ _id, account_id: requirePrincipal(context).accountId, voucher_type: { $in: [...FCE_TYPES] } })
    : null;
  if (!doc) throw notFound('FCE invoice', id);
  return doc;
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
  return context.store.transaction(
    async (session) => {
      const vouchers = context.store.collection<FceVoucher>('issued_vouchers');
      const _id = voucherId(id);
      const voucher = _id ? await vouchers.findOne({ _id, account_id: accountId, voucher_type: { $in: [...FCE_TYPES] } }, { session }) : null;
      if (!voucher || !_id) throw notFound('FCE invoice', id);
      const from: FceStatus = voucher.fce_status ?? 'pending';
      if (!FCE_TRANSITIONS[from].includes(eventType)) {
        const allowed = FCE_TRANSITIONS[from].length ? FCE_TRANSITIONS[from].join(', ') : 'none (final status)';
        throw new ConflictError(
          `an FCE invoice cannot go from ${from} to ${eventType} (allowed from ${from}: ${allowed})`,
          [{ path: 'event_type', message: `${from} → ${eventType} is not allowed` }],
          'INVALID_FCE_TRANSITION',
        );
      }
      const seq = (voucher.fce_events ?? 0) + 1;
      const recordedAt = context.now();
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

/** The latest events of an FCE voucher of the account, newest first. */
export async function listEvents(context: RequestContext, id: string, limit = EVENTS_SHOWN): Promise<FceEventDocument[]> {
  const voucher = await fceVoucher(context, id);
  return context.store
    .collection<FceEventDocument>('fce_events')
    .find({ account_id: voucher.account_id, fce_invoice_id: voucher._id })
    .sort({ seq: -1 })
    .limit(Math.min(limit, EVENTS_SHOWN))
    .toArray();
}
