import { z } from 'zod';
import { addressSchema } from '../address';
import { moneySchema, quantitySchema } from '../money';
import { createOnly, filterFields, type FieldSpec, type ResourceDeclaration } from './field';

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
      return moneySchema({ min: spec.min });
    case 'ref':
      return z.string().regex(OBJECT_ID, `not the id of a ${spec.label}`);
    case 'stock':
      return quantitySchema({ positive: false }).refine((milli) => milli >= 0, 'must be at least 0');
  }
}

function fieldsSchema(declaration: ResourceDeclaration, required: (spec: FieldSpec) => 'required' | 'optional' | 'nullish', update = false) {
  return z
    .object(
      Object.fromEntries(
        Object.entries(declaration.fields).filter(([, spec]) => !(update && createOnly(spec))).map(([name, spec]) => {
          const schema = valueSchema(spec);
          const mode = required(spec);
          return [name, mode === 'required' ? schema : mode === 'optional' ? schema.optional() : schema.nullish()];
        }),
      ),
    )
    .strict();
}

/** A create: required fields must be there; the others may be left out or null. */
export const createSchemaOf = (declaration: ResourceDeclaration) =>
  fieldsSchema(declaration, (spec) => (spec.common?.required ? 'required' : 'nullish'));

/** A partial update: anything may be left out; only optional fields may be cleared with null. */
export const updateSchemaOf = (declaration: ResourceDeclaration) =>
  fieldsSchema(declaration, (spec) => (spec.common?.required ? 'optional' : 'nullish'), true);

/** A list filter: the declared equality filters, the text search and the creation window. */
export function filterSchemaOf(declaration: ResourceDeclaration) {
  const equalities = Object.fromEntries(
    filterFields(declaration).map(({ filter, spec }) => [filter, (spec.kind === 'texts' ? z.string().trim().max(spec.itemMax) : valueSchema(spec)).nullish()]),
  );
  return z
    .object({
      ...equalities,
      ...(declaration.search ? { search: z.string().trim().max(200, longest(200)).nullish() } : {}),
      createdFrom: z.date().nullish(),
      createdTo: z.date().nullish(),
    })
    .strict()
    .refine((filter) => !(filter.createdFrom && filter.createdTo && filter.createdFrom > filter.createdTo), {
      message: 'createdFrom must not be after createdTo',
      path: ['createdFrom'],
    });
}
