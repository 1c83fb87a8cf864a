import { ValidationError, type ErrorDetail } from './errors';

/**
 * Keys that name JavaScript's object machinery: copied into a plain object they change its prototype instead of
 * adding a field, so data sent under them would silently vanish (or worse). They are refused wherever they appear.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Deeper JSON than any document of this API needs; deeper input is refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 32;

/**
 * Checks client input before any recursive code sees it: nesting at most MAX_JSON_DEPTH levels, and no reserved key
 * at any level. Iterative, so a hostile depth cannot exhaust the stack here; every problem is reported with its path
 * (below `prefix`).
 */
export function checkJsonShape(value: unknown, prefix = ''): void {
  const problems: ErrorDetail[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: prefix ? [prefix] : [] }];
  while (stack.length) {
    const { value: node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      problems.push({ path: path.slice(0, MAX_JSON_DEPTH).join('.'), message: `nested deeper than ${MAX_JSON_DEPTH} levels` });
      break;
    }
    for (const [key, child] of Object.entries(node)) {
      if (RESERVED_KEYS.has(key)) problems.push({ path: [...path, key].join('.'), message: `"${key}" is not allowed as a key` });
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  if (problems.length) {
    throw new ValidationError(`input refused: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  }
}
