import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { ValidationError, type ErrorDetail } from './errors';
import { checkJsonShape } from './json-shape';

export function detailsOf(error: z.ZodError, prefix = ''): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/**
 * Parses input with a zod schema; a failure lists every failing field. Reserved keys (`__proto__` …) are refused
 * first, wherever they are: zod would silently leave them out of what it returns.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  checkJsonShape(value, prefix);
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = detailsOf(result.error, prefix);
    throw new ValidationError(`invalid input: ${details.map((d) => `${d.path || '(input)'}: ${d.message}`).join('; ')}`, details);
  }
  return result.data;
}

/** A reference to another record: 24 hexadecimal characters, parsed to an ObjectId. */
export const objectIdSchema = () =>
  z
    .string({ message: 'must be an id' })
    .trim()
    .regex(/^[0-9a-fA-F]{24}$/, 'must be an id (24 hexadecimal characters)')
    .transform((id) => new ObjectId(id));
