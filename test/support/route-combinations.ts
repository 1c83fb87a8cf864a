import type { QueryParameter, RestRoute } from '../../src/rest-compat/route';

/** Query parameters that page a list rather than choose its documents. */
const PAGING = new Set(['page', 'limit', 'per_page', 'cursor']);
/** Query parameters that order a list. */
const ORDER = new Set(['sort_by', 'sort_order']);

/** One filter a route offers: a single parameter, or the two bounds of a window (`x_from` + `x_to`, `from` + `to`). */
export interface FilterUnit {
  name: string;
  parameters: QueryParameter[];
}

/** An order a route offers (`undefined` fields: the route's default order). */
export interface RouteOrder {
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** What the plan suite asks of one route: its filters, the subsets of them it combines, its orders, its page size. */
export interface RoutePlanCases {
  route: RestRoute;
  units: FilterUnit[];
  /** Each a set of unit names; the power set when it has at most MAX_POWER_SET members. */
  subsets: string[][];
  orders: RouteOrder[];
  /** The page the route serves when none is asked (1 for a route that answers everything at once). */
  pageSize: number;
}

/** Above this many subsets (6 filters), a route's combinations are every pair, every single filter, none and all. */
export const MAX_POWER_SET = 64;

/** A window's two bounds become one filter unit: an index serves `from` alone, `to` alone and both alike. */
function windowPrefix(name: string): string | undefined {
  if (name === 'from' || name === 'to') return '';
  const match = /^(.*)_(from|to)$/.exec(name);
  return match ? match[1] : undefined;
}

export function filterUnits(route: RestRoute): FilterUnit[] {
  const units = new Map<string, FilterUnit>();
  for (const parameter of route.parameters ?? []) {
    if (PAGING.has(parameter.name) || ORDER.has(parameter.name)) continue;
    const prefix = windowPrefix(parameter.name);
    const name = prefix === undefined ? parameter.name : prefix ? `${prefix}_window` : 'window';
    const unit = units.get(name) ?? { name, parameters: [] };
    unit.parameters.push(parameter);
    units.set(name, unit);
  }
  return [...units.values()];
}

function powerSet<T>(items: T[]): T[][] {
  const sets: T[][] = [[]];
  for (const item of items) for (const set of sets.slice()) sets.push([...set, item]);
  return sets;
}

/** The power set of the units, or (when that has more than MAX_POWER_SET members) none, each one, each pair and all. */
export function unitSubsets(units: FilterUnit[]): string[][] {
  const names = units.map((unit) => unit.name);
  if (2 ** names.length <= MAX_POWER_SET) return powerSet(names);
  const pairs = names.flatMap((first, i) => names.slice(i + 1).map((second) => [first, second]));
  return [[], ...names.map((name) => [name]), ...pairs, names];
}

export function routeOrders(route: RestRoute): RouteOrder[] {
  const sortBy = route.parameters?.find((parameter) => parameter.name === 'sort_by')?.schema.enum as string[] | undefined;
  if (!sortBy) return [{}];
  return sortBy.flatMap((field) => (['asc', 'desc'] as const).map((sortOrder) => ({ sortBy: field, sortOrder })));
}

export function pageSizeOf(route: RestRoute): number {
  // An export reads its report page after page, each of the size it declares.
  if (route.export) return route.export.pageSize ?? 1;
  const size = route.parameters?.find((parameter) => parameter.name === 'limit' || parameter.name === 'per_page');
  return typeof size?.schema.default === 'number' ? size.schema.default : 1;
}

/** The reads of the route table: every GET route (a page, a report, a book, a file, one record and its children). */
export function readRoutes(routes: RestRoute[]): RoutePlanCases[] {
  return routes
    .filter((route) => route.method === 'get')
    .map((route) => {
      const units = filterUnits(route);
      return { route, units, subsets: unitSubsets(units), orders: routeOrders(route), pageSize: pageSizeOf(route) };
    });
}
