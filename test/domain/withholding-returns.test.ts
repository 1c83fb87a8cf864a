import { ObjectId } from 'mongodb';
import { seedDefaultChart } from '../../src/domain/accounting/chart';
import type { RequestContext } from '../../src/domain/context';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors';
import { getCertificate, issueCertificate } from '../../src/domain/withholdings/withholdings.certificates';
import { putWithholdingConfig } from '../../src/domain/withholdings/withholdings.config';
import { declaration } from '../../src/domain/withholdings/withholdings.declaration';
import { listRecords, MAX_LIMIT } from '../../src/domain/withholdings/lists';
import { applyWithholdings } from '../../src/domain/withholdings/payments';
import type { PerceptionDocument, WithholdingDocument } from '../../src/store/withholdings.store';
import { accountCuit, accountOf, accountContext, AGENT, NOW, supplierOf, withholdingDatabase } from './withholding-store';

/**
 * What the agent declares and hands out: the month's returns (totals per régimen, the SICORE file of its Ganancias
 * withholdings, RG 2233 design as the Tryton export lays it out), the lists of its records, and the certificates
 * issued after the payment.
 */
const opened = withholdingDatabase('withholding-returns');
type Row = Record<string, any>;

const withholding = (context: RequestContext, over: Partial<WithholdingDocument>): WithholdingDocument => ({
  _id: new ObjectId(),
  account_id: accountOf(context),
  payment_id: 'OP-1',
  supplier_id: new ObjectId(),
  supplier_name: 'Servicios Ñandú SRL',
  supplier_cuit: '30712345671',
  supplier_address: null,
  condition: 'inscripto',
  tax: 'ganancias',
  regime_code: '94',
  regime_description: 'Locaciones de obra y/o servicios',
  sicore_code: '094',
  jurisdiction: null,
  date: '2026-03-03',
  period: '2026-03',
  invoices: [],
  amount_paid_cents: 80_000_00,
  vat_cents: 0,
  base_cents: 80_000_00,
  accumulated_base_cents: 130_000_00,
  non_taxable_cents: 67_170_00,
  taxable_cents: 62_830_00,
  rate: 2,
  scale_applied: false,
  exclusion_percent: 0,
  computed_total_cents: 1_256_60,
  previously_withheld_cents: 0,
  amount_cents: 1_256_60,
  below_minimum: false,
  journal_entry_id: new ObjectId(),
  certificate_id: null,
  certificate_number: null,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});
const perception = (context: RequestContext, over: Partial<PerceptionDocument>): PerceptionDocument => ({
  _id: new ObjectId(),
  account_id: accountOf(context),
  tax: 'iva',
  regime_code: 'IVA-RG2408',
  jurisdiction: null,
  date: '2026-03-12',
  period: '2026-03',
  customer_name: 'Cliente SA',
  customer_cuit: '30708884444',
  voucher_type: 1,
  sale_point: 3,
  voucher_number: 501,
  base_cents: 10_000_00,
  rate: 3,
  lines: [{ vat_rate: 21, base_cents: 10_000_00, rate: 3, amount_cents: 300_00 }],
  computed_cents: 300_00,
  amount_cents: 300_00,
  below_minimum: false,
  created_at: NOW,
  updated_at: NOW,
  ...over,
});

describe('the month’s returns', () => {
  let context: RequestContext;
  beforeAll(async () => {
    context = await accountContext(opened());
    const sameDay = [new ObjectId(), new ObjectId()].sort((a, b) => a.toHexString().localeCompare(b.toHexString()));
    await context.store.collection('withholdings').insertMany([
      // Ganancias, out of date order: the file lists them by date, and by record within a day.
      withholding(context, {
        _id: sameDay[1],
        payment_id: 'OP 0001-00000003',
        date: '2026-03-20',
        regime_code: '116-II',
        sicore_code: '116',
        base_cents: 40_000_00,
        amount_cents: 1_980_40,
      }),
      withholding(context, { payment_id: 'OP 0001-00000001', date: '2026-03-03' }),
      withholding(context, { _id: sameDay[0], payment_id: 'OP 0001-00000002', date: '2026-03-20', base_cents: 20_000_00, amount_cents: 400_00 }),
      // A zero withholding only carried a base: out of the totals and the file.
      withholding(context, { payment_id: 'OP 0001-00000004', date: '2026-03-21', amount_cents: 0, base_cents: 10_000_00 }),
      // A Ganancias régimen of the account's own without a SICORE code: in the totals, not in the file.
      withholding(context, {
        payment_id: 'OP 0001-00000005',
        date: '2026-03-22',
        regime_code: 'X-1',
        sicore_code: null,
        base_cents: 5_000_00,
        amount_cents: 100_00,
      }),
      // IVA and IIBB withholdings are declared elsewhere (SIRE, the provinces): totals only.
      withholding(context, {
        payment_id: 'OP 0002-00000001',
        tax: 'iva',
        regime_code: 'IVA-80',
        sicore_code: null,
        base_cents: 21_000_00,
        amount_cents: 16_800_00,
        date: '2026-03-15',
      }),
      withholding(context, {
        payment_id: 'OP 0002-00000001',
        tax: 'iibb',
        regime_code: 'IIBB-ARBA',
        sicore_code: null,
        jurisdiction: 'ARBA',
        base_cents: 100_000_00,
        amount_cents: 2_500_00,
        date: '2026-03-15',
      }),
      // Other months, another account.
      withholding(context, { payment_id: 'OP 0009-00000001', date: '2026-02-28' }),
      withholding(context, { payment_id: 'OP 0009-00000002', date: '2026-04-01' }),
      withholding(context, { payment_id: 'OP 0009-00000003', account_id: new ObjectId() }),
    ]);
    await context.store
      .collection('perceptions')
      .insertMany([
        perception(context, {}),
        perception(context, { voucher_number: 502, base_cents: 4_000_00, amount_cents: 60_00 }),
        perception(context, { tax: 'iibb', regime_code: 'IIBB-ARBA-P', jurisdiction: 'ARBA', base_cents: 10_000_00, amount_cents: 350_00 }),
        perception(context, { voucher_number: 503, amount_cents: 0, below_minimum: true }),
        perception(context, { voucher_number: 504, date: '2026-04-01' }),
      ]);
  });

  it('totals what was withheld and perceived per régimen, withholdings first, codes in number order', async () => {
    const returns = await declaration(context, '2026-03');
    expect(returns.period).toBe('2026-03');
    // 1.256,60 + 400 + 1.980,40 + 100 + 16.800 + 2.500; 300 + 60 + 350.
    expect(returns.withholdingsCents).toBe(23_037_00);
    expect(returns.perceptionsCents).toBe(710_00);
    expect(returns.regimes).toEqual([
      {
        kind: 'perception',
        tax: 'iibb',
        regimeCode: 'IIBB-ARBA-P',
        sicoreCode: null,
        description: 'Percepción IIBB ARBA',
        count: 1,
        baseCents: 10_000_00,
        amountCents: 350_00,
      },
      {
        kind: 'perception',
        tax: 'iva',
        regimeCode: 'IVA-RG2408',
        sicoreCode: null,
        description: 'Percepción IVA RG 2408',
        count: 2,
        baseCents: 14_000_00,
        amountCents: 360_00,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: '94',
        sicoreCode: '094',
        description: 'Locaciones de obra y/o servicios',
        count: 2,
        baseCents: 100_000_00,
        amountCents: 1_656_60,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: '116-II',
        sicoreCode: '116',
        description: 'Locaciones de obra y/o servicios',
        count: 1,
        baseCents: 40_000_00,
        amountCents: 1_980_40,
      },
      {
        kind: 'withholding',
        tax: 'ganancias',
        regimeCode: 'X-1',
        sicoreCode: null,
        description: 'Locaciones de obra y/o servicios',
        count: 1,
        baseCents: 5_000_00,
        amountCents: 100_00,
      },
      {
        kind: 'withholding',
        tax: 'iibb',
        regimeCode: 'IIBB-ARBA',
        sicoreCode: null,
        description: 'Locaciones de obra y/o servicios',
        count: 1,
        baseCents: 100_000_00,
        amountCents: 2_500_00,
      },
      {
        kind: 'withholding',
        tax: 'iva',
        regimeCode: 'IVA-80',
        sicoreCode: null,
        description: 'Locaciones de obra y/o servicios',
        count: 1,
        baseCents: 21_000_00,
        amountCents: 16_800_00,
      },
    ]);
  });

  it('the SICORE file holds the Ganancias withholdings with a régimen code, by date, each record ended by CRLF', async () => {
    const { sicore } = await declaration(context, '2026-03');
    expect(sicore.fileName).toBe(`SICORE-${await accountCuit(context)}-2026-03.txt`);
    // The payment order's digits (positions 13–28) and the régimen (48–50) of each record.
    expect(sicore.lines.map((line) => [line.length, line.slice(12, 28), line.slice(47, 50)])).toEqual([
      [144, '0000000100000001', '094'],
      [144, '0000000100000002', '094'],
      [144, '0000000100000003', '116'],
    ]);
    expect(sicore.content).toBe(`${sicore.lines[0]}\r\n${sicore.lines[1]}\r\n${sicore.lines[2]}\r\n`);
  });

  it('a month with nothing is empty; an agent without a CUIT gets a file name all the same; a bad month is a 400', async () => {
    const other = await accountContext(opened());
    await other.store.collection('accounts').updateOne({ _id: accountOf(other) }, { $set: { cuit: '' } });
    expect(await declaration(other, '2026-03')).toEqual({
      period: '2026-03',
      withholdingsCents: 0,
      perceptionsCents: 0,
      regimes: [],
      sicore: { fileName: 'SICORE-agente-2026-03.txt', lines: [], content: '' },
    });
    await expect(declaration(other, '2026-13')).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('the lists of records', () => {
  let context: RequestContext;
  const supplier = new ObjectId();
  const ids: string[] = [];
  beforeAll(async () => {
    context = await accountContext(opened());
    const days = ['2026-03-01', '2026-03-05', '2026-03-05', '2026-03-31', '2026-04-01'];
    for (const [i, date] of days.entries()) {
      const doc = withholding(context, { date, supplier_id: i < 3 ? supplier : new ObjectId(), tax: i === 3 ? 'iva' : 'ganancias', payment_id: `OP-${i}` });
      ids.push(doc._id.toHexString());
      await context.store.collection('withholdings').insertOne(doc);
    }
    await context.store.collection('withholdings').insertOne(withholding(context, { account_id: new ObjectId(), date: '2026-03-10' }));
  });
  const list = (filter: Row, allowed = { supplier: true, taxes: ['ganancias', 'iva', 'iibb'] }) =>
    listRecords<WithholdingDocument>(context, 'withholdings', filter, allowed).then(({ items, total }) => ({
      ids: items.map((item) => ids.indexOf(item._id.toHexString())),
      total,
    }));

  it('newest first (a day’s records by the latest written), the account’s only, 50 a page by default', async () => {
    expect(await list({})).toEqual({ ids: [4, 3, 2, 1, 0], total: 5 });
    expect(await list({ page: 2, limit: 2 })).toEqual({ ids: [2, 1], total: 5 });
    expect(await list({ page: 3, limit: 2 })).toEqual({ ids: [0], total: 5 });
  });

  it('by month, by supplier or by tax', async () => {
    expect(await list({ period: '2026-03' })).toEqual({ ids: [3, 2, 1, 0], total: 4 });
    expect(await list({ supplierId: supplier.toHexString() })).toEqual({ ids: [2, 1, 0], total: 3 });
    expect(await list({ supplierId: 'nope' })).toEqual({ ids: [], total: 0 });
    expect(await list({ tax: 'iva', period: '2026-03' })).toEqual({ ids: [3], total: 1 });
  });

  it('refuses pages and limits out of range, supplier and tax together, and filters the list does not have', async () => {
    const refused = async (filter: Row, allowed?: { supplier: boolean; taxes: string[] }) => {
      const error = await list(filter, allowed).catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return [error.message, error.details[0].path, error.details[0].message];
    };
    expect(await refused({ page: 0 })).toEqual(['page must be 1 or more', 'page', 'must be 1 or more']);
    expect(await refused({ page: 1.5 })).toEqual(['page must be 1 or more', 'page', 'must be 1 or more']);
    expect(await refused({ page: 1_000_001 })).toEqual(['page must be 1 or more', 'page', 'must be 1 or more']);
    expect(await list({ page: 1_000_000 })).toEqual({ ids: [], total: 5 });
    expect(await refused({ limit: 0 })).toEqual([`limit must be 1 to ${MAX_LIMIT}`, 'limit', `must be 1 to ${MAX_LIMIT}`]);
    expect(await refused({ limit: 101 })).toEqual(['limit must be 1 to 100', 'limit', 'must be 1 to 100']);
    expect(await refused({ limit: 2.5 })).toEqual(['limit must be 1 to 100', 'limit', 'must be 1 to 100']);
    expect((await list({ limit: 100 })).total).toBe(5);
    expect((await list({ limit: 1 })).ids).toHaveLength(1);
    expect(await refused({ supplierId: supplier.toHexString(), tax: 'iva' })).toEqual([
      'filter by supplier or by tax, not both',
      'tax',
      'not with supplier_id',
    ]);
    expect(await refused({ supplierId: supplier.toHexString() }, { supplier: false, taxes: ['iva'] })).toEqual([
      'supplier_id is not a filter here',
      'supplierId',
      'not a filter of this list',
    ]);
    expect(await refused({ tax: 'ganancias' }, { supplier: false, taxes: ['iva', 'iibb'] })).toEqual([
      'tax must be one of iva, iibb',
      'tax',
      'one of iva, iibb',
    ]);
    expect(await refused({ period: '2026-3' })).toEqual(['period must be a month YYYY-MM (2000-01 to 2100-12)', 'period', expect.any(String)]);
  });
});

describe('certificates issued after the payment', () => {
  /** Two payments applied without certificates: the first under the MNSR (nothing withheld), the second withholding. */
  async function uncertified(): Promise<{ context: RequestContext; withholdingId: string; zeroId: string }> {
    const context = await accountContext(opened());
    await seedDefaultChart(context);
    await putWithholdingConfig(context, { agentAddress: 'Florida 100, CABA', agentCuit: AGENT.cuit });
    const supplier = (await supplierOf(context, { tax_id: '30712345671' })).toHexString();
    const pay = (paymentId: string, date: string, amount: number) =>
      applyWithholdings(context, { supplierId: supplier, paymentId, date, amount, regimeCodes: ['94'], issueCertificates: false });
    const zeroId = (await pay('OP-1', '2026-05-04', 10_000)).withholdings[0]._id.toHexString();
    // $110.000 − $67.170 = $42.830 × 2 % = $856,60.
    const withholdingId = (await pay('OP-2', '2026-05-05', 100_000)).withholdings[0]._id.toHexString();
    return { context, withholdingId, zeroId };
  }

  it('issues the next number of the tax, records it on the withholding and in the activity; a second one is 409', async () => {
    const { context, withholdingId } = await uncertified();
    const certificate = await issueCertificate(context, withholdingId);
    expect(certificate).toMatchObject({
      number: 1,
      tax: 'ganancias',
      payment_id: 'OP-2',
      date: '2026-05-05',
      amount_cents: 856_60,
      accumulated_base_cents: 110_000_00,
      agent: { name: AGENT.name, cuit: AGENT.cuit, address: 'Florida 100, CABA' },
    });
    expect(certificate.withholding_id.toHexString()).toBe(withholdingId);
    const stored = await context.store.collection<Row>('withholdings').findOne({ _id: new ObjectId(withholdingId) });
    expect(stored).toMatchObject({ certificate_id: certificate._id, certificate_number: 1, updated_at: NOW });
    const activity = await context.store
      .collection<Row>('activity')
      .find({ account_id: accountOf(context), resource_type: 'withholding_certificates' })
      .toArray();
    expect(activity).toEqual([expect.objectContaining({ resource_id: certificate._id, action: 'created' })]);
    expect(activity[0].summary).toMatch(/: Nº 1$/);
    expect(await getCertificate(context, certificate._id.toHexString())).toEqual(certificate);

    const again = issueCertificate(context, withholdingId);
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({
      code: 'CERTIFICATE_EXISTS',
      message: `withholding ${withholdingId} already has certificate 1`,
      details: [{ path: 'withholdingId', message: 'has a certificate' }],
    });
  });

  it('none for a withholding that came to zero (409 NOTHING_WITHHELD), an unknown or another account’s one (404)', async () => {
    const { context, withholdingId, zeroId } = await uncertified();
    const certificate = await issueCertificate(context, withholdingId);
    await expect(issueCertificate(context, zeroId)).rejects.toMatchObject({
      constructor: ConflictError,
      code: 'NOTHING_WITHHELD',
      message: `withholding ${zeroId} withheld nothing: there is nothing to certify`,
      details: [{ path: 'withholdingId', message: 'withheld nothing' }],
    });
    await expect(issueCertificate(context, 'nope')).rejects.toMatchObject({ constructor: NotFoundError, message: 'withholding nope not found' });
    await expect(issueCertificate(context, new ObjectId().toHexString())).rejects.toBeInstanceOf(NotFoundError);
    const other = await accountContext(opened());
    await expect(issueCertificate(other, withholdingId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getCertificate(other, certificate._id.toHexString())).rejects.toBeInstanceOf(NotFoundError);
    await expect(getCertificate(context, 'nope')).rejects.toMatchObject({
      constructor: NotFoundError,
      code: 'NOT_FOUND',
      message: 'certificate nope not found',
    });
    expect(await context.store.collection('withholding_certificates').countDocuments({ account_id: accountOf(context) })).toBe(1);
  });
});
