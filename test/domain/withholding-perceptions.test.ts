import type { CollectionName } from '../../src/store/catalog';
import { ObjectId } from 'mongodb';
import type { RequestContext } from '../../src/domain/context';
import { ConflictError, ValidationError } from '../../src/domain/errors';
import { putWithholdingConfig } from '../../src/domain/withholdings/withholdings.config';
import { calculatePerception } from '../../src/domain/withholdings/perceptions';
import { accountOf, accountContext, NOW, withholdingDatabase } from './withholding-store';

/**
 * Perceptions the account charges on its sales, stored once per voucher and régimen: IVA by RG 2408 (3 % of the net
 * taxed at 21 %, 1,5 % of the net at 10,5 %, nothing under $60; a rate given applies to every line), IIBB at the
 * customer's padrón rate or the designation's default, nothing under the designation's minimum.
 */
const opened = withholdingDatabase('withholding-perceptions');
type Row = Record<string, any>;
const stored = (context: RequestContext, name: CollectionName, filter: Row = {}) =>
  context.store
    .collection<Row>(name)
    .find({ account_id: accountOf(context), ...filter })
    .sort({ _id: 1 })
    .toArray();
const sale = { date: '2026-03-12', customerName: 'Cliente Grande SA', customerCuit: '30-70888444-4', voucherType: 1, salePoint: 3, voucherNumber: 501 };

it('needs the designation: IVA perception and each jurisdiction’s IIBB perception (409 NOT_AN_AGENT)', async () => {
  const context = await accountContext(opened());
  const iva = calculatePerception(context, { ...sale, tax: 'iva', netByRate: [{ rate: 21, base: 10_000 }] });
  await expect(iva).rejects.toBeInstanceOf(ConflictError);
  await expect(iva).rejects.toMatchObject({ code: 'NOT_AN_AGENT', details: [{ message: 'not an IVA perception agent' }] });
  await expect(calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'ARBA', netAmount: 10_000 })).rejects.toMatchObject({
    code: 'NOT_AN_AGENT',
    details: [{ message: 'not an IIBB ARBA perception agent' }],
  });
  // IIBB without a jurisdiction: a 400, whatever the settings.
  await expect(calculatePerception(context, { ...sale, tax: 'iibb', netAmount: 10_000 })).rejects.toMatchObject({
    constructor: ValidationError,
    details: [{ path: 'jurisdiction' }],
  });
  expect(await stored(context, 'perceptions')).toEqual([]);
});

describe('once designated', () => {
  /** An account designated for IVA perception, ARBA (3,5 % by default, $50 minimum) and AGIP (no default rate). */
  async function designated(): Promise<RequestContext> {
    const context = await accountContext(opened());
    await putWithholdingConfig(context, {
      ivaPerceptionAgent: true,
      iibb: [
        { jurisdiction: 'ARBA', withholdingAgent: false, perceptionAgent: true, perceptionRate: 3.5, minimumAmount: 50 },
        { jurisdiction: 'AGIP', withholdingAgent: false, perceptionAgent: true },
      ],
    });
    return context;
  }
  const twoRates = {
    ...sale,
    tax: 'iva',
    netByRate: [
      { rate: 21, base: 10_000 },
      { rate: 10.5, base: 4_000 },
    ],
  };

  it('IVA: 3 % of the net at 21 % plus 1,5 % of the net at 10,5 %, stored with its lines and in the activity', async () => {
    const context = await designated();
    // 3 % of $10.000 = $300; 1,5 % of $4.000 = $60.
    const perception = await calculatePerception(context, {
      ...sale,
      tax: 'iva',
      netByRate: [
        { rate: 21, base: 10_000 },
        { rate: 10.5, base: 4_000 },
      ],
    });
    const [doc] = await stored(context, 'perceptions');
    expect(doc).toEqual({
      _id: expect.any(ObjectId),
      account_id: accountOf(context),
      tax: 'iva',
      regime_code: 'IVA-RG2408',
      jurisdiction: null,
      date: '2026-03-12',
      period: '2026-03',
      customer_name: 'Cliente Grande SA',
      customer_cuit: '30708884444',
      voucher_type: 1,
      sale_point: 3,
      voucher_number: 501,
      base_cents: 14_000_00,
      rate: null,
      lines: [
        { vat_rate: 21, base_cents: 10_000_00, rate: 3, amount_cents: 300_00 },
        { vat_rate: 10.5, base_cents: 4_000_00, rate: 1.5, amount_cents: 60_00 },
      ],
      computed_cents: 360_00,
      amount_cents: 360_00,
      below_minimum: false,
      created_at: NOW,
      updated_at: NOW,
    });
    expect(perception).toEqual({ ...doc, stored: true });
    const activity = await stored(context, 'activity', { resource_type: 'perceptions' });
    expect(activity).toEqual([expect.objectContaining({ resource_type: 'perceptions', resource_id: doc._id, action: 'created' })]);
    expect(activity[0].summary).toMatch(/^perception IVA-RG2408 .*: Cliente Grande SA$/);
  });

  it('a second calculation of the voucher replaces it (updated); a rate given applies to every line and is the perception’s', async () => {
    const context = await designated();
    const first = await calculatePerception(context, twoRates);
    // A non-compliant buyer's 10 %: of $10.000 and $4.000.
    const again = await calculatePerception(context, {
      ...sale,
      tax: 'iva',
      netByRate: [
        { rate: 21, base: 10_000 },
        { rate: 10.5, base: 4_000 },
      ],
      rate: 10,
    });
    expect(again).toMatchObject({ rate: 10, computed_cents: 1_400_00, amount_cents: 1_400_00, stored: true });
    const docs = await stored(context, 'perceptions');
    expect(docs).toHaveLength(1);
    expect(docs[0]._id).toEqual(again._id);
    expect(again._id).toEqual(first._id);
    expect((await stored(context, 'activity', { resource_type: 'perceptions' })).map((row) => row.action)).toEqual(['created', 'updated']);
  });

  it('IVA under $60 is nothing; one line’s rate is the perception’s; a dry run stores nothing', async () => {
    const context = await designated();
    // 3 % of $1.000 = $30.
    const small = await calculatePerception(context, { ...sale, voucherNumber: 502, tax: 'iva', netByRate: [{ rate: 21, base: 1_000 }], dryRun: true });
    expect(small).toMatchObject({ rate: 3, base_cents: 1_000_00, computed_cents: 30_00, amount_cents: 0, below_minimum: true, stored: false });
    expect(await stored(context, 'perceptions')).toEqual([]);
  });

  it('IIBB: the customer’s padrón rate, else the designation’s, on the net; under the designation’s minimum nothing', async () => {
    const context = await designated();
    await calculatePerception(context, twoRates);
    // The designation's 3,5 % of $10.000 = $350.
    const arba = await calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'ARBA', netAmount: 10_000 });
    expect(arba).toMatchObject({
      tax: 'iibb',
      regime_code: 'IIBB-ARBA-P',
      jurisdiction: 'ARBA',
      base_cents: 10_000_00,
      rate: 3.5,
      lines: [{ vat_rate: null, base_cents: 10_000_00, rate: 3.5, amount_cents: 350_00 }],
      amount_cents: 350_00,
    });
    // The voucher now holds an IVA and an IIBB perception.
    expect((await stored(context, 'perceptions')).map((doc) => doc.regime_code)).toEqual(['IVA-RG2408', 'IIBB-ARBA-P']);
    // 2 % given: $1.000 → $20, under the $50 minimum.
    const small = await calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'ARBA', netAmount: 1_000, rate: 2, dryRun: true });
    expect(small).toMatchObject({ rate: 2, computed_cents: 20_00, amount_cents: 0, below_minimum: true });
    // AGIP has no minimum: 1 % of $1.000 = $10.
    expect(await calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'AGIP', netAmount: 1_000, rate: 1, dryRun: true })).toMatchObject({
      regime_code: 'IIBB-AGIP-P',
      amount_cents: 10_00,
      below_minimum: false,
    });
  });

  it('IIBB needs the net and a rate: a 400 naming each', async () => {
    const context = await designated();
    await expect(calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'ARBA' })).rejects.toMatchObject({
      constructor: ValidationError,
      details: [{ path: 'netAmount' }],
    });
    await expect(calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'AGIP', netAmount: 1_000 })).rejects.toMatchObject({
      constructor: ValidationError,
      message: 'rate is required: no default AGIP perception rate is set',
      details: [{ path: 'rate' }],
    });
  });

  it('refuses a malformed sale with a 400 naming each field and what is wrong with it', async () => {
    const context = await designated();
    const iva = { ...sale, tax: 'iva', netByRate: [{ rate: 21, base: 1 }] };
    const issues = async (raw: unknown) => {
      const error = await calculatePerception(context, raw).catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).details.map((detail) => [detail.path, detail.message]);
    };
    expect(await issues({ ...iva, customerCuit: '30708884445' })).toEqual([['customerCuit', 'must be a valid CUIT']]);
    expect(await issues({ ...iva, customerName: ' ' })).toEqual([['customerName', 'must not be empty']]);
    expect(await issues({ ...iva, customerName: 'x'.repeat(201) })).toEqual([['customerName', 'at most 200 characters']]);
    expect(await issues({ ...iva, voucherType: 1.5 })).toEqual([['voucherType', 'must be an integer']]);
    expect(await issues({ ...iva, voucherType: 0 })).toEqual([['voucherType', 'must be a voucher code']]);
    expect(await issues({ ...iva, voucherType: 1000 })).toEqual([['voucherType', 'must be a voucher code']]);
    expect(await issues({ ...iva, salePoint: 2.5 })).toEqual([['salePoint', 'must be an integer']]);
    expect(await issues({ ...iva, salePoint: 0 })).toEqual([['salePoint', 'must be 1 to 99999']]);
    expect(await issues({ ...iva, salePoint: 100_000 })).toEqual([['salePoint', 'must be 1 to 99999']]);
    expect(await issues({ ...iva, voucherNumber: 3.5 })).toEqual([['voucherNumber', 'must be an integer']]);
    expect(await issues({ ...iva, voucherNumber: 0 })).toEqual([['voucherNumber', 'must be 1 or more']]);
    expect(await issues({ ...iva, voucherNumber: 100_000_000 })).toEqual([['voucherNumber', 'at most 8 digits']]);
    expect((await issues({ ...iva, netByRate: [{ rate: 19, base: 1 }] })).map(([path]) => path)).toEqual(['netByRate.0.rate']);
    expect((await issues({ ...iva, netByRate: [{ rate: 21, base: 1, vat: 1 }] })).map(([path]) => path)).toEqual(['netByRate.0']);
    expect((await issues({ ...iva, netByRate: Array.from({ length: 7 }, () => ({ rate: 21, base: 1 })) })).map(([path]) => path)).toEqual(['netByRate']);
    expect((await issues({ ...iva, date: '2026-02-30' })).map(([path]) => path)).toEqual(['date']);
    expect((await issues({ ...iva, tax: 'ganancias' })).map(([path]) => path)).toEqual(['tax']);
    expect((await issues({ ...iva, other: 1 })).map(([path]) => path)).toEqual(['']);
    // Every VAT rate of the table is accepted (5 %, 2,5 % and 0 % need the rate given: RG 2408 has none for them).
    for (const rate of [21, 10.5, 27, 5, 2.5, 0])
      expect((await calculatePerception(context, { ...iva, netByRate: [{ rate, base: 1_000 }], rate: 1, dryRun: true })).lines[0]).toMatchObject({
        vat_rate: rate,
        rate: 1,
      });
    expect(await stored(context, 'perceptions')).toEqual([]);
  });

  it('concurrent first calculations of one voucher store one perception, each answered with it', async () => {
    const context = await designated();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => calculatePerception(context, { ...sale, tax: 'iibb', jurisdiction: 'ARBA', netAmount: 10_000 })),
    );
    const docs = await stored(context, 'perceptions');
    expect(docs).toHaveLength(1);
    expect(results.map((result) => [String(result._id), result.amount_cents, result.stored])).toEqual(results.map(() => [String(docs[0]._id), 350_00, true]));
  });
});
