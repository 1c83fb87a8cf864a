import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { LINK_SECONDS, carriesSignature, principalOfLink, signLink } from '../../src/domain/auth/signed-links';
import type { Scope } from '../../src/domain/auth/scopes';
import type { RequestContext } from '../../src/domain/context';
import { AppError } from '../../src/domain/errors';
import { SecretBox } from '../../src/domain/secrets';

/** Signed download links: what they cover, when they lapse, what they open. The gateway's use is in exports.test.ts. */

const secrets = new SecretBox(randomBytes(32));
const accountId = new ObjectId();
const NOW = new Date('2026-04-15T12:00:00Z');
const callerWith = (scopes: Scope[], now = NOW) =>
  ({ principal: { accountId, userId: null, scopes: new Set(scopes), via: 'api_key' }, now: () => now, secrets }) as unknown as RequestContext;
const caller = callerWith(['accounting:read', 'delivery_notes:read']);

function refused(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}
const refusal = (run: () => unknown) => {
  const error = refused(run);
  return { status: error.status, code: error.code };
};

describe('signLink', () => {
  it('appends account, scope, expiry and a 43-character signature to the path and query; expires LINK_SECONDS later', () => {
    const { url, expiresAt } = signLink(caller, '/api/v1/accounting/reports/trial-balance/export/?format=csv&from=2026-01-01');
    const expires = NOW.getTime() / 1000 + 300;
    expect(LINK_SECONDS).toBe(300);
    expect(expiresAt).toEqual(new Date('2026-04-15T12:05:00Z'));
    expect(url).toMatch(
      new RegExp(
        `^/api/v1/accounting/reports/trial-balance/export/\\?format=csv&from=2026-01-01&x-account=${accountId.toHexString()}&x-scope=accounting:read&x-expires=${expires}&x-signature=[\\w-]{43}$`,
      ),
    );
    expect(signLink(caller, '/api/v1/delivery_notes/abc/pdf/').url).toMatch(
      /^\/api\/v1\/delivery_notes\/abc\/pdf\/\?x-account=[0-9a-f]{24}&x-scope=delivery_notes:read&/,
    );
  });

  it.each([
    ['/api/v1/iva/books/2026-03-purchases/entries/export/', 'accounting:read'],
    ['/api/v1/iva/export/2026-03/purchases/', 'accounting:read'],
    ['/api/v1/accounting/retenciones-percepciones/certificates/abc/pdf/', 'accounting:read'],
    ['/api/v1/accounting/retenciones-percepciones/certificates/abc/html/', 'accounting:read'],
    ['/api/v1/delivery_notes/6650a1c2e4b0d5a7c8e9f012/pdf/', 'delivery_notes:read'],
  ])('signs %s with %s', (path, scope) => {
    expect(signLink(caller, path).url).toContain(`&x-scope=${scope}&`);
  });

  it.each([
    'api/v1/accounting/reports/trial-balance/export/',
    '/api/v1/accounting/reports/trial-balance/',
    '/api/v1/suppliers/',
    '/graphql',
    '/api/v1/delivery_notes/abc/',
    '/api/v1/accounting/reports/trial-balance/export/extra',
    '/x/api/v1/delivery_notes/abc/pdf/',
    '/api/v1/delivery_notes/abc/pdf/ ',
    '/api/v1/delivery_notes/abc/pdf/#top',
    `/api/v1/delivery_notes/abc/pdf/?q=${'a'.repeat(2000)}`,
    '/api/v1/delivery_notes/abc/pdf/?x-signature=AAAA',
    '/api/v1/delivery_notes/abc/pdf/?a=1&x-account=0',
    '/api/v1/delivery_notes/abc/pdf/?x-expires=1',
    '/api/v1/delivery_notes/abc/pdf/?x-scope=a',
    '/x/api/v1/accounting/reports/trial-balance/export/',
    '/x/api/v1/iva/export/2026-03/sales/',
    '/api/v1/iva/export/2026-03/sales/x',
    '/x/api/v1/accounting/retenciones-percepciones/certificates/abc/pdf/',
    '/api/v1/accounting/retenciones-percepciones/certificates/abc/pdf/x',
    '/api/v1/delivery_notes/abc/pdf/x',
    '?/api/v1/delivery_notes/abc/pdf/',
  ])('refuses %s: 400 BAD_USER_INPUT naming path', (path) => {
    const error = refused(() => signLink(caller, path));
    expect({ status: error.status, code: error.code }).toEqual({ status: 400, code: 'BAD_USER_INPUT' });
    expect(error.details).toEqual([{ path: 'path', message: expect.stringMatching(/^(not a download route|holds x-signature parameters|not a URL path)$/) }]);
    expect(error.message).toMatch(
      /^(path is not a download route: an …\/export\/ or …\/pdf\/ route below \/api\/v1|the query already holds a signature’s parameters|path must be a URL path \(and query\) below the host)$/,
    );
  });

  it('tells which of the three is wrong', () => {
    expect(refused(() => signLink(caller, '/api/v1/suppliers/')).details).toEqual([{ path: 'path', message: 'not a download route' }]);
    expect(refused(() => signLink(caller, '/api/v1/delivery_notes/a/pdf/?x-expires=1')).details).toEqual([
      { path: 'path', message: 'holds x-signature parameters' },
    ]);
    expect(refused(() => signLink(caller, '/api/v1/delivery_notes/a/pdf/ ')).details).toEqual([{ path: 'path', message: 'not a URL path' }]);
  });

  it('takes a target of up to 2000 characters, a query holding a question mark as it is', () => {
    const base = '/api/v1/delivery_notes/abc/pdf/?q=';
    expect(signLink(caller, `${base}${'a'.repeat(2000 - base.length)}`).url).toContain('aaa&x-account=');
    expect(signLink(caller, '/api/v1/delivery_notes/abc/pdf/?q=a?b').url).toMatch(/^\/api\/v1\/delivery_notes\/abc\/pdf\/\?q=a\?b&x-account=/);
  });

  it('signs under its own purpose: the signature is SecretBox.sign of the link’s purpose over the URL before it', () => {
    const { url } = signLink(caller, '/api/v1/delivery_notes/abc/pdf/');
    const [unsigned, signature] = url.split('&x-signature=');
    expect(signature).toBe(secrets.sign('signed download link v1', unsigned));
  });

  it('a query parameter merely ending in x-signature is the caller’s own', () => {
    expect(signLink(caller, '/api/v1/delivery_notes/abc/pdf/?ax-signature=1').url).toContain('?ax-signature=1&x-account=');
  });

  it('needs the download’s scope: FORBIDDEN without it', () => {
    expect(refusal(() => signLink(callerWith(['delivery_notes:read']), '/api/v1/iva/export/2026-03/sales/'))).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(refused(() => signLink(callerWith([]), '/api/v1/iva/export/2026-03/sales/')).message).toBe('this download needs the scope accounting:read');
    expect(refusal(() => signLink(callerWith(['accounting:read']), '/api/v1/delivery_notes/a/pdf/'))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('principalOfLink', () => {
  const PATH = '/api/v1/iva/books/2026-03-purchases/entries/export/?format=csv';
  const { url } = signLink(caller, PATH);

  it('stands for the account with the one scope, via the link; the route reads the URL without the signed tail', () => {
    const link = principalOfLink(secrets, url, NOW);
    expect(link.url).toBe(PATH);
    expect(link.principal).toEqual({ accountId, userId: null, scopes: new Set(['accounting:read']), via: 'signed_link' });
    expect(principalOfLink(secrets, signLink(caller, '/api/v1/delivery_notes/a/pdf/').url, NOW).url).toBe('/api/v1/delivery_notes/a/pdf/');
  });

  it('opens until the last second before expiry; from the expiry on: 401 LINK_EXPIRED', () => {
    expect(principalOfLink(secrets, url, new Date(NOW.getTime() + 299_999)).url).toBe(PATH);
    const late = refused(() => principalOfLink(secrets, url, new Date(NOW.getTime() + 300_000)));
    expect({ status: late.status, code: late.code, message: late.message, details: late.details }).toEqual({
      status: 401,
      code: 'LINK_EXPIRED',
      message: 'the download link has expired: ask for a new one',
      details: [],
    });
  });

  it.each([
    ['another query', (u: string) => u.replace('format=csv', 'format=xlsx')],
    ['another path', (u: string) => u.replace('purchases', 'sales')],
    ['another account', (u: string) => u.replace(/x-account=[0-9a-f]{24}/, `x-account=${new ObjectId().toHexString()}`)],
    ['another scope', (u: string) => u.replace('accounting:read', 'accounting:write')],
    ['a later expiry', (u: string) => u.replace(/x-expires=(\d+)/, (_a, s) => `x-expires=${Number(s) + 1}`)],
    ['another signature', (u: string) => u.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    ['a parameter added', (u: string) => `${u}&a=1`],
    ['no signature', (u: string) => u.replace(/&x-signature=.*$/, '')],
    ['a short signature', (u: string) => u.slice(0, -1)],
    ['the tail reordered', (u: string) => u.replace(/x-account=([0-9a-f]{24})&x-scope=([\w:]+)/, 'x-scope=$2&x-account=$1')],
  ])('%s: 403 LINK_INVALID', (_name, alter) => {
    const altered = alter(url);
    expect(altered).not.toBe(url);
    const error = refused(() => principalOfLink(secrets, altered, NOW));
    expect({ status: error.status, code: error.code, details: error.details }).toEqual({ status: 403, code: 'LINK_INVALID', details: [] });
    expect(error.message).toMatch(/^the download link (is malformed|was altered or is for another address)$/);
  });

  it('signed under another key: 403 LINK_INVALID', () => {
    expect(refusal(() => principalOfLink(new SecretBox(randomBytes(32)), url, NOW))).toEqual({ status: 403, code: 'LINK_INVALID' });
  });

  it('carriesSignature tells a signed URL from any other', () => {
    expect(carriesSignature(url)).toBe(true);
    expect(carriesSignature('/api/v1/x/?a=1&x-signature=')).toBe(true);
    expect(carriesSignature('/api/v1/x/?x-signature=1')).toBe(true);
    expect(carriesSignature('/api/v1/x/?ax-signature=1')).toBe(false);
    expect(carriesSignature('/api/v1/x/')).toBe(false);
  });
});

describe('SecretBox.sign', () => {
  it('depends on the purpose, the text and the key', () => {
    const a = secrets.sign('one', 'text');
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(secrets.sign('one', 'text')).toBe(a);
    expect(secrets.sign('two', 'text')).not.toBe(a);
    expect(secrets.sign('one', 'texT')).not.toBe(a);
    expect(new SecretBox(randomBytes(32)).sign('one', 'text')).not.toBe(a);
  });
});
