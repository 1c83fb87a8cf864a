import { normalizeCuit } from '../cuit';
import { declareResource, instant, lines, oneOf, text } from '../declare/field';

export const TAXPAYER_VAT_CONDITIONS = ['responsable_inscripto', 'monotributo', 'exento', 'no_alcanzado'] as const;
export const AFIP_ENVIRONMENTS = ['testing', 'production'] as const;

/** The tax id is a CUIT or CUIL (módulo 11); a point of sale is ARCA's number, 1 to 99999. */
function identityProblems(input: Record<string, unknown>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  if (typeof input.taxId === 'string' && !normalizeCuit(input.taxId)) problems.push(['taxId', 'not a valid CUIT/CUIL (11 digits, módulo 11 check digit)']);
  const pointOfSale = input.puntoVenta;
  if (typeof pointOfSale === 'string' && pointOfSale !== '' && !(/^\d{1,5}$/.test(pointOfSale) && Number(pointOfSale) >= 1))
    problems.push(['puntoVenta', 'must be a point of sale number, 1 to 99999']);
  return problems;
}

/** Another taxpayer identity the account bills under (contract §2.10): widget `multi_taxpayer`. */
export const ADDITIONAL_TAXPAYER = declareResource({
  type: 'AdditionalTaxpayer',
  one: 'additionalTaxpayer',
  many: 'additionalTaxpayers',
  label: 'additional taxpayer',
  description:
    'Another taxpayer identity (CUIT/CUIL) the account issues and receives vouchers under, besides its primary one. Available while the account’s multi-taxpayer widget is active.',
  collection: 'additional_taxpayers',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  rest: { base: '/widgets/multi-taxpayer/taxpayers', idName: 'id' },
  operations: { bulk: false },
  fields: {
    taxId: text(13, {
      example: '20284567898',
      required: true,
      sort: true,
      description:
        'CUIT/CUIL (with or without separators; kept as 11 digits). Differs from the primary’s and every other identity’s (409 CONFLICT); fixed once created.',
    }),
    taxCondition: oneOf(TAXPAYER_VAT_CONDITIONS, 'TaxpayerVatCondition', {
      default: 'responsable_inscripto',
      filter: 'taxCondition',
      typeDescription: 'VAT condition of a taxpayer identity.',
    }),
    puntoVenta: text(5, { example: '3', description: 'Enabled point of sale (ARCA number, 1 to 99999).' }),
    businessName: text(200, { example: 'Fernández Laura', sort: true, description: 'Razón social (companies).' }),
    firstName: text(100, { example: 'Laura', description: 'Natural person.' }),
    lastName: text(100, { example: 'Fernández', description: 'Natural person.' }),
    afipEnvironment: oneOf(AFIP_ENVIRONMENTS, 'AfipEnvironment', {
      typeDescription: 'ARCA web services environment: testing (homologación) or production.',
      description: 'Default: the primary taxpayer’s environment.',
    }),
    certificates: lines(
      'TaxpayerCertificate',
      {
        certificate: text(20_000, {
          example: '-----BEGIN CERTIFICATE-----\nMIIDSzCCAjOgAwIBAgIIT...\n-----END CERTIFICATE-----',
          required: true,
          writeOnly: true,
          description: 'PEM X.509 certificate issued by ARCA (never returned).',
        }),
        privateKey: text(20_000, {
          example: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC...\n-----END PRIVATE KEY-----',
          required: true,
          writeOnly: true,
          description: 'PEM private key matching the certificate, without a passphrase (stored encrypted, never returned).',
        }),
        subject: text(1000, { example: 'SERIALNUMBER=CUIT 20284567898, CN=facturacion', readOnly: true }),
        issuer: text(1000, { example: 'C=AR, O=AFIP, CN=Computadores', readOnly: true }),
        serialNumber: text(100, { example: '4f1a2b3c4d5e6f70', readOnly: true }),
        validFrom: instant(),
        validTo: instant(),
        fingerprintSha256: text(100, { readOnly: true, example: '3f1c9a7be2d4c8a1f0e5b6d7c8a9b0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b' }),
      },
      10,
      {
        typeDescription:
          'A web-services certificate: written as the PEM certificate and private key, read back as its subject, issuer, validity and SHA-256 fingerprint.',
        description: 'May be omitted and loaded later; an update that gives the list replaces it.',
      },
    ),
  },
  search: { fields: ['taxId', 'businessName', 'lastName'], description: 'Case-insensitive text found in the tax id, business name or last name.' },
  defaultSort: { field: 'taxId', direction: 'asc' },
  refine: identityProblems,
  notes: {
    create: 'Adds an identity (the widget must be active): the tax id must be a valid CUIT/CUIL unused by the primary and the other identities.',
    update: 'Changes the given fields; the tax id cannot change (400 IMMUTABLE_FIELD).',
    remove: 'Removes the identity; vouchers already issued under it are untouched, only issuing new ones stops.',
  },
});
