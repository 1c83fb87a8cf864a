import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { createContext, type RequestContext } from '../../../src/domain/context';
import { findAnyImport, findImport, IMPORT_HISTORIES } from '../../../src/domain/mis-comprobantes/import-lookup';
import { SecretBox } from '../../../src/domain/secrets';
import { createLogger } from '../../../src/logger';
import type { Store } from '../../../src/store/store';
import { suiteDatabase } from '../../support/database';

/**
 * One import by its id: the account's own, of the history asked (or of either), as a reader sees it (a running one
 * silent for five minutes is interrupted); another account's, another history's, a malformed id: NOT_FOUND.
 */

const opened = suiteDatabase('import-lookup');
let store: Store;
beforeAll(() => {
  store = opened();
});

const STARTED = new Date('2026-01-10T15:00:00Z');
const contextOf = (accountId: ObjectId, now = STARTED): RequestContext =>
  createContext({
    requestId: 'import-lookup',
    log: createLogger('silent'),
    store,
    principal: { accountId, userId: null, scopes: new Set(), via: 'api_key' },
    now: () => now,
    secrets: new SecretBox(randomBytes(32)),
    platform: {},
  });

async function stored(history: 'received_invoice_imports' | 'issued_voucher_imports', accountId: ObjectId, status: 'running' | 'completed' = 'completed') {
  const _id = new ObjectId();
  await store.collection(history).insertOne({ _id, account_id: accountId, status, rows_imported: 4, updated_at: STARTED, file_name: 'x.csv' });
  return _id.toHexString();
}

test("the account's import of the history asked; another account's, another history's or a malformed id is NOT_FOUND", async () => {
  const mine = new ObjectId();
  const id = await stored(IMPORT_HISTORIES.received, mine);
  expect(await findImport(contextOf(mine), IMPORT_HISTORIES.received, id)).toMatchObject({ status: 'completed', rows_imported: 4 });
  expect(await findImport(contextOf(mine), IMPORT_HISTORIES.received, id.toUpperCase())).toMatchObject({ rows_imported: 4 });
  for (const [context, history, asked] of [
    [contextOf(new ObjectId()), IMPORT_HISTORIES.received, id],
    [contextOf(mine), IMPORT_HISTORIES.issued, id],
    [contextOf(mine), IMPORT_HISTORIES.received, `${id}0`],
    [contextOf(mine), IMPORT_HISTORIES.received, ` ${id.slice(1)}`],
    [contextOf(mine), IMPORT_HISTORIES.received, { $ne: null } as never],
  ] as const)
    await expect(findImport(context, history, asked)).rejects.toMatchObject({ code: 'NOT_FOUND', message: `import ${asked} not found` });
});

test('either history, found with the history it is in; another account sees neither', async () => {
  const mine = new ObjectId();
  const received = await stored(IMPORT_HISTORIES.received, mine);
  const issued = await stored(IMPORT_HISTORIES.issued, mine);
  expect(await findAnyImport(contextOf(mine), received)).toMatchObject({ history: 'received_invoice_imports', doc: { rows_imported: 4 } });
  expect(await findAnyImport(contextOf(mine), issued)).toMatchObject({ history: 'issued_voucher_imports', doc: { rows_imported: 4 } });
  for (const asked of [received, issued])
    await expect(findAnyImport(contextOf(new ObjectId()), asked)).rejects.toMatchObject({ code: 'NOT_FOUND', message: `import ${asked} not found` });
  await expect(findAnyImport(contextOf(mine), 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
});

test('a running import silent for five minutes reads as interrupted, in both lookups; the stored record is left as it is', async () => {
  const mine = new ObjectId();
  const id = await stored(IMPORT_HISTORIES.issued, mine, 'running');
  const soon = contextOf(mine, new Date(STARTED.getTime() + 5 * 60 * 1000));
  const late = contextOf(mine, new Date(STARTED.getTime() + 5 * 60 * 1000 + 1));
  expect((await findImport(soon, IMPORT_HISTORIES.issued, id)).status).toBe('running');
  expect((await findImport(late, IMPORT_HISTORIES.issued, id)).status).toBe('interrupted');
  expect((await findAnyImport(late, id)).doc.status).toBe('interrupted');
  expect((await store.collection(IMPORT_HISTORIES.issued).findOne({ _id: new ObjectId(id) }))?.status).toBe('running');
  // One that ended stays as it ended, however long ago.
  const completed = await stored(IMPORT_HISTORIES.issued, mine);
  expect((await findImport(late, IMPORT_HISTORIES.issued, completed)).status).toBe('completed');
});
