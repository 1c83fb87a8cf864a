import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { createChart, posted, SMALL_CHART } from './support/accounting';

/** Bank reconciliation (contract §4.8): import, dedup, auto-match with explanations, manual match, unmatch, balances. */
let gw: TestGateway;
const BANK = '1.1.02';
const BASE = '/accounting/bank';

beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.stop();
});

type Row = Record<string, any>;
const CHART = [
  ...SMALL_CHART,
  { code: '5', name: 'EGRESOS', account_type: 'expense' },
  { code: '5.1', name: 'Gastos', account_type: 'expense', parent_code: '5', is_detail: true },
];
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bank', name));
const paths = (res: { body: any }) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);

async function newBook(): Promise<string> {
  const { key } = await gw.account(['accounting:read', 'accounting:write']);
  await createChart(gw, key, CHART);
  return key;
}

function upload(key: string, file: Buffer | string, name: string, fields: Row = { ledger_account_code: BANK }, fieldsAfterFile = false) {
  const form = new FormData();
  const appendFields = () => {
    for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
  };
  if (!fieldsAfterFile) appendFields();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  if (fieldsAfterFile) appendFields();
  return gw.rest('POST', `${BASE}/import/`, { key, body: form });
}

/** A posted entry moving `amount` into (+) or out of (−) the bank on `date`. */
const bankEntry = (key: string, date: string, amount: number, description: string) =>
  posted(gw, key, {
    date,
    description,
    lines:
      amount > 0
        ? [
            { account_code: BANK, debit: amount },
            { account_code: '4.1', credit: amount },
          ]
        : [
            { account_code: '5.1', debit: -amount },
            { account_code: BANK, credit: -amount },
          ],
  });

describe('a month of Banco Galicia', () => {
  let key: string;
  let statementId: string;
  const entries: Record<string, string> = {};

  beforeAll(async () => {
    key = await newBook();
    entries.collection = await bankEntry(key, '2026-03-02', 150000, 'Cobro Almacén Don Pepe SRL');
    entries.supplier = await bankEntry(key, '2026-03-05', -13900, 'Pago Papelera Central');
    entries.fee = await bankEntry(key, '2026-03-10', -5000, 'Comisión mantenimiento de cuenta');
    entries.transfer = await bankEntry(key, '2026-03-10', -5000, 'Transferencia a Pérez 20301234563');
  });

  it('imports the movements with the bank’s running balances', async () => {
    const res = await upload(key, fixture('galicia-2026-03.csv'), 'galicia.csv');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      ledger_account_code: BANK,
      format: 'csv',
      preset: 'galicia',
      encoding: 'windows-1252',
      period_from: '2026-03-03',
      period_to: '2026-03-15',
      closing_balance: 126070,
      lines_total: 5,
      lines_imported: 5,
      lines_duplicated: 0,
      lines_with_errors: 0,
      balance_check: 'ok',
    });
    statementId = res.body.data.id;
  });

  it('the same file again stores nothing twice', async () => {
    const again = await upload(key, fixture('galicia-2026-03.csv'), 'galicia.csv');
    expect(again.body.data).toMatchObject({ lines_imported: 0, lines_duplicated: 5 });
    expect(await gw.store.collection('bank_statement_lines').countDocuments({ ledger_account_code: BANK, statement_id: new ObjectId(statementId) })).toBe(5);
  });

  it('auto-match pairs each movement with its posted line, explains each, and leaves the bank tax open', async () => {
    const res = await gw.rest('POST', `${BASE}/auto-match/${statementId}/`, { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ statement_id: statementId, matched: 4, open: 1 });
    expect(res.body.data.left[0].explanation).toMatch(/no free posted line of -30.00/);
    const detail = await gw.rest('GET', `${BASE}/statements/${statementId}/`, { key });
    const lines = detail.body.data.lines.items as Row[];
    const byLine = Object.fromEntries(lines.map((line) => [line.description.split(' ')[0] + line.date.slice(8), line]));
    expect(lines.map((line) => [line.date, line.amount, line.status, line.matches.map((m: Row) => m.journal_entry_id)])).toEqual([
      ['2026-03-03', 150000, 'matched', [entries.collection]],
      ['2026-03-05', -13900, 'matched', [entries.supplier]],
      ['2026-03-10', -5000, 'matched', [entries.transfer]],
      ['2026-03-11', -5000, 'matched', [entries.fee]],
      ['2026-03-15', -30, 'open', []],
    ]);
    expect(byLine.CREDITO03.match_explanation).toMatch(/only posted line of 150000.00 within 3 days/);
    expect(byLine.TRANSFERENCIA10.match_explanation).toMatch(/2 posted lines of -5000.00 .* shares the most references/);
    expect(detail.body.data.reconciliation).toEqual({
      statement_closing_balance: 126070,
      ledger_balance: 126100,
      matched_lines: 4,
      open_lines: 1,
      matched_amount: 126100,
      open_statement_amount: -30,
      open_ledger_lines: 0,
      open_ledger_amount: 0,
      reconciled_balance: 126070,
      difference: 0,
    });
    const again = await gw.rest('POST', `${BASE}/auto-match/${statementId}/`, { key });
    expect(again.body.data).toMatchObject({ matched: 0, open: 1 });
  });

  it('a movement is matched by hand to lines that add up to it; a used line is 409; unmatch frees it', async () => {
    const detail = await gw.rest('GET', `${BASE}/statements/${statementId}/?status=open`, { key });
    const [tax] = detail.body.data.lines.items as Row[];
    const tag = detail.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    const unchanged = await fetch(`${gw.url}/api/v1${BASE}/statements/${statementId}/?status=open`, { headers: { 'x-api-key': key, 'if-none-match': tag } });
    expect([unchanged.status, unchanged.headers.get('etag'), await unchanged.text()]).toEqual([304, tag, '']);
    const split = await posted(gw, key, {
      date: '2026-03-15',
      description: 'Impuesto Ley 25.413',
      lines: [
        { account_code: '5.1', debit: 30 },
        { account_code: BANK, credit: 20 },
        { account_code: BANK, credit: 10 },
      ],
    });
    const short = await gw.rest('POST', `${BASE}/manual-match/`, { key, body: { line_id: tax.id, journal_lines: [{ entry_id: split, line_index: 1 }] } });
    expect({ status: short.status, paths: paths(short) }).toEqual({ status: 400, paths: ['journal_lines'] });
    const notBank = await gw.rest('POST', `${BASE}/manual-match/`, { key, body: { line_id: tax.id, journal_lines: [{ entry_id: split, line_index: 0 }] } });
    expect({ status: notBank.status, paths: paths(notBank) }).toEqual({ status: 400, paths: ['journal_lines.0'] });
    const used = await gw.rest('POST', `${BASE}/manual-match/`, {
      key,
      body: { line_id: tax.id, journal_lines: [{ entry_id: entries.fee, line_index: 1 }] },
    });
    expect(used.status).toBe(400); // −5,000 does not add up to −30 before anything else
    const ok = await gw.rest('POST', `${BASE}/manual-match/`, {
      key,
      body: {
        line_id: tax.id,
        journal_lines: [
          { entry_id: split, line_index: 1 },
          { entry_id: split, line_index: 2 },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'matched', match_kind: 'manual', matches: [{ amount: -20 }, { amount: -10 }] });
    // A match changes the statement's answer, not the statement: its tag follows the answer.
    const changed = await gw.rest('GET', `${BASE}/statements/${statementId}/?status=open`, { key, headers: { 'if-none-match': tag } });
    expect([changed.status, changed.headers.get('etag') === tag, changed.body.data.lines.total]).toEqual([200, false, 0]);
    const twice = await gw.rest('POST', `${BASE}/manual-match/`, {
      key,
      body: { line_id: tax.id, journal_lines: [{ entry_id: split, line_index: 1 }] },
    });
    expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 409, code: 'ALREADY_MATCHED' });
    const undone = await gw.rest('POST', `${BASE}/unmatch/`, { key, body: { line_id: tax.id } });
    expect(undone.body.data).toMatchObject({ status: 'open', matches: [] });
    expect(await gw.store.collection('bank_matches').countDocuments({ entry_id: new ObjectId(split) })).toBe(0);
    const notMatched = await gw.rest('POST', `${BASE}/unmatch/`, { key, body: { line_id: tax.id } });
    expect({ status: notMatched.status, code: notMatched.body.error.code }).toEqual({ status: 409, code: 'NOT_MATCHED' });
  });

  it('a journal line matched to one movement cannot be matched to another (409)', async () => {
    const detail = await gw.rest('GET', `${BASE}/statements/${statementId}/?status=matched`, { key });
    const fee = (detail.body.data.lines.items as Row[]).find((line) => line.matches[0]?.journal_entry_id === entries.fee)!;
    const open = (await gw.rest('GET', `${BASE}/statements/${statementId}/?status=open`, { key })).body.data.lines.items[0];
    // Make the open −30 movement look like −5,000 is impossible; instead unmatch the fee and try its line on the transfer.
    await gw.rest('POST', `${BASE}/unmatch/`, { key, body: { line_id: fee.id } });
    const transfer = (detail.body.data.lines.items as Row[]).find((line) => line.matches[0]?.journal_entry_id === entries.transfer)!;
    await gw.rest('POST', `${BASE}/unmatch/`, { key, body: { line_id: transfer.id } });
    expect(
      (await gw.rest('POST', `${BASE}/manual-match/`, { key, body: { line_id: fee.id, journal_lines: [{ entry_id: entries.transfer, line_index: 1 }] } }))
        .status,
    ).toBe(200);
    const clash = await gw.rest('POST', `${BASE}/manual-match/`, {
      key,
      body: { line_id: transfer.id, journal_lines: [{ entry_id: entries.transfer, line_index: 1 }] },
    });
    expect({ status: clash.status, code: clash.body.error.code, paths: paths(clash) }).toEqual({
      status: 409,
      code: 'LINE_ALREADY_MATCHED',
      paths: ['journal_lines.0'],
    });
    expect(open.status).toBe('open');
  });

  it('lists the account’s statements newest first; another account sees none of them', async () => {
    const list = await gw.rest('GET', `${BASE}/statements/?ledger_account_code=${BANK}`, { key });
    expect(list.body.data).toMatchObject({ total: 2, page: 1, limit: 100, pages: 1 });
    expect(list.body.data.items.map((item: { ledger_account_code: string }) => item.ledger_account_code)).toEqual([BANK, BANK]);
    expect(list.body.data.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    const second = await gw.rest('GET', `${BASE}/statements/?ledger_account_code=${BANK}&page=2&limit=1`, { key });
    expect(second.body.data).toMatchObject({ total: 2, page: 2, limit: 1, pages: 2 });
    expect(second.body.data.items).toEqual([list.body.data.items[1]]);
    const cut = await gw.rest('GET', `${BASE}/statements/?limit=1000`, { key });
    expect(cut.body.data).toMatchObject({ page: 1, limit: 500, limit_requested: 1000, pages: 1 });
    const refused = await gw.rest('GET', `${BASE}/statements/?page=0`, { key });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
    expect(refused.body.error.message).toContain('page');
    const stranger = await newBook();
    expect((await gw.rest('GET', `${BASE}/statements/`, { key: stranger })).body.data.total).toBe(0);
    const theirs = await gw.rest('GET', `${BASE}/statements/${statementId}/`, { key: stranger });
    expect({ status: theirs.status, code: theirs.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect((await gw.rest('POST', `${BASE}/auto-match/${statementId}/`, { key: stranger })).status).toBe(404);
  });
});

describe('files and refusals', () => {
  it('Mercado Pago, OFX and mapped CSVs import; a file with unknown headers without a mapping is 400', async () => {
    const key = await newBook();
    expect((await upload(key, fixture('mercadopago-2026-04.csv'), 'mp.csv')).body.data).toMatchObject({
      preset: 'mercadopago',
      opening_balance: 1000,
      closing_balance: 2800.25,
      lines_imported: 2,
    });
    expect((await upload(key, fixture('statement-2026-05.ofx'), 'may.ofx')).body.data).toMatchObject({
      format: 'ofx',
      closing_balance: 5034.56,
      lines_imported: 2,
    });
    const unmapped = await upload(key, fixture('mapped-2026-06.csv'), 'june.csv');
    expect({ status: unmapped.status, paths: paths(unmapped) }).toEqual({ status: 400, paths: ['file'] });
    const mapped = await upload(key, fixture('mapped-2026-06.csv'), 'june.csv', {
      ledger_account_code: BANK,
      date_column: 'Dia',
      amount_column: 'Valor',
      description_column: 'Detalle',
    });
    expect(mapped.body.data).toMatchObject({ preset: 'mapped', lines_imported: 2 });
  });

  it('reads the text fields sent after the file as well as before it', async () => {
    const key = await newBook();
    const fields = { ledger_account_code: BANK, date_column: 'Dia', amount_column: 'Valor', description_column: 'Detalle' };
    const after = await upload(key, fixture('mapped-2026-06.csv'), 'june.csv', fields, true);
    expect({ status: after.status, data: after.body.data }).toMatchObject({
      status: 200,
      data: { ledger_account_code: BANK, preset: 'mapped', lines_imported: 2 },
    });
    const stored = await gw.store
      .collection('bank_statement_lines')
      .countDocuments({ ledger_account_code: BANK, statement_id: new ObjectId(after.body.data.id) });
    expect(stored).toBe(2);
  });

  it.each([
    ['9.9', 'no such account'],
    ['4.1', 'an asset'],
    ['1.1', 'a detail'],
  ])('ledger account %s → 400 (%s), nothing stored', async (code, why) => {
    const key = await newBook();
    const res = await upload(key, fixture('galicia-2026-03.csv'), 'g.csv', { ledger_account_code: code });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: ['ledger_account_code'] });
    expect(res.body.error.message).toContain(why.split(' ').pop());
    expect((await gw.rest('GET', `${BASE}/statements/`, { key })).body.data.total).toBe(0);
  });

  it('a statement over 5 MB is 413; without ledger_account_code 400', async () => {
    const key = await newBook();
    expect((await upload(key, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'big.csv')).status).toBe(413);
    const missing = await upload(key, fixture('galicia-2026-03.csv'), 'g.csv', {});
    expect({ status: missing.status, paths: paths(missing) }).toEqual({ status: 400, paths: ['ledger_account_code'] });
  });
});

describe('a generated statement of 5,000 movements', () => {
  it('every movement with exactly one candidate is matched; racing auto-matches store each match once', async () => {
    const key = await newBook();
    // 5,000 posted bank lines with distinct amounts, in five entries of 1,000 lines each (the last line balances).
    const movements: Array<{ date: string; cents: number }> = [];
    for (let block = 0; block < 5; block++) {
      const lines: Row[] = [];
      let total = 0;
      for (let i = 0; i < 999; i++) {
        const n = block * 1000 + i;
        const cents = 10_000 + n * 7;
        total += cents;
        const date = `2026-07-${String(1 + (n % 28)).padStart(2, '0')}`;
        movements.push({ date, cents });
        lines.push({ account_code: BANK, debit: cents / 100, description: `cobro ${n}` });
      }
      lines.push({ account_code: '4.1', credit: total / 100 });
      await posted(gw, key, { date: '2026-07-14', description: `Cobranzas ${block}`, lines });
    }
    // The entries are dated the 14th; the movements within ±14 days of it; one extra movement matches nothing.
    const csv = [
      'Fecha;Concepto;Importe',
      ...movements.map((m) => `${m.date.slice(8)}/07/2026;Cobro;${(m.cents / 100).toFixed(2).replace('.', ',')}`),
      '20/07/2026;Sin asiento;1,00',
    ].join('\n');
    const imported = await upload(key, csv, 'julio.csv');
    expect(imported.body.data).toMatchObject({ lines_imported: movements.length + 1, lines_with_errors: 0 });
    const id = imported.body.data.id;
    const runs = await Promise.all([0, 1, 2].map(() => gw.rest('POST', `${BASE}/auto-match/${id}/`, { key, body: { date_window_days: 14 } })));
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200]);
    expect(runs.reduce((sum, run) => sum + run.body.data.matched, 0)).toBe(movements.length);
    expect(await gw.store.collection('bank_matches').countDocuments({ statement_id: new ObjectId(id) })).toBe(movements.length);
    const detail = await gw.rest('GET', `${BASE}/statements/${id}/?status=open`, { key });
    expect(detail.body.data.lines.items.map((line: Row) => line.description)).toEqual(['Sin asiento']);
    expect(detail.body.data.reconciliation).toMatchObject({ matched_lines: movements.length, open_lines: 1, open_ledger_lines: 0 });
  });
});
