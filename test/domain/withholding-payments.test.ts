import type { CollectionName } from '../../src/store/catalog';
import { ObjectId } from 'mongodb';
import { seedDefaultChart } from '../../src/domain/accounting/chart';
import type { RequestContext } from '../../src/domain/context';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors';
import { putWithholdingConfig } from '../../src/domain/withholdings/withholdings.config';
import { applyWithholdings, calculateWithholdings, supplierAddress } from '../../src/domain/withholdings/payments';
import type { SupplierDocument } from '../../src/store/suppliers.store';
import { accountContext, accountOf, AGENT, NOW, once, supplierOf, withholdingDatabase } from './withholding-store';

/**
 * A payment's withholdings against the store (RG 830 for Ganancias, RG 2854 for IVA, the ARBA / AGIP padrón regimes
 * for IIBB): the month's accumulation per supplier and régimen, the designations, the cap at what is paid with the
 * rest carried to the supplier's next payment, the posted entry, the numbered certificates and what is recorded.
 * Figures are RG 830 Anexo VIII as RG 4525/2019 set it (régimen 94: 2 % inscriptos, 28 % no inscriptos, MNSR
 * $67.170; 78: 2 %, MNSR $224.000; 31: 28 % no inscriptos, minimum $1.020; $240 minimum), worked out beside each test.
 */
const opened = withholdingDatabase('withholding-payments');
const CUIT = '30712345671';
type Row = Record<string, any>;

const rows = (context: RequestContext, name: CollectionName, filter: Row = {}) =>
  context.store
    .collection<Row>(name)
    .find({ account_id: accountOf(context), ...filter })
    .sort({ _id: 1 })
    .toArray();
const entryLines = async (context: RequestContext, id: ObjectId) =>
  (((await context.store.collection<Row>('journal_entries').findOne({ _id: id }))?.lines ?? []) as Row[]).map((line) => [
    line.account_code,
    line.debit_cents ?? 0,
    line.credit_cents ?? 0,
  ]);

async function ready(): Promise<RequestContext> {
  const context = await accountContext(opened());
  await seedDefaultChart(context);
  return context;
}

describe('the supplier’s address on the records', () => {
  const supplier = (fields: Partial<SupplierDocument>) => ({ name: 'S', ...fields }) as SupplierDocument;
  it('is the fiscal address, else the postal one as written, else its parts joined', () => {
    expect(supplierAddress(supplier({ fiscal_info: { domicilio_comercial: 'Florida 1, CABA' }, address: 'Otra 2' }))).toBe('Florida 1, CABA');
    expect(supplierAddress(supplier({ address: 'Av. Corrientes 1234, CABA' }))).toBe('Av. Corrientes 1234, CABA');
    expect(supplierAddress(supplier({ address: { street: 'Mitre 10', city: 'Quilmes', state: 'Buenos Aires', postal_code: '1878' } }))).toBe(
      'Mitre 10, Quilmes, Buenos Aires, 1878',
    );
    expect(supplierAddress(supplier({ address: { street: 'Mitre 10', postal_code: '1878' } }))).toBe('Mitre 10, 1878');
  });

  it('is none when nothing is written', () => {
    expect(supplierAddress(supplier({ address: '' }))).toBeNull();
    expect(supplierAddress(supplier({ address: {} }))).toBeNull();
    expect(supplierAddress(supplier({ fiscal_info: {} }))).toBeNull();
  });
});

describe('Ganancias accumulates the supplier’s month under the régimen', () => {
  let context: RequestContext;
  let supplier: string;
  const month = once(async () => {
    context = await ready();
    supplier = (await supplierOf(context, { tax_id: CUIT, address: 'Av. Corrientes 1234, CABA' })).toHexString();
    const other = (await supplierOf(context, { name: 'Otro SA', tax_id: '20111111112' })).toHexString();
    const apply = (paymentId: string, supplierId: string, date: string, amount: number, code: string) =>
      applyWithholdings(context, { supplierId, paymentId, date, amount, regimeCodes: [code] });
    // The first payment of March: $50.000, under the $67.170 MNSR, withholds nothing but its base accumulates.
    expect((await apply('OP-1', supplier, '2026-03-02', 50_000, '94')).calculation.totalCents).toBe(0);
    // None of these belong to the supplier's March under 94: another supplier, another régimen, another month.
    // (500.000 − 67.170) × 2 % = 8.656,60; (300.000 − 224.000) × 2 % = 1.520; (200.000 − 67.170) × 2 % = 2.656,60.
    expect((await apply('OP-X1', other, '2026-03-02', 500_000, '94')).calculation.totalCents).toBe(8_656_60);
    expect((await apply('OP-X2', supplier, '2026-03-02', 300_000, '78')).calculation.totalCents).toBe(1_520_00);
    expect((await apply('OP-X3', supplier, '2026-02-27', 200_000, '94')).calculation.totalCents).toBe(2_656_60);
    // Another account's record of the same supplier id, régimen and month.
    await context.store.collection('withholdings').insertOne({
      account_id: new ObjectId(),
      supplier_id: new ObjectId(supplier),
      regime_code: '94',
      period: '2026-03',
      base_cents: 1_000_000_00,
      amount_cents: 5_000_00,
      assessed_cents: 5_000_00,
    });
  });

  it('the second payment of March: $80.000 makes $130.000, less the MNSR, 2 % = $1.256,60; calculating stores nothing', async () => {
    await month();
    const before = [
      (await rows(context, 'withholdings')).length,
      (await rows(context, 'withholding_certificates')).length,
      (await rows(context, 'journal_entries')).length,
    ];
    const calculation = await calculateWithholdings(context, { supplierId: supplier, date: '2026-03-03', amount: 80_000, regimeCodes: ['94'] });
    expect(calculation).toMatchObject({
      condition: 'inscripto',
      date: '2026-03-03',
      period: '2026-03',
      amountCents: 80_000_00,
      vatCents: 0,
      totalCents: 1_256_60,
      netPaymentCents: 78_743_40,
    });
    expect(calculation.supplier._id.toHexString()).toBe(supplier);
    expect(calculation.lines).toEqual([
      {
        tax: 'ganancias',
        regimeCode: '94',
        regimeDescription: 'Locaciones de obra y/o servicios no ejecutados en relación de dependencia',
        sicoreCode: '094',
        jurisdiction: null,
        baseCents: 80_000_00,
        exclusionPercent: 0,
        accumulatedBaseCents: 130_000_00,
        nonTaxableCents: 67_170_00,
        taxableCents: 62_830_00,
        rate: 2,
        scaleApplied: false,
        computedTotalCents: 1_256_60,
        previouslyWithheldCents: 0,
        assessedCents: 1_256_60,
        carriedInCents: 0,
        amountCents: 1_256_60,
        pendingCents: 0,
        belowMinimum: false,
      },
    ]);
    expect([
      (await rows(context, 'withholdings')).length,
      (await rows(context, 'withholding_certificates')).length,
      (await rows(context, 'journal_entries')).length,
    ]).toEqual(before);
  });

  it('the VAT and other taxes of the invoices paid are not part of the base; a régimen code is read in any case', async () => {
    await month();
    // $96.800 paid, $16.800 of it VAT: $80.000 of base again.
    const calculation = await calculateWithholdings(context, {
      supplierId: supplier,
      date: '2026-03-03',
      amount: 98_800,
      vatAmount: 16_800,
      otherTaxes: 2_000,
      regimeCodes: ['94'],
    });
    expect(calculation).toMatchObject({ vatCents: 16_800_00, totalCents: 1_256_60, netPaymentCents: 97_543_40 });
    expect(calculation.lines[0]).toMatchObject({ baseCents: 80_000_00, accumulatedBaseCents: 130_000_00 });
  });

  it('an exclusion certificate of 50 % halves what the month computes', async () => {
    await month();
    const calculation = await calculateWithholdings(context, {
      supplierId: supplier,
      date: '2026-03-03',
      amount: 80_000,
      regimeCodes: ['94'],
      exclusionPercent: 50,
    });
    expect(calculation.lines[0]).toMatchObject({ exclusionPercent: 50, computedTotalCents: 628_30, amountCents: 628_30 });
  });

  it('a supplier without a CUIT is taken as no inscripto: 28 % of the whole base, no MNSR; a condition stated wins', async () => {
    await month();
    const unknown = (await supplierOf(context, { name: 'Sin CUIT' })).toHexString();
    const flat = await calculateWithholdings(context, { supplierId: unknown, date: '2026-03-03', amount: 1_000, regimeCodes: ['94'] });
    expect(flat).toMatchObject({ condition: 'no_inscripto', totalCents: 280_00 });
    expect(flat.lines[0]).toMatchObject({ nonTaxableCents: 0, taxableCents: 1_000_00, rate: 28 });
    const stated = await calculateWithholdings(context, {
      supplierId: supplier,
      date: '2026-03-03',
      amount: 1_000,
      regimeCodes: ['94'],
      condition: 'no_inscripto',
    });
    // The month's $51.000 at 28 % = $14.280, of which the $1.000 paid can hold $1.000.
    expect(stated).toMatchObject({ condition: 'no_inscripto', totalCents: 1_000_00 });
    expect(stated.lines[0]).toMatchObject({ accumulatedBaseCents: 51_000_00, computedTotalCents: 14_280_00, pendingCents: 13_280_00 });
  });

  it('a scale concept goes through Anexo VIII: 116-II, $40.000 − $16.830 = $23.170: $1.120 + 12 % of $7.170 = $1.980,40', async () => {
    await month();
    const calculation = await calculateWithholdings(context, { supplierId: supplier, date: '2026-04-10', amount: 40_000, regimeCodes: ['116-ii'] });
    expect(calculation.lines[0]).toMatchObject({
      regimeCode: '116-II',
      sicoreCode: '116',
      taxableCents: 23_170_00,
      rate: null,
      scaleApplied: true,
      amountCents: 1_980_40,
    });
  });

  it('refuses an unknown supplier, another account’s supplier and a régimen not in force on the date', async () => {
    await month();
    const unknown = new ObjectId().toHexString();
    await expect(calculateWithholdings(context, { supplierId: unknown, date: '2026-03-03', amount: 1_000, regimeCodes: ['94'] })).rejects.toMatchObject({
      constructor: NotFoundError,
      code: 'NOT_FOUND',
      message: `supplier ${unknown} not found`,
    });
    const elsewhere = await accountContext(opened());
    await expect(calculateWithholdings(elsewhere, { supplierId: supplier, date: '2026-03-03', amount: 1_000, regimeCodes: ['94'] })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    // Régimen 119 starts with RG 5423/2023 (payments from 2023-10-01).
    const early = calculateWithholdings(context, { supplierId: supplier, date: '2023-09-30', amount: 1_000, regimeCodes: ['94', '119'] });
    await expect(early).rejects.toBeInstanceOf(ValidationError);
    await expect(early).rejects.toMatchObject({ details: [{ path: 'regimeCodes.1', message: 'no regime 119 in force on 2023-09-30' }] });
  });
});

describe('records from before the cap and capped ones', () => {
  it('the month counts what earlier payments assessed (withheld or left pending), or what a record from before the cap withheld', async () => {
    const context = await ready();
    const supplier = await supplierOf(context, { name: 'Locador' });
    // A record of the month from before the cap: no assessed amount, $656,60 withheld on a $100.000 base.
    await context.store.collection('withholdings').insertOne({
      account_id: accountOf(context),
      supplier_id: supplier,
      regime_code: '94',
      period: '2026-05',
      date: '2026-05-02',
      base_cents: 100_000_00,
      amount_cents: 656_60,
    });
    // $150.000 − $67.170 = $82.830 × 2 % = $1.656,60, less the $656,60 withheld = $1.000.
    const legacy = await calculateWithholdings(context, {
      supplierId: supplier.toHexString(),
      date: '2026-05-20',
      amount: 50_000,
      regimeCodes: ['94'],
      condition: 'inscripto',
    });
    expect(legacy.lines[0]).toMatchObject({ accumulatedBaseCents: 150_000_00, previouslyWithheldCents: 656_60, amountCents: 1_000_00 });

    // Urban rental to a no inscripto (31): 28 % of $3.600 = $1.008, under the $1.020 minimum.
    const pay = (paymentId: string, date: string, amount: number) =>
      applyWithholdings(context, { supplierId: supplier.toHexString(), paymentId, date, amount, regimeCodes: ['31'], condition: 'no_inscripto' });
    expect((await pay('ALQ-1', '2026-10-05', 3_600)).withholdings[0]).toMatchObject({ amount_cents: 0, below_minimum: true, computed_total_cents: 1_008_00 });
    // $100 more: 28 % of $3.700 = $1.036 assessed, $100 withheld (all it pays), $936 pending.
    const capped = await pay('ALQ-2', '2026-10-20', 100);
    expect(capped.withholdings[0]).toMatchObject({ assessed_cents: 1_036_00, amount_cents: 100_00, pending_cents: 936_00, carried_in_cents: 0 });
    expect(capped.calculation).toMatchObject({ totalCents: 100_00, netPaymentCents: 0 });
    // $1.000 more in October: 28 % of $4.700 = $1.316, less the $1.036 assessed = $280, under $1.020: nothing of its
    // own; the $936 pending is owed with it.
    const third = await calculateWithholdings(context, {
      supplierId: supplier.toHexString(),
      date: '2026-10-25',
      amount: 1_000,
      regimeCodes: ['31'],
      condition: 'no_inscripto',
    });
    expect(third.lines).toEqual([
      expect.objectContaining({
        previouslyWithheldCents: 1_036_00,
        computedTotalCents: 1_316_00,
        assessedCents: 0,
        belowMinimum: true,
        carriedInCents: 936_00,
        amountCents: 936_00,
        pendingCents: 0,
      }),
    ]);
  });
});

describe('applying a payment', () => {
  /** An account with the default chart, its agent's address and CUIT, and a supplier with a CUIT. */
  async function payer(): Promise<{ context: RequestContext; supplier: ObjectId }> {
    const context = await ready();
    await putWithholdingConfig(context, { agentAddress: 'Florida 100, CABA', agentCuit: '30-70888444-4' });
    return { context, supplier: await supplierOf(context, { tax_id: CUIT, address: 'Av. Corrientes 1234, CABA' }) };
  }
  const first = (supplier: ObjectId) => ({
    supplierId: supplier.toHexString(),
    paymentId: 'OP 0001-00000102',
    date: '2026-03-03',
    amount: 130_000,
    regimeCodes: ['94'],
    invoices: ['A-0003-00000002'],
  });

  it('needs the payment order number', async () => {
    const { context, supplier } = await payer();
    const missing = applyWithholdings(context, { supplierId: supplier.toHexString(), date: '2026-03-03', amount: 80_000, regimeCodes: ['94'] });
    await expect(missing).rejects.toBeInstanceOf(ValidationError);
    await expect(missing).rejects.toMatchObject({
      message: 'paymentId is required',
      details: [{ path: 'paymentId', message: 'required (the payment order number)' }],
    });
    expect(await rows(context, 'withholdings')).toEqual([]);
  });

  it('records the withholding, posts the payment, numbers a certificate and says so in the activity', async () => {
    const { context, supplier } = await payer();
    // $130.000 − $67.170 = $62.830 × 2 % = $1.256,60.
    const applied = await applyWithholdings(context, first(supplier));
    expect(applied.paymentId).toBe('OP 0001-00000102');
    const [stored] = await rows(context, 'withholdings');
    const [certificate] = await rows(context, 'withholding_certificates');
    expect(applied.withholdings).toEqual([stored]);
    expect(stored).toEqual({
      _id: expect.any(ObjectId),
      account_id: accountOf(context),
      payment_id: 'OP 0001-00000102',
      supplier_id: supplier,
      supplier_name: 'Servicios Ñandú SRL',
      supplier_cuit: CUIT,
      supplier_address: 'Av. Corrientes 1234, CABA',
      condition: 'inscripto',
      tax: 'ganancias',
      regime_code: '94',
      regime_description: 'Locaciones de obra y/o servicios no ejecutados en relación de dependencia',
      sicore_code: '094',
      jurisdiction: null,
      date: '2026-03-03',
      period: '2026-03',
      invoices: ['A-0003-00000002'],
      amount_paid_cents: 130_000_00,
      vat_cents: 0,
      base_cents: 130_000_00,
      accumulated_base_cents: 130_000_00,
      non_taxable_cents: 67_170_00,
      taxable_cents: 62_830_00,
      rate: 2,
      scale_applied: false,
      exclusion_percent: 0,
      computed_total_cents: 1_256_60,
      previously_withheld_cents: 0,
      assessed_cents: 1_256_60,
      carried_in_cents: 0,
      amount_cents: 1_256_60,
      pending_cents: 0,
      below_minimum: false,
      journal_entry_id: applied.journalEntryId,
      certificate_id: certificate._id,
      certificate_number: 1,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(certificate).toEqual({
      _id: expect.any(ObjectId),
      account_id: accountOf(context),
      number: 1,
      tax: 'ganancias',
      withholding_id: stored._id,
      supplier_id: supplier,
      date: '2026-03-03',
      period: '2026-03',
      agent: { name: AGENT.name, cuit: AGENT.cuit, address: 'Florida 100, CABA' },
      subject: { name: 'Servicios Ñandú SRL', cuit: CUIT, address: 'Av. Corrientes 1234, CABA', condition: 'inscripto' },
      regime_code: '94',
      regime_description: 'Locaciones de obra y/o servicios no ejecutados en relación de dependencia',
      payment_id: 'OP 0001-00000102',
      invoices: ['A-0003-00000002'],
      amount_paid_cents: 130_000_00,
      base_cents: 130_000_00,
      accumulated_base_cents: 130_000_00,
      non_taxable_cents: 67_170_00,
      taxable_cents: 62_830_00,
      rate: 2,
      scale_applied: false,
      exclusion_percent: 0,
      amount_cents: 1_256_60,
      created_at: NOW,
      updated_at: NOW,
    });
    const entry = await context.store.collection<Row>('journal_entries').findOne({ _id: applied.journalEntryId });
    expect(entry).toMatchObject({
      status: 'posted',
      date: '2026-03-03',
      description: 'Pago OP 0001-00000102 a Servicios Ñandú SRL con retenciones',
      reference_type: 'withholding_payment',
      reference_id: 'OP 0001-00000102',
    });
    // Dr Proveedores $130.000 / Cr banco $128.743,40 / Cr Retenciones de Ganancias a depositar $1.256,60.
    expect(await entryLines(context, applied.journalEntryId)).toEqual([
      ['2.1.1.01.001', 130_000_00, 0],
      ['1.1.1.02.001', 0, 128_743_40],
      ['2.1.4.02.001', 0, 1_256_60],
    ]);
    const activity = await rows(context, 'activity', { resource_type: 'withholdings' });
    expect(activity).toEqual([expect.objectContaining({ resource_id: stored._id, action: 'created' })]);
    expect(activity[0].summary).toMatch(/^withholding 94 .*: payment OP 0001-00000102 to «Servicios Ñandú SRL»$/);
    // The supplier's month under the régimen is a counter every payment of it writes, so racing ones take turns.
    expect(await rows(context, 'counters', { name: `withholding_month:${supplier.toHexString()}:94:2026-03` })).toEqual([
      expect.objectContaining({ value: 1 }),
    ]);
  });

  it('applies a payment once: 409 PAYMENT_ALREADY_APPLIED, nothing more recorded', async () => {
    const { context, supplier } = await payer();
    await applyWithholdings(context, first(supplier));
    const count = async () => [(await rows(context, 'withholdings')).length, (await rows(context, 'journal_entries')).length];
    const before = await count();
    const again = applyWithholdings(context, {
      supplierId: supplier.toHexString(),
      paymentId: 'OP 0001-00000102',
      date: '2026-03-20',
      amount: 5,
      regimeCodes: ['94'],
    });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({
      code: 'PAYMENT_ALREADY_APPLIED',
      message: 'payment OP 0001-00000102 already has its withholdings applied',
      details: [{ path: 'paymentId', message: 'already applied' }],
    });
    expect(await count()).toEqual(before);
  });

  it('a payment that withholds nothing posts the bank the whole amount, no “con retenciones”, no certificate', async () => {
    const { context, supplier } = await payer();
    const applied = await applyWithholdings(context, {
      supplierId: supplier.toHexString(),
      paymentId: 'OP-78',
      date: '2026-03-04',
      amount: 100_000,
      regimeCodes: ['78'],
    });
    // No invoices named: none recorded.
    expect(applied.withholdings[0]).toMatchObject({ amount_cents: 0, invoices: [], certificate_id: null, certificate_number: null });
    expect((await context.store.collection<Row>('journal_entries').findOne({ _id: applied.journalEntryId }))?.description).toBe(
      'Pago OP-78 a Servicios Ñandú SRL',
    );
    expect(await entryLines(context, applied.journalEntryId)).toEqual([
      ['2.1.1.01.001', 100_000_00, 0],
      ['1.1.1.02.001', 0, 100_000_00],
    ]);
    expect(await rows(context, 'withholding_certificates', { payment_id: 'OP-78' })).toEqual([]);
  });

  it('IVA and IIBB need the designation (409 NOT_AN_AGENT), then withhold beside Ganancias; certificates are numbered per tax', async () => {
    const { context, supplier } = await payer();
    const body = {
      supplierId: supplier.toHexString(),
      paymentId: 'OP-0002-00000001',
      date: '2026-04-15',
      amount: 121_000,
      vatAmount: 21_000,
      regimeCodes: ['78', 'iva-80', 'IIBB-ARBA'],
      iibbRate: 2.5,
      paymentAccountCode: '1.1.1.01.001',
    };
    const refused = applyWithholdings(context, body);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toMatchObject({ code: 'NOT_AN_AGENT', details: [{ path: 'tax', message: 'not an IVA withholding agent' }] });
    await putWithholdingConfig(context, {
      ivaWithholdingAgent: true,
      iibb: [{ jurisdiction: 'ARBA', withholdingAgent: true, perceptionAgent: false, withholdingRate: 3, minimumAmount: 50 }],
    });
    const applied = await applyWithholdings(context, body);
    // 78: $100.000 under its $224.000 MNSR; IVA: 80 % of the $21.000 VAT; IIBB: 2,5 % (the payment's padrón rate) of
    // the $100.000 net.
    expect(applied.withholdings.map((w) => [w.regime_code, w.tax, w.jurisdiction, w.base_cents, w.rate, w.amount_cents, w.certificate_number])).toEqual([
      ['78', 'ganancias', null, 100_000_00, 2, 0, null],
      ['IVA-80', 'iva', null, 21_000_00, 80, 16_800_00, 1],
      ['IIBB-ARBA', 'iibb', 'ARBA', 100_000_00, 2.5, 2_500_00, 1],
    ]);
    expect(applied.calculation).toMatchObject({ totalCents: 19_300_00, netPaymentCents: 101_700_00 });
    // Paid from the account the payment names (cash) instead of the bank.
    expect(await entryLines(context, applied.journalEntryId)).toEqual([
      ['2.1.1.01.001', 121_000_00, 0],
      ['1.1.1.01.001', 0, 101_700_00],
      ['2.1.4.02.002', 0, 16_800_00],
      ['2.1.4.02.003', 0, 2_500_00],
    ]);
    const certificates = await rows(context, 'withholding_certificates', { payment_id: 'OP-0002-00000001' });
    expect(certificates.map((c) => [c.tax, c.number, c.amount_cents])).toEqual([
      ['iva', 1, 16_800_00],
      ['iibb', 1, 2_500_00],
    ]);
  });

  it('IIBB: the designation’s rate when the payment gives none, its minimum, and a 400 when no rate is known', async () => {
    const { context, supplier } = await payer();
    await putWithholdingConfig(context, {
      iibb: [{ jurisdiction: 'ARBA', withholdingAgent: true, perceptionAgent: false, withholdingRate: 3, minimumAmount: 50 }],
    });
    const base = { supplierId: supplier.toHexString(), date: '2026-04-16', regimeCodes: ['IIBB-ARBA'] };
    // 3 % of the $100.000 net.
    expect((await calculateWithholdings(context, { ...base, amount: 100_000 })).lines[0]).toMatchObject({ rate: 3, amountCents: 3_000_00 });
    // 3 % of $1.000 = $30, under the designation's $50 minimum.
    expect((await calculateWithholdings(context, { ...base, amount: 1_000 })).lines[0]).toMatchObject({
      computedTotalCents: 30_00,
      amountCents: 0,
      belowMinimum: true,
    });
    await putWithholdingConfig(context, {
      iibb: [
        { jurisdiction: 'ARBA', withholdingAgent: true, perceptionAgent: false, withholdingRate: 3, minimumAmount: 50 },
        { jurisdiction: 'AGIP', withholdingAgent: true, perceptionAgent: false },
      ],
    });
    const noRate = calculateWithholdings(context, { ...base, amount: 1_000, regimeCodes: ['IIBB-AGIP'] });
    await expect(noRate).rejects.toBeInstanceOf(ValidationError);
    await expect(noRate).rejects.toMatchObject({
      message: 'iibbRate is required: no default AGIP rate is set',
      details: [{ path: 'iibbRate', message: 'required (the padrón rate)' }],
    });
    // AGIP with the payment's rate and no minimum of its own: 1 % of $1.000 = $10 is withheld.
    expect((await calculateWithholdings(context, { ...base, amount: 1_000, regimeCodes: ['IIBB-AGIP'], iibbRate: 1 })).lines[0]).toMatchObject({
      amountCents: 10_00,
      belowMinimum: false,
    });
  });

  it('IVA: $400 of VAT withheld in full is $400, not over the RG 3887 minimum: nothing', async () => {
    const { context, supplier } = await payer();
    await putWithholdingConfig(context, { ivaWithholdingAgent: true });
    const calculation = await calculateWithholdings(context, {
      supplierId: supplier.toHexString(),
      date: '2026-04-16',
      amount: 2_400,
      vatAmount: 400,
      regimeCodes: ['IVA-100'],
    });
    expect(calculation.lines[0]).toMatchObject({ baseCents: 400_00, computedTotalCents: 400_00, amountCents: 0, belowMinimum: true });
  });

  it('Ganancias turned off refuses its régimenes', async () => {
    const other = await ready();
    await putWithholdingConfig(other, { gananciasAgent: false });
    const own = (await supplierOf(other, { tax_id: CUIT })).toHexString();
    await expect(calculateWithholdings(other, { supplierId: own, date: '2026-04-16', amount: 1_000, regimeCodes: ['94'] })).rejects.toMatchObject({
      code: 'NOT_AN_AGENT',
      message: 'the account is not designated as a Ganancias withholding agent: set it in the withholding settings first',
    });
  });

  it('issueCertificates false records the withholding without a certificate', async () => {
    const { context, supplier } = await payer();
    const applied = await applyWithholdings(context, {
      supplierId: supplier.toHexString(),
      paymentId: 'OP-SIN-CERT',
      date: '2026-05-05',
      amount: 100_000,
      regimeCodes: ['94', '116-ii'],
      issueCertificates: false,
    });
    // 94: $100.000 − $67.170 = $32.830 × 2 % = $656,60. 116-II: $100.000 − $16.830 = $83.170 through the scale:
    // $10.000 + 27 % of $19.170 = $15.175,90.
    expect(applied.withholdings.map((w) => [w.regime_code, w.amount_cents, w.certificate_id, w.certificate_number])).toEqual([
      ['94', 656_60, null, null],
      ['116-II', 15_175_90, null, null],
    ]);
    // Each régimen's month is a counter of its own, named by the régimen as the table writes it.
    expect((await rows(context, 'counters', { name: /^withholding_month:/ })).map((counter) => counter.name)).toEqual([
      `withholding_month:${supplier.toHexString()}:94:2026-05`,
      `withholding_month:${supplier.toHexString()}:116-II:2026-05`,
    ]);
    expect(await rows(context, 'withholding_certificates', { payment_id: 'OP-SIN-CERT' })).toEqual([]);
  });
});

describe('what does not fit in a payment is owed with the supplier’s next one', () => {
  it('keeps the pending per supplier and régimen, carries it (also under a régimen the next payment does not name), then zero', async () => {
    const context = await ready();
    const landlord = await supplierOf(context, { name: 'Locador' });
    const neighbour = await supplierOf(context, { name: 'Vecino' });
    const pay = (supplierId: ObjectId, paymentId: string, date: string, amount: number, regimeCodes = ['31']) =>
      applyWithholdings(context, { supplierId: supplierId.toHexString(), paymentId, date, amount, regimeCodes, condition: 'no_inscripto' });
    await pay(landlord, 'ALQ-1', '2026-10-05', 3_600);
    await pay(landlord, 'ALQ-2', '2026-10-20', 100);
    // Dr Proveedores $100 / Cr Retenciones de Ganancias a depositar $100: no bank line.
    const pending = () => rows(context, 'withholding_pending');
    expect(await pending()).toEqual([
      {
        _id: expect.any(ObjectId),
        account_id: accountOf(context),
        supplier_id: landlord,
        regime_code: '31',
        tax: 'ganancias',
        regime_description: 'Alquiler de inmuebles urbanos (incluso leasing)',
        sicore_code: '031',
        jurisdiction: null,
        pending_cents: 936_00,
        payment_id: 'ALQ-2',
        created_at: NOW,
        updated_at: NOW,
      },
    ]);
    // Another supplier owes nothing of it.
    const neighbours = await pay(neighbour, 'VEC-1', '2026-11-05', 5_000, ['94']);
    expect(neighbours.withholdings.map((w) => [w.regime_code, w.carried_in_cents])).toEqual([['94', 0]]);
    // November, under 94: 28 % of $5.000 = $1.400 of its own, and a line of 31 for the $936 pending.
    const next = await pay(landlord, 'ALQ-3', '2026-11-05', 5_000, ['94']);
    expect(next.withholdings.map((w) => [w.regime_code, w.assessed_cents, w.carried_in_cents, w.amount_cents, w.pending_cents, w.base_cents])).toEqual([
      ['94', 1_400_00, 0, 1_400_00, 0, 5_000_00],
      ['31', 0, 936_00, 936_00, 0, 0],
    ]);
    expect(next.calculation).toMatchObject({ totalCents: 2_336_00, netPaymentCents: 2_664_00 });
    expect(await pending()).toEqual([expect.objectContaining({ regime_code: '31', pending_cents: 0, payment_id: 'ALQ-3' })]);
    // Nothing pending any more: the next payment has no line of 31.
    const after = await pay(landlord, 'ALQ-4', '2026-12-05', 5_000, ['94']);
    expect(after.withholdings.map((w) => w.regime_code)).toEqual(['94']);
  });
});
