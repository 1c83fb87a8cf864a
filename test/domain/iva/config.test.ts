import { ObjectId } from 'mongodb';
import { ValidationError } from '../../../src/domain/errors';
import { DEFAULT_CONFIG, getConfig } from '../../../src/domain/iva/iva.config';
import { putConfig } from '../../../src/domain/iva/config-update';
import { suiteDatabase } from '../../support/database';
import { contextOn, ivaIndexes, rejection } from './context';

/**
 * How an account keeps its VAT books, on the suite's own store: its VAT condition, global pro-rata of the purchase
 * credit (Ley de IVA art. 13: the share of taxed sales in total sales, here 0 to 1 with 4 decimals), the sources that
 * feed the books and the month the panel opens on.
 */
const store = suiteDatabase('iva-config', ivaIndexes);
const at = new Date('2026-01-20T12:00:00Z');
/** Each case on an account of its own, so that it holds whichever other case ran before it. */
const fresh = () => {
  const account = new ObjectId();
  return { account, ctx: () => contextOn(store(), account, { now: () => at }) };
};
const SET = { prorata: 'global', prorataCoefficient: 0.4567, sources: { expenses: false }, defaultPeriod: '2025-12' } as const;

describe('the VAT book settings', () => {
  it('an account that never set them keeps its books as a responsable inscripto, without pro-rata, from every source', async () => {
    const { ctx } = fresh();
    expect(await getConfig(ctx())).toEqual({
      vatCondition: 'responsable_inscripto',
      prorata: 'none',
      prorataCoefficient: 1,
      sources: { receivedInvoices: true, expenses: true, issuedVouchers: true },
      defaultPeriod: null,
    });
    expect(await getConfig(ctx())).toEqual(DEFAULT_CONFIG);
  });

  it('changes the given fields only, keeps the rest, stores them and records the change', async () => {
    const { account, ctx } = fresh();
    const saved = await putConfig(ctx(), SET);
    const expected = {
      vatCondition: 'responsable_inscripto',
      prorata: 'global',
      prorataCoefficient: 0.4567,
      sources: { receivedInvoices: true, expenses: false, issuedVouchers: true },
      defaultPeriod: '2025-12',
    };
    expect(saved).toEqual(expected);
    expect(await getConfig(ctx())).toEqual(expected);
    expect(await store().collection('iva_config').findOne({ account_id: account })).toMatchObject({ ...expected, updated_at: at });
    expect(await store().collection('activity').countDocuments({ account_id: account, resource_type: 'iva_config', action: 'updated' })).toBe(1);
    expect(await getConfig(contextOn(store(), new ObjectId()))).toEqual(DEFAULT_CONFIG);
  });

  it('a later change keeps what it does not name, and an empty change keeps everything', async () => {
    const { ctx } = fresh();
    await putConfig(ctx(), SET);
    expect(await putConfig(ctx(), { vatCondition: 'exento', sources: { issuedVouchers: false } })).toEqual({
      vatCondition: 'exento',
      prorata: 'global',
      prorataCoefficient: 0.4567,
      sources: { receivedInvoices: true, expenses: false, issuedVouchers: false },
      defaultPeriod: '2025-12',
    });
    expect((await putConfig(ctx(), {})).sources).toEqual({ receivedInvoices: true, expenses: false, issuedVouchers: false });
    expect((await putConfig(ctx(), { vatCondition: undefined, prorata: undefined })).vatCondition).toBe('exento');
    expect((await getConfig(ctx())).prorata).toBe('global');
    expect((await putConfig(ctx(), { defaultPeriod: null })).defaultPeriod).toBeNull();
  });

  it('without pro-rata all of the credit is computable: the coefficient goes back to 1', async () => {
    const { ctx } = fresh();
    await putConfig(ctx(), SET);
    expect((await putConfig(ctx(), { prorata: 'none' })).prorataCoefficient).toBe(1);
    expect((await putConfig(ctx(), { prorata: 'none', prorataCoefficient: 0.3 })).prorataCoefficient).toBe(1);
    expect((await getConfig(ctx())).prorataCoefficient).toBe(1);
    expect((await putConfig(ctx(), { prorata: 'global', prorataCoefficient: 0 })).prorataCoefficient).toBe(0);
  });

  it.each([
    [{ prorataCoefficient: 1.0001 }, 'prorataCoefficient'],
    [{ prorataCoefficient: -0.0001 }, 'prorataCoefficient'],
    [{ prorataCoefficient: 0.12345 }, 'prorataCoefficient'],
    [{ prorata: 'partial' }, 'prorata'],
    [{ vatCondition: 'inscripto' }, 'vatCondition'],
    [{ sources: { bank: true } }, 'sources'],
    [{ sources: { expenses: 'yes' } }, 'sources.expenses'],
    [{ defaultPeriod: '2025-13' }, 'defaultPeriod'],
    [{ defaultPeriod: '1999-12' }, 'defaultPeriod'],
    [{ defaultPeriod: '2101-01' }, 'defaultPeriod'],
    [{ defaultPeriod: '2025-1' }, 'defaultPeriod'],
    [{ defaultPeriod: 'x2025-12' }, 'defaultPeriod'],
    [{ defaultPeriod: '2025-12x' }, 'defaultPeriod'],
    [{ colour: 'blue' }, 'input'],
    ['global', 'input'],
  ])('%j is refused (400) naming %s, and nothing changes', async (input, path) => {
    const { ctx } = fresh();
    await putConfig(ctx(), SET);
    const before = await getConfig(ctx());
    const error = await rejection(putConfig(ctx(), input));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('invalid VAT book settings');
    expect(error.details?.map((detail) => detail.path)).toEqual([path]);
    expect(await getConfig(ctx())).toEqual(before);
  });

  it('a coefficient of 4 decimals, and the months 2000-01 to 2100-12, are taken', async () => {
    const { ctx } = fresh();
    expect((await putConfig(ctx(), { prorata: 'global', prorataCoefficient: 0.0001 })).prorataCoefficient).toBe(0.0001);
    expect((await putConfig(ctx(), { prorataCoefficient: 0.9999 })).prorataCoefficient).toBe(0.9999);
    expect((await putConfig(ctx(), { prorataCoefficient: 1 })).prorataCoefficient).toBe(1);
    for (const month of ['2000-01', '2100-12', '2099-10']) expect((await putConfig(ctx(), { defaultPeriod: month })).defaultPeriod).toBe(month);
  });
});
