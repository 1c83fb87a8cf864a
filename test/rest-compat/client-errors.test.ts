import { MongoServerError } from 'mongodb';
import { toClientError } from '../../src/rest-compat/client-errors';

/** Store failures a client caused by racing others are answered as conflicts, never as internal errors. */
function reported(error: unknown): { client: ReturnType<typeof toClientError>; reports: unknown[] } {
  const reports: unknown[] = [];
  return { client: toClientError(error, (failure) => reports.push(failure)), reports };
}

it('a write conflict still lost after the retry window is 409 CONFLICT, not 500, and is not reported as a bug', () => {
  const error = new MongoServerError({ errmsg: 'Write conflict during plan execution', code: 112, codeName: 'WriteConflict' });
  error.addErrorLabel('TransientTransactionError');
  expect(reported(error)).toEqual({
    client: { code: 'CONFLICT', message: 'too many changes to the same records at once; nothing was written: retry', details: [], status: 409 },
    reports: [],
  });
});

it('a duplicate key is 409 CONFLICT; any other store failure is an opaque 500 that is reported', () => {
  expect(reported(new MongoServerError({ errmsg: 'E11000 duplicate key', code: 11000 })).client).toMatchObject({ code: 'CONFLICT', status: 409 });
  const other = new MongoServerError({ errmsg: 'something broke', code: 1 });
  expect(reported(other)).toEqual({ client: { code: 'INTERNAL_SERVER_ERROR', message: 'internal error', details: [], status: 500 }, reports: [other] });
});
