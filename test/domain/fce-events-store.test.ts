import { ObjectId } from 'mongodb';
import { createContext, type RequestContext, requirePrincipal } from '../../src/domain/context';
import { ConflictError, NotFoundError, UnauthenticatedError, ValidationError } from '../../src/domain/errors';
import {
  EVENTS_SHOWN,
  type FceEventDocument,
  type FceVoucher,
  fceVoucher,
  listEvents,
  recordEvent,
  settleTacitAcceptance,
  TACIT_RECORDER,
} from '../../src/domain/fce/events';
import { catalogIndexes } from '../support/indexes';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { type DomainCaller, domainContext } from '../support/domain-context';

/**
 * The FCE lifecycle log as stored (contract §2.3, §3.6): each event moves the voucher's status, count and last event
 * in one transaction, a refused event leaves everything as it was, and a voucher left pending past its acceptance
 * term stands accepted tacitly (Ley 27.440 art. 6), written once as the first event of its log.
 *
 * Terms used here, from the table of src/domain/fce/term.ts: an FCE received on 2026-05-04 falls under Resolución
 * SPyMEEyEC 219/2025 (21 días corridos, 2025-11-01 to 2026-10-31): last day 2026-05-25, tacitly accepted from
 * 2026-05-26 00:00 in Argentina (03:00 UTC). One received on 2026-11-10 falls under Ley 27.440 (15 días corridos):
 * last day 2026-11-25.
 */
const opened = suiteDatabase('fce-events-store', (store) => catalogIndexes(store, ['fce_events', 'issued_vouchers']));
let store: Store;
beforeAll(() => {
  store = opened();
});

const MAY_4 = new Date('2026-05-04T15:00:00.000Z');
const WITHIN_TERM = new Date('2026-05-25T23:59:00.000-03:00');
const TERM_ENDS = new Date('2026-05-26T03:00:00.000Z');
const TERM_219 = 'Resolución SPyMEEyEC 219/2025 (21 días corridos, 2025-11-01 to 2026-10-31)';

let next = 1;
/** An issued voucher of `accountId` as the Emitidos import stores it (FCE ones start pending, see fceState). */
async function storeVoucher(accountId: ObjectId, fields: Partial<FceVoucher> = {}): Promise<FceVoucher> {
  const voucher = {
    _id: new ObjectId(),
    account_id: accountId,
    issuer_cuit: '30712345671',
    voucher_type: 201,
    voucher_type_name: 'Factura de Crédito Electrónica MiPyMEs (FCE) A',
    voucher_class: 'invoice',
    sale_point: 7,
    voucher_number: next++,
    voucher_number_to: null,
    issue_date: MAY_4,
    receiver_doc_type: 80,
    receiver_doc: '30500010912',
    receiver_name: 'Grande SA',
    currency: 'PES',
    exchange_rate: 1,
    total_amount_cents: 700_000_000,
    net_taxed_cents: 578_512_397,
    net_untaxed_cents: 0,
    exempt_cents: 0,
    iva_cents: 121_487_603,
    other_taxes_cents: 0,
    vat_items: [],
    cae: '76123456789012',
    authorization_kind: 'CAE',
    source: 'excel_import',
    import_id: new ObjectId(),
    created_at: MAY_4,
    updated_at: MAY_4,
    fce_status: 'pending',
    last_event_at: null,
    fce_events: 0,
    ...fields,
  } as FceVoucher;
  await store.collection<FceVoucher>('issued_vouchers').insertOne(voucher);
  return voucher;
}

/** A caller of a new account whose clock reads `at`. */
function callerAt(at: Date, caller: DomainCaller = {}) {
  const accountId = caller.accountId ?? new ObjectId();
  return domainContext(store, { ...caller, accountId, now: () => at });
}

const accountOf = (context: RequestContext) => requirePrincipal(context).accountId;
const storedVoucher = (id: ObjectId) => store.collection<FceVoucher>('issued_vouchers').findOne({ _id: id });
const eventsOf = (id: ObjectId) => store.collection<FceEventDocument>('fce_events').find({ fce_invoice_id: id }).sort({ seq: 1 }).toArray();

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('an FCE voucher of the caller', () => {
  it('is found by its id among the account’s FCE vouchers (types 201–213)', async () => {
    const context = callerAt(WITHIN_TERM);
    const voucher = await storeVoucher(accountOf(context), { voucher_type: 213 });
    expect((await fceVoucher(context, voucher._id.toHexString()))._id).toEqual(voucher._id);
    // An id is 24 hexadecimal digits in either case (a 12-character text is no id, although the driver takes it).
    expect((await fceVoucher(context, voucher._id.toHexString().toUpperCase()))._id).toEqual(voucher._id);
    const twelve = await storeVoucher(accountOf(context), { _id: new ObjectId(Buffer.from('abcdefghijkl')) });
    expect((await fceVoucher(context, twelve._id.toHexString()))._id).toEqual(twelve._id);
    for (const id of ['abcdefghijkl', `x${twelve._id.toHexString()}`, `${twelve._id.toHexString()}0`])
      expect(await refusal(fceVoucher(context, id))).toBeInstanceOf(NotFoundError);
  });

  it('is 404 for an ordinary invoice, another account’s voucher, an unknown or malformed id', async () => {
    const context = callerAt(WITHIN_TERM);
    const ordinary = await storeVoucher(accountOf(context), { voucher_type: 1 });
    const theirs = await storeVoucher(new ObjectId());
    for (const id of [ordinary._id.toHexString(), theirs._id.toHexString(), new ObjectId().toHexString(), 'zz'.repeat(12), 'abc']) {
      const error = await refusal(fceVoucher(context, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: `FCE invoice ${id} not found` });
    }
  });
});

describe('recording an event', () => {
  it('within the term moves the voucher, numbers the log and names who recorded it', async () => {
    const userId = new ObjectId();
    const context = callerAt(WITHIN_TERM, { userId });
    await store.collection('users').insertOne({ _id: userId, account_id: accountOf(context), email: 'compras@grande.com.ar' });
    const voucher = await storeVoucher(accountOf(context), { voucher_number: 1001 });

    const accepted = await recordEvent(context, voucher._id.toHexString(), { event_type: 'accepted', payload: { via: 'DFE' } });
    expect(accepted).toMatchObject({
      account_id: voucher.account_id,
      fce_invoice_id: voucher._id,
      event_type: 'accepted',
      payload: { via: 'DFE' },
      recorded_by: 'compras@grande.com.ar',
      recorded_at: WITHIN_TERM,
      seq: 1,
    });
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'accepted', last_event_at: WITHIN_TERM, fce_events: 1 });

    // Ley 27.440: only an accepted invoice is passed on for trading.
    const traded = await recordEvent(context, voucher._id.toHexString(), { event_type: 'transferred_sircreb' });
    expect(traded).toMatchObject({ event_type: 'transferred_sircreb', payload: {}, seq: 2 });
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'transferred_sircreb', fce_events: 2 });
    expect((await eventsOf(voucher._id)).map((event) => [event.seq, event.event_type])).toEqual([
      [1, 'accepted'],
      [2, 'transferred_sircreb'],
    ]);
    const activity = await store.collection('activity').find({ account_id: voucher.account_id, resource_id: voucher._id }).toArray();
    expect(activity.map((entry) => entry.summary).sort()).toEqual([
      'FCE invoice tipo 201 00007-00001001 ($ 7.000.000,00) event recorded: accepted → transferred_sircreb',
      'FCE invoice tipo 201 00007-00001001 ($ 7.000.000,00) event recorded: pending → accepted',
    ]);
    expect(activity.every((entry) => entry.action === 'event_recorded' && entry.resource_type === 'issued_vouchers')).toBe(true);
  });

  it('moves a voucher stored before its FCE state was kept as a pending one', async () => {
    const context = callerAt(WITHIN_TERM);
    const voucher = await storeVoucher(accountOf(context), { fce_status: undefined, fce_events: undefined, last_event_at: undefined });
    await store.collection('issued_vouchers').updateOne({ _id: voucher._id }, { $unset: { fce_status: '', fce_events: '', last_event_at: '' } });
    expect((await recordEvent(context, voucher._id.toHexString(), { event_type: 'accepted' })).seq).toBe(1);
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'accepted', fce_events: 1, last_event_at: WITHIN_TERM });
  });

  it('names the API key it was recorded with, or nobody known', async () => {
    const apiKey = { id: new ObjectId(), name: 'erp' };
    const keyed = callerAt(WITHIN_TERM, { apiKey, userId: new ObjectId() });
    const voucher = await storeVoucher(accountOf(keyed));
    const event = await recordEvent(keyed, voucher._id.toHexString(), { event_type: 'rejected' });
    expect(event.recorded_by).toBe(`api_key:erp (${apiKey.id.toHexString()})`);

    const anonymous = callerAt(WITHIN_TERM);
    const other = await storeVoucher(accountOf(anonymous));
    expect((await recordEvent(anonymous, other._id.toHexString(), { event_type: 'accepted' })).recorded_by).toBe('unknown');
  });

  it('refuses a move the lifecycle forbids with 409 INVALID_FCE_TRANSITION and stores nothing', async () => {
    const context = callerAt(WITHIN_TERM);
    const voucher = await storeVoucher(accountOf(context));
    await recordEvent(context, voucher._id.toHexString(), { event_type: 'rejected' });
    const error = await refusal(recordEvent(context, voucher._id.toHexString(), { event_type: 'accepted' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      code: 'INVALID_FCE_TRANSITION',
      message: `an FCE invoice cannot go from rejected to accepted (allowed from rejected: anulled) (acceptance term: 21 days, last day 2026-05-25; ${TERM_219})`,
      details: [{ path: 'event_type', message: 'rejected → accepted is not allowed' }],
    });
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'rejected', fce_events: 1, last_event_at: WITHIN_TERM });
    expect(await eventsOf(voucher._id)).toHaveLength(1);
  });

  it('refuses a body that is not an event before reading the voucher', async () => {
    const context = callerAt(WITHIN_TERM);
    const error = await refusal(recordEvent(context, new ObjectId().toHexString(), { event_type: 'paid' }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('is 404 for a voucher that is not one of the caller’s FCE vouchers', async () => {
    const context = callerAt(WITHIN_TERM);
    const theirs = await storeVoucher(new ObjectId());
    expect(await refusal(recordEvent(context, theirs._id.toHexString(), { event_type: 'accepted' }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(recordEvent(context, 'not-an-id', { event_type: 'accepted' }))).toBeInstanceOf(NotFoundError);
    expect(await storedVoucher(theirs._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
  });
});

describe('tacit acceptance (Ley 27.440 art. 6)', () => {
  it('is written by the first event after the term, which a late rejection then meets as 409 FCE_ACCEPTANCE_TERM_EXPIRED', async () => {
    const context = callerAt(TERM_ENDS);
    const voucher = await storeVoucher(accountOf(context));
    const error = await refusal(recordEvent(context, voucher._id.toHexString(), { event_type: 'rejected' }));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      code: 'FCE_ACCEPTANCE_TERM_EXPIRED',
      message: `the acceptance term has run out: the FCE invoice stands accepted tacitly (Ley 27.440 art. 6) and cannot be rejected (acceptance term: 21 days, last day 2026-05-25; ${TERM_219})`,
      details: [{ path: 'event_type', message: 'accepted → rejected is not allowed' }],
    });
    // The acceptance stays although the rejection was refused: recorded by the registry at the term's end.
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'accepted', fce_events: 1, fce_acceptance: 'tacit', last_event_at: TERM_ENDS });
    expect(await eventsOf(voucher._id)).toEqual([
      {
        _id: voucher._id,
        account_id: voucher.account_id,
        fce_invoice_id: voucher._id,
        event_type: 'accepted',
        payload: { acceptance: 'tacit', term_days: 21, last_day: '2026-05-25', term_source: TERM_219 },
        recorded_by: TACIT_RECORDER,
        recorded_at: TERM_ENDS,
        seq: 1,
      },
    ]);
    // An accepted invoice is still cancelled in full: the second event of its log.
    const paid = await recordEvent(context, voucher._id.toHexString(), { event_type: 'paid_in_full' });
    expect(paid.seq).toBe(2);
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'paid_in_full', fce_events: 2, fce_acceptance: 'tacit' });
  });

  it('refuses a rejection whose instant falls at the term’s end although the voucher was read within it', async () => {
    // The first reading of the clock (the settlement's) is the term's last millisecond; the event's is its end.
    const instants = [new Date(TERM_ENDS.getTime() - 1), TERM_ENDS];
    const accountId = new ObjectId();
    const context = domainContext(store, { accountId, now: () => instants.shift() ?? TERM_ENDS });
    const voucher = await storeVoucher(accountId);
    expect(await refusal(recordEvent(context, voucher._id.toHexString(), { event_type: 'rejected' }))).toMatchObject({ code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
    expect(await eventsOf(voucher._id)).toEqual([]);
  });

  it('is not written while the term runs, nor over an expressly decided voucher', async () => {
    const before = callerAt(new Date(TERM_ENDS.getTime() - 1));
    const running = await storeVoucher(accountOf(before));
    await settleTacitAcceptance(before, running);
    expect(await storedVoucher(running._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });

    const after = callerAt(TERM_ENDS, { accountId: accountOf(before) });
    const rejected = await storeVoucher(accountOf(before), { fce_status: 'rejected', fce_events: 1, last_event_at: WITHIN_TERM });
    await settleTacitAcceptance(after, rejected);
    expect(await storedVoucher(rejected._id)).toMatchObject({ fce_status: 'rejected', fce_events: 1 });
    expect(await eventsOf(rejected._id)).toEqual([]);
  });

  it('is written once however often it is settled, also for a voucher stored before the log was counted', async () => {
    const context = callerAt(TERM_ENDS);
    const voucher = await storeVoucher(accountOf(context), { fce_events: undefined, fce_status: 'pending' });
    await store.collection('issued_vouchers').updateOne({ _id: voucher._id }, { $unset: { fce_events: '' } });
    const old = (await storedVoucher(voucher._id)) as FceVoucher;
    await Promise.all([settleTacitAcceptance(context, old), settleTacitAcceptance(context, old), settleTacitAcceptance(context, old)]);
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'accepted', fce_events: 1, fce_acceptance: 'tacit' });
    expect(await eventsOf(voucher._id)).toHaveLength(1);
  });

  it('is not written over a decision recorded after the voucher was read', async () => {
    const context = callerAt(TERM_ENDS);
    const read = await storeVoucher(accountOf(context));
    // Rejected within the term by another request between this one's read and its settlement.
    await store.collection('issued_vouchers').updateOne({ _id: read._id }, { $set: { fce_status: 'rejected', fce_events: 1, last_event_at: WITHIN_TERM } });
    await settleTacitAcceptance(context, read);
    expect(await storedVoucher(read._id)).toMatchObject({ fce_status: 'rejected', fce_events: 1 });
    expect(await eventsOf(read._id)).toEqual([]);
  });

  it('leaves the voucher as it was when another writer’s tacit event is already stored', async () => {
    const context = callerAt(TERM_ENDS);
    const voucher = await storeVoucher(accountOf(context));
    await store.collection('fce_events').insertOne({ _id: voucher._id, account_id: voucher.account_id, fce_invoice_id: voucher._id, seq: 1 });
    await expect(settleTacitAcceptance(context, voucher)).resolves.toBeUndefined();
    // The move and the insert are one transaction: neither stays.
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
  });

  it('is not swallowed when the store refuses the write for another reason', async () => {
    const base = callerAt(TERM_ENDS);
    const voucher = await storeVoucher(accountOf(base));
    const refused = new UnauthenticatedError('the API key was revoked');
    const verified = Promise.reject(refused);
    verified.catch(() => undefined);
    const revoked = createContext({ ...base, verified });
    expect(await refusal(settleTacitAcceptance(revoked, voucher))).toBe(refused);
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
  });
});

describe('listing a voucher’s events', () => {
  it('answers the latest first, at most as many as asked and never more than EVENTS_SHOWN', async () => {
    const context = callerAt(WITHIN_TERM);
    const voucher = await storeVoucher(accountOf(context), { fce_status: 'accepted', fce_events: 60 });
    await store.collection('fce_events').insertMany(
      Array.from({ length: 60 }, (_, i) => ({
        _id: new ObjectId(),
        account_id: voucher.account_id,
        fce_invoice_id: voucher._id,
        event_type: 'accepted',
        payload: {},
        recorded_by: 'x',
        recorded_at: WITHIN_TERM,
        seq: i + 1,
      })),
    );
    // Another voucher of the account with a longer log: none of its events is listed with this one's.
    const other = await storeVoucher(accountOf(context), { fce_status: 'accepted', fce_events: 99 });
    await store
      .collection('fce_events')
      .insertOne({ _id: new ObjectId(), account_id: other.account_id, fce_invoice_id: other._id, event_type: 'accepted', seq: 99 });
    const id = voucher._id.toHexString();
    expect((await listEvents(context, id, 3)).map((event) => event.seq)).toEqual([60, 59, 58]);
    expect((await listEvents(context, id)).every((event) => event.fce_invoice_id.equals(voucher._id))).toBe(true);
    const shown = await listEvents(context, id);
    expect(shown).toHaveLength(EVENTS_SHOWN);
    expect(EVENTS_SHOWN).toBe(50);
    expect(shown[49].seq).toBe(11);
    expect(await listEvents(context, id, 500)).toHaveLength(50);
  });

  it('reads a tacit acceptance not yet written as it will be written, without writing it', async () => {
    const context = callerAt(TERM_ENDS);
    const voucher = await storeVoucher(accountOf(context));
    expect(await listEvents(context, voucher._id.toHexString())).toEqual([
      expect.objectContaining({ _id: voucher._id, event_type: 'accepted', recorded_by: TACIT_RECORDER, recorded_at: TERM_ENDS, seq: 1 }),
    ]);
    expect(await eventsOf(voucher._id)).toEqual([]);
    expect(await storedVoucher(voucher._id)).toMatchObject({ fce_status: 'pending', fce_events: 0 });
  });

  it('gives each of several vouchers asking at once its own log, the tacit acceptance included', async () => {
    const context = callerAt(TERM_ENDS);
    const account = accountOf(context);
    const [logged, silent, tacit] = [
      await storeVoucher(account, { fce_status: 'rejected', fce_events: 2 }),
      await storeVoucher(account, { fce_status: 'pending', issue_date: TERM_ENDS }),
      await storeVoucher(account),
    ];
    await store
      .collection('fce_events')
      .insertMany(
        [1, 2].map((seq) => ({ _id: new ObjectId(), account_id: account, fce_invoice_id: logged._id, event_type: seq === 1 ? 'accepted' : 'rejected', seq })),
      );
    const [loggedEvents, silentEvents, tacitEvents] = await Promise.all(
      [logged, silent, tacit].map((voucher) => listEvents(context, voucher._id.toHexString())),
    );
    expect(loggedEvents.map((event) => [event.seq, event.event_type])).toEqual([
      [2, 'rejected'],
      [1, 'accepted'],
    ]);
    expect(silentEvents).toEqual([]);
    expect(tacitEvents).toEqual([expect.objectContaining({ _id: tacit._id, recorded_by: TACIT_RECORDER })]);
  });

  it('is 404 for an issued voucher that is not an FCE one, and for an id that is none', async () => {
    const context = callerAt(WITHIN_TERM);
    const plain = await storeVoucher(accountOf(context), { voucher_type: 1 });
    const refused = await refusal(listEvents(context, plain._id.toHexString()));
    expect(refused).toBeInstanceOf(NotFoundError);
    expect((refused as Error).message).toMatch(/^FCE invoice .+ not found$/);
    expect(await refusal(listEvents(context, 'nope'))).toBeInstanceOf(NotFoundError);
  });

  it('is 404 for another account’s voucher', async () => {
    const context = callerAt(WITHIN_TERM);
    const theirs = await storeVoucher(new ObjectId());
    expect(await refusal(listEvents(context, theirs._id.toHexString()))).toBeInstanceOf(NotFoundError);
  });
});
