import { ObjectId } from 'mongodb';
import { ConflictError } from '../../src/domain/errors';
import type { FceVoucher } from '../../src/domain/fce/documents';
import { fceState } from '../../src/domain/fce/events';
import { judge } from '../../src/domain/fce/lifecycle';
import { transitionRefusal } from '../../src/domain/fce/refusal';
import { fceView, standsAcceptedTacitly, TACIT_RECORDER, tacitEvent } from '../../src/domain/fce/tacit';
import { termOf } from '../../src/domain/fce/term';

/**
 * Tacit acceptance, Ley 27.440 art. 6: an FCE neither accepted nor rejected within the term stands accepted. Terms
 * (src/domain/fce/term.ts): received 2026-05-04, Resolución SPyMEEyEC 219/2025, 21 días corridos → last day
 * 2026-05-25, accepted from 2026-05-26 00:00 (UTC−3); received 2026-11-10, Ley 27.440 arts. 4 and 6, 15 días
 * corridos → last day 2026-11-25, accepted from 2026-11-26 00:00 (UTC−3).
 */
const MAY_ENDS = new Date('2026-05-26T03:00:00.000Z');
const NOV_ENDS = new Date('2026-11-26T03:00:00.000Z');
const voucher = (fields: Partial<FceVoucher> = {}) =>
  ({
    _id: new ObjectId(),
    account_id: new ObjectId(),
    issue_date: new Date('2026-05-04T12:00:00-03:00'),
    fce_status: 'pending',
    fce_events: 0,
    ...fields,
  }) as FceVoucher;

describe('how an FCE voucher reads at an instant', () => {
  it('a pending one stands accepted from its term’s end, dated at that end', () => {
    const pending = voucher();
    expect(fceView(pending, new Date(MAY_ENDS.getTime() - 1))).toBe(pending);
    expect(fceView(pending, MAY_ENDS)).toEqual({ ...pending, fce_status: 'accepted', last_event_at: MAY_ENDS });
    // 15 days under the law once the extension lapses.
    const november = voucher({ issue_date: new Date('2026-11-10T12:00:00-03:00') });
    expect(fceView(november, new Date('2026-11-25T23:59:59.999-03:00')).fce_status).toBe('pending');
    expect(fceView(november, NOV_ENDS)).toMatchObject({ fce_status: 'accepted', last_event_at: NOV_ENDS });
  });

  it('one stored before the status was kept reads as pending, then accepted', () => {
    const old = voucher({ fce_status: undefined, fce_events: undefined });
    expect(fceView(old, new Date(MAY_ENDS.getTime() - 1))).toBe(old);
    expect(fceView(old, MAY_ENDS).fce_status).toBe('accepted');
  });

  it.each(['accepted', 'rejected', 'anulled', 'transferred_sircreb', 'paid_in_full'] as const)('a %s one reads as stored', (status) => {
    const decided = voucher({ fce_status: status, fce_events: 1, last_event_at: new Date('2026-05-05T10:00:00Z') });
    expect(fceView(decided, NOV_ENDS)).toBe(decided);
  });
});

describe('whether a voucher stands accepted tacitly (an event still to write)', () => {
  it('when pending with an empty log at or after its term’s end', () => {
    expect(standsAcceptedTacitly(voucher(), MAY_ENDS)).toBe(true);
    expect(standsAcceptedTacitly(voucher(), new Date(MAY_ENDS.getTime() - 1))).toBe(false);
    expect(standsAcceptedTacitly(voucher({ fce_status: undefined, fce_events: undefined }), MAY_ENDS)).toBe(true);
  });

  it('not when something was recorded, or it was decided', () => {
    expect(standsAcceptedTacitly(voucher({ fce_events: 1 }), MAY_ENDS)).toBe(false);
    expect(standsAcceptedTacitly(voucher({ fce_status: 'rejected', fce_events: 0 }), MAY_ENDS)).toBe(false);
    expect(standsAcceptedTacitly(voucher({ fce_status: 'accepted', fce_events: undefined }), MAY_ENDS)).toBe(false);
  });
});

describe('the tacit acceptance event', () => {
  it('is the registry’s, at the term’s end, first in the log, with the term it followed', () => {
    const pending = voucher();
    expect(tacitEvent(pending)).toEqual({
      _id: pending._id,
      account_id: pending.account_id,
      fce_invoice_id: pending._id,
      event_type: 'accepted',
      payload: {
        acceptance: 'tacit',
        term_days: 21,
        last_day: '2026-05-25',
        term_source: 'Resolución SPyMEEyEC 219/2025 (21 días corridos, 2025-11-01 to 2026-10-31)',
      },
      recorded_by: 'ARCA registry: tacit acceptance (Ley 27.440 art. 6)',
      recorded_at: MAY_ENDS,
      seq: 1,
    });
    expect(TACIT_RECORDER).toBe('ARCA registry: tacit acceptance (Ley 27.440 art. 6)');
    expect(tacitEvent(voucher({ issue_date: new Date('2026-11-10T12:00:00-03:00') })).payload).toEqual({
      acceptance: 'tacit',
      term_days: 15,
      last_day: '2026-11-25',
      term_source: 'Ley 27.440 arts. 4, 6 and 8 (15 días corridos); no extension past 2026-10-31 found',
    });
  });
});

describe('the refusal of an event the lifecycle forbids', () => {
  const term = termOf(new Date('2026-05-04T12:00:00-03:00'));

  it('after the term names the move from accepted (Ley 27.440 art. 6), whatever is stored', () => {
    const judgement = judge('pending', 'rejected', true);
    if (judgement.allowed) throw new Error('a late rejection is refused');
    const error = transitionRefusal(judgement, 'pending', 'rejected', term);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe('FCE_ACCEPTANCE_TERM_EXPIRED');
    expect(error.message).toBe(
      'the acceptance term has run out: the FCE invoice stands accepted tacitly (Ley 27.440 art. 6) and cannot be rejected (acceptance term: 21 days, last day 2026-05-25; Resolución SPyMEEyEC 219/2025 (21 días corridos, 2025-11-01 to 2026-10-31))',
    );
    expect(error.details).toEqual([{ path: 'event_type', message: 'accepted → rejected is not allowed' }]);
  });

  it('otherwise names the move from the stored status', () => {
    const judgement = judge('anulled', 'accepted', false);
    if (judgement.allowed) throw new Error('an anulled invoice is final');
    const error = transitionRefusal(judgement, 'anulled', 'accepted', term);
    expect(error.code).toBe('INVALID_FCE_TRANSITION');
    expect(error.details).toEqual([{ path: 'event_type', message: 'anulled → accepted is not allowed' }]);
    expect(error.message).toMatch(
      /^an FCE invoice cannot go from anulled to accepted \(allowed from anulled: none \(final status\)\) \(acceptance term: 21 days/,
    );
  });
});

describe('what an imported voucher starts with', () => {
  it('an FCE (types 201–213, RG 4367/2018) starts pending with an empty log; another voucher carries no FCE state', () => {
    for (const type of [201, 202, 203, 206, 207, 208, 211, 212, 213])
      expect(fceState(type)).toEqual({ fce_status: 'pending', last_event_at: null, fce_events: 0 });
    for (const type of [1, 6, 11, 200, 204, 214]) expect(fceState(type)).toEqual({});
  });
});
