import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { ObjectId } from 'mongodb';
import { createContext, type RequestContext } from '../../../src/domain/context';
import { declaredIndexes } from '../../../src/domain/declarations';
import { ValidationError } from '../../../src/domain/errors';
import { closePeriod } from '../../../src/domain/iva/periods';
import { importIssuedVouchers } from '../../../src/domain/issued-vouchers/issued-vouchers.import';
import { batchBoundary, importExport, INTERNAL_FAILURE, type ImportPlan } from '../../../src/domain/mis-comprobantes/import-loop';
import { importReceivedInvoices } from '../../../src/domain/received-invoices/received-invoices.import';
import { SecretBox } from '../../../src/domain/secrets';
import { createLogger } from '../../../src/logger';
import { ensureIndexes } from '../../../src/store/catalog';
import type { Store } from '../../../src/store/store';
import { suiteDatabase } from '../../support/database';
import { testCuit } from '../../support/cuit';

/**
 * The import of a Mis Comprobantes export into the store, on a database of the suite's own (no server): the vouchers
 * stored, the duplicates left alone, the refused rows (closed VAT periods among them) and the rate reviews, and the
 * history record that counts them. Rows are built on the published G2 and G3 headers (ARCA "Mis Comprobantes" export,
 * as in test/fixtures/received-invoices/anon-g2-recibidos-2024.csv and synthetic-g3-emitidos-2025-12.csv); every
 * expected count and sentence is read off the rows by hand, with the rules of docs/fiscal-rules.md ("Mis Comprobantes
 * imports": components and total within $1, rate from totals, closed periods, re-imports).
 */

const opened = suiteDatabase('mis-comprobantes-import', (store) => ensureIndexes(store.db, declaredIndexes()));
let store: Store;
const NOW = new Date('2026-01-10T15:00:00.000Z');
const OWN_CUIT = '30712345671';

const G2 =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Emisor";"Nro. Doc. Emisor";"Denominación Emisor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"IVA";"Imp. Total"';
const G3_ISSUED =
  '"Fecha de Emisión";"Tipo de Comprobante";"Punto de Venta";"Número Desde";"Número Hasta";"Cód. Autorización";"Tipo Doc. Receptor";"Nro. Doc. Receptor";"Denominación Receptor";"Tipo Cambio";"Moneda";"Imp. Neto Gravado IVA 0%";"IVA 2,5%";"Imp. Neto Gravado IVA 2,5%";"IVA 5%";"Imp. Neto Gravado IVA 5%";"IVA 10,5%";"Imp. Neto Gravado IVA 10,5%";"IVA 21%";"Imp. Neto Gravado IVA 21%";"IVA 27%";"Imp. Neto Gravado IVA 27%";"Imp. Neto Gravado Total";"Imp. Neto No Gravado";"Imp. Op. Exentas";"Otros Tributos";"Total IVA";"Imp. Total"';

/** A G2 Recibidos row from PANADERÍA LA ESPAÑOLA (30715551248): date, number, net, VAT and total as written. */
const received = (day: string, number: number, net: string, vat: string, total: string) =>
  `${day};1;3;${number};${number};75481234500011;80;30715551248;PANADERÍA LA ESPAÑOLA S.R.L.;1,00;$;${net};0,00;0,00;0,00;${vat};${total}`;

/**
 * Line 2: 1000.00 at 21 % (210.00), total 1210.00 — stored. Line 3: VAT 300.00 on 1000.00 is 30 %, no legal rate —
 * stored, marked VAT_RATE_UNKNOWN. Line 4: 31 November does not exist — refused. Line 5: components 1210.00 under a
 * total of 1300.00, more than $1 short — stored with a TOTAL_ABOVE_AMOUNTS warning. Line 6: October 2025, closed —
 * refused.
 */
const RECEIVED_FILE = [
  G2,
  received('2025-12-01', 101, '1000,00', '210,00', '1210,00'),
  received('2025-12-02', 102, '1000,00', '300,00', '1300,00'),
  received('2025-11-31', 103, '1000,00', '210,00', '1210,00'),
  received('2025-12-03', 104, '1000,00', '210,00', '1300,00'),
  received('2025-10-15', 105, '1000,00', '210,00', '1210,00'),
].join('\n');

const UNKNOWN = 'VAT 300.00 on a net taxed of 1000.00 is outside what the legal rates (2.5 % to 27 %) give';
const BAD_DAY = 'issue date: impossible or unreadable date "2025-11-31"';
const CLOSED = 'issue date: the VAT period 2025-10 is closed (PERIOD_CLOSED); reopen it to import this voucher';
const SHORT = 'amounts: the components add up to 1210.00, not to the total 1300.00 (perceptions not listed in Otros Tributos?): imported, review it';
const report = (line: number, code: string, message: string) => ({ line, messages: [message], reasons: [{ code, message }] });

function fileOf(content: string | Uint8Array, filename = 'comprobantes.csv') {
  return { filename, createReadStream: () => Readable.from([Buffer.from(content)]) };
}

async function newAccount(cuit = testCuit()): Promise<RequestContext> {
  const accountId = new ObjectId();
  await store.collection('accounts').insertOne({ _id: accountId, name: 'Cuenta', cuit, settings: { widgets: {} }, created_at: NOW, updated_at: NOW });
  return createContext({
    requestId: 'mis-comprobantes-import',
    log: createLogger('silent'),
    store,
    principal: { accountId, userId: new ObjectId(), scopes: new Set(), via: 'api_key' },
    now: () => NOW,
    secrets: new SecretBox(randomBytes(32)),
    platform: {},
  });
}

const accountOf = (context: RequestContext) => context.principal!.accountId;
const invoicesOf = (context: RequestContext) =>
  store
    .collection('received_invoices')
    .find({ account_id: accountOf(context) }, { sort: { voucher_number: 1 } })
    .toArray();

beforeAll(() => {
  store = opened();
});
afterAll(() => store.idle());

describe('a Recibidos export with a good row, a rate to review, a warning and two refusals', () => {
  // Each test imports on an account of its own (mutation testing runs a test alone with the code it covers).
  async function importedOnce(cuit = testCuit()) {
    const context = await newAccount(cuit);
    await closePeriod(context, '2025-10');
    return { context, cuit, first: await importReceivedInvoices(context, fileOf(RECEIVED_FILE, 'recibidos.csv')) };
  }

  test('the answer counts imported, refused, warned and needing review, with each row line and reason', async () => {
    const { context, first } = await importedOnce(OWN_CUIT);
    expect(first).toMatchObject({
      account_id: accountOf(context),
      direction: 'received',
      file_name: 'recibidos.csv',
      size: Buffer.byteLength(RECEIVED_FILE),
      layout: 'G2',
      encoding: 'utf8',
      status: 'completed',
      rows_total: 5,
      rows_imported: 3,
      rows_duplicated: 0,
      rows_with_errors: 2,
      suppliers_created: 0,
      row_errors: [report(4, 'BAD_DATE', BAD_DAY), report(6, 'PERIOD_CLOSED', CLOSED)],
      rows_with_warnings: 1,
      row_warnings: [report(5, 'TOTAL_ABOVE_AMOUNTS', SHORT)],
      rows_needing_review: 1,
      row_reviews: [report(3, 'VAT_RATE_UNKNOWN', UNKNOWN)],
      user_id: context.principal!.userId,
      started_at: NOW,
      finished_at: NOW,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(first.failure).toBeUndefined();
  });

  test("its end is announced to the process's listeners (its metrics) with the stored counts, once", async () => {
    const announced: unknown[] = [];
    const listen = (outcome: unknown) => announced.push(outcome);
    store.events.on('import-finished', listen);
    try {
      await importedOnce();
    } finally {
      store.events.off('import-finished', listen);
    }
    expect(announced).toEqual([{ imported: 3, duplicated: 0, errors: 2, review: 1 }]);
  });

  test('the history stores the same record', async () => {
    const { first } = await importedOnce();
    const { _id, ...stored } = (await store.collection('received_invoice_imports').findOne({ _id: first._id }))!;
    const { _id: id, ...answered } = first;
    expect(_id).toEqual(id);
    expect(stored).toEqual(answered);
  });

  test('the good rows are stored, the one to review marked, the refused rows not', async () => {
    const { context, cuit, first } = await importedOnce();
    const invoices = await invoicesOf(context);
    expect(invoices.map((invoice) => invoice.voucher_number)).toEqual([101, 102, 104]);
    expect(invoices.map((invoice) => [invoice.needs_review, invoice.rate_review])).toEqual([
      [false, null],
      [true, { reason: `${UNKNOWN} (VAT_RATE_UNKNOWN)`, flagged_at: NOW }],
      [false, null],
    ]);
    expect(invoices.every((invoice) => invoice.import_id.equals(first._id) && invoice.tenant_cuit === cuit)).toBe(true);
  });

  test('the activity log names the import with its counts', async () => {
    const { context, first } = await importedOnce();
    const activity = await store
      .collection('activity')
      .find({ account_id: accountOf(context), resource_type: 'received_invoice_imports' })
      .toArray();
    expect(activity.map(({ action, resource_id, summary }) => ({ action, resource_id, summary }))).toEqual([
      {
        action: 'imported',
        resource_id: first._id,
        summary: expect.stringMatching(
          /^received vouchers import\b.*: recibidos\.csv: 3 comprobantes nuevos, 0 repetidos, 2 con errores, 1 con alícuota a revisar \(completed\)$/,
        ),
      },
    ]);
  });

  test('the days it stored are recounted in the statistics once the import is done', async () => {
    const { context } = await importedOnce();
    await store.idle();
    expect(await store.collection('stats_pending_days').countDocuments({ account_id: accountOf(context) })).toBe(0);
    const days = await store
      .collection('stats_daily_totals')
      .find({ account_id: accountOf(context) })
      .toArray();
    expect(days.map((day) => JSON.stringify(day)).join()).toContain('2025-12-0');
  });

  test('the same file again: every stored row a duplicate, left as it was and not counted for review', async () => {
    const { context, first } = await importedOnce();
    await store
      .collection('received_invoices')
      .updateOne({ account_id: accountOf(context), voucher_number: 102 }, { $set: { needs_review: false, rate_review: null } });
    const again = await importReceivedInvoices(context, fileOf(RECEIVED_FILE, 'recibidos.csv'));
    expect(again).toMatchObject({
      rows_total: 5,
      rows_imported: 0,
      rows_duplicated: 3,
      rows_with_errors: 2,
      rows_with_warnings: 1,
      rows_needing_review: 0,
      row_reviews: [],
      status: 'completed',
    });
    const invoices = await invoicesOf(context);
    expect(invoices).toHaveLength(3);
    expect(invoices.every((invoice) => invoice.import_id.equals(first._id) && invoice.needs_review === false)).toBe(true);
    expect(await store.collection('received_invoice_imports').countDocuments({ account_id: accountOf(context) })).toBe(2);
  });
});

describe('counts and reports of many rows', () => {
  test('every refused row is counted, the first 100 kept with their lines', async () => {
    const context = await newAccount();
    const rows = Array.from({ length: 101 }, (_, i) => received('2025-02-30', 1000 + i, '1000,00', '210,00', '1210,00'));
    const answer = await importReceivedInvoices(context, fileOf([G2, ...rows, received('2025-12-01', 5, '1000,00', '210,00', '1210,00')].join('\n')));
    expect(answer).toMatchObject({ rows_total: 102, rows_imported: 1, rows_with_errors: 101 });
    expect(answer.row_errors).toHaveLength(100);
    expect(answer.row_errors[99].line).toBe(101);
  });

  test('every warned row and every row to review is counted, the first 100 of each kept, reviews in file order', async () => {
    const context = await newAccount();
    // 1000.00 at 30 % (no legal rate) with a total $90 above the components: a warning and a review each.
    const rows = Array.from({ length: 102 }, (_, i) => received('2025-12-01', 2000 + i, '1000,00', '300,00', '1390,00'));
    const answer = await importReceivedInvoices(context, fileOf([G2, ...rows].join('\n')));
    expect(answer).toMatchObject({ rows_total: 102, rows_imported: 102, rows_with_warnings: 102, rows_needing_review: 102 });
    expect(answer.row_warnings).toHaveLength(100);
    expect(answer.row_reviews!.map((row) => row.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    expect(await store.collection('received_invoices').countDocuments({ account_id: accountOf(context), needs_review: true })).toBe(102);
  });
});

describe('the file itself', () => {
  test('a file name is kept to 300 characters; a file without one is "upload"', async () => {
    const context = await newAccount();
    const long = await importReceivedInvoices(context, fileOf(`${G2}\n`, `${'x'.repeat(310)}.csv`));
    expect(long.file_name).toBe('x'.repeat(300));
    const unnamed = await importReceivedInvoices(context, fileOf(`${G2}\n`, ''));
    expect(unnamed).toMatchObject({ file_name: 'upload', rows_total: 0, status: 'completed' });
  });

  test("the portal's ZIP is read like its CSV", async () => {
    const context = await newAccount();
    const zip = zipSync({ 'comprobantes.csv': Buffer.from(RECEIVED_FILE.split('\n').slice(0, 2).join('\n')) });
    const answer = await importReceivedInvoices(context, fileOf(zip, 'comprobantes.zip'));
    expect(answer).toMatchObject({ rows_total: 1, rows_imported: 1, status: 'completed' });
  });

  test('a CSV the parser cannot read fails the import with BAD_CSV, recorded in the history; the batch not yet sent is not stored', async () => {
    const context = await newAccount();
    const content = [G2, received('2025-12-01', 1, '1000,00', '210,00', '1210,00'), `"${'x'.repeat(100_001)}`].join('\n');
    const error = await importReceivedInvoices(context, fileOf(content, 'roto.csv')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'BAD_CSV', details: [{ path: 'file', message: expect.stringMatching(/^the CSV cannot be read: /) }] });
    const history = (await store.collection('received_invoice_imports').findOne({ account_id: accountOf(context) }))!;
    expect(history).toMatchObject({ status: 'failed', failure: (error as ValidationError).message, rows_total: 1, rows_imported: 0, finished_at: NOW });
    expect(await store.collection('received_invoices').countDocuments({ account_id: accountOf(context) })).toBe(0);
  });

  test('an export of the other direction is refused before any record is written', async () => {
    const context = await newAccount();
    const error = await importReceivedInvoices(context, fileOf(`${G3_ISSUED}\n`)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'WRONG_EXPORT' });
    expect(await store.collection('received_invoice_imports').countDocuments({ account_id: accountOf(context) })).toBe(0);
  });

  test('an account that does not exist has no CUIT to import under', async () => {
    const context = await newAccount();
    await store.collection('accounts').deleteOne({ _id: accountOf(context) });
    await expect(importReceivedInvoices(context, fileOf(RECEIVED_FILE))).rejects.toThrow('the account has no CUIT');
  });
});

describe('the import loop with a plan of its own', () => {
  const plan = (writeBatch: ImportPlan<{ issue_date: Date; n: number }>['writeBatch']): ImportPlan<{ issue_date: Date; n: number }> => ({
    direction: 'received',
    history: 'received_invoice_imports',
    vouchers: 'received_invoices',
    readRow: (cells) => ({ voucher: { issue_date: new Date(`${cells[0]}T03:00:00Z`), n: Number(cells[3]) }, warnings: [], review: null }),
    writeBatch,
  });
  const rows = (count: number) => [G2, ...Array.from({ length: count }, (_, i) => received('2025-12-01', i + 1, '1000,00', '210,00', '1210,00'))].join('\n');

  test('rows go to the store in batches of 5,000, in file order', async () => {
    const context = await newAccount();
    const batches: number[][] = [];
    const whileWriting: unknown[] = [];
    const answer = await importExport(
      context,
      fileOf(rows(5001)),
      plan(async (batch, record) => {
        batches.push(batch.map((row) => row.voucher.n));
        whileWriting.push(
          await store.collection('received_invoice_imports').findOne({ _id: record._id }, { projection: { _id: 0, status: 1, finished_at: 1, rows_total: 1 } }),
        );
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
      }),
    );
    expect(batches.map((batch) => [batch.length, batch[0], batch.at(-1)])).toEqual([
      [5000, 1, 5000],
      [1, 5001, 5001],
    ]);
    expect(answer).toMatchObject({ rows_total: 5001, rows_imported: 5001, status: 'completed' });
    // The history holds the import as running from its start (its counts are written after each batch, so a crash
    // leaves what it had done).
    expect(whileWriting[0]).toEqual({ status: 'running', finished_at: null, rows_total: 0 });
  });

  test('a file of exactly one batch is written once; an empty file is not written at all', async () => {
    const context = await newAccount();
    const sizes: number[] = [];
    const counting = plan(async (batch) => {
      sizes.push(batch.length);
      return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
    });
    await importExport(context, fileOf(rows(5000)), counting);
    expect(sizes).toEqual([5000]);
    await importExport(context, fileOf(rows(0)), counting);
    expect(sizes).toEqual([5000]);
  });

  test('the next batch is sent while the last one is being written', async () => {
    const context = await newAccount();
    let secondStarted!: () => void;
    const second = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    let started = 0;
    const answer = await importExport(
      context,
      fileOf(rows(5001)),
      plan(async (batch) => {
        // The first write is answered only once the second is sent: an import that waited would never end.
        if (++started === 1) await second;
        else secondStarted();
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
      }),
    );
    expect(answer.rows_imported).toBe(5001);
  });

  test('at most two batches are being written at once: the third waits for the first to be answered', async () => {
    const context = await newAccount();
    let writing = 0;
    let most = 0;
    let started = 0;
    let thirdStarted!: () => void;
    const third = new Promise<void>((resolve) => {
      thirdStarted = resolve;
    });
    const answer = await importExport(
      context,
      fileOf(rows(10_001)),
      plan(async (batch) => {
        most = Math.max(most, ++writing);
        if (++started === 3) thirdStarted();
        // The first two batches are held until the third is sent, or half a second has passed: a third write in flight
        // beside them would be seen here; the import answers the same either way.
        if (started < 3) await Promise.race([third, new Promise((resolve) => setTimeout(resolve, 500))]);
        writing--;
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
      }),
    );
    expect(answer.rows_imported).toBe(10_001);
    expect(started).toBe(3);
    expect(most).toBeLessThanOrEqual(2);
  });

  test('reviews of batches answered out of order are listed in file order', async () => {
    const context = await newAccount();
    const review = { code: 'VAT_RATE_UNKNOWN' as const, message: 'no legal rate' };
    let secondDone!: () => void;
    const second = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    const reviewing = {
      ...plan(async (batch) => {
        // The first batch is answered after the second.
        if (batch.length === 5000) await second;
        else secondDone();
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set<number>() };
      }),
      readRow: (cells: string[]) => ({ voucher: { issue_date: new Date(`${cells[0]}T03:00:00Z`), n: Number(cells[3]) }, warnings: [], review }),
    };
    const answer = await importExport(context, fileOf(rows(5001)), reviewing);
    expect(answer.rows_needing_review).toBe(5001);
    expect(answer.row_reviews!.map((row) => row.line)).toEqual([...Array.from({ length: 99 }, (_, i) => i + 2), 5002]);
  });

  test('rows the parser must be lenient with: a quote inside a cell, a short row, blank lines and rows of empty cells', async () => {
    const context = await newAccount();
    const content = [
      G2,
      received('2025-12-01', 1, '1000,00', '210,00', '1210,00').replace('PANADERÍA LA ESPAÑOLA', 'PANADERÍA "LA ESPAÑOLA"'),
      '2025-12-01;1;3',
      '',
      ';;;;;;;;;;;;;;;;',
      received('2025-12-01', 2, '1000,00', '210,00', '1210,00'),
    ].join('\n');
    const answer = await importReceivedInvoices(context, fileOf(content));
    expect(answer).toMatchObject({ status: 'completed', rows_total: 3, rows_imported: 2, rows_with_errors: 1, row_errors: [{ line: 3 }] });
    expect((await invoicesOf(context)).map((invoice) => invoice.supplier_name)).toEqual(['PANADERÍA "LA ESPAÑOLA" S.R.L.', 'PANADERÍA LA ESPAÑOLA S.R.L.']);
  });

  test('a record past 100,000 characters fails the import with BAD_CSV', async () => {
    const context = await newAccount();
    const content = [G2, `2025-12-01;1;3;1;1;${'7'.repeat(100_001)}`].join('\n');
    await expect(importReceivedInvoices(context, fileOf(content))).rejects.toMatchObject({ code: 'BAD_CSV' });
  });

  test('the spooled upload is removed once imported, or once refused', async () => {
    const context = await newAccount();
    const own = mkdtempSync(join(os.tmpdir(), 'mis-comprobantes-spool-'));
    const spooling = jest.spyOn(os, 'tmpdir').mockReturnValue(own);
    try {
      await importReceivedInvoices(context, fileOf(RECEIVED_FILE));
      await expect(importReceivedInvoices(context, fileOf('a;b;c\n'))).rejects.toMatchObject({ code: 'UNKNOWN_LAYOUT' });
      expect(spooling).toHaveBeenCalledTimes(2);
    } finally {
      spooling.mockRestore();
    }
    expect(readdirSync(own)).toEqual([]);
    rmSync(own, { recursive: true, force: true });
  });

  test('asked to respond at once, it answers the import as started and completes it in the background', async () => {
    const context = await newAccount();
    const content = rows(5001);
    const answer = await importExport(
      context,
      fileOf(content),
      plan(async (batch) => ({ imported: batch.length, duplicates: 0, duplicateAt: new Set() })),
      {
        respondAsync: true,
      },
    );
    expect(answer).toMatchObject({ status: 'running', rows_total: 0, rows_imported: 0, bytes_read: 0, bytes_total: Buffer.byteLength(content) });
    expect([answer.row_errors, answer.row_warnings, answer.row_reviews]).toEqual([[], [], []]);
    await store.idle();
    const history = (await store.collection('received_invoice_imports').findOne({ _id: answer._id }))!;
    expect(history).toMatchObject({ status: 'completed', rows_total: 5001, rows_imported: 5001, finished_at: NOW });
    expect(history.bytes_read).toBe(Buffer.byteLength(content));
  });

  test("in the background, an error that is not the file's ends the import as failed with a sentence, and is logged", async () => {
    const context = await newAccount();
    const logged: unknown[] = [];
    const logging = { ...context, log: { ...context.log, error: (...args: unknown[]) => logged.push(args) } as never };
    const answer = await importExport(
      logging,
      fileOf(rows(2)),
      plan(async () => {
        throw new Error('disk full');
      }),
      { respondAsync: true },
    );
    expect(answer.status).toBe('running');
    await store.idle();
    expect(await store.collection('received_invoice_imports').findOne({ _id: answer._id })).toMatchObject({
      status: 'failed',
      failure: INTERNAL_FAILURE,
      rows_total: 2,
      finished_at: NOW,
    });
    expect(logged).toEqual([
      [{ err: expect.objectContaining({ message: 'disk full' }), importId: answer._id.toHexString() }, 'an import running in the background failed'],
    ]);
  });

  test('its counts are stored after each batch written, before a batch two behind it is sent', async () => {
    const context = await newAccount();
    const content = rows(15_001);
    const whileWritingThird: Record<string, unknown>[] = [];
    const answer = await importExport(
      context,
      fileOf(content),
      plan(async (batch, record) => {
        if (batch[0].voucher.n === 10_001)
          whileWritingThird.push(
            (await store
              .collection('received_invoice_imports')
              .findOne({ _id: record._id }, { projection: { _id: 0, status: 1, rows_imported: 1, bytes_read: 1, updated_at: 1 } }))!,
          );
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
      }),
    );
    expect(answer).toMatchObject({ status: 'completed', rows_imported: 15_001 });
    // Two writes in flight: the third batch is sent once the first has been written and its counts stored.
    const [stored] = whileWritingThird;
    expect(stored).toMatchObject({ status: 'running', updated_at: NOW });
    expect([5000, 10_000]).toContain(stored.rows_imported);
    expect(stored.bytes_read).toBeGreaterThan(0);
    expect(stored.bytes_read).toBeLessThan(Buffer.byteLength(content));
  });

  test('a run of refused rows stores its counts every 5,000 of them, though it writes no batch', async () => {
    const context = await newAccount();
    let storedWhenWriting: unknown;
    const refusing: ImportPlan<{ issue_date: Date; n: number }> = {
      ...plan(async (batch, record) => {
        storedWhenWriting = (await store.collection('received_invoice_imports').findOne({ _id: record._id }))?.rows_with_errors;
        return { imported: batch.length, duplicates: 0, duplicateAt: new Set() };
      }),
      // Rows 1 to 10,000 refused, the last one stored.
      readRow: (cells) =>
        Number(cells[3]) <= 10_000
          ? { problems: [{ code: 'INVALID_CUIT', message: 'refused' }] }
          : { voucher: { issue_date: new Date(`${cells[0]}T03:00:00Z`), n: Number(cells[3]) }, warnings: [], review: null },
    };
    const answer = await importExport(context, fileOf(rows(10_001)), refusing);
    expect(answer).toMatchObject({ status: 'completed', rows_with_errors: 10_000, rows_imported: 1 });
    // Written after the 5,000th and the 10,000th refusal, before the one batch is sent.
    expect(storedWhenWriting).toBe(10_000);
  });

  test('a test may hold the import at each batch boundary, told the import and the batch number', async () => {
    const context = await newAccount();
    const boundaries: Array<[string, number]> = [];
    batchBoundary.wait = async (importId, batch) => {
      boundaries.push([importId.toHexString(), batch]);
    };
    try {
      const answer = await importExport(
        context,
        fileOf(rows(5001)),
        plan(async (batch) => ({ imported: batch.length, duplicates: 0, duplicateAt: new Set() })),
      );
      expect(boundaries).toEqual([
        [answer._id.toHexString(), 1],
        [answer._id.toHexString(), 2],
      ]);
    } finally {
      batchBoundary.wait = undefined;
    }
  });

  test('in the background, the spooled upload is removed once the import has ended', async () => {
    const context = await newAccount();
    const own = mkdtempSync(join(os.tmpdir(), 'mis-comprobantes-spool-'));
    const spooling = jest.spyOn(os, 'tmpdir').mockReturnValue(own);
    try {
      await importReceivedInvoices(context, fileOf(RECEIVED_FILE), { respondAsync: true });
      expect(readdirSync(own)).toHaveLength(1);
      await store.idle();
    } finally {
      spooling.mockRestore();
    }
    expect(readdirSync(own)).toEqual([]);
    rmSync(own, { recursive: true, force: true });
  });

  test('a write that fails for another reason than the CSV is thrown, and the history records the import as failed with a sentence', async () => {
    const context = await newAccount();
    const failing = plan(async () => {
      throw new Error('disk full');
    });
    await expect(importExport(context, fileOf(rows(2)), failing)).rejects.toThrow('disk full');
    const history = (await store.collection('received_invoice_imports').findOne({ account_id: accountOf(context) }))!;
    expect(history).toMatchObject({ status: 'failed', rows_total: 2, rows_imported: 0, finished_at: NOW });
    expect(history.failure).toBe(INTERNAL_FAILURE);
  });
});

describe('an Emitidos export', () => {
  const issued = (number: number, vat21: string, net21: string, total: string) =>
    `2025-12-01;1;3;${number};${number};75481234500011;80;30715551248;PANADERÍA LA ESPAÑOLA S.R.L.;1,00;$;;;;;;;;${vat21};${net21};;;${net21};0,00;0,00;0,00;${vat21};${total}`;

  test('is stored in the issued vouchers, its history apart, duplicates counted on a re-import', async () => {
    const context = await newAccount();
    // 1000.00 at 21 % is 210.00; 212.00 is two pesos off its rate: VAT_LINE_OFF.
    const content = [G3_ISSUED, issued(1, '210,00', '1000,00', '1210,00'), issued(2, '212,00', '1000,00', '1212,00')].join('\n');
    const first = await importIssuedVouchers(context, fileOf(content, 'emitidos.csv'));
    expect(first).toMatchObject({
      direction: 'issued',
      layout: 'G3',
      rows_total: 2,
      rows_imported: 2,
      rows_needing_review: 1,
      row_reviews: [{ line: 3, reasons: [{ code: 'VAT_LINE_OFF' }] }],
    });
    expect(await store.collection('issued_voucher_imports').countDocuments({ account_id: accountOf(context) })).toBe(1);
    const vouchers = await store
      .collection('issued_vouchers')
      .find({ account_id: accountOf(context) }, { sort: { voucher_number: 1 } })
      .toArray();
    expect(vouchers.map((voucher) => [voucher.voucher_number, voucher.needs_review])).toEqual([
      [1, false],
      [2, true],
    ]);
    const again = await importIssuedVouchers(context, fileOf(content, 'emitidos.csv'));
    expect(again).toMatchObject({ rows_imported: 0, rows_duplicated: 2, rows_needing_review: 0 });
  });
});
