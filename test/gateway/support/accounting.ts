import type { HttpResult, TestGateway } from '../../support/gateway';

type Row = Record<string, any>;

/** A small chart: Activo › Caja y Bancos › Caja (detail), Pasivo › Proveedores (detail), Ingresos › Ventas (detail). */
export const SMALL_CHART: Row[] = [
  { code: '1', name: 'ACTIVO', account_type: 'asset' },
  { code: '1.1', name: 'Caja y Bancos', account_type: 'asset', parent_code: '1' },
  { code: '1.1.01', name: 'Caja en pesos', account_type: 'asset', parent_code: '1.1', is_detail: true },
  { code: '1.1.02', name: 'Banco cuenta corriente', account_type: 'asset', parent_code: '1.1', is_detail: true },
  { code: '2', name: 'PASIVO', account_type: 'liability' },
  { code: '2.1', name: 'Proveedores', account_type: 'liability', parent_code: '2', is_detail: true },
  { code: '4', name: 'INGRESOS', account_type: 'revenue' },
  { code: '4.1', name: 'Ventas', account_type: 'revenue', parent_code: '4', is_detail: true },
];

/** Creates the accounts in order (parents first); answers their ids by code. */
export async function createChart(gw: TestGateway, key: string, chart: Row[] = SMALL_CHART): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const account of chart) {
    const res = await gw.rest('POST', '/accounting/accounts/', { key, body: account });
    if (res.status !== 201) throw new Error(`creating ${account.code}: ${res.status} ${JSON.stringify(res.body)}`);
    ids[account.code] = res.body.data._id;
  }
  return ids;
}

/** A balanced two-line entry body: `amount` from `debit` to `credit`. */
export const entry = (debit: string, credit: string, amount: number, fields: Row = {}): Row => ({
  date: '2026-03-10',
  description: `${debit} a ${credit}`,
  lines: [
    { account_code: debit, debit: amount },
    { account_code: credit, credit: amount },
  ],
  ...fields,
});

export async function draft(gw: TestGateway, key: string, body: Row): Promise<string> {
  const res = await gw.rest('POST', '/accounting/journal/', { key, body });
  if (res.status !== 201) throw new Error(`creating an entry: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id;
}

export const post = (gw: TestGateway, key: string, id: string): Promise<HttpResult> => gw.rest('POST', `/accounting/journal/${id}/post/`, { key });

/** Creates and posts an entry; answers its id. */
export async function posted(gw: TestGateway, key: string, body: Row): Promise<string> {
  const id = await draft(gw, key, body);
  const res = await post(gw, key, id);
  if (res.status !== 200) throw new Error(`posting: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

/** Balance of an account as GET returns it. */
export async function balanceOf(gw: TestGateway, key: string, id: string): Promise<number> {
  return (await gw.rest('GET', `/accounting/accounts/${id}/`, { key })).body.data.balance;
}
