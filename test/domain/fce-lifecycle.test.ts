import { ObjectId } from 'mongodb';
import { type FceVoucher, fceView, TACIT_RECORDER, tacitEvent } from '../../src/domain/fce/events';
import { statusFilter } from '../../src/domain/fce/issued';
import { effectiveStatus, FCE_EVENT_TYPES, FCE_STATUSES, FCE_TRANSITIONS, judge } from '../../src/domain/fce/lifecycle';

/**
 * The FCE lifecycle as the law and ARCA's registry allow it, written from them:
 * - Ley 27.440 art. 6: not accepted or rejected within the term, the invoice stands accepted (tacitly);
 * - Ley 27.440 art. 8: rejection within the term, final; the issuer then cancels it with a credit note with
 *   opcional 22 = S (anulled), which WSFEv1 takes only for a rejected invoice (error 10154);
 * - WSFECRED manual v2.0.3 (EstadoCtaCte): Modificable → Aceptada | Rechazada | CanceladaTotal (aceptarFECred with
 *   tipoCancelacion TOT); Aceptada → CanceladaTotal (informarCancelacionTotalFECred) | InformadaAgDpto (informed
 *   to the collective depositary agent, here transferred_sircreb), both final.
 */

describe('which event may follow which', () => {
  // Every pair, from the law and the registry's states as summarised above.
  const LAW: Record<string, string[]> = {
    pending: ['accepted', 'rejected', 'paid_in_full'],
    accepted: ['transferred_sircreb', 'paid_in_full'],
    rejected: ['anulled'],
    anulled: [],
    transferred_sircreb: [],
    paid_in_full: [],
  };

  it('keeps the contract’s names and adds paid_in_full', () => {
    expect(FCE_EVENT_TYPES).toEqual(['accepted', 'rejected', 'anulled', 'transferred_sircreb', 'paid_in_full']);
    expect(FCE_STATUSES).toEqual(['pending', 'accepted', 'rejected', 'anulled', 'transferred_sircreb', 'paid_in_full']);
    expect(FCE_TRANSITIONS).toEqual(LAW);
  });

  it.each(FCE_STATUSES.flatMap((from) => FCE_EVENT_TYPES.map((event) => [from, event] as const)))(
    'within the term, %s → %s is allowed only as the law says',
    (from, event) => {
      const judgement = judge(from, event, false);
      if (LAW[from].includes(event)) expect(judgement).toEqual({ allowed: true });
      else
        expect(judgement).toEqual({
          allowed: false,
          code: 'INVALID_FCE_TRANSITION',
          message: `an FCE invoice cannot go from ${from} to ${event} (allowed from ${from}: ${LAW[from].length ? LAW[from].join(', ') : 'none (final status)'})`,
        });
    },
  );

  it.each([['accepted'], ['rejected'], ['anulled']] as const)(
    'after the term a pending invoice stands accepted: %s is refused with FCE_ACCEPTANCE_TERM_EXPIRED',
    (event) => {
      expect(judge('pending', event, true)).toEqual({
        allowed: false,
        code: 'FCE_ACCEPTANCE_TERM_EXPIRED',
        message: `the acceptance term has run out: the FCE invoice stands accepted tacitly (Ley 27.440 art. 6) and cannot be ${event}`,
      });
    },
  );

  it('after the term a tacitly accepted invoice can be transferred or paid in full, never rejected', () => {
    expect(judge('pending', 'transferred_sircreb', true)).toEqual({ allowed: true });
    expect(judge('pending', 'paid_in_full', true)).toEqual({ allowed: true });
    expect(judge('pending', 'rejected', true)).toEqual({
      allowed: false,
      code: 'FCE_ACCEPTANCE_TERM_EXPIRED',
      message: 'the acceptance term has run out: the FCE invoice stands accepted tacitly (Ley 27.440 art. 6) and cannot be rejected',
    });
  });

  it('judges a recorded tacit acceptance as the term’s end: a late acceptance or rejection names the term', () => {
    expect(judge('accepted', 'rejected', true, true)).toMatchObject({ allowed: false, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    expect(judge('accepted', 'accepted', true, true)).toMatchObject({ allowed: false, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    expect(judge('accepted', 'paid_in_full', true, true)).toEqual({ allowed: true });
    expect(judge('accepted', 'transferred_sircreb', true, true)).toEqual({ allowed: true });
    // After a tacit acceptance the term's events stay too late whatever followed; the rest is judged as recorded.
    expect(judge('paid_in_full', 'rejected', true, true)).toMatchObject({ allowed: false, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    expect(judge('paid_in_full', 'anulled', true, true)).toMatchObject({ allowed: false, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
    expect(judge('paid_in_full', 'transferred_sircreb', true, true)).toMatchObject({ allowed: false, code: 'INVALID_FCE_TRANSITION' });
    expect(judge('transferred_sircreb', 'accepted', true, true)).toMatchObject({ allowed: false, code: 'FCE_ACCEPTANCE_TERM_EXPIRED' });
  });

  it('after the term a recorded status is judged as it is (the term changes only pending)', () => {
    expect(judge('rejected', 'anulled', true)).toEqual({ allowed: true });
    expect(judge('accepted', 'rejected', true)).toMatchObject({ allowed: false, code: 'INVALID_FCE_TRANSITION' });
    expect(judge('anulled', 'rejected', true)).toMatchObject({ allowed: false, code: 'INVALID_FCE_TRANSITION' });
  });

  it('reads a pending invoice as accepted once its term has run out, and nothing else changes', () => {
    expect(effectiveStatus('pending', true)).toBe('accepted');
    expect(effectiveStatus('pending', false)).toBe('pending');
    for (const status of FCE_STATUSES.filter((s) => s !== 'pending')) {
      expect(effectiveStatus(status, true)).toBe(status);
      expect(effectiveStatus(status, false)).toBe(status);
    }
  });
});

describe('a voucher as it reads', () => {
  const voucher = (status: FceVoucher['fce_status'], issued: string): FceVoucher =>
    ({ _id: new ObjectId(), issue_date: new Date(issued), fce_status: status, last_event_at: null, fce_events: 0 }) as FceVoucher;

  it('is accepted from the end of its term (21 days for one issued on 2025-12-01), with that instant as its last event', () => {
    const pending = voucher('pending', '2025-12-01T15:00:00Z');
    // Last day 2025-12-22; accepted tacitly from 2025-12-23 00:00 in Argentina.
    expect(fceView(pending, new Date('2025-12-23T02:59:59.999Z'))).toBe(pending);
    expect(fceView(pending, new Date('2025-12-23T03:00:00Z'))).toEqual({ ...pending, fce_status: 'accepted', last_event_at: new Date('2025-12-23T03:00:00Z') });
  });

  it('names its tacit acceptance after the voucher, at the term’s end, with the term and its source', () => {
    const pending = voucher('pending', '2026-11-02T15:00:00Z');
    expect(tacitEvent(pending)).toEqual({
      _id: pending._id,
      account_id: pending.account_id,
      fce_invoice_id: pending._id,
      event_type: 'accepted',
      payload: { acceptance: 'tacit', term_days: 15, last_day: '2026-11-17', term_source: expect.stringContaining('Ley 27.440') },
      recorded_by: TACIT_RECORDER,
      recorded_at: new Date('2026-11-18T03:00:00Z'),
      seq: 1,
    });
  });

  it('keeps a recorded status, and reads a voucher without one as pending', () => {
    const rejected = voucher('rejected', '2025-12-01T15:00:00Z');
    expect(fceView(rejected, new Date('2026-06-01T00:00:00Z'))).toBe(rejected);
    const unmarked = voucher(undefined, '2026-11-20T15:00:00Z');
    expect(fceView(unmarked, new Date('2026-11-21T00:00:00Z'))).toBe(unmarked);
    expect(fceView(unmarked, new Date('2026-12-06T03:00:00Z')).fce_status).toBe('accepted');
  });
});

describe('the list filter of a status as vouchers read', () => {
  // 2025-12-05: vouchers issued up to 2025-11-13 have run out their 21 days (Res. SPyMEEyEC 219/2025).
  const now = new Date('2025-12-05T15:00:00Z');
  const cut = new Date('2025-11-14T03:00:00Z');

  it('asks pending for the stored pending ones still within their term', () => {
    expect(statusFilter('pending', now)).toEqual({ fce_status: 'pending', $or: [{ issue_date: { $gte: cut } }] });
  });

  it('asks accepted for the stored accepted ones and the pending ones past their term', () => {
    expect(statusFilter('accepted', now)).toEqual({
      fce_status: { $in: ['accepted', 'pending'] },
      $or: [{ fce_status: 'accepted' }, { fce_status: 'pending', issue_date: { $lt: cut } }],
    });
  });

  it('asks other statuses as stored, and all of them without a status', () => {
    expect(statusFilter('rejected', now)).toEqual({ fce_status: 'rejected' });
    expect(statusFilter('paid_in_full', now)).toEqual({ fce_status: 'paid_in_full' });
    expect(statusFilter(undefined, now)).toEqual({ fce_status: { $in: [...FCE_STATUSES] } });
  });

  it('bounds both sides of a span between two rows', () => {
    // 2026-11-18: pending within the term are those of 2026-10-28 to 2026-10-31 (21 days) and from 2026-11-03 (15).
    expect(statusFilter('pending', new Date('2026-11-18T15:00:00Z'))).toEqual({
      fce_status: 'pending',
      $or: [
        { issue_date: { $gte: new Date('2026-10-28T03:00:00Z'), $lt: new Date('2026-11-01T03:00:00Z') } },
        { issue_date: { $gte: new Date('2026-11-03T03:00:00Z') } },
      ],
    });
  });
});
