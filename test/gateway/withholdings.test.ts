import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient, ObjectId } from 'mongodb';
import { principalForApiKey } from '../../src/domain/auth/authenticate';
import { SCOPES } from '../../src/domain/auth/scopes';
import { createContext } from '../../src/domain/context';
import { SecretBox } from '../../src/domain/secrets';
import { applyWithholdings } from '../../src/domain/withholdings/payments';
import { createLogger } from '../../src/logger';
import { Store } from '../../src/store/store';
import { startTestGateway, type TestGateway } from '../support/gateway';
import { openApiValidator, requestSchema, responseSchema } from '../support/openapi';

/**
 * Withholdings and perceptions (contract §4.11) against the default chart: the RG 830 table as the domain notes give
 * it, the notes' worked example payment by payment, the scale, no inscriptos, IVA and IIBB designations, the posted
 * payment entry, gapless certificates (also under racing applies) printable as HTML and PDF, perceptions on sales,
 * and the month's totals with a SICORE record checked byte by byte.
 */

type Row = Record<string, any>;
const BASE = '/accounting/retenciones-percepciones';
const NOTES = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'withholdings', 'rg830-anexo-viii.json'), 'utf8'));
const SUPPLIER_CUIT = '30712345671';

let gw: TestGateway;
let key: string;
let accountId: ObjectId;
let supplierId: string;

const post = (route: string, body: unknown) => gw.rest('POST', `${BASE}${route}`, { key, body });
const get = (route: string) => gw.rest('GET', `${BASE}${route}`, { key });
const entry = (id: string) => gw.store.collection<Row>('journal_entries').findOne({ _id: new ObjectId(id) });
const linesOf = (doc: Row) => doc.lines.map((line: Row) => [line.account_code, (line.debit_cents ?? 0) / 100, (line.credit_cents ?? 0) / 100]);

async function newSupplier(name: string, taxId?: string): Promise<string> {
  const res = await gw.rest('POST', '/suppliers/', { key, body: { name, ...(taxId ? { tax_id: taxId } : {}), address: 'Av. Corrientes 1234, CABA' } });
  expect(res.status).toBe(201);
  return res.body.data.id ?? res.body.data._id;
}

beforeAll(async () => {
  gw = await startTestGateway();
  const account = await gw.account([...SCOPES]);
  key = account.key;
  accountId = new ObjectId(account.accountId);
  expect((await gw.rest('POST', '/accounting/accounts/seed/', { key })).status).toBe(200);
  supplierId = await newSupplier('Servicios Ñandú SRL', SUPPLIER_CUIT);
});
afterAll(async () => {
  await gw?.stop();
});

describe('settings and regimes', () => {
  it('the settings default to a Ganancias agent only, with the default chart’s accounts; a change keeps the rest', async () => {
    const before = await get('/config/');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      agent_name: 'Test account',
      ganancias_agent: true,
      iva_withholding_agent: false,
      iva_perception_agent: false,
      iibb: [],
      accounts: { payment: '1.1.1.02.001', suppliers: '2.1.1.01.001', ganancias: '2.1.4.02.001', iva: '2.1.4.02.002', iibb: '2.1.4.02.003' },
    });
    const put = await gw.rest('PUT', `${BASE}/config/`, {
      key,
      body: { agent_name: 'Agente Retenedor SA', agent_address: 'Florida 100, CABA', agent_cuit: '30-70888444-4' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ agent_name: 'Agente Retenedor SA', agent_cuit: '30708884444', ganancias_agent: true });
    const bad = await gw.rest('PUT', `${BASE}/config/`, { key, body: { agent_cuit: '30708884445', iibb: [{ jurisdiction: 'XX' }] } });
    expect(bad.status).toBe(400);
  });

  it('the seeded RG 830 concepts are the Anexo VIII table, version by version (RG 4525/2019, RG 5423/2023)', async () => {
    const res = await get('/regimes/?tax=ganancias');
    expect(res.status).toBe(200);
    const all = res.body.data as Row[];
    for (const version of NOTES.versions) {
      const ofVersion = all.filter((regime) => regime.valid_from === version.valid_from);
      const byCode = Object.fromEntries(ofVersion.map((regime) => [regime.code, regime]));
      for (const concept of version.concepts) {
        const scale = typeof concept.registered === 'string';
        expect({ code: concept.code, ...byCode[concept.code] }).toMatchObject({
          code: concept.code,
          uses_scale: scale,
          rate_registered: scale ? null : concept.registered,
          rate_unregistered: concept.unregistered,
          non_taxable_monthly: concept.mnsr,
          minimum_withholding: version.minimum_withholding,
          valid_from: version.valid_from,
          seeded: true,
        });
      }
      expect({ version: version.norm, codes: Object.keys(byCode).sort() }).toEqual({
        version: version.norm,
        codes: version.concepts.map((concept: Row) => concept.code).sort(),
      });
    }
    const first = NOTES.versions[0];
    expect(all.find((regime) => regime.code === '31')?.minimum_unregistered).toBe(first.minimum_urban_rental_unregistered);
    // A payment's date picks the version: 119 does not exist before RG 5423; 116-II narrowed from then on.
    const before = (await get('/regimes/?tax=ganancias&on=2023-09-30')).body.data as Row[];
    const after = (await get('/regimes/?tax=ganancias&on=2023-10-01')).body.data as Row[];
    expect(before.find((regime) => regime.code === '119')).toBeUndefined();
    expect(after.find((regime) => regime.code === '119')).toMatchObject({ non_taxable_monthly: 160000, valid_from: '2023-10-01' });
    expect(before.find((regime) => regime.code === '116-II')?.valid_from).toBe('2019-07-01');
    expect(after.find((regime) => regime.code === '116-II')?.valid_from).toBe('2023-10-01');
  });

  it('a new dated version of a concept applies from its date on; the same code and date again is 409 REGIME_EXISTS', async () => {
    const body = {
      code: '94',
      tax: 'ganancias',
      sicore_code: '94',
      description: 'Servicios (montos actualizados)',
      valid_from: '2030-01-01',
      rate_registered: 2,
      rate_unregistered: 28,
      non_taxable_monthly: 500000,
      minimum_withholding: 1000,
    };
    const created = await post('/regimes/', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ code: '94', sicore_code: '094', non_taxable_monthly: 500000, seeded: false });
    const again = await post('/regimes/', body);
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'REGIME_EXISTS' });
    const now = await get('/regimes/?on=2026-03-01&tax=ganancias');
    expect((now.body.data as Row[]).find((regime) => regime.code === '94')).toMatchObject({ non_taxable_monthly: 67170, seeded: true });
    const later = await get('/regimes/?on=2030-02-01&tax=ganancias');
    expect((later.body.data as Row[]).find((regime) => regime.code === '94')).toMatchObject({ non_taxable_monthly: 500000, seeded: false });
    const missing = await post('/regimes/', { code: 'X1', tax: 'ganancias', description: 'x', valid_from: '2030-02-30', rate_registered: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: Row) => d.path).sort()).toEqual(['rate_unregistered', 'valid_from']);
  });
});

describe('Ganancias: the notes’ worked example (régimen 94, inscripto)', () => {
  const applied: Row[] = [];
  it.each((NOTES.worked_example.payments as Row[]).map((payment, index): [number, Row] => [index + 1, payment]))(
    'payment %i: calculate says what apply then records',
    async (n, payment) => {
      const body = {
        supplier_id: supplierId,
        payment_id: `OP-0001-0000010${n}`,
        date: `2026-03-0${n + 1}`,
        amount: payment.amount,
        regime_codes: ['94'],
        invoices: [`A-0003-0000${n}`],
      };
      const calculated = await post('/retenciones/calculate/', body);
      expect(calculated.status).toBe(200);
      expect(calculated.body.data).toMatchObject({ condition: 'inscripto', total: payment.withheld, net_payment: payment.amount - payment.withheld });
      const res = await post('/retenciones/apply/', body);
      expect(res.status).toBe(201);
      expect(res.body.data.withholdings[0]).toMatchObject({ ...calculated.body.data.lines[0], amount: payment.withheld });
      applied.push(res.body.data);
    },
  );

  it('records the accumulation: the base carries, 1.256,60 withheld once, the third payment under $240', () => {
    expect(applied.map((payment) => payment.withholdings[0])).toEqual([
      expect.objectContaining({
        accumulated_base: 50000,
        non_taxable: 50000,
        taxable: 0,
        computed_total: 0,
        amount: 0,
        below_minimum: false,
        certificate_number: null,
      }),
      expect.objectContaining({
        accumulated_base: 130000,
        non_taxable: 67170,
        taxable: 62830,
        rate: 2,
        computed_total: 1256.6,
        amount: 1256.6,
        certificate_number: 1,
      }),
      expect.objectContaining({
        accumulated_base: 140000,
        taxable: 72830,
        computed_total: 1456.6,
        previously_withheld: 1256.6,
        amount: 0,
        below_minimum: true,
      }),
    ]);
  });

  it('posts each payment: Dr Proveedores the amount, Cr the bank the net, Cr Retenciones de Ganancias a depositar', async () => {
    expect(linesOf((await entry(applied[0].journal_entry_id))!)).toEqual([
      ['2.1.1.01.001', 50000, 0],
      ['1.1.1.02.001', 0, 50000],
    ]);
    const second = (await entry(applied[1].journal_entry_id))!;
    expect(second).toMatchObject({ status: 'posted', date: '2026-03-03', reference_type: 'withholding_payment', reference_id: 'OP-0001-00000102' });
    expect(linesOf(second)).toEqual([
      ['2.1.1.01.001', 80000, 0],
      ['1.1.1.02.001', 0, 78743.4],
      ['2.1.4.02.001', 0, 1256.6],
    ]);
  });

  it('a payment applied again is 409 PAYMENT_ALREADY_APPLIED and records nothing', async () => {
    const count = () => gw.store.collection('withholdings').countDocuments({ account_id: accountId });
    const entries = () => gw.store.collection('journal_entries').countDocuments({ account_id: accountId });
    const [before, entriesBefore] = [await count(), await entries()];
    const res = await post('/retenciones/apply/', {
      supplier_id: supplierId,
      payment_id: 'OP-0001-00000102',
      date: '2026-03-20',
      amount: 5,
      regime_codes: ['94'],
    });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: 'PAYMENT_ALREADY_APPLIED' });
    expect([await count(), await entries()]).toEqual([before, entriesBefore]);
  });
});

describe('the other cases of the calculation', () => {
  it('a scale concept (116-II) goes through the Anexo VIII brackets; a no inscripto pays the flat rate on everything', async () => {
    const scale = await post('/retenciones/calculate/', {
      supplier_id: supplierId,
      date: '2026-04-10',
      amount: 48400,
      vat_amount: 8400,
      regime_codes: ['116-II'],
    });
    // 40.000 − 16.830 = 23.170: 1.120 + 12 % of 7.170.
    expect(scale.body.data.lines[0]).toMatchObject({ base: 40000, taxable: 23170, rate: null, scale_applied: true, amount: 1980.4 });
    const unregistered = await post('/retenciones/calculate/', {
      supplier_id: supplierId,
      date: '2026-04-10',
      amount: 100000,
      regime_codes: ['78'],
      condition: 'no_inscripto',
    });
    expect(unregistered.body.data.lines[0]).toMatchObject({ non_taxable: 0, taxable: 100000, rate: 10, amount: 10000 });
    const noCuit = await newSupplier('Proveedor sin CUIT');
    const flat = await post('/retenciones/calculate/', { supplier_id: noCuit, date: '2026-04-10', amount: 1000, regime_codes: ['94'] });
    expect(flat.body.data).toMatchObject({ condition: 'no_inscripto', total: 280 });
    const excluded = await post('/retenciones/calculate/', {
      supplier_id: supplierId,
      date: '2026-04-10',
      amount: 100000,
      regime_codes: ['94'],
      exclusion_percent: 50,
    });
    expect(excluded.body.data.lines[0]).toMatchObject({ taxable: 32830, computed_total: 328.3, amount: 328.3 });
  });

  it('refuses what it cannot compute exactly: bad dates, centavo fractions, unknown regimes and suppliers', async () => {
    const base = { supplier_id: supplierId, date: '2026-04-10', amount: 1000, regime_codes: ['94'] };
    const cases: Array<[Row, number, string]> = [
      [{ ...base, date: '2026-02-30' }, 400, 'date'],
      [{ ...base, amount: 10.001 }, 400, 'amount'],
      [{ ...base, amount: -5 }, 400, 'amount'],
      // SICORE's amount fields hold 11 whole digits.
      [{ ...base, amount: 100_000_000_000 }, 400, 'amount'],
      [{ ...base, vat_amount: 2000 }, 400, 'vat_amount'],
      [{ ...base, regime_codes: ['999'] }, 400, 'regime_codes.0'],
      [{ ...base, regime_codes: ['94', '94'] }, 400, 'regime_codes'],
      [{ ...base, supplier_id: new ObjectId().toHexString() }, 404, ''],
      [{ ...base, extra: 1 }, 400, 'extra'],
    ];
    for (const [body, status, pathName] of cases) {
      const res = await post('/retenciones/calculate/', body);
      expect({ body, status: res.status }).toEqual({ body, status });
      if (pathName) expect(res.body.error.details.map((d: Row) => d.path)).toContain(pathName);
    }
    const noPayment = await post('/retenciones/apply/', base);
    expect(noPayment.status).toBe(400);
    expect(noPayment.body.error.details[0].path).toBe('payment_id');
  });

  it('IVA and IIBB need the designation (409 NOT_AN_AGENT); then one payment withholds each tax and posts one entry', async () => {
    const body = {
      supplier_id: supplierId,
      payment_id: 'OP-0002-00000001',
      date: '2026-04-15',
      amount: 121000,
      vat_amount: 21000,
      regime_codes: ['78', 'IVA-80', 'IIBB-ARBA'],
      iibb_rate: 2.5,
    };
    const refused = await post('/retenciones/apply/', body);
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'NOT_AN_AGENT' });
    const designated = await gw.rest('PUT', `${BASE}/config/`, {
      key,
      body: {
        iva_withholding_agent: true,
        iva_perception_agent: true,
        iibb: [{ jurisdiction: 'ARBA', withholding_agent: true, perception_agent: true, perception_rate: 3.5, minimum_amount: 50 }],
      },
    });
    expect(designated.status).toBe(200);
    const res = await post('/retenciones/apply/', body);
    expect(res.status).toBe(201);
    // 78: 100.000 under the 224.000 MNSR; IVA 80 % of 21.000; IIBB 2,5 % of the 100.000 net.
    expect(res.body.data.withholdings.map((w: Row) => [w.regime_code, w.base, w.amount, w.certificate_number])).toEqual([
      ['78', 100000, 0, null],
      ['IVA-80', 21000, 16800, 1],
      ['IIBB-ARBA', 100000, 2500, 1],
    ]);
    expect(res.body.data).toMatchObject({ total: 19300, net_payment: 101700 });
    // The account's activity shows each withholding of the payment (the refused first try left none).
    const activity = await gw.rest('GET', '/stats/activity/?resource_type=withholdings&per_page=100', { key });
    expect(activity.status).toBe(200);
    const ofPayment = activity.body.data.items.filter((item: Row) => String(item.summary).includes('OP-0002-00000001'));
    expect(ofPayment).toHaveLength(3);
    expect(ofPayment.map((item: Row) => item.action)).toEqual(['created', 'created', 'created']);
    expect(ofPayment.map((item: Row) => String(item.summary).split(' ')[1]).sort()).toEqual(['78', 'IIBB-ARBA', 'IVA-80']);
    expect(linesOf((await entry(res.body.data.journal_entry_id))!)).toEqual([
      ['2.1.1.01.001', 121000, 0],
      ['1.1.1.02.001', 0, 101700],
      ['2.1.4.02.002', 0, 16800],
      ['2.1.4.02.003', 0, 2500],
    ]);
    const small = await post('/retenciones/calculate/', { ...body, amount: 2400, vat_amount: 400, regime_codes: ['IVA-100'] });
    expect(small.body.data.lines[0]).toMatchObject({ computed_total: 400, amount: 0, below_minimum: true });
  });
});

describe('certificates', () => {
  let certificate: Row;
  beforeAll(async () => {
    const list = await get('/certificates/?tax=ganancias');
    expect(list.status).toBe(200);
    certificate = list.body.data.items.find((item: Row) => item.number === 1);
  });

  it('carry the minimum content of a certificate', () => {
    expect(certificate).toMatchObject({
      tax: 'ganancias',
      agent_name: 'Agente Retenedor SA',
      agent_cuit: '30708884444',
      agent_address: 'Florida 100, CABA',
      subject_name: 'Servicios Ñandú SRL',
      subject_cuit: SUPPLIER_CUIT,
      subject_address: 'Av. Corrientes 1234, CABA',
      condition: 'inscripto',
      regime_code: '94',
      payment_id: 'OP-0001-00000102',
      invoices: ['A-0003-00002'],
      amount_paid: 80000,
      accumulated_base: 130000,
      non_taxable: 67170,
      rate: 2,
      amount: 1256.6,
      date: '2026-03-03',
    });
  });

  it('print as an HTML page with every part, its text escaped', async () => {
    const res = await fetch(`${gw.url}/api/v1${BASE}/certificates/${certificate.id}/html/`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const text of [
      'Agente Retenedor SA',
      '30-70888444-4',
      'Servicios Ñandú SRL',
      '30-71234567-1',
      'Inscripto',
      '94 — Locaciones',
      '00000001',
      '03/03/2026',
      'OP-0001-00000102',
      'A-0003-00002',
      '$ 130.000,00',
      '$ 67.170,00',
      '2 %',
      '$ 1.256,60',
    ])
      expect(html).toContain(text);
    expect(html).not.toMatch(/<script/i);
  });

  it('print as a PDF whose first page renders to a picture with ink and the certificate’s text', async () => {
    const res = await fetch(`${gw.url}/api/v1${BASE}/certificates/${certificate.id}/pdf/`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-')), 'certificado.pdf');
    fs.writeFileSync(file, pdf);
    const rendered = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, '..', 'support', 'render-pdf.mjs'), file], { encoding: 'utf8' }));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(rendered).toMatchObject({ pages: 1, width: 596, height: 842 });
    for (const text of ['Certificado de retención', 'Servicios Ñandú SRL', '00000001', '$ 1.256,60', 'Mínimo no sujeto a retención deducido'])
      expect(rendered.text).toContain(text);
    // A blank page has no dark pixels; a page of text has thousands.
    expect(rendered.dark).toBeGreaterThan(2000);
    // Every section heading starts at the left margin, as the title does (not in the values' column).
    for (const heading of ['Agente de retención', 'Sujeto retenido', 'Retención']) expect(rendered.left[heading]).toBe(rendered.left['Nº 00000001']);
    expect(rendered.left['Razón social']).toBe(rendered.left['Nº 00000001']);
  });

  it('a withholding applied without certificates gets the next number on request, once', async () => {
    const res = await post('/retenciones/apply/', {
      supplier_id: supplierId,
      payment_id: 'OP-0003-00000001',
      date: '2026-05-05',
      amount: 100000,
      regime_codes: ['94'],
      issue_certificates: false,
    });
    const withholding = res.body.data.withholdings[0];
    expect(withholding).toMatchObject({ amount: 656.6, certificate_id: null });
    const issued = await post('/certificates/', { withholding_id: withholding.id });
    expect(issued.status).toBe(201);
    expect(issued.body.data).toMatchObject({ number: 2, tax: 'ganancias', withholding_id: withholding.id, amount: 656.6 });
    const again = await post('/certificates/', { withholding_id: withholding.id });
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: 'CERTIFICATE_EXISTS' });
    const zero = await gw.store.collection<Row>('withholdings').findOne({ account_id: accountId, amount_cents: 0 });
    const nothing = await post('/certificates/', { withholding_id: zero!._id.toHexString() });
    expect({ status: nothing.status, code: nothing.body.error.code }).toEqual({ status: 409, code: 'NOTHING_WITHHELD' });
    expect((await post('/certificates/', { withholding_id: 'nope' })).status).toBe(404);
  });
});

describe('racing applies', () => {
  it('concurrent payments of one supplier, regime and month are numbered without gaps and accumulate as if one after another', async () => {
    const racer = await newSupplier('Corredor SA', '20301234563');
    const payments = Array.from({ length: 8 }, (_, i) => ({
      supplier_id: racer,
      payment_id: `RACE-${i}`,
      date: '2026-06-10',
      amount: 100000,
      regime_codes: ['78'],
    }));
    const results = await Promise.all(payments.map((body) => post('/retenciones/apply/', body)));
    expect(results.map((res) => res.status)).toEqual(payments.map(() => 201));
    const withholdings = results.map((res) => res.body.data.withholdings[0]);
    // 800.000 − 224.000 = 576.000 × 2 % = 11.520 in all, however the payments interleaved.
    expect(withholdings.reduce((sum, w) => sum + Math.round(w.amount * 100), 0)).toBe(1_152_000);
    expect(withholdings.map((w) => w.accumulated_base).sort((a, b) => a - b)).toEqual(payments.map((_, i) => (i + 1) * 100000));
    const numbers = (await gw.store.collection<Row>('withholding_certificates').find({ account_id: accountId, tax: 'ganancias' }).toArray()).map(
      (c) => c.number,
    );
    expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
  });

  it('the same payment sent five times at once is applied once; the others are 409, never 500', async () => {
    const body = { supplier_id: supplierId, payment_id: 'OP-DOBLE-1', date: '2026-06-11', amount: 300000, regime_codes: ['78'] };
    const results = await Promise.all(Array.from({ length: 5 }, () => post('/retenciones/apply/', body)));
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.error.code).toBe('PAYMENT_ALREADY_APPLIED');
    expect(await gw.store.collection('withholdings').countDocuments({ account_id: accountId, payment_id: 'OP-DOBLE-1' })).toBe(1);
    expect(await gw.store.collection('journal_entries').countDocuments({ account_id: accountId, reference_id: 'OP-DOBLE-1' })).toBe(1);
  });
});

describe('perceptions on sales', () => {
  const sale = {
    tax: 'iva',
    date: '2026-03-12',
    customer_name: 'Cliente Grande SA',
    customer_cuit: '30-70888444-4',
    voucher_type: 1,
    sale_point: 3,
    voucher_number: 501,
  };

  it('IVA RG 2408: 3 % of the net at 21 %, 1,5 % of the net at 10,5 %, stored once per voucher; nothing under $60', async () => {
    const res = await post('/percepciones/calculate/', {
      ...sale,
      net_by_rate: [
        { rate: 21, base: 100000 },
        { rate: 10.5, base: 20000 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stored: true, regime_code: 'IVA-RG2408', base: 120000, amount: 3300, below_minimum: false });
    const again = await post('/percepciones/calculate/', { ...sale, net_by_rate: [{ rate: 21, base: 200000 }] });
    expect(again.body.data).toMatchObject({ id: res.body.data.id, amount: 6000 });
    const small = await post('/percepciones/calculate/', { ...sale, voucher_number: 502, net_by_rate: [{ rate: 21, base: 1000 }], dry_run: true });
    expect(small.body.data).toMatchObject({ id: null, stored: false, computed: 30, amount: 0, below_minimum: true });
    // The feed: created, then replaced by the second calculation; the dry run recorded nothing.
    const feed = await gw.rest('GET', '/stats/activity/?resource_type=perceptions&per_page=100', { key });
    expect(feed.body.data.items.map((item: Row) => [item.resource_id, item.action])).toEqual([
      [res.body.data.id, 'updated'],
      [res.body.data.id, 'created'],
    ]);
    const odd = await post('/percepciones/calculate/', { ...sale, net_by_rate: [{ rate: 27, base: 1000 }] });
    expect(odd.status).toBe(400);
  });

  it('IIBB ARBA at the designation’s rate; AGIP without designation is 409 NOT_AN_AGENT; the list filters by tax', async () => {
    const arba = await post('/percepciones/calculate/', { ...sale, tax: 'iibb', jurisdiction: 'ARBA', voucher_number: 503, net_amount: 50000 });
    expect(arba.body.data).toMatchObject({ regime_code: 'IIBB-ARBA-P', rate: 3.5, amount: 1750 });
    const agip = await post('/percepciones/calculate/', { ...sale, tax: 'iibb', jurisdiction: 'AGIP', voucher_number: 504, net_amount: 50000 });
    expect({ status: agip.status, code: agip.body.error.code }).toEqual({ status: 409, code: 'NOT_AN_AGENT' });
    const list = await get('/percepciones/?tax=iibb&period=2026-03');
    expect(list.body.data).toMatchObject({ total: 1, items: [{ voucher_number: 503, amount: 1750 }] });
    expect((await get('/percepciones/?period=2026-3')).status).toBe(400);
  });
});

describe('the month’s returns (DDJJ)', () => {
  it('totals per regime and the SICORE record of the Ganancias withholding, byte for byte', async () => {
    const res = await get('/ddjj/2026-03/');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ period: '2026-03', withholdings_total: 1256.6, perceptions_total: 7750 });
    expect(res.body.data.regimes).toEqual([
      {
        kind: 'perception',
        tax: 'iibb',
        regime_code: 'IIBB-ARBA-P',
        sicore_code: null,
        description: 'Percepción IIBB ARBA',
        count: 1,
        base: 50000,
        amount: 1750,
      },
      {
        kind: 'perception',
        tax: 'iva',
        regime_code: 'IVA-RG2408',
        sicore_code: null,
        description: 'Percepción IVA RG 2408',
        count: 1,
        base: 200000,
        amount: 6000,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regime_code: '94',
        sicore_code: '094',
        description: expect.stringMatching(/^Locaciones de obra/),
        count: 1,
        base: 80000,
        amount: 1256.6,
      },
    ]);
    const expected = [
      '06', // orden de pago
      '03/03/2026',
      '0000000100000102', // OP-0001-00000102: its 12 digits, zero-padded to 16
      '0000000080000,00',
      '217',
      '094',
      '1',
      '00000080000,00',
      '03/03/2026',
      '01',
      '0',
      '00000001256,60',
      '000,00',
      '          ',
      '80',
      '30712345671         ',
      '00000000000000',
    ].join('');
    expect(expected).toHaveLength(144);
    expect(res.body.data.sicore).toEqual({ file_name: 'SICORE-30708884444-2026-03.txt', records: 1, lines: [expected], content: `${expected}\r\n` });
    const empty = await get('/ddjj/2020-01/');
    expect(empty.body.data).toMatchObject({ withholdings_total: 0, perceptions_total: 0, regimes: [], sicore: { records: 0, content: '' } });
    expect((await get('/ddjj/2026-13/')).status).toBe(400);
  });
});

describe('GraphQL', () => {
  const LIST = `query Q($limit: Int) { withholdings(limit: $limit) { total items { id amount
    supplier { id name } journalEntry { id lines { debit credit account { code } } } certificate { number amount } } } }`;

  it('a withholding leads to its supplier, its entry and its certificate', async () => {
    const res = await gw.gql(LIST, { limit: 100 }, { key });
    expect(res.body.errors).toBeUndefined();
    const second = res.body.data.withholdings.items.find((item: Row) => item.amount === 1256.6);
    expect(second).toMatchObject({
      supplier: { name: 'Servicios Ñandú SRL' },
      journalEntry: { lines: [{ debit: 80000 }, { credit: 78743.4 }, { credit: 1256.6, account: { code: '2.1.4.02.001' } }] },
      certificate: { number: 1, amount: 1256.6 },
    });
  });

  it('three withholdings and all of them cost the same commands: suppliers, entries and certificates are batched', async () => {
    const few = await gw.gql(LIST, { limit: 3 }, { key });
    const all = await gw.gql(LIST, { limit: 100 }, { key });
    expect(all.body.data.withholdings.items.length).toBeGreaterThan(12);
    const fewCommands = await gw.commandsOf(few.headers.get('x-request-id')!);
    const allCommands = await gw.commandsOf(all.headers.get('x-request-id')!);
    expect(allCommands).toBe(fewCommands);
    // Authentication, the page and its count, suppliers, entries, certificates, ledger accounts.
    expect(allCommands).toBeLessThanOrEqual(9);
  });

  it('calculates and applies with camelCase inputs', async () => {
    const res = await gw.gql(
      'mutation M($input: WithholdingPaymentInput!) { applyWithholding(input: $input) { total netPayment withholdings { regimeCode amount certificate { number } } } }',
      { input: { supplierId, paymentId: 'OP-GQL-1', date: '2026-07-01', amount: 300000, regimeCodes: ['78'] } },
      { key },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.applyWithholding).toMatchObject({ total: 1520, netPayment: 298480, withholdings: [{ regimeCode: '78', amount: 1520 }] });
  });
});

describe('the routes against their OpenAPI schemas', () => {
  it('requests and answers (successes and refusals) match the documented schemas', async () => {
    const { errorsAgainst } = openApiValidator(await (await fetch(`${gw.url}/api/v1/openapi.json`)).json());
    const route = (path: string) => `${BASE}${path}`;
    const payment = {
      supplier_id: supplierId,
      payment_id: 'OP-DOC-1',
      date: '2026-08-03',
      amount: 121000,
      vat_amount: 21000,
      regime_codes: ['94'],
      invoices: ['A-1'],
    };
    const sale = {
      tax: 'iva',
      date: '2026-08-03',
      customer_name: 'Doc SA',
      customer_cuit: '30708884444',
      voucher_type: 1,
      sale_point: 1,
      voucher_number: 9,
      net_by_rate: [{ rate: 21, base: 1000 }],
    };
    const regime = { code: 'DOC1', tax: 'ganancias', description: 'Documentado', valid_from: '2026-01-01', rate_registered: 1, rate_unregistered: 2 };
    for (const [path, body] of [
      ['/retenciones/apply/', payment],
      ['/retenciones/calculate/', payment],
      ['/percepciones/calculate/', sale],
      ['/regimes/', regime],
    ] as const)
      expect({ path, errors: errorsAgainst(body, ...requestSchema(route(path), 'post')) }).toEqual({ path, errors: [] });
    const calls: Array<[string, string, number, unknown?]> = [
      ['get', '/config/', 200],
      ['put', '/config/', 200, { agent_address: 'Florida 100, CABA', iva_perception_agent: true }],
      ['get', '/regimes/', 200],
      ['post', '/regimes/', 201, regime],
      ['post', '/retenciones/calculate/', 200, payment],
      ['post', '/retenciones/apply/', 201, payment],
      ['get', '/retenciones/', 200],
      ['post', '/percepciones/calculate/', 200, sale],
      ['get', '/percepciones/', 200],
      ['get', '/certificates/', 200],
      ['get', '/ddjj/{period}/', 200],
    ];
    for (const [method, path, status, body] of calls) {
      const res = await gw.rest(method.toUpperCase(), route(path.replace('{period}', '2026-08')), { key, body });
      expect({ path, status: res.status }).toEqual({ path, status });
      expect({ path, errors: errorsAgainst(res.body, ...responseSchema(route(path), method, status)) }).toEqual({ path, errors: [] });
    }
    const uncertified = await post('/retenciones/apply/', { ...payment, payment_id: 'OP-DOC-2', amount: 500000, issue_certificates: false });
    const issued = await post('/certificates/', { withholding_id: uncertified.body.data.withholdings[0].id });
    expect(errorsAgainst(issued.body, ...responseSchema(route('/certificates/'), 'post', 201))).toEqual([]);
    const twice = await post('/retenciones/apply/', payment);
    expect(twice.status).toBe(409);
    expect(errorsAgainst(twice.body, 'components', 'schemas', 'Error')).toEqual([]);
  });
});

describe('two gateway processes', () => {
  /** A second client on the same database, as another process of the service would have: no in-process queue shared. */
  let other: MongoClient;
  const contextOn = async (store: Store) =>
    createContext({
      requestId: 'second-process',
      log: createLogger('silent'),
      store,
      principal: await principalForApiKey(gw.store, key, new Date()),
      now: () => new Date(),
      secrets: new SecretBox(randomBytes(32)),
      platform: { fceMinThresholdArs: 1 },
    });
  beforeAll(async () => {
    const { hosts, replicaSet, directConnection } = gw.store.client.options;
    const query = replicaSet ? `replicaSet=${replicaSet}` : `directConnection=${directConnection}`;
    other = await MongoClient.connect(`mongodb://${hosts.map((host) => host.toString()).join(',')}/?${query}`);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('racing applies from both number certificates without gaps, accumulate in turn, and apply a payment once', async () => {
    const contexts = [await contextOn(gw.store), await contextOn(new Store(other, other.db(gw.store.db.databaseName)))];
    const racer = await newSupplier('Dos Procesos SA', '20111111112');
    const before = await gw.store.collection('withholding_certificates').countDocuments({ account_id: accountId, tax: 'ganancias' });
    const payments = Array.from({ length: 6 }, (_, i) => ({
      supplierId: racer,
      paymentId: `TWO-${i}`,
      date: '2026-09-10',
      amount: 100000,
      regimeCodes: ['78'],
    }));
    const settled = await Promise.allSettled(payments.map((payment, i) => applyWithholdings(contexts[i % 2], payment)));
    expect(settled.map((result) => result.status)).toEqual(payments.map(() => 'fulfilled'));
    const amounts = settled.map(
      (result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof applyWithholdings>>>).value.withholdings[0].amount_cents,
    );
    // 600.000 − 224.000 = 376.000 × 2 % = 7.520 in all.
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(752_000);
    const numbers = (await gw.store.collection<Row>('withholding_certificates').find({ account_id: accountId, tax: 'ganancias' }).toArray()).map(
      (c) => c.number,
    );
    expect(numbers.sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBe(before + amounts.filter((cents) => cents > 0).length);

    const twice = { supplierId: racer, paymentId: 'TWO-SAME', date: '2026-09-11', amount: 500000, regimeCodes: ['78'] };
    const both = await Promise.allSettled(contexts.map((context) => applyWithholdings(context, twice)));
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = both.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: 'PAYMENT_ALREADY_APPLIED' });
    expect(await gw.store.collection('withholdings').countDocuments({ account_id: accountId, payment_id: 'TWO-SAME' })).toBe(1);
  });
});

describe('a withholding never exceeds what is paid', () => {
  it('a payment too small withholds all it pays, keeps the rest pending, posts a balanced entry; the next payment withholds it', async () => {
    const landlord = await newSupplier('Locador sin CUIT');
    const pay = (n: number, date: string, amount: number) =>
      post('/retenciones/apply/', { supplier_id: landlord, payment_id: `OP-ALQ-${n}`, date, amount, regime_codes: ['31'], condition: 'no_inscripto' });
    // Urban rental to a no inscripto: 28 % of $3.600 = $1.008, under the $1.020 minimum, nothing withheld yet.
    const first = await pay(1, '2026-10-05', 3600);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ total: 0, net_payment: 3600 });
    // $100 more: 28 % of $3.700 = $1.036 owed now, but only $100 is paid.
    const calculated = await post('/retenciones/calculate/', {
      supplier_id: landlord,
      date: '2026-10-20',
      amount: 100,
      regime_codes: ['31'],
      condition: 'no_inscripto',
    });
    expect(calculated.body.data).toMatchObject({ total: 100, net_payment: 0 });
    expect(calculated.body.data.lines[0]).toMatchObject({ computed_total: 1036, carried_in: 0, amount: 100, pending: 936 });
    const second = await pay(2, '2026-10-20', 100);
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ total: 100, net_payment: 0 });
    expect(second.body.data.withholdings[0]).toMatchObject({ amount: 100, pending: 936, certificate_number: expect.any(Number) });
    // Dr Proveedores $100 / Cr Retenciones de Ganancias a depositar $100: no bank line, the entry balances.
    expect(linesOf((await entry(second.body.data.journal_entry_id))!)).toEqual([
      ['2.1.1.01.001', 100, 0],
      ['2.1.4.02.001', 0, 100],
    ]);
    const pending = () =>
      gw.store.collection<Row>('withholding_pending').findOne({ account_id: accountId, supplier_id: new ObjectId(landlord), regime_code: '31' });
    expect(await pending()).toMatchObject({ pending_cents: 936_00, payment_id: 'OP-ALQ-2', tax: 'ganancias' });
    // Next month: 28 % of $5.000 = $1.400 of its own, plus the $936 pending.
    const third = await pay(3, '2026-11-05', 5000);
    expect(third.status).toBe(201);
    expect(third.body.data.withholdings[0]).toMatchObject({ computed_total: 1400, carried_in: 936, amount: 2336, pending: 0 });
    expect(third.body.data).toMatchObject({ total: 2336, net_payment: 2664 });
    expect(linesOf((await entry(third.body.data.journal_entry_id))!)).toEqual([
      ['2.1.1.01.001', 5000, 0],
      ['1.1.1.02.001', 0, 2664],
      ['2.1.4.02.001', 0, 2336],
    ]);
    expect(await pending()).toMatchObject({ pending_cents: 0, payment_id: 'OP-ALQ-3' });
  });
});
