import type { CollectionName } from '../../src/store/catalog';
import type { RequestContext } from '../../src/domain/context';
import { ConflictError, ValidationError } from '../../src/domain/errors';
import { getWithholdingConfig, putWithholdingConfig, requireAgent, type WithholdingConfig } from '../../src/domain/withholdings/withholdings.config';
import { createRegime, listRegimes, regimeOn } from '../../src/domain/withholdings/regimes';
import { SCALE } from '../../src/domain/withholdings/table';
import { accountCuit, accountOf, accountContext, AGENT, NOW, withholdingDatabase } from './withholding-store';

/**
 * The agent's settings (designations: Ganancias RG 830 on by default, IVA RG 2854 / RG 2408 and IIBB off until the
 * agency designates the account) and the régimen versions an account adds beside the seeded RG 830 Anexo VIII table.
 */
const opened = withholdingDatabase('withholding-settings');
type Row = Record<string, any>;
const stored = (context: RequestContext, name: CollectionName) =>
  context.store
    .collection<Row>(name)
    .find({ account_id: accountOf(context) })
    .toArray();

describe('the agent’s settings', () => {
  it('default to a Ganancias agent only, named as the account, posting to the default chart', async () => {
    const context = await accountContext(opened());
    expect(await getWithholdingConfig(context)).toEqual({
      agentName: AGENT.name,
      agentCuit: await accountCuit(context),
      agentAddress: null,
      gananciasAgent: true,
      ivaWithholdingAgent: false,
      ivaPerceptionAgent: false,
      iibb: [],
      accounts: { payment: '1.1.1.02.001', suppliers: '2.1.1.01.001', ganancias: '2.1.4.02.001', iva: '2.1.4.02.002', iibb: '2.1.4.02.003' },
    });
  });

  it('an account without a name or CUIT on record has an empty agent', async () => {
    const context = await accountContext(opened());
    await context.store.collection('accounts').updateOne({ _id: accountOf(context) }, { $unset: { name: '', cuit: '' } });
    expect(await getWithholdingConfig(context)).toMatchObject({ agentName: '', agentCuit: '' });
  });

  it('a change sets what it gives and keeps the rest; null puts a field back to its default', async () => {
    const context = await accountContext(opened());
    const changed = await putWithholdingConfig(context, {
      agentName: 'Agente Retenedor SA',
      agentCuit: '30-70888444-4',
      agentAddress: 'Florida 100, CABA',
      ivaWithholdingAgent: true,
      ivaPerceptionAgent: true,
      iibb: [
        { jurisdiction: 'ARBA', withholdingAgent: true, perceptionAgent: false, withholdingRate: 2.5, perceptionRate: 3.5, minimumAmount: 50 },
        { jurisdiction: 'AGIP', withholdingAgent: false, perceptionAgent: true },
      ],
      accounts: { iva: '2.1.4.02.009' },
    });
    expect(changed).toEqual({
      agentName: 'Agente Retenedor SA',
      agentCuit: '30708884444',
      agentAddress: 'Florida 100, CABA',
      gananciasAgent: true,
      ivaWithholdingAgent: true,
      ivaPerceptionAgent: true,
      iibb: [
        { jurisdiction: 'ARBA', withholding_agent: true, perception_agent: false, withholding_rate: 2.5, perception_rate: 3.5, minimum_cents: 50_00 },
        { jurisdiction: 'AGIP', withholding_agent: false, perception_agent: true, withholding_rate: null, perception_rate: null, minimum_cents: 0 },
      ],
      accounts: { payment: '1.1.1.02.001', suppliers: '2.1.1.01.001', ganancias: '2.1.4.02.001', iva: '2.1.4.02.009', iibb: '2.1.4.02.003' },
    });
    const [doc] = await stored(context, 'withholding_config');
    expect(doc).toMatchObject({ created_at: NOW, updated_at: NOW, accounts: { iva: '2.1.4.02.009' } });
    const activity = await stored(context, 'activity');
    expect(activity).toEqual([expect.objectContaining({ resource_type: 'withholding_config', resource_id: accountOf(context), action: 'updated' })]);
    expect(activity[0].summary).toMatch(/^withholding agent settings/);

    const partly = await putWithholdingConfig(context, { gananciasAgent: false, accounts: { payment: '1.1.1.01.001' } });
    expect(partly).toMatchObject({ agentName: 'Agente Retenedor SA', gananciasAgent: false, ivaWithholdingAgent: true, iibb: changed.iibb });
    expect(partly.accounts).toMatchObject({ payment: '1.1.1.01.001', iva: '2.1.4.02.009' });

    const reset = await putWithholdingConfig(context, { agentName: null, agentCuit: null, agentAddress: null, iibb: null, accounts: { iva: null } });
    expect(reset).toMatchObject({ agentName: AGENT.name, agentCuit: await accountCuit(context), agentAddress: null, iibb: [], gananciasAgent: false });
    expect(reset.accounts).toEqual({
      payment: '1.1.1.01.001',
      suppliers: '2.1.1.01.001',
      ganancias: '2.1.4.02.001',
      iva: '2.1.4.02.002',
      iibb: '2.1.4.02.003',
    });
    const [after] = await stored(context, 'withholding_config');
    expect(after).not.toHaveProperty('agent_name');
    expect(after).not.toHaveProperty('iibb');
    // An empty change touches only the date.
    expect(await putWithholdingConfig(context, {})).toEqual(reset);
  });

  it('refuses a CUIT with a wrong check digit, two designations of one jurisdiction and unknown fields (400 naming them)', async () => {
    const context = await accountContext(opened());
    const issues = async (raw: unknown) => {
      const error = await putWithholdingConfig(context, raw).catch((e) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).details.map((detail) => [detail.path, detail.message]);
    };
    expect(await issues({ agentCuit: '30708884445' })).toEqual([['agentCuit', 'must be a valid CUIT']]);
    const arba = { jurisdiction: 'ARBA', withholdingAgent: true, perceptionAgent: true };
    expect(await issues({ iibb: [arba, arba] })).toEqual([['iibb', 'one designation per jurisdiction']]);
    expect((await issues({ iibb: [arba, { ...arba, jurisdiction: 'AGIP' }, { ...arba, jurisdiction: 'AGIP' }] })).map(([path]) => path)).toEqual(['iibb']);
    expect((await issues({ iibb: [{ ...arba, jurisdiction: 'XX' }] })).map(([path]) => path)).toEqual(['iibb.0.jurisdiction']);
    expect((await issues({ iibb: [{ ...arba, other: 1 }] })).map(([path]) => path)).toEqual(['iibb.0']);
    expect(await issues({ agentName: ' ' })).toEqual([['agentName', 'must not be empty']]);
    expect(await issues({ agentName: 'x'.repeat(201) })).toEqual([['agentName', 'at most 200 characters']]);
    expect(await issues({ agentAddress: 'x'.repeat(301) })).toEqual([['agentAddress', 'at most 300 characters']]);
    expect(await issues({ accounts: { iva: ' ' } })).toEqual([['accounts.iva', 'must not be empty']]);
    expect(await issues({ accounts: { payment: '1'.repeat(21) } })).toEqual([['accounts.payment', 'must be at most 20 characters']]);
    expect((await issues({ accounts: { bank: '1' } })).map(([path]) => path)).toEqual(['accounts']);
    expect((await issues({ other: 1 })).map(([path]) => path)).toEqual(['']);
    expect(await stored(context, 'withholding_config')).toEqual([]);
  });

  it('trims what it keeps: names, addresses and account codes', async () => {
    const context = await accountContext(opened());
    const config = await putWithholdingConfig(context, {
      agentName: ` ${'x'.repeat(200)} `,
      agentAddress: ' Florida 100 ',
      accounts: { payment: ` ${'1'.repeat(20)} `, suppliers: ' 2.1 ', ganancias: ' 2.2 ', iva: ' 2.3 ', iibb: ' 2.4 ' },
    });
    expect(config).toMatchObject({ agentName: 'x'.repeat(200), agentAddress: 'Florida 100' });
    expect(config.accounts).toEqual({ payment: '1'.repeat(20), suppliers: '2.1', ganancias: '2.2', iva: '2.3', iibb: '2.4' });
  });
});

describe('designations', () => {
  const config = (over: Partial<WithholdingConfig>): WithholdingConfig => ({
    agentName: 'A',
    agentCuit: AGENT.cuit,
    agentAddress: null,
    gananciasAgent: true,
    ivaWithholdingAgent: false,
    ivaPerceptionAgent: false,
    iibb: [],
    accounts: { payment: 'p', suppliers: 's', ganancias: 'g', iva: 'i', iibb: 'b' },
    ...over,
  });
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(ConflictError);
      return [(error as ConflictError).code, (error as ConflictError).details[0].message];
    }
    throw new Error('not refused');
  };
  const arba = {
    jurisdiction: 'ARBA' as const,
    withholding_agent: true,
    perception_agent: false,
    withholding_rate: 2,
    perception_rate: null,
    minimum_cents: 0,
  };

  it('Ganancias unless turned off; IVA withholding and perception each by its own designation', () => {
    expect(requireAgent(config({}), 'ganancias', 'withholding', null)).toBeNull();
    expect(refusal(() => requireAgent(config({ gananciasAgent: false }), 'ganancias', 'withholding', null))).toEqual([
      'NOT_AN_AGENT',
      'not a Ganancias withholding agent',
    ]);
    expect(requireAgent(config({ ivaWithholdingAgent: true }), 'iva', 'withholding', null)).toBeNull();
    expect(refusal(() => requireAgent(config({ ivaWithholdingAgent: true }), 'iva', 'perception', null))).toEqual([
      'NOT_AN_AGENT',
      'not an IVA perception agent',
    ]);
    expect(requireAgent(config({ ivaPerceptionAgent: true }), 'iva', 'perception', null)).toBeNull();
    expect(refusal(() => requireAgent(config({ ivaPerceptionAgent: true }), 'iva', 'withholding', null))).toEqual([
      'NOT_AN_AGENT',
      'not an IVA withholding agent',
    ]);
  });

  it('IIBB by the jurisdiction’s designation, which it answers; no jurisdiction is a 400', () => {
    expect(requireAgent(config({ iibb: [arba] }), 'iibb', 'withholding', 'ARBA')).toBe(arba);
    expect(refusal(() => requireAgent(config({ iibb: [arba] }), 'iibb', 'perception', 'ARBA'))).toEqual(['NOT_AN_AGENT', 'not an IIBB ARBA perception agent']);
    expect(refusal(() => requireAgent(config({ iibb: [arba] }), 'iibb', 'withholding', 'AGIP'))).toEqual([
      'NOT_AN_AGENT',
      'not an IIBB AGIP withholding agent',
    ]);
    const perceiving = { ...arba, withholding_agent: false, perception_agent: true };
    expect(requireAgent(config({ iibb: [perceiving] }), 'iibb', 'perception', 'ARBA')).toBe(perceiving);
    expect(() => requireAgent(config({ iibb: [arba] }), 'iibb', 'withholding', null)).toThrow(ValidationError);
    expect(() => requireAgent(config({ iibb: [arba] }), 'iibb', 'withholding', null)).toThrow(
      expect.objectContaining({
        message: 'jurisdiction is required for IIBB',
        details: [{ path: 'jurisdiction', message: 'required for IIBB (ARBA or AGIP)' }],
      }),
    );
  });
});

describe('régimen versions', () => {
  it('lists the seeded table by tax, then code in number order, then date; filters by tax and by the date in force', async () => {
    const context = await accountContext(opened());
    const all = await listRegimes(context);
    expect(all.map((regime) => regime.tax)).toEqual([...all.map((regime) => regime.tax)].sort());
    const ganancias = all.filter((regime) => regime.tax === 'ganancias').map((regime) => `${regime.code}@${regime.validFrom}`);
    expect(ganancias.slice(0, 3)).toEqual(['19@2019-07-01', '21@2019-07-01', '25@2019-07-01']);
    expect(ganancias.filter((code) => code.startsWith('116-II'))).toEqual(['116-II@2019-07-01', '116-II@2023-10-01']);
    expect((await listRegimes(context, { tax: 'iva' })).map((regime) => regime.code)).toEqual(['IVA-50', 'IVA-80', 'IVA-100']);
    // Before RG 5423/2023 there is no 119 and one 116-II.
    const before = await listRegimes(context, { tax: 'ganancias', on: '2023-09-30' });
    expect(before.find((regime) => regime.code === '119')).toBeUndefined();
    expect(before.filter((regime) => regime.code === '116-II').map((regime) => regime.validFrom)).toEqual(['2019-07-01']);
    expect(await listRegimes(context, { tax: null, on: null })).toEqual(all);
  });

  it('refuses a tax or a date it does not know', async () => {
    const context = await accountContext(opened());
    await expect(listRegimes(context, { tax: 'vat' })).rejects.toMatchObject({
      constructor: ValidationError,
      message: 'tax must be ganancias, iva or iibb',
      details: [{ path: 'tax', message: 'one of ganancias, iva, iibb' }],
    });
    await expect(listRegimes(context, { on: '2026-02-30' })).rejects.toMatchObject({
      constructor: ValidationError,
      message: 'on must be a date YYYY-MM-DD',
      details: [{ path: 'on', message: 'must be a date YYYY-MM-DD' }],
    });
  });

  it('an account adds a dated version: stored, listed after the table’s, the one in force from its date; the same code and date is 409', async () => {
    const context = await accountContext(opened());
    const body = {
      code: 'x-94',
      tax: 'ganancias',
      sicoreCode: '94',
      description: 'Servicios (montos actualizados)',
      norm: 'RG 9999/2030',
      validFrom: '2030-01-01',
      usesScale: true,
      rateRegistered: 2,
      rateUnregistered: 28,
      nonTaxableMonthly: 500_000,
      minimumWithholding: 1_000,
      minimumUnregistered: 2_000,
    };
    const created = await createRegime(context, body);
    expect(created).toEqual({
      code: 'X-94',
      tax: 'ganancias',
      sicoreCode: '094',
      description: 'Servicios (montos actualizados)',
      norm: 'RG 9999/2030',
      validFrom: '2030-01-01',
      rateRegistered: null,
      rateUnregistered: 28,
      usesScale: true,
      scale: SCALE,
      nonTaxableCents: 500_000_00,
      minimumCents: 1_000_00,
      minimumUnregisteredCents: 2_000_00,
      seeded: false,
    });
    const [doc] = await stored(context, 'withholding_regimes');
    expect(doc).toMatchObject({ code: 'X-94', sicore_code: '094', rate_registered: null, uses_scale: true, created_at: NOW, updated_at: NOW });
    const activity = await stored(context, 'activity');
    expect(activity).toEqual([expect.objectContaining({ resource_type: 'withholding_regimes', resource_id: doc._id, action: 'created' })]);
    expect(activity[0].summary).toMatch(/^withholding regime X-94 .*: valid from 2030-01-01$/);
    expect(await listRegimes(context, { on: '2029-12-31', tax: 'ganancias' })).not.toContainEqual(expect.objectContaining({ code: 'X-94' }));
    expect(await regimeOn(context, 'X-94', '2030-01-01', 'regimeCodes.0')).toEqual(created);
    const again = createRegime(context, { ...body, code: 'X-94' });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ code: 'REGIME_EXISTS', details: [{ path: 'validFrom', message: 'taken' }] });
    // Another account may hold the same code and date.
    expect((await createRegime(await accountContext(opened()), body)).code).toBe('X-94');
  });

  it('a version of a seeded code from a later date overrides it from then; the seeded code and date itself is 409', async () => {
    const context = await accountContext(opened());
    const flat = await createRegime(context, {
      code: '94',
      tax: 'ganancias',
      description: 'Servicios',
      validFrom: '2030-01-01',
      rateRegistered: 3,
      rateUnregistered: 30,
    });
    expect(flat).toMatchObject({
      rateRegistered: 3,
      rateUnregistered: 30,
      usesScale: false,
      scale: null,
      sicoreCode: null,
      norm: '',
      nonTaxableCents: 0,
      minimumCents: 0,
      minimumUnregisteredCents: null,
    });
    expect(await regimeOn(context, '94', '2030-01-01', 'x')).toEqual(flat);
    expect((await regimeOn(context, '94', '2029-12-31', 'x')).seeded).toBe(true);
    await expect(
      createRegime(context, { code: '94', tax: 'ganancias', description: 'Servicios', validFrom: '2019-07-01', rateRegistered: 3, rateUnregistered: 30 }),
    ).rejects.toMatchObject({
      code: 'REGIME_EXISTS',
    });
    await expect(regimeOn(context, 'NOPE', '2030-01-01', 'regimeCodes.2')).rejects.toMatchObject({
      constructor: ValidationError,
      message: 'no regime NOPE in force on 2030-01-01',
      details: [{ path: 'regimeCodes.2', message: 'no regime NOPE in force on 2030-01-01' }],
    });
  });
});
