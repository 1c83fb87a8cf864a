import { z } from 'zod';
import { addressSchema } from '../address';
import { calendarDateSchema, instantOf, isCalendarDate } from '../dates';
import { moneySchema, percentSchema, quantitySchema } from '../money';
import { filterFields, readOnly, windowFields, type FieldSpec, type ResourceDeclaration } from './field';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

const longest = (max: number) => `must be at most ${max} characters`;

/** The zod schema of one field's (non-null) value. */
export function valueSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'text': {
      const min = spec.min ?? 0;
      const text = z
        .string()
        .trim()
        .min(min, min <= 1 ? 'must not be empty' : `must be at least ${min} characters`)
        .max(spec.max, longest(spec.max));
      return spec.digits ? text.regex(/^[0-9]*$/, 'must be digits only') : text;
    }
    case 'email':
      return z.email('must be a valid email address').max(254, longest(254));
    case 'int':
      return z.number().int('must be an integer').min(spec.min, `must be at least ${spec.min}`).max(spec.max, `must be at most ${spec.max}`);
    case 'enum':
      return z.enum(spec.values as [string, ...string[]], { message: `must be one of ${spec.values.join(', ')}` });
    case 'texts':
      return z.array(z.string().trim().min(1, 'must not be empty').max(spec.itemMax, longest(spec.itemMax))).max(spec.max, `at most ${spec.max} items`);
    case 'refs':
      return z.array(z.string().regex(OBJECT_ID, `not the id of a ${spec.label}`)).max(spec.max, `at most ${spec.max} items`);
    case 'object':
      return z.object(Object.fromEntries(Object.entries(spec.fields).map(([name, sub]) => [name, valueSchema(sub).nullish()]))).strict();
    case 'address':
      return addressSchema;
    case 'money':
      return moneySchema({ min: spec.min, exclusiveMin: spec.exclusiveMin, max: spec.max });
    case 'ref':
      return z.string().regex(OBJECT_ID, `not the id of a ${spec.label}`);
    case 'stock':
      return quantitySchema({ positive: false }).refine((milli) => milli >= 0, 'must be at least 0');
    case 'rate':
      return z.number({ message: 'must be a number' }).refine((value) => spec.values.includes(value), { message: `must be one of ${spec.values.join(', ')}` });
    case 'date':
      return calendarDateSchema();
    case 'decimal':
      return z.number({ message: 'must be a number' });
    case 'percent':
      return percentSchema();
    case 'boolean':
      return z.boolean({ message: 'must be true or false' });
    case 'url':
      return z
        .string()
        .trim()
        .max(spec.max, longest(spec.max))
        .refine((value) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), { message: 'must be an http(s) URL' });
    case 'lines': {
      const line = z
        .object(
          Object.fromEntries(
            Object.entries(spec.fields)
              .filter(([, sub]) => !readOnly(sub))
              .map(([name, sub]) => [name, sub.common?.required ? valueSchema(sub) : valueSchema(sub).nullish()]),
          ),
        )
        .strict();
      // Checked in two steps so an oversized list is one error, not one per line.
      return z
        .array(z.unknown(), { message: 'must be a list' })
        .min(spec.min ?? 0, `must contain at least ${spec.min} line${spec.min === 1 ? '' : 's'}`)
        .max(spec.max, `at most ${spec.max} lines`)
        .pipe(z.array(line))
        .superRefine((lines, ctx) => {
          for (const [index, field, message] of spec.refine?.(lines as Array<Record<string, unknown>>) ?? [])
            ctx.addIssue({ code: 'custom', path: [index, field], message });
        });
    }
    case 'instant':
      return z.never();
    case 'dateTime':
      return dateTimeSchema;
    case 'quantity':
      return quantitySchema({ positive: true });
    case 'json':
      return freeFormSchema(spec.maxChars);
  }
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A day (its start in Argentina) or an ISO 8601 date-time (without a zone: Argentine time), as an instant. */
const dateTimeSchema = z
  .string({ message: 'must be a date-time (ISO 8601) or a date (YYYY-MM-DD)' })
  .refine((text) => (isCalendarDate(text) || (DATE_TIME.test(text) && isCalendarDate(text.slice(0, 10)))) && instantOf(dayStart(text)) !== null, {
    message: 'must be a real date-time (ISO 8601) or date (YYYY-MM-DD)',
  })
  .transform((text) => instantOf(dayStart(text)) as Date);

/** A bare day stands for its first instant. */
const dayStart = (text: string) => (text.length === 10 ? `${text}T00:00:00` : text);

/** Keys a stored free-form object may not hold: they would read as Mongo operators or paths. */
function badKeys(value: unknown, path: Array<string | number>, found: Array<{ path: Array<string | number>; key: string }>): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) badKeys(item, [...path, index], found);
  } else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('$') || key.includes('.') || key === '') found.push({ path: [...path, key], key });
      badKeys(inner, [...path, key], found);
    }
}

/** A free-form JSON object, stored as given. */
export function freeFormSchema(maxChars: number) {
  return z.record(z.string(), z.unknown(), { message: 'must be a JSON object' }).superRefine((value, ctx) => {
    const found: Array<{ path: Array<string | number>; key: string }> = [];
    badKeys(value, [], found);
    for (const { path, key } of found)
      ctx.addIssue({ code: 'custom', path, message: `key "${key}" is not allowed (keys must not be empty, start with $ or contain .)` });
    if (JSON.stringify(value).length > maxChars) ctx.addIssue({ code: 'custom', path: [], message: `must be at most ${maxChars} characters as JSON` });
  });
}

/** On create, an enum with `createValues` accepts only those. */
function createValueSchema(spec: FieldSpec): z.ZodType {
  const values = spec.kind === 'enum' ? spec.common?.createValues : undefined;
  return values ? z.enum(values as [string, ...string[]], { message: `a new record is ${values.join(', ')}` }) : valueSchema(spec);
}

function fieldsSchema(declaration: ResourceDeclaration, required: (spec: FieldSpec) => 'required' | 'optional' | 'nullish', update = false) {
  return z
    .object(
      Object.fromEntries(
        Object.entries(declaration.fields)
          // An update takes create-only fields too, to be checked against the stored value (see fixedFieldChanges).
          .filter(([, spec]) => !readOnly(spec))
          .map(([name, spec]) => {
            const schema = update ? valueSchema(spec) : createValueSchema(spec);
            const mode = required(spec);
            return [name, mode === 'required' ? schema : mode === 'optional' ? schema.optional() : schema.nullish()];
          }),
      ),
    )
    .strict();
}

/** A create: required fields must be there; the others may be left out or null. */
export const createSchemaOf = (declaration: ResourceDeclaration) =>
  fieldsSchema(declaration, (spec) => (spec.common?.required ? 'required' : 'nullish')).superRefine((input, ctx) => {
    for (const [field, message] of [...(declaration.refineCreate?.(input) ?? []), ...(declaration.refine?.(input) ?? [])])
      ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** A partial update: anything may be left out; only optional fields may be cleared with null. */
export const updateSchemaOf = (declaration: ResourceDeclaration) =>
  fieldsSchema(declaration, (spec) => (spec.common?.required ? 'optional' : 'nullish'), true).superRefine((input, ctx) => {
    for (const [field, message] of declaration.refine?.(input) ?? []) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** A list filter: the declared equality filters, the text search and the creation window. */
export function filterSchemaOf(declaration: ResourceDeclaration) {
  const equalities = Object.fromEntries(
    filterFields(declaration).map(({ filter, spec }) => [filter, (spec.kind === 'texts' ? z.string().trim().max(spec.itemMax) : valueSchema(spec)).nullish()]),
  );
  // Windows are days, on day fields and on instants alike.
  const windows = Object.fromEntries(
    windowFields(declaration).flatMap(({ from, to }) => [
      [from, calendarDateSchema().nullish()],
      [to, calendarDateSchema().nullish()],
    ]),
  );
  return z
    .object({
      ...equalities,
      ...windows,
      ...(declaration.search ? { search: z.string().trim().max(200, longest(200)).nullish() } : {}),
      createdFrom: z.date().nullish(),
      createdTo: z.date().nullish(),
    })
    .strict()
    .superRefine((filter, ctx) => {
      const pairs = [{ from: 'createdFrom', to: 'createdTo' }, ...windowFields(declaration)];
      for (const { from, to } of pairs) {
        const [start, end] = [(filter as Record<string, unknown>)[from], (filter as Record<string, unknown>)[to]];
        if (start && end && (start as string | Date) > (end as string | Date))
          ctx.addIssue({ code: 'custom', path: [from], message: `${from} must not be after ${to}` });
      }
    });
}
