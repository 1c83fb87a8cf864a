/**
 * The spreadsheet exports' entries of the authorization matrix (test/gateway/authorization.test.ts), each derived
 * from its JSON report's entry: the same record of A, the same request with `export/` before the query and
 * `format=csv`. A success is the CSV of the declared columns holding at least one row besides the header; B's
 * records stay out as the JSON report's entry checks (the export runs the same operation). What the rows hold, and
 * another account's export, are checked in exports.test.ts.
 */
import { parse } from 'csv-parse/sync';
import type { RestRoute } from '../../../src/rest-compat/route';
import type { RestCase } from './matrix';

const routeKey = (route: Pick<RestRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

function exportPath(path: string): string {
  const [base, query = ''] = path.split('?');
  return `${base}export/?${query ? `${query}&` : ''}format=csv`;
}

export function exportCase(route: RestRoute, cases: Record<string, RestCase>): RestCase {
  const base = cases[routeKey({ method: 'get', path: route.path.replace(/export\/$/, '') })];
  if (!base || !route.export) throw new Error(`${routeKey(route)}: no JSON report entry to derive from`);
  const headers = route.export.columns.map((column) => column.header);
  return {
    record: base.record,
    request: (id) => ({ path: exportPath(base.request(id).path) }),
    succeeded(res) {
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=[\w.-]+\.csv$/);
      const rows = parse(String(res.body)) as string[][];
      expect(rows[0]).toEqual(headers);
      expect(rows.length).toBeGreaterThan(1);
    },
    unchanged: base.unchanged,
    otherAccount: base.otherAccount,
  };
}
