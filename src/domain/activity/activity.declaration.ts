import { instant, ref, text, whole } from '../declare/field';
import { arg, declareOperation } from '../declare/operation';
import { declareShape, listOf, nested } from '../declare/shape';
import { ACTIVITY_ACTIONS, MAX_ACTIVITY_PER_PAGE } from './list';

/** The account's activity feed (`activity`, GET /stats/activity/): its entries, newest first, a page at a time. */

const ID_EXAMPLE = '6650a1c2e4b0d5a7c8e9f012';

const ACTOR = declareShape({
  type: 'ActivityActor',
  description: 'Who made a change.',
  fields: {
    kind: text(20, { values: ['api_key', 'user'], description: 'api_key or user.' }),
    id: ref('api_keys', 'API key or user', { example: ID_EXAMPLE }),
    name: text(200, { nullable: true, example: 'Facturación web', description: 'The API key’s name (keys only).' }),
  },
});

/** One change of one record (its `record` is resolved beside the declaration). */
export const ACTIVITY_ENTRY = declareShape({
  type: 'ActivityEntry',
  description: 'One change of one record of the account.',
  fields: {
    id: ref('activity', 'activity entry', { example: ID_EXAMPLE, read: (entry: { _id: unknown }) => entry._id }),
    resourceType: text(60, {
      example: 'expense',
      description: 'The collection of the record: suppliers, expenses, received_invoices, journal_entries, bank_statements…',
      read: (entry: { resource_type: string }) => entry.resource_type,
    }),
    resourceId: ref('activity', 'record', { example: ID_EXAMPLE, read: (entry: { resource_id: unknown }) => entry.resource_id }),
    action: text(20, {
      values: ACTIVITY_ACTIONS,
      description: 'created, updated, deleted, posted, reversed, event_recorded, imported, matched or unmatched.',
    }),
    actor: nested(ACTOR, { nullable: true }),
    at: instant({
      example: '2025-03-14T10:32:05.120',
      restDescription: 'When, in Argentine time (ISO 8601 without offset, as every date-time of the REST API).',
    }),
    summary: text(500, {
      example: '3 vencimientos en abril',
      restDescription: 'One line: the record’s kind, its name or number, the amount in pesos and what happened.',
    }),
  },
});

const ACTIVITY_PAGE = declareShape({
  type: 'ActivityPage',
  description: 'A page of the account’s activity, newest first.',
  fields: {
    items: listOf(ACTIVITY_ENTRY),
    total: whole({ example: 127 }),
    page: whole({ example: 1 }),
    perPage: whole({ example: 50 }),
  },
});

export const ACTIVITY = declareOperation({
  name: 'activity',
  description: 'The account’s latest changes, newest first: optionally of one resource type, one action, and Argentine days `from` to `to` (both included).',
  scope: 'stats:read',
  args: {
    page: arg.int(1, Number.POSITIVE_INFINITY, { rest: { description: 'Page number, from 1.', default: 1 } }),
    perPage: arg.int(1, MAX_ACTIVITY_PER_PAGE, {
      description: `1 to ${MAX_ACTIVITY_PER_PAGE} (default 20).`,
      rest: { pageSize: { fallback: 20, max: MAX_ACTIVITY_PER_PAGE, what: 'Page size' } },
    }),
    resourceType: arg.text(60, {
      description: 'A collection: suppliers, expenses, received_invoices…',
      rest: { description: 'Only changes of records of this collection (suppliers, expenses, received_invoices…).' },
    }),
    action: arg.text(20, { rest: { description: 'Only changes of this kind.', values: ACTIVITY_ACTIONS } }),
    from: arg.day({ description: 'YYYY-MM-DD, Argentine day.', rest: { description: 'From this Argentine day (YYYY-MM-DD), included.' } }),
    to: arg.day({ description: 'YYYY-MM-DD, Argentine day (included).', rest: { description: 'Up to this Argentine day (YYYY-MM-DD), included.' } }),
  },
  result: ACTIVITY_PAGE,
  rest: {
    method: 'get',
    path: '/stats/activity/',
    operationId: 'RestStatsActivity',
    summary: `The account's latest changes across resources, newest first (page, per_page 1 to ${MAX_ACTIVITY_PER_PAGE}; resource_type, action, from, to)`,
  },
});
