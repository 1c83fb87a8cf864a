import { z } from 'zod';
import { addressSchema } from '../address';
import { calendarDateSchema } from '../dates';
import { moneySchema, quantitySchema } from '../money';
import { createOnly, filterFields, readOnly, windowFields, type FieldSpec, type ResourceDeclaration } from './field';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

const longest = (max: number) => `must be at most ${max} characters`;

/** The zod schema of one field's (non-null) value. */
export function valueSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'text': {
      const min = spec.min ?? 0;
      return z
        .string()
        .trim()
        .min(min, min <= 1 ? 'must not be empty' : `must be at least ${min} characters`)
        .max(spec.max, longest(spec.max));
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
          Object.fromEntries(Object.entries(spec.fields).map(([name, sub]) => [name, sub.common?.required ? valueSchema(sub) : valueSchema(sub).nullish()])),
        )
        .strict();
      // Checked in two steps so an oversized list is one error, not one per line.
      return z
        .array(z.unknown(), { message: 'must be a list' })
        .max(spec.max, `at most ${spec.max} lines`)
        .pipe(z.array(line))
        .superRefine((lines, ctx) => {
          for (const [index, field, message] of spec.refine?.(lines as Array<Record<string, unknown>>) ?? [])
            ctx.addIssue({ code: 'custom', path: [index, field], message });
        });
    }
    case 'instant':
      return z.never();
  }
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
          .filter(([, spec]) => !readOnly(spec) && !(update && createOnly(spec)))
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
    for (const [field, message] of declaration.refineCreate?.(input) ?? []) ctx.addIssue({ code: 'custom', path: [field], message });
  });

/** A partial update: anything may be left out; only optional fields may be cleared with null. */
export const updateSchemaOf = (declaration: ResourceDeclaration) => fieldsSchema(declaration, (spec) => (spec.common?.required ? 'optional' : 'nullish'), true);

/** A list filter: the declared equality filters, the text search and the creation window. */
export function filterSchemaOf(declaration: ResourceDeclaration) {
  const equalities = Object.fromEntries(
    filterFields(declaration).map(({ filter, spec }) => [filter, (spec.kind === 'texts' ? z.string().trim().max(spec.itemMax) : valueSchema(spec)).nullish()]),
  );
  const windows = Object.fromEntries(
    windowFields(declaration).flatMap(({ from, to, spec }) => [
      [from, valueSchema(spec).nullish()],
      [to, valueSchema(spec).nullish()],
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
