import { DEADLINE_STATUSES } from '../domain/accounting/fiscal-calendar/deadlines';
import { FISCAL_TAXES } from '../domain/accounting/fiscal-calendar/obligations';
import {
  ACCOUNT_NON_WORKING_DAYS,
  FISCAL_CALENDAR_OPERATIONS,
  NON_WORKING_DAY,
  UPCOMING_FISCAL_DEADLINES,
} from '../domain/accounting/fiscal-calendar/fiscal-calendar.declaration';
import { FISCAL_CLOSE_OPERATIONS } from '../domain/accounting/fiscal-close.declaration';
import { ValidationError } from '../domain/errors';
import { MAX_PAGE_SIZE } from '../domain/pagination';
import { withRestDateTimes } from './naming';
import { operationRoute, shapeComponents, shapeSchema } from './operation.routes';
import { LIST_PAGING, pagedAnswer, pagedSchema, pagingParameters, readPaging } from './paging';
import { onlyFields, queryReading } from './query';
import type { RestRoute } from './route';

/**
 * The fiscal calendar (contract §4.9) and the fiscal close (§4.10). The contract gives the paths only; the bodies,
 * query parameters and answers are this service's (docs/resources.md, OpenAPI document).
 */

type Row = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const CALENDAR = '/accounting/fiscal-calendar';

const deadline = (row: unknown) => withRestDateTimes(row as Row, ['completed_at', 'created_at']);

const DEADLINE_FIELDS = `
  _id: id tax title form year month period cuit_group: cuitGroup nominal_date: nominalDate due_date: dueDate status
  completed_at: completedAt created_at: createdAt`;

const listParams = queryReading((params) => {
  const paging = readPaging(params, LIST_PAGING);
  const filter = { year: params.whole('year'), month: params.whole('month'), status: params.string('status'), tax: params.string('tax') };
  return { paging, variables: { filter, first: paging.size, offset: (paging.page - 1) * paging.size } };
});

const LIST: RestRoute = {
  method: 'get',
  path: `${CALENDAR}/`,
  summary: `List the account's ARCA deadlines in due order (filters year, month, status, tax; pages of at most ${MAX_PAGE_SIZE})`,
  scope: 'accounting:read',
  document: `query RestListFiscalDeadlines($filter: FiscalDeadlineFilter, $first: Int, $offset: Int) {
    fiscalDeadlines(filter: $filter, first: $first, offset: $offset) { totalCount nodes { ${DEADLINE_FIELDS} } }
  }`,
  variables: ({ query }) => listParams(query).variables,
  respond(data, { query }) {
    const connection = data.fiscalDeadlines as { totalCount: number; nodes: unknown[] };
    return { status: 200, data: pagedAnswer(LIST_PAGING, listParams(query).paging, connection.nodes.map(deadline), connection.totalCount) };
  },
  pathRenames: { filter: '', first: 'limit', offset: 'page' },
  parameters: [
    ...pagingParameters(LIST_PAGING),
    { name: 'year', description: 'Due in this year.', schema: { type: 'integer', minimum: 1900, maximum: 9999 } },
    { name: 'month', description: 'Due in this month (1 to 12).', schema: { type: 'integer', minimum: 1, maximum: 12 } },
    { name: 'status', description: 'pending (due today or later), overdue or completed.', schema: { type: 'string', enum: [...DEADLINE_STATUSES] } },
    { name: 'tax', description: 'One obligation.', schema: { type: 'string', enum: [...FISCAL_TAXES] } },
  ],
  responseSchema: pagedSchema(LIST_PAGING, ref('FiscalDeadline')),
  successStatus: 200,
};

const SEED: RestRoute = {
  method: 'post',
  path: `${CALENDAR}/seed/`,
  summary:
    "Load the default ARCA deadlines due in a year for the account's CUIT ending (optional body year, taxes); deadlines already loaded are kept, and a year fully loaded answers seeded 0 with a message",
  scope: 'accounting:write',
  document: /* GraphQL */ `
    mutation RestSeedFiscalCalendar($year: Int, $taxes: [FiscalTax!]) {
      seedFiscalCalendar(year: $year, taxes: $taxes) {
        seeded
        year
        cuit_ending: cuitEnding
        message
      }
    }`,
  variables({ body }) {
    const { year, taxes } = onlyFields(body, ['year', 'taxes'], 'a calendar seed');
    // Checked here rather than by GraphQL coercion, which names no field for a top-level scalar and takes a lone
    // value for a list.
    const problems = [];
    if (year !== undefined && year !== null && !Number.isInteger(year)) problems.push({ path: 'year', message: 'must be an integer (a year)' });
    if (taxes !== undefined && taxes !== null) {
      if (!Array.isArray(taxes)) problems.push({ path: 'taxes', message: 'must be an array of taxes' });
      else
        for (const [index, tax] of taxes.entries())
          if (!(FISCAL_TAXES as readonly unknown[]).includes(tax)) problems.push({ path: `taxes.${index}`, message: `one of ${FISCAL_TAXES.join(', ')}` });
    }
    if (problems.length) throw new ValidationError(`invalid calendar seed: ${problems.map((problem) => problem.path).join(', ')}`, problems);
    return { year, taxes };
  },
  respond(data) {
    const { message, ...rest } = data.seedFiscalCalendar as Row & { message: string };
    return { status: 200, data: rest, extra: { message } };
  },
  requestBody: {
    type: 'object',
    properties: {
      year: {
        examples: [2025],
        type: ['integer', 'null'],
        minimum: 2000,
        maximum: 2100,
        description: 'The year the deadlines fall due in (default: this year in Argentina).',
      },
      taxes: {
        type: ['array', 'null'],
        items: { type: 'string', enum: [...FISCAL_TAXES] },
        description: 'Default iva, suss, sicore, ganancias_sociedades (a company registered for VAT with employees).',
      },
    },
    additionalProperties: false,
  },
  responseSchema: {
    type: 'object',
    properties: {
      seeded: { examples: [6], type: 'integer', minimum: 0, description: 'Deadlines created (0 when all were there).' },
      year: { examples: [2025], type: 'integer' },
      cuit_ending: { examples: [1], type: 'integer', minimum: 0, maximum: 9, description: "The last digit of the account's CUIT." },
    },
    required: ['seeded', 'year', 'cuit_ending'],
  },
  responseExtra: { message: { examples: ['Loaded 36 ARCA deadlines due in 2025 for CUIT ending 1 (iva, ganancias, suss).'], type: 'string' } },
  successStatus: 200,
};

const COMPLETE: RestRoute = {
  method: 'post',
  path: `${CALENDAR}/{id}/complete/`,
  summary: 'Mark a deadline complete (409 ALREADY_COMPLETED the second time); the id is the contract’s deadline_id',
  scope: 'accounting:write',
  document: /* GraphQL */ `
    mutation RestCompleteFiscalDeadline($id: ID!) {
      completeFiscalDeadline(id: $id) {
        _id: id
        tax
        title
        form
        year
        month
        period
        cuit_group: cuitGroup
        nominal_date: nominalDate
        due_date: dueDate
        status
        completed_at: completedAt
        created_at: createdAt
      }
    }`,
  variables: ({ params }) => ({ id: params.id }),
  respond: (data) => ({ status: 200, data: deadline(data.completeFiscalDeadline), extra: { message: 'Deadline marked complete.' } }),
  responseSchema: ref('FiscalDeadline'),
  responseExtra: { message: { examples: ['Deadline marked complete.'], type: 'string' } },
  successStatus: 200,
};

const DAYS = `${CALENDAR}/non-working-days`;
const DAY_FIELDS = '_id: id date description created_at: createdAt';
const day = (row: unknown) => withRestDateTimes(row as Row, ['created_at']);
const DAY_SCHEMA = shapeSchema(NON_WORKING_DAY) as { properties: Record<string, unknown>; required: string[] };
const MOVED = { type: 'integer', minimum: 0, description: 'Pending deadlines of the year whose due date changed (completed ones keep theirs).' };

const DAY_ADD: RestRoute = {
  method: 'post',
  path: `${DAYS}/`,
  summary:
    'Add a day the account does not work (body date, description): the pending deadlines of its year that fall on it move to the next working day at once (409 NON_WORKING_DAY_EXISTS)',
  scope: 'accounting:write',
  document: `mutation RestAddAccountNonWorkingDay($input: AccountNonWorkingDayInput!) {
    addAccountNonWorkingDay(input: $input) { day { ${DAY_FIELDS} } moved_deadlines: movedDeadlines }
  }`,
  variables({ body }) {
    const input = onlyFields(body, ['date', 'description'], 'a non-working day');
    // Named here: GraphQL coercion of a non-text would name no field.
    const problems = ['date', 'description']
      .filter((field) => input[field] !== undefined && input[field] !== null && typeof input[field] !== 'string')
      .map((path) => ({ path, message: 'must be a text' }));
    if (problems.length) throw new ValidationError(`invalid non-working day: ${problems.map((problem) => problem.path).join(', ')}`, problems);
    return { input: { date: input.date, description: input.description } };
  },
  respond(data) {
    const { day: added, moved_deadlines } = data.addAccountNonWorkingDay as { day: unknown; moved_deadlines: number };
    return { status: 201, data: { ...day(added), moved_deadlines }, extra: { message: `Non-working day added; ${moved_deadlines} pending deadlines moved.` } };
  },
  pathRenames: { input: '' },
  requestBody: {
    type: 'object',
    properties: {
      date: { examples: ['2025-03-14'], type: 'string', format: 'date', description: 'YYYY-MM-DD, in a year from 2000 to 2100.' },
      description: { examples: ['Servicio de internet de marzo'], type: 'string', minLength: 1, maxLength: 200 },
    },
    required: ['date', 'description'],
    additionalProperties: false,
  },
  responseSchema: {
    type: 'object',
    properties: { ...DAY_SCHEMA.properties, moved_deadlines: { ...MOVED, examples: [2] } },
    required: [...DAY_SCHEMA.required, 'moved_deadlines'],
  },
  responseExtra: { message: { examples: ['Non-working day added; 2 pending deadlines moved.'], type: 'string' } },
  successStatus: 201,
};

const DAY_REMOVE: RestRoute = {
  method: 'delete',
  path: `${DAYS}/{date}/`,
  summary: "Remove one of the account's own non-working days (YYYY-MM-DD): the pending deadlines of its year are re-derived at once",
  scope: 'accounting:write',
  document: 'mutation RestRemoveAccountNonWorkingDay($date: String!) { removeAccountNonWorkingDay(date: $date) { date moved_deadlines: movedDeadlines } }',
  variables: ({ params }) => ({ date: params.date }),
  respond: (data) => ({ status: 200, data: data.removeAccountNonWorkingDay, extra: { message: 'Non-working day removed.' } }),
  responseSchema: {
    type: 'object',
    properties: { date: { examples: ['2025-03-14'], type: 'string', format: 'date' }, moved_deadlines: { ...MOVED, examples: [2] } },
    required: ['date', 'moved_deadlines'],
  },
  responseExtra: { message: { examples: ['Non-working day removed.'], type: 'string' } },
  successStatus: 200,
};

/** Fixed paths before the `{id}` one. */
export const FISCAL_ROUTES: RestRoute[] = [
  LIST,
  operationRoute(UPCOMING_FISCAL_DEADLINES),
  SEED,
  operationRoute(ACCOUNT_NON_WORKING_DAYS),
  DAY_ADD,
  DAY_REMOVE,
  COMPLETE,
  ...FISCAL_CLOSE_OPERATIONS.map(operationRoute),
];

export const FISCAL_COMPONENTS: Record<string, Record<string, unknown>> = {
  ...shapeComponents([...FISCAL_CALENDAR_OPERATIONS, ...FISCAL_CLOSE_OPERATIONS]),
};
