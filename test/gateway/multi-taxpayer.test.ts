import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ObjectId } from 'mongodb';
import { setWidget } from '../../src/domain/auth/auth.admin';
import { SecretBox, type SealedSecret } from '../../src/domain/secrets';
import { startTestGateway, type TestGateway } from '../support/gateway';

/** Additional taxpayer identities (contract §2.10, §4.13, §5.6): the widget rule, aliases, tax ids, certificates. */
let gw: TestGateway;
const SECRETS_KEY = randomBytes(32);
const BASE = '/widgets/multi-taxpayer/taxpayers';

beforeAll(async () => {
  gw = await startTestGateway({ SECRETS_KEY: SECRETS_KEY.toString('hex') });
});
afterAll(async () => {
  await gw?.stop();
});

type Row = Record<string, any>;
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'certificates', name), 'utf8');
const paths = (res: { body: any }) => (res.body.error?.details ?? []).map((detail: { path: string }) => detail.path);

/** An account with the accounting scopes (its CUIT is the primary taxpayer's); the widget on unless asked. */
async function newAccount(widget = true): Promise<{ key: string; accountId: string; cuit: string }> {
  const { key, accountId } = await gw.account(['accounting:read', 'accounting:write']);
  const account = await gw.store.collection('accounts').findOneAndUpdate({ _id: new ObjectId(accountId) }, { $set: { name: 'Principal SA' } });
  if (widget) await setWidget(gw.store, accountId, 'multi_taxpayer', true);
  return { key, accountId, cuit: account!.cuit };
}
const create = (key: string, body: Row) => gw.rest('POST', `${BASE}/`, { key, body });

describe('the widget rule (§5.6)', () => {
  it('while the widget is inactive every route answers 403 WIDGET_INACTIVE with the right scopes, and nothing is stored', async () => {
    const { key, accountId } = await newAccount(false);
    const id = new ObjectId().toHexString();
    const answers = await Promise.all([
      gw.rest('GET', `${BASE}/`, { key }),
      gw.rest('GET', `${BASE}/all/`, { key }),
      gw.rest('GET', `${BASE}/${id}/`, { key }),
      create(key, { tax_id: '20301234563' }),
      gw.rest('PUT', `${BASE}/${id}/`, { key, body: { business_name: 'x' } }),
      gw.rest('DELETE', `${BASE}/${id}/`, { key }),
    ]);
    expect(answers.map((res) => [res.status, res.body.error?.code])).toEqual(Array(6).fill([403, 'WIDGET_INACTIVE']));
    for (const query of ['query { allTaxpayers { count } }', 'query { additionalTaxpayers(first: 5) { totalCount } }']) {
      const gql = await gw.gql(query, {}, { key });
      expect({ query, code: gql.body.errors?.[0]?.extensions?.code }).toEqual({ query, code: 'WIDGET_INACTIVE' });
    }
    const created = await gw.gql('mutation { createAdditionalTaxpayer(input: {taxId: "20301234563"}) { id } }', {}, { key });
    expect(created.body.errors[0].extensions.code).toBe('WIDGET_INACTIVE');
    expect(await gw.store.collection('additional_taxpayers').countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
    // Turned on, the same key is served.
    await setWidget(gw.store, accountId, 'multi_taxpayer', true);
    expect((await create(key, { tax_id: '20301234563' })).status).toBe(201);
  });
});

describe('identities', () => {
  it('accepts the Spanish aliases, inherits the primary’s environment and answers the contract’s create shape', async () => {
    const { key, accountId } = await newAccount();
    const res = await create(key, {
      numero_documento: '20-30123456-3',
      condicion_iva: 'monotributo',
      razon_social: 'Pérez Servicios',
      nombre: 'Juan',
      apellido: 'Pérez',
      punto_venta: '4',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String), data: { success: true, message: expect.any(String) } });
    expect(res.body.data.taxpayer).toMatchObject({
      tax_id: '20301234563',
      tax_condition: 'monotributo',
      business_name: 'Pérez Servicios',
      first_name: 'Juan',
      last_name: 'Pérez',
      punto_venta: '4',
      afip_environment: 'testing',
      certificates: [],
    });
    await gw.store.collection('accounts').updateOne({ _id: new ObjectId(accountId) }, { $set: { 'settings.afip_environment': 'production' } });
    const second = await create(key, { tax_id: '27301234568' });
    expect(second.body.data.taxpayer).toMatchObject({ afip_environment: 'production', tax_condition: 'responsable_inscripto' });
  });

  it('an alias that disagrees with its field is 400 naming the alias', async () => {
    const { key } = await newAccount();
    const res = await create(key, { tax_id: '20301234563', numero_documento: '27301234568' });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: ['numero_documento'] });
  });

  it.each([
    ['20301234564', 'a wrong check digit'],
    ['2030123456', 'ten digits'],
  ])('tax id %s (%s) → 400 naming tax_id', async (taxId) => {
    const { key } = await newAccount();
    const res = await create(key, { tax_id: taxId });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: ['tax_id'] });
  });

  it('the primary’s CUIT and another identity’s (however written) are 409 naming tax_id; five racing creates store one', async () => {
    const { key, accountId, cuit } = await newAccount();
    const primary = await create(key, { tax_id: `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` });
    expect({ status: primary.status, code: primary.body.error.code, paths: paths(primary) }).toEqual({ status: 409, code: 'CONFLICT', paths: ['tax_id'] });
    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => create(key, { tax_id: i % 2 ? '20-30123456-3' : '20301234563' })));
    expect(racing.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await gw.store.collection('additional_taxpayers').countDocuments({ account_id: new ObjectId(accountId) })).toBe(1);
    // Another account may use the same CUIT.
    expect((await create((await newAccount()).key, { tax_id: '20301234563' })).status).toBe(201);
  });

  it('the tax id cannot change (400 IMMUTABLE_FIELD); sent again, however written, it is accepted; aliases update', async () => {
    const { key } = await newAccount();
    const id = (await create(key, { tax_id: '20301234563' })).body.data.taxpayer.id;
    const changed = await gw.rest('PUT', `${BASE}/${id}/`, { key, body: { tax_id: '27301234568' } });
    expect({ status: changed.status, code: changed.body.error.code, paths: paths(changed) }).toEqual({
      status: 400,
      code: 'IMMUTABLE_FIELD',
      paths: ['tax_id'],
    });
    const same = await gw.rest('PUT', `${BASE}/${id}/`, { key, body: { numero_documento: '20-30123456-3', razon_social: 'Nueva razón' } });
    expect(same.body.data).toMatchObject({ tax_id: '20301234563', business_name: 'Nueva razón' });
  });

  it('GET / lists the additional identities with count; /all/ puts the primary first; DELETE removes one', async () => {
    const { key, cuit } = await newAccount();
    const later = (await create(key, { tax_id: '27301234568', business_name: 'B' })).body.data.taxpayer.id;
    const earlier = (await create(key, { tax_id: '20301234563', business_name: 'A' })).body.data.taxpayer.id;
    const list = await gw.rest('GET', `${BASE}/`, { key });
    expect(list.body.data).toMatchObject({ count: 2, total: 2 });
    expect(list.body.data.items.map((item: Row) => item.id)).toEqual([earlier, later]);
    const all = await gw.rest('GET', `${BASE}/all/`, { key });
    expect(all.body.data.count).toBe(3);
    expect(all.body.data.items.map((item: Row) => [item.id, item.is_primary, item.tax_id])).toEqual([
      [null, true, cuit],
      [earlier, false, '20301234563'],
      [later, false, '27301234568'],
    ]);
    expect(all.body.data.items[0]).toMatchObject({ business_name: 'Principal SA', tax_condition: 'responsable_inscripto', afip_environment: 'testing' });
    expect((await gw.rest('DELETE', `${BASE}/${earlier}/`, { key })).body.data).toEqual({ id: earlier, deleted: true });
    expect((await gw.rest('GET', `${BASE}/${earlier}/`, { key })).status).toBe(404);
    expect((await gw.rest('GET', `${BASE}/all/`, { key })).body.data.count).toBe(2);
  });
});

describe('certificates', () => {
  const pair = { certificate: fixture('test-only-cert.pem'), private_key: fixture('test-only-key.pem') };

  it('are checked, kept encrypted and read back only as subject, issuer, validity and fingerprint', async () => {
    const { key } = await newAccount();
    const res = await create(key, { tax_id: '20301234563', certificates: [pair] });
    expect(res.status).toBe(201);
    const [summary] = res.body.data.taxpayer.certificates;
    expect(Object.keys(summary).sort()).toEqual(['fingerprint_sha256', 'issuer', 'serial_number', 'subject', 'valid_from', 'valid_to']);
    expect(summary.subject).toContain('CN=gateway-tests');
    expect(summary.fingerprint_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(summary.valid_from).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);
    expect(JSON.stringify(res.body)).not.toContain('BEGIN');
    const read = await gw.rest('GET', `${BASE}/${res.body.data.taxpayer.id}/`, { key });
    expect(JSON.stringify(read.body)).not.toContain('BEGIN');
    const gql = await gw.gql(
      'query Q($id: ID!) { additionalTaxpayer(id: $id) { certificates { subject fingerprintSha256 } } }',
      { id: read.body.data.id },
      { key },
    );
    expect(gql.body.data.additionalTaxpayer.certificates).toEqual([{ subject: summary.subject, fingerprintSha256: summary.fingerprint_sha256 }]);
    const stored = (await gw.store.collection('additional_taxpayers').findOne({ _id: new ObjectId(read.body.data.id) })) as Row;
    const keyBody = pair.private_key.split('\n')[1];
    expect(JSON.stringify(stored)).not.toContain(keyBody);
    expect(JSON.stringify(stored)).not.toContain('PRIVATE KEY');
    const box = new SecretBox(SECRETS_KEY);
    expect(box.open(stored.certificates[0].private_key_sealed as SealedSecret)).toBe(pair.private_key.trim());
    expect(box.open(stored.certificates[0].certificate_sealed as SealedSecret)).toBe(pair.certificate.trim());
  });

  it.each([
    ['a key that is not the certificate’s', { private_key: fixture('test-only-other-key.pem') }, 'certificates.0.private_key'],
    ['a key with a passphrase', { private_key: fixture('test-only-encrypted-key.pem') }, 'certificates.0.private_key'],
    ['a malformed certificate', { certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, 'certificates.0.certificate'],
    ['text that is no PEM', { certificate: 'hola' }, 'certificates.0.certificate'],
  ])('%s → 400 naming %s, nothing stored', async (_name, change, path) => {
    const { key, accountId } = await newAccount();
    const res = await create(key, { tax_id: '20301234563', certificates: [{ ...pair, ...change }] });
    expect({ status: res.status, paths: paths(res) }).toEqual({ status: 400, paths: [path] });
    expect(await gw.store.collection('additional_taxpayers').countDocuments({ account_id: new ObjectId(accountId) })).toBe(0);
  });

  it('an update that gives the list replaces it; null clears it', async () => {
    const { key } = await newAccount();
    const id = (await create(key, { tax_id: '20301234563' })).body.data.taxpayer.id;
    const added = await gw.rest('PUT', `${BASE}/${id}/`, { key, body: { certificates: [pair, pair] } });
    expect(added.body.data.certificates).toHaveLength(2);
    const cleared = await gw.rest('PUT', `${BASE}/${id}/`, { key, body: { certificates: null } });
    expect(cleared.body.data.certificates).toEqual([]);
  });
});

describe('vouchers of the identities', () => {
  /** A G3 Recibidos export whose rows name the given receivers (one voucher each). */
  function g3(receivers: string[]): Blob {
    const [header, row] = readFileSync(join(__dirname, '..', 'fixtures', 'received-invoices', 'synthetic-g3-recibidos-2025-12.csv'), 'utf8').split('\n');
    const rows = receivers.map((receiver, index) => {
      const cells = row.split(';');
      cells[3] = cells[4] = String(900 + index);
      cells[10] = receiver;
      return cells.join(';');
    });
    return new Blob([[header, ...rows, ''].join('\n')]);
  }
  const importFile = (key: string, file: Blob) => {
    const form = new FormData();
    form.append('file', file, 'recibidos.csv');
    return gw.rest('POST', '/received_invoices/upload-csv/', { key, body: form });
  };

  it('received vouchers of an identity’s CUIT import under it while the widget is on; unknown receivers are refused by line', async () => {
    const { key, accountId, cuit } = await newAccount();
    await gw.store.collection('api_keys').updateMany({ account_id: new ObjectId(accountId) }, { $addToSet: { scopes: 'received_invoices:write' } as never });
    expect((await create(key, { tax_id: '20301234563' })).status).toBe(201);
    const first = await importFile(key, g3([cuit, '20301234563', '27301234568']));
    expect(first.body.data).toMatchObject({ rows_imported: 2, rows_with_errors: 1 });
    expect(first.body.data.row_errors[0].messages[0]).toContain('27301234568');
    const stored = await gw.store
      .collection('received_invoices')
      .find({ account_id: new ObjectId(accountId) })
      .sort({ voucher_number: 1 })
      .toArray();
    expect(stored.map((doc) => doc.tenant_cuit)).toEqual([cuit, '20301234563']);
    // With the widget off the identities are not the account's to import under.
    await setWidget(gw.store, accountId, 'multi_taxpayer', false);
    const off = await importFile(key, g3(['20301234563']));
    expect(off.body.data).toMatchObject({ rows_imported: 0, rows_with_errors: 1 });
  });
});
