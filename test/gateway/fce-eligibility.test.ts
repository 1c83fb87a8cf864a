import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * FCE eligibility and threshold over HTTP: the threshold applied is the account's own or the configured platform
 * default, a failed check is still success: true, and hostile bodies are 400 or reasons, never 500.
 */

const FIXTURE = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'fce', 'eligibility.json'), 'utf8'));
const ELIGIBLE: Record<string, unknown> = FIXTURE.eligible;
const CONFIGURED_DEFAULT = 7_000_000;

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ FCE_MIN_THRESHOLD_ARS: String(CONFIGURED_DEFAULT) });
  ({ key } = await gw.account(['invoices:read', 'invoices:write']));
});
afterAll(async () => {
  await gw?.stop();
});

const eligibility = (body: unknown, as = key) => gw.rest('POST', '/fce/eligibility/', { key: as, body });

describe('FCE threshold', () => {
  it('is the configured platform default until the account sets its own, per account', async () => {
    const { key: other } = await gw.account(['invoices:read', 'invoices:write']);
    expect((await gw.rest('GET', '/fce/threshold/', { key })).body).toEqual({
      success: true,
      data: { value: CONFIGURED_DEFAULT, currency: 'ARS', source: 'platform configuration FCE_MIN_THRESHOLD_ARS', effective_from: null },
    });

    const put = await gw.rest('PUT', '/fce/threshold/', { key, body: { value: 1234567.891 } });
    expect(put.body).toEqual({ success: true, data: { key: 'fce_mipyme_min_threshold_ars', value: 1234567.89 } });
    expect((await gw.rest('GET', '/fce/threshold/', { key })).body.data.value).toBe(1234567.89);
    expect((await gw.rest('GET', '/fce/threshold/', { key: other })).body.data.value).toBe(CONFIGURED_DEFAULT);

    const checked = await eligibility({ ...ELIGIBLE, importe_total: 2_000_000 });
    expect(checked.body.data).toEqual({
      eligible: true,
      reasons: [],
      suggested_type: 201,
      threshold_ars: 1234567.89,
      threshold_source: 'account setting fce_mipyme_min_threshold_ars',
      threshold_effective_from: null,
      threshold_review: false,
      obligation_check: 'not_checked',
      receiver_obliged: null,
      receiver_minimum_ars: null,
      obligation_detail: "numero_documento (the receiver's CUIT) was not sent",
    });
    const otherChecked = await eligibility({ ...ELIGIBLE, importe_total: 2_000_000 }, other);
    expect(otherChecked.body.data).toMatchObject({ eligible: false, threshold_ars: CONFIGURED_DEFAULT });
  });

  it.each([[0], [-1], ['100'], [null], [1e13], [{ $gt: 0 }], [[1]]])('refuses value %p with 400, leaving the setting', async (value) => {
    const before = (await gw.rest('GET', '/fce/threshold/', { key })).body.data.value;
    const res = await gw.rest('PUT', '/fce/threshold/', { key, body: { value } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'BAD_USER_INPUT' } });
    expect((await gw.rest('GET', '/fce/threshold/', { key })).body.data.value).toBe(before);
  });
});

describe('FCE eligibility', () => {
  it('answers success: true with every failed rule when ineligible', async () => {
    const res = await eligibility({ tipo_comprobante: '51', importe_total: 10, condicion_iva: 'consumidor_final' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.eligible).toBe(false);
    expect(res.body.data.suggested_type).toBeNull();
    expect(res.body.data.reasons).toHaveLength(7);
  });

  it.each([
    [{ $where: 'sleep(1000)' }],
    [{ metadata: { emitter_cbu: { $ne: null } }, fecha_comprobante: { $gt: '' } }],
    [{ fecha_comprobante: 'x'.repeat(5000), fecha_vencimiento_pago: '9999-99-99' }],
    [{ importe_total: '1e400', tipo_comprobante: 1e308 }],
  ])('turns hostile fields %# into reasons, never a 500', async (body) => {
    const res = await eligibility(body);
    expect(res.status).toBe(200);
    expect(res.body.data.eligible).toBe(false);
  });

  it.each([[[1, 2]], ['text'], [42]])('refuses a body that is not an object (%p) with 400', async (body) => {
    const res = await eligibility(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
