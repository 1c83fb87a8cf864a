import { ACTIVITY_ACTIONS } from '../store/activity';
import { MAX_ACTIVITY_PER_PAGE } from '../domain/activity/list';
import { withRestDateTimes } from './naming';
import { QueryReader } from './query';
import type { RestRoute } from './route';

type Row = Record<string, unknown>;

const ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    resource_type: { type: 'string', description: 'The collection of the record: suppliers, expenses, received_invoices, journal_entries, bank_statements…' },
    resource_id: { type: 'string' },
    action: { type: 'string', enum: [...ACTIVITY_ACTIONS] },
    actor: {
      type: ['object', 'null'],
      properties: { kind: { type: 'string', enum: ['api_key', 'user'] }, id: { type: 'string' }, name: { type: ['string', 'null'] } },
      required: ['kind', 'id', 'name'],
    },
    at: { type: 'string', description: 'When, in Argentine time (ISO 8601 without offset, as every date-time of the REST API).' },
    summary: { type: 'string', description: 'One line: the record’s kind, its name or number, the amount in pesos and what happened.' },
  },
  required: ['id', 'resource_type', 'resource_id', 'action', 'actor', 'at', 'summary'],
};

const readParams = new WeakMap<Row, Row>();
function read(query: Row): Row {
  let params = readParams.get(query);
  if (!params) {
    const reader = new QueryReader(query);
    params = {
      page: reader.int('page', 1, 1, 1_000_000),
      perPage: reader.int('per_page', 20, 1, MAX_ACTIVITY_PER_PAGE),
      resourceType: reader.string('resource_type'),
      action: reader.string('action'),
      from: reader.string('from'),
      to: reader.string('to'),
    };
    reader.done();
    readParams.set(query, params);
  }
  return params;
}

export const ACTIVITY: RestRoute = {
  method: 'get',
  path: '/stats/activity/',
  summary: `The account's latest changes across resources, newest first (page, per_page 1 to ${MAX_ACTIVITY_PER_PAGE}; resource_type, action, from, to)`,
  scope: 'stats:read',
  document: /* GraphQL */ `
    query RestStatsActivity($page: Int, $perPage: Int, $resourceType: String, $action: String, $from: String, $to: String) {
      activity(page: $page, perPage: $perPage, resourceType: $resourceType, action: $action, from: $from, to: $to) {
        total page per_page: perPage
        items { id resource_type: resourceType resource_id: resourceId action actor { kind id name } at summary }
      }
    }`,
  variables: ({ query }) => read(query),
  respond(data) {
    const page = data.activity as Row & { items: Row[] };
    return { status: 200, data: { ...page, items: page.items.map((item) => withRestDateTimes(item, ['at'])) } };
  },
  pathRenames: { perPage: 'per_page', resourceType: 'resource_type' },
  parameters: [
    { name: 'page', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
    {
      name: 'per_page',
      description: `Page size, 1 to ${MAX_ACTIVITY_PER_PAGE}.`,
      schema: { type: 'integer', minimum: 1, maximum: MAX_ACTIVITY_PER_PAGE, default: 20 },
    },
    { name: 'resource_type', description: 'Only changes of records of this collection (suppliers, expenses, received_invoices…).', schema: { type: 'string' } },
    { name: 'action', description: 'Only changes of this kind.', schema: { type: 'string', enum: [...ACTIVITY_ACTIONS] } },
    { name: 'from', description: 'From this Argentine day (YYYY-MM-DD), included.', schema: { type: 'string', format: 'date' } },
    { name: 'to', description: 'Up to this Argentine day (YYYY-MM-DD), included.', schema: { type: 'string', format: 'date' } },
  ],
  responseSchema: {
    type: 'object',
    properties: {
      items: { type: 'array', items: ENTRY_SCHEMA, maxItems: MAX_ACTIVITY_PER_PAGE },
      total: { type: 'integer' },
      page: { type: 'integer' },
      per_page: { type: 'integer' },
    },
    required: ['items', 'total', 'page', 'per_page'],
  },
  successStatus: 200,
};
