import type { Document } from 'bson';
import { badValue } from '../errors';
import { indexPathValues } from '../paths';
import { compareOrder, type OrderKey, orderKey } from '../storage/contract';

/**
 * MongoDB's sort: values compared in the cross-type order, an array field sorting by its smallest element when
 * ascending and by its largest when descending (as its index entries would).
 */

type Direction = 1 | -1;

export function sortDirections(sort: Document): Array<[string, Direction]> {
  return Object.entries(sort).map(([field, direction]) => {
    if (direction === 1 || direction === -1) return [field, direction];
    if (typeof direction === 'number' && (direction === 1.0 || direction === -1.0)) return [field, direction as Direction];
    if (direction && typeof direction === 'object' && '$meta' in direction) throw badValue('$meta sort is not supported by the embedded engine');
    throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending): ${field}: ${JSON.stringify(direction)}`);
  });
}

function sortKey(doc: Document, field: string, direction: Direction): OrderKey {
  const keys = indexPathValues(doc, field).values.map(orderKey);
  let best = keys[0];
  for (const key of keys) if (direction === 1 ? compareOrder(key, best) < 0 : compareOrder(key, best) > 0) best = key;
  return best;
}

/** The items in sort order (stable: equal keys keep their order). */
export function sortBy<T>(items: T[], docOf: (item: T) => Document, sort: Document): T[] {
  const directions = sortDirections(sort);
  const keyed = items.map((item, position) => ({ item, position, keys: directions.map(([field, direction]) => sortKey(docOf(item), field, direction)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < directions.length; i++) {
      const order = compareOrder(a.keys[i], b.keys[i]);
      if (order !== 0) return order * directions[i][1];
    }
    return a.position - b.position;
  });
  return keyed.map(({ item }) => item);
}
