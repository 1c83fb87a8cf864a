import type { z } from 'zod';
import type { ValidatorFn } from 'type-graphql';
import { parseInput } from '../domain/validation';

/** Input classes → the domain's zod schema that validates them. */
const schemas = new Map<Function, z.ZodType>();

export function validatedBy(schema: z.ZodType): ClassDecorator {
  return (target) => {
    schemas.set(target, schema);
  };
}

/**
 * type-graphql's validateFn: an argument whose input class has a zod schema is parsed with it, and the parsed
 * (trimmed, normalised) values replace what the client sent. Lists are left to the resolver, which validates each
 * item on its own so that one bad item of a bulk request does not hide the others.
 */
export const validateArgument: ValidatorFn = (value, type) => {
  if (value === null || value === undefined || Array.isArray(value)) return;
  const schema = typeof type === 'function' ? schemas.get(type) : undefined;
  if (!schema) return;
  const parsed = parseInput(schema, value) as Record<string, unknown>;
  for (const key of Object.keys(value)) delete value[key];
  Object.assign(value, parsed);
};
