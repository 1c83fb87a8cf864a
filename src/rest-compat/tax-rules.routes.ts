import { TAX_RULE } from '../domain/tax-rules/tax-rules.declaration';
import { declaredRoutes } from './declared.routes';
import type { RestRoute } from './route';

const BASE = TAX_RULE.rest.base;
const rules = declaredRoutes(TAX_RULE);
const route = (method: RestRoute['method'], path: string) => rules.routes.find((r) => r.method === method && r.path === `${BASE}${path}`)!;
const list = route('get', '/list/');
const remove = route('delete', '/{id}/');

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The contract lists tax rules at the base path itself, active ones unless `is_active=false`, which includes the
 * inactive ones (there is no "only inactive" list).
 */
const LIST: RestRoute = {
  ...list,
  path: `${BASE}/`,
  summary: 'List tax rules (active ones unless is_active=false, which includes the inactive); filters country, category, search',
  variables(input) {
    const variables = list.variables(input) as { filter: Record<string, unknown> };
    const filter = { ...variables.filter };
    if (filter.isActive === false) delete filter.isActive;
    else filter.isActive = true;
    return { ...variables, filter };
  },
  parameters: list.parameters?.map((parameter) =>
    parameter.name === 'is_active'
      ? { ...parameter, description: 'Default true: active rules only. false: active and inactive rules.' }
      : parameter.name === 'country'
        ? { ...parameter, description: 'Only rules of this 2-letter country (any case).' }
        : parameter,
  ),
};

const REMOVE: RestRoute = {
  ...remove,
  summary: 'Delete a tax rule: a soft delete (is_active false, no longer the default); the rule stays readable',
  respond: (data, input) => {
    const answer = remove.respond(data, input);
    return { ...answer, data: { ...(answer.data as Record<string, unknown>), is_active: false } };
  },
  responseSchema: {
    type: 'object',
    properties: { id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' }, deleted: { const: true }, is_active: { const: false } },
    required: ['id', 'deleted', 'is_active'],
  },
};

const BY_COUNTRY: RestRoute = {
  method: 'get',
  path: `${BASE}/by-country/{country}/`,
  summary: 'The active rules of a 2-letter country (any case), by category and display order',
  scope: TAX_RULE.scopes.read as RestRoute['scope'],
  document: `query RestTaxRulesByCountry($country: String!) { taxRulesByCountry(country: $country) { ...TaxRuleRecord } } ${rules.record.fragment}`,
  variables: ({ params }) => ({ country: params.country }),
  respond(data, { params }) {
    const items = (data.taxRulesByCountry as Array<Record<string, unknown>>).map(rules.record.toRecord);
    return { status: 200, data: { country: params.country.toUpperCase(), items, count: items.length } };
  },
  responseSchema: {
    type: 'object',
    properties: {
      country: { examples: ['Argentina'], type: 'string' },
      items: { type: 'array', items: ref('TaxRule') },
      count: { examples: [3], type: 'integer' },
    },
    required: ['country', 'items', 'count'],
  },
  successStatus: 200,
};

const SEED: RestRoute = {
  method: 'post',
  path: `${BASE}/seed/{country}/`,
  summary: 'Load the default rates of AR, UY, MX, CO, BR, BO or PE, all or nothing; a country that already has rules answers seeded 0 with a message',
  scope: TAX_RULE.scopes.write as RestRoute['scope'],
  document: /* GraphQL */ `mutation RestSeedTaxRules($country: String!) { seedTaxRules(country: $country) { country seeded message } }`,
  variables: ({ params }) => ({ country: params.country }),
  respond(data) {
    const { country, seeded, message } = data.seedTaxRules as { country: string; seeded: number; message: string };
    return { status: 200, data: { country, seeded, message }, extra: { seeded, message } };
  },
  responseSchema: {
    type: 'object',
    properties: {
      country: { examples: ['Argentina'], type: 'string' },
      seeded: { examples: [6], type: 'integer', minimum: 0 },
      message: { examples: ['Loaded 6 default tax rules for AR.'], type: 'string' },
    },
    required: ['country', 'seeded', 'message'],
  },
  responseExtra: { seeded: { examples: [6], type: 'integer', minimum: 0 }, message: { examples: ['Loaded 6 default tax rules for AR.'], type: 'string' } },
  successStatus: 200,
};

/** Fixed paths (list, by-country, seed) before the `{id}` ones. */
export const TAX_RULE_ROUTES: RestRoute[] = [LIST, BY_COUNTRY, SEED, route('post', '/'), route('get', '/{id}/'), route('put', '/{id}/'), REMOVE];
