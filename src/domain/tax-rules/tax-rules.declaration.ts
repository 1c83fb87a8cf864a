import { day, declareResource, flag, int, oneOf, percent, rate, text } from '../declare/field';

export const TAX_RULE_CATEGORIES = ['iva', 'internal', 'provincial', 'municipal', 'other'] as const;
export const TAX_RULE_TYPES = ['percentage'] as const;

/** ARCA's VAT rate ids (WSFEv1 `Iva.Id`) by rate: what an Argentine rule is reported under. */
export const AFIP_VAT_IDS = [3, 4, 5, 6, 8, 9] as const;

// Two characters (the field's bounds), both letters.
const COUNTRY = /^[A-Za-z]*$/;

/** A country is two letters; a validity window does not end before it starts. */
function ruleProblems(input: Record<string, unknown>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  if (typeof input.country === 'string' && !COUNTRY.test(input.country)) problems.push(['country', 'must be letters: a 2-letter country code (AR, UY, MX, …)']);
  const from = input.validFrom;
  const to = input.validTo;
  if (typeof from === 'string' && typeof to === 'string' && to < from) problems.push(['validTo', `must not be before valid_from (${from})`]);
  return problems;
}

/** A tax rate an account applies (contract §2.11): VAT and other percentage taxes by country and category. */
export const TAX_RULE = declareResource({
  type: 'TaxRule',
  one: 'taxRule',
  many: 'taxRules',
  label: 'tax rule',
  description:
    'A tax rate the account applies, by country and category. One rule per country and category is the default; deleting a rule deactivates it (is_active false), and updating is_active to true reactivates it.',
  collection: 'tax_rules',
  scopes: { read: 'accounting:read', write: 'accounting:write' },
  rest: { base: '/bill/tax_info/tax-rules', idName: 'id' },
  operations: { bulk: false },
  fields: {
    name: text(200, { example: 'IVA 21 %', min: 1, required: true, sort: true }),
    rate: percent({ example: 21, required: true, sort: true, description: 'Percent, 0 to 100 (21 for 21 %), at most 2 decimals.' }),
    country: text(2, {
      example: 'AR',
      min: 2,
      required: true,
      filter: 'country',
      description: 'ISO 3166 two-letter country code (AR, UY, MX, CO, BR, BO, PE, …); stored upper-case.',
    }),
    category: oneOf(TAX_RULE_CATEGORIES, 'TaxRuleCategory', {
      default: 'iva',
      filter: 'category',
      typeDescription:
        'iva: value-added tax (IVA, IGV, CBS/IBS); internal: national excise taxes (impuestos internos, IPI); provincial: state taxes (IIBB, ICMS); municipal: local taxes (ISS, tasas); other.',
    }),
    type: oneOf(TAX_RULE_TYPES, 'TaxRuleType', { default: 'percentage', typeDescription: 'How the rate applies: a percentage of the taxable base.' }),
    description: text(500, { example: 'Alícuota general del IVA' }),
    isDefault: flag({
      default: false,
      description: 'The default rule of its country and category: marking one unmarks the previous one in the same write.',
    }),
    displayOrder: int(0, 2_147_483_647, { example: 1, default: 0, sort: true, description: 'Where the rule appears in pickers, ascending.' }),
    isActive: flag({
      default: true,
      filter: 'isActive',
      description: 'Deleting a rule sets it false (it is kept for the documents that used it); an update setting it true reactivates it.',
    }),
    code: text(40, {
      example: 'AR_IVA_21',
      description: 'Short code of the rate, unique in meaning within the country (AR_IVA_21); the seeded rules carry one.',
    }),
    afipVatId: rate(AFIP_VAT_IDS, {
      example: 5,
      integer: true,
      description: "ARCA's VAT rate id (WSFEv1 Iva.Id): 3 = 0 %, 4 = 10.5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2.5 %. Argentine VAT rules only.",
    }),
    validFrom: day({ example: '2025-01-01', description: 'First day the rate applies (YYYY-MM-DD); open when absent.' }),
    validTo: day({ example: '2025-12-31', description: 'Last day the rate applies (YYYY-MM-DD), for temporary rates; open when absent.' }),
  },
  search: { fields: ['name', 'code', 'description'], description: 'Case-insensitive text found in the name, code or description (literal).' },
  defaultSort: { field: 'displayOrder', direction: 'asc' },
  refine: ruleProblems,
  notes: {
    create: 'Creates a rule; the country is stored upper-case; with is_default true it becomes the only default of its country and category.',
    update: 'Changes the given fields (is_default true unmarks the previous default of the country and category; is_active true reactivates).',
    remove: 'Deactivates the rule (soft delete: is_active false, no longer a default); it stays readable by id and in lists with is_active=false.',
  },
});
