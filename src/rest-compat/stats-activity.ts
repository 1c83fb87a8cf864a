import { ACTIVITY_ACTIONS } from '../domain/activity/list';
import { MAX_ACTIVITY_PER_PAGE } from '../domain/activity/list';
import { withRestDateTimes } from './naming';
import { type Paging, type PagingSpec, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { queryReading } from './query';
import type { RestRoute } from './route';

type Row = Record<string, unknown>;

const ENTRY_SCHEMA = {
  type: 'object',
  properties: {
    id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    resource_type: {
      examples: ['expense'],
      type: 'string',
      description: 'The collection of the record: suppliers, expenses, received_invoices, journal_entries, bank_statements…',
    },
    resource_id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
    action: { type: 'string', enum: [...ACTIVITY_ACTIONS] },
    actor: {
      type: ['object', 'null'],
      properties: {
        kind: { type: 'string', enum: ['api_key', 'user'] },
        id: { examples: ['6650a1c2e4b0d5a7c8e9f012'], type: 'string' },
        name: { examples: ['Facturación web'], type: ['string', 'null'] },
      },
      required: ['kind', 'id', 'name'],
    },
    at: {
      examples: ['2025-03-14T10:32:05.120'],
      type: 'string',
      description: 'When, in Argentine time (ISO 8601 without offset, as every date-time of the REST API).',
    },
    summary: {
      examples: ['3 vencimientos en abril'],
      type: 'string',
      description: 'One line: the record’s kind, its name or number, the amount in pesos and what happened.',
    },
  },
  required: ['id', 'resource_type', 'resource_id', 'action', 'actor', 'at', 'summary'],
};

const PAGING: PagingSpec = { size: 'per_page', fallback: 20, max: MAX_ACTIVITY_PER_PAGE };

const read = queryReading((reader): Row & { paging: Paging } => {
  const paging = readPaging(reader, PAGING);
  return {
    paging,
    page: paging.page,
    perPage: paging.size,
    resourceType: reader.string('resource_type'),
    action: reader.string('action'),
    from: reader.string('from'),
    to: reader.string('to'),
  };
});

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
  variables: ({ query }) => {
    const { paging: _paging, ...variables } = read(query);
    return variables;
  },
  respond(data, { query }) {
    const page = data.activity as Row & { items: Row[]; total: number };
    const items = page.items.map((item) => withRestDateTimes(item, ['at']));
    return { status: 200, data: pagedAnswer(PAGING, read(query).paging, items, page.total, false) };
  },
  pathRenames: { perPage: 'per_page', resourceType: 'resource_type' },
  parameters: [
    ...pagingParameters(PAGING),
    { name: 'resource_type', description: 'Only changes of records of this collection (suppliers, expenses, received_invoices…).', schema: { type: 'string' } },
    { name: 'action', description: 'Only changes of this kind.', schema: { type: 'string', enum: [...ACTIVITY_ACTIONS] } },
    { name: 'from', description: 'From this Argentine day (YYYY-MM-DD), included.', schema: { type: 'string', format: 'date' } },
    { name: 'to', description: 'Up to this Argentine day (YYYY-MM-DD), included.', schema: { type: 'string', format: 'date' } },
  ],
  responseSchema: pagedSchema(PAGING, { ...ENTRY_SCHEMA }, false),
  successStatus: 200,
};
