import type { z } from 'zod';
import { ValidationError, type ErrorDetail } from './errors';

export function detailsOf(error: z.ZodError, prefix = ''): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

/** Parses input with a zod schema; a failure lists every failing field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = detailsOf(result.error, prefix);
    throw new ValidationError(`invalid input: ${details.map((d) => `${d.path || '(input)'}: ${d.message}`).join('; ')}`, details);
  }
  return result.data;
}
