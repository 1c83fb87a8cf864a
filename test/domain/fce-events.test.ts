import { ValidationError } from '../../src/domain/errors';
import { MAX_PAYLOAD_CHARS, parseEvent } from '../../src/domain/fce/events';

/** The body of an FCE event (contract §2.3): `event_type` one of the lifecycle's kinds, `payload` a free-form object. */
describe('an FCE event body', () => {
  it.each(['accepted', 'rejected', 'anulled', 'transferred_sircreb', 'paid_in_full'])('takes %s with or without a payload', (eventType) => {
    expect(parseEvent({ event_type: eventType })).toEqual({ eventType, payload: {} });
    expect(parseEvent({ event_type: eventType, payload: null })).toEqual({ eventType, payload: {} });
    expect(parseEvent({ event_type: eventType, payload: { motivo: 'precio', n: [1, { a: 2 }] } })).toEqual({
      eventType,
      payload: { motivo: 'precio', n: [1, { a: 2 }] },
    });
  });

  it('names every problem with its path', () => {
    let thrown: unknown;
    try {
      parseEvent({ event_type: 'paid', payload: { $set: 1, 'a.b': 2 } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const { message, details } = thrown as ValidationError;
    expect(message).toBe('invalid FCE event');
    expect(details).toEqual([
      { path: 'event_type', message: 'one of accepted, rejected, anulled, transferred_sircreb, paid_in_full' },
      { path: 'payload.$set', message: expect.stringContaining('"$set"') },
      { path: 'payload.a.b', message: expect.stringContaining('"a.b"') },
    ]);
  });

  it('refuses a payload that is not an object, or too long', () => {
    expect(() => parseEvent({ event_type: 'accepted', payload: [1] })).toThrow(ValidationError);
    expect(() => parseEvent({ event_type: 'accepted', payload: 'x' })).toThrow(ValidationError);
    expect(() => parseEvent({ event_type: 'accepted', payload: { t: 'x'.repeat(MAX_PAYLOAD_CHARS) } })).toThrow(ValidationError);
    expect(parseEvent({ event_type: 'accepted', payload: { t: 'x'.repeat(MAX_PAYLOAD_CHARS - 10) } }).payload.t).toHaveLength(MAX_PAYLOAD_CHARS - 10);
  });

  it.each([[undefined], [null], [['accepted']], ['ACCEPTED'], [1]])('refuses event_type %p', (eventType) => {
    expect(() => parseEvent({ event_type: eventType })).toThrow(ValidationError);
  });
});
