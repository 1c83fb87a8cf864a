/**
 * The bank-reconciliation entries of the authorization matrix (test/gateway/authorization.test.ts): one per REST
 * route and per GraphQL operation. Each case imports its own statement of account A (and posts the entry its movement
 * matches); B's statement (made once) must stay invisible and untouched.
 */
import { ObjectId } from 'mongodb';
import type { Scope } from '../../../src/domain/auth/scopes';
import type { TestGateway } from '../../support/gateway';
import { posted } from './accounting';
import type { MatrixEnv } from './expense-matrix';
import type { GqlCase, RestCase } from './matrix';

type Row = Record<string, any>;

const READ: Scope = 'accounting:read';
const WRITE: Scope = 'accounting:write';
const BASE = '/accounting/bank';

export function bankMatrix(env: MatrixEnv): { rest: Record<string, RestCase>; gql: Record<string, GqlCase> } {
  const gw = (): TestGateway => env.gw();
  const db = (name: 'bank_statements' | 'bank_statement_lines' | 'bank_matches') => gw().store.collection(name);

  /** A bank ledger account and a revenue account of the key's account, made once per key. */
  const charts = new Map<string, Promise<{ bank: string; sales: string }>>();
  const chartOf = (key: string) => {
    let chart = charts.get(key);
    if (!chart) {
      chart = (async () => {
        const [bank, sales] = [env.unique('BK'), env.unique('VT')];
        for (const body of [
          { code: bank, name: 'Banco', account_type: 'asset', is_detail: true },
          { code: sales, name: 'Ventas', account_type: 'revenue', is_detail: true },
        ])
          expect((await gw().rest('POST', '/accounting/accounts/', { key, body })).status).toBe(201);
        return { bank, sales };
      })();
      charts.set(key, chart);
    }
    return chart;
  };
  let cents = 100;
  /** A one-movement statement of the key's bank (a distinct amount each time) and the posted entry it matches. */
  const statementOf = async (key: string, text: string) => {
    const { bank, sales } = await chartOf(key);
    cents += 7;
    const amount = cents / 100;
    const entry = await posted(gw(), key, {
      date: '2026-08-10',
      description: text,
      lines: [
        { account_code: bank, debit: amount },
        { account_code: sales, credit: amount },
      ],
    });
    const form = new FormData();
    form.append('ledger_account_code', bank);
    form.append('file', new Blob([`Fecha;Concepto;Importe\n10/08/2026;${text};${amount.toFixed(2).replace('.', ',')}\n`]), 'extracto.csv');
    const res = await gw().rest('POST', `${BASE}/import/`, { key, body: form });
    expect(res.status).toBe(200);
    const statementId = res.body.data.id as string;
    const line = (await db('bank_statement_lines').findOne({ statement_id: new ObjectId(statementId) }))!;
    return { statementId, lineId: line._id.toHexString(), entry, bank, amount };
  };

  const snapshots = new Map<string, Promise<unknown>>();
  const state = async (statementId: string) => ({
    statement: await db('bank_statements').findOne({ _id: new ObjectId(statementId) }),
    lines: await db('bank_statement_lines')
      .find({ statement_id: new ObjectId(statementId) })
      .toArray(),
    matches: await db('bank_matches')
      .find({ statement_id: new ObjectId(statementId) })
      .toArray(),
  });
  /** Records of A by the id a case is about (a statement's or a line's), with what the request needs. */
  const made = new Map<string, Awaited<ReturnType<typeof statementOf>>>();
  const record =
    (by: 'statement' | 'line', matched = false) =>
    async () => {
      const made_ = await statementOf(env.fullA(), env.unique('Movimiento A'));
      if (matched) expect((await gw().rest('POST', `${BASE}/auto-match/${made_.statementId}/`, { key: env.fullA() })).body.data.matched).toBe(1);
      const id = by === 'statement' ? made_.statementId : made_.lineId;
      made.set(id, made_);
      snapshots.set(id, state(made_.statementId));
      return id;
    };
  const unchanged = async (id: string) => expect(await state(made.get(id)!.statementId)).toEqual(await snapshots.get(id));

  let ofB: Promise<{ statementId: string; lineId: string; text: string; before: unknown }> | undefined;
  const recordsOfB = () =>
    (ofB ??= (async () => {
      const text = env.unique('Secreto B');
      const b = await statementOf(env.fullB(), text);
      return { ...b, text, before: await state(b.statementId) };
    })());
  const bUntouched = async () => {
    const b = await recordsOfB();
    expect(await state(b.statementId)).toEqual(b.before);
  };
  const restNotFound = async (method: string, path: (b: { statementId: string; lineId: string }) => string, body?: (b: { lineId: string }) => unknown) => {
    const b = await recordsOfB();
    const res = await gw().rest(method, path(b), { key: env.fullA(), body: body?.(b) });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.text);
    await bUntouched();
  };
  const gqlNotFound = async (document: string, variables: (b: { statementId: string; lineId: string }) => Row) => {
    const b = await recordsOfB();
    const res = await gw().gql(document, variables(b), { key: env.fullA() });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain(b.text);
    await bUntouched();
  };
  const csvFor = (id: string) => `Fecha;Concepto;Importe\n11/08/2026;Importado para ${id};1,00\n`;
  const importedFor = (id: string) => db('bank_statement_lines').countDocuments({ description: `Importado para ${id}` });

  const rest: Record<string, RestCase> = {
    [`GET ${BASE}/statements/`]: {
      record: record('statement'),
      request: () => ({ path: `${BASE}/statements/?limit=500` }),
      succeeded: (res, id) => expect(res.body.data.items.map((item: Row) => item.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().rest('GET', `${BASE}/statements/?limit=500`, { key: env.fullA() });
        expect(res.body.data.items.map((item: Row) => item.id)).not.toContain(b.statementId);
      },
    },
    [`GET ${BASE}/statements/{id}/`]: {
      record: record('statement'),
      request: (id) => ({ path: `${BASE}/statements/${id}/` }),
      succeeded: (res, id) => expect(res.body.data).toMatchObject({ id, lines: { total: 1 } }),
      unchanged,
      otherAccount: () => restNotFound('GET', (b) => `${BASE}/statements/${b.statementId}/`),
    },
    [`POST ${BASE}/import/`]: {
      record: record('statement'),
      request(id) {
        const form = new FormData();
        form.append('ledger_account_code', made.get(id)!.bank);
        form.append('file', new Blob([csvFor(id)]), 'extracto.csv');
        return { path: `${BASE}/import/`, body: form };
      },
      succeeded: (res) => expect(res.body.data).toMatchObject({ lines_imported: 1 }),
      async unchanged(id) {
        expect(await importedFor(id)).toBe(0);
      },
      async otherAccount() {
        // A's import into a code of B's chart: unknown in A's chart (400), B untouched.
        await recordsOfB();
        const form = new FormData();
        form.append('ledger_account_code', (await chartOf(env.fullB())).bank);
        form.append('file', new Blob(['Fecha;Concepto;Importe\n11/08/2026;x;1,00\n']), 'x.csv');
        expect((await gw().rest('POST', `${BASE}/import/`, { key: env.fullA(), body: form })).status).toBe(400);
        await bUntouched();
      },
    },
    [`POST ${BASE}/auto-match/{id}/`]: {
      record: record('statement'),
      request: (id) => ({ path: `${BASE}/auto-match/${id}/` }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ matched: 1, open: 0 }),
      unchanged,
      otherAccount: () => restNotFound('POST', (b) => `${BASE}/auto-match/${b.statementId}/`),
    },
    [`POST ${BASE}/manual-match/`]: {
      record: record('line'),
      request: (id) => ({ path: `${BASE}/manual-match/`, body: { line_id: id, journal_lines: [{ entry_id: made.get(id)!.entry, line_index: 0 }] } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ status: 'matched', match_kind: 'manual' }),
      unchanged,
      otherAccount: () =>
        restNotFound(
          'POST',
          () => `${BASE}/manual-match/`,
          (b) => ({ line_id: b.lineId, journal_lines: [{ entry_id: new ObjectId().toHexString(), line_index: 0 }] }),
        ),
    },
    [`POST ${BASE}/unmatch/`]: {
      record: record('line', true),
      request: (id) => ({ path: `${BASE}/unmatch/`, body: { line_id: id } }),
      succeeded: (res) => expect(res.body.data).toMatchObject({ status: 'open', matches: [] }),
      unchanged,
      otherAccount: () =>
        restNotFound(
          'POST',
          () => `${BASE}/unmatch/`,
          (b) => ({ line_id: b.lineId }),
        ),
    },
  };

  const getDoc = 'query Q($id: ID!) { bankStatement(id: $id) { id reconciliation { openLines } } }';
  const autoDoc = 'mutation M($id: ID!) { autoMatchBankStatement(id: $id) { matched } }';
  const matchDoc =
    'mutation M($lineId: ID!, $journalLines: [JournalLineRefInput!]!) { matchBankStatementLine(lineId: $lineId, journalLines: $journalLines) { status } }';
  const unmatchDoc = 'mutation M($lineId: ID!) { unmatchBankStatementLine(lineId: $lineId) { status } }';
  const gql: Record<string, GqlCase> = {
    bankStatements: {
      scope: READ,
      record: record('statement'),
      document: 'query Q { bankStatements(limit: 500) { items { id } } }',
      variables: () => ({}),
      succeeded: (data, id) => expect(data.bankStatements.items.map((item: Row) => item.id)).toContain(id),
      unchanged,
      async otherAccount() {
        const b = await recordsOfB();
        const res = await gw().gql('query Q { bankStatements(limit: 500) { items { id } } }', {}, { key: env.fullA() });
        expect(res.body.data.bankStatements.items.map((item: Row) => item.id)).not.toContain(b.statementId);
      },
    },
    bankStatement: {
      scope: READ,
      record: record('statement'),
      document: getDoc,
      variables: (id) => ({ id }),
      succeeded: (data, id) => expect(data.bankStatement).toEqual({ id, reconciliation: { openLines: 1 } }),
      unchanged,
      otherAccount: () => gqlNotFound(getDoc, (b) => ({ id: b.statementId })),
      badId: (id) => ({ id }),
    },
    importBankStatement: {
      scope: WRITE,
      record: record('statement'),
      document: 'mutation M($file: Upload!, $code: String!) { importBankStatement(file: $file, ledgerAccountCode: $code) { linesImported } }',
      variables: (id) => ({ file: new File([csvFor(id)], 'extracto.csv'), code: made.get(id)!.bank }),
      succeeded: (data) => expect(data.importBankStatement.linesImported).toBe(1),
      async unchanged(id) {
        expect(await importedFor(id)).toBe(0);
      },
      otherAccount: bUntouched,
    },
    autoMatchBankStatement: {
      scope: WRITE,
      record: record('statement'),
      document: autoDoc,
      variables: (id) => ({ id }),
      succeeded: (data) => expect(data.autoMatchBankStatement.matched).toBe(1),
      unchanged,
      otherAccount: () => gqlNotFound(autoDoc, (b) => ({ id: b.statementId })),
      badId: (id) => ({ id }),
    },
    matchBankStatementLine: {
      scope: WRITE,
      record: record('line'),
      document: matchDoc,
      variables: (id) => ({ lineId: id, journalLines: [{ entryId: made.get(id)?.entry ?? new ObjectId().toHexString(), lineIndex: 0 }] }),
      succeeded: (data) => expect(data.matchBankStatementLine.status).toBe('matched'),
      unchanged,
      otherAccount: () => gqlNotFound(matchDoc, (b) => ({ lineId: b.lineId, journalLines: [{ entryId: new ObjectId().toHexString(), lineIndex: 0 }] })),
    },
    unmatchBankStatementLine: {
      scope: WRITE,
      record: record('line', true),
      document: unmatchDoc,
      variables: (id) => ({ lineId: id }),
      succeeded: (data) => expect(data.unmatchBankStatementLine.status).toBe('open'),
      unchanged,
      otherAccount: () => gqlNotFound(unmatchDoc, (b) => ({ lineId: b.lineId })),
    },
  };
  return { rest, gql };
}
