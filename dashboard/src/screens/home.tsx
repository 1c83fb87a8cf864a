import { useEffect, useState } from 'preact/hooks';
import { request, type Session } from '../api';
import { type ChartMonth, MonthsChart } from '../chart';
import { count, currentMonth, month, monthsBefore, pesos, status } from '../format';
import { DashboardHomeDocument, type DashboardHomeQuery, type DashboardMonthFragment } from '../generated/operations';
import { Failure, Loading } from '../ui';

/** The twelve months of the chart, oldest first: each statsDashboard of the query brings a month and the one before. */
function chartMonths(data: DashboardHomeQuery): ChartMonth[] {
  const pairs = [data.statsDashboard, data.m2, data.m4, data.m6, data.m8, data.m10];
  return pairs
    .flatMap((pair) => [pair.current, pair.previous])
    .map((figures) => ({ period: figures.period, purchases: figures.purchases.total, vatPosition: figures.vat.position }))
    .sort((a, b) => (a.period < b.period ? -1 : 1));
}

function Compared({ label, now, before, money = true }: { label: string; now: number; before: number; money?: boolean }) {
  const show = money ? pesos : count;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td class="num">{show(now)}</td>
      <td class="num">{show(before)}</td>
    </tr>
  );
}

function byStatus(buckets: DashboardMonthFragment['fce'], other: DashboardMonthFragment['fce']): string[] {
  return [...new Set([...buckets, ...other].map((bucket) => bucket.status))].sort();
}

/**
 * Kept mounted (hidden) on the other screens: its answer also names the account in the header, asked once per
 * session rather than by every screen.
 */
export function Home({ session, onAccount, hidden }: { session: Session; onAccount: (name: string, cuit: string) => void; hidden: boolean }) {
  const [data, setData] = useState<DashboardHomeQuery | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const period = currentMonth();
  useEffect(() => {
    const back = (months: number) => monthsBefore(period, months);
    request(session, DashboardHomeDocument, { period, previous: back(1), p2: back(2), p4: back(4), p6: back(6), p8: back(8), p10: back(10) })
      .then((answer) => {
        setData(answer);
        onAccount(answer.taxpayerData.legalName, answer.taxpayerData.taxId);
      })
      .catch(setError);
  }, [session, period]);
  if (hidden) return null;
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const { current, previous, stock } = data.statsDashboard;
  const find = (buckets: DashboardMonthFragment['fce'], name: string) => buckets.find((bucket) => bucket.status === name) ?? { count: 0, total: 0 };
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">Inicio</h1>
      <div class="cards">
        <table class="card">
          <caption>Compras y gastos</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{month(current.period)}</th>
              <th scope="col">{month(previous.period)}</th>
            </tr>
          </thead>
          <tbody>
            <Compared label="Compras (facturas recibidas)" now={current.purchases.total} before={previous.purchases.total} />
            <Compared label="Cantidad de facturas" now={current.purchases.count} before={previous.purchases.count} money={false} />
            <Compared label="Gastos" now={current.expenses.total} before={previous.expenses.total} />
            {byStatus(current.expenses.byStatus, previous.expenses.byStatus).map((name) => (
              <Compared
                key={name}
                label={`Gastos ${status(name)}`}
                now={find(current.expenses.byStatus, name).total}
                before={find(previous.expenses.byStatus, name).total}
              />
            ))}
            <Compared
              label="Recibidas por vincular"
              now={current.pendingReceivedInvoices.count}
              before={previous.pendingReceivedInvoices.count}
              money={false}
            />
            <Compared label="Importe por vincular" now={current.pendingReceivedInvoices.total} before={previous.pendingReceivedInvoices.total} />
          </tbody>
        </table>
        <table class="card">
          <caption>Posición de IVA</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{month(current.period)}</th>
              <th scope="col">{month(previous.period)}</th>
            </tr>
          </thead>
          <tbody>
            <Compared label="Débito fiscal" now={data.vat.debit} before={data.vatPrevious.debit} />
            <Compared label="Crédito fiscal" now={data.vat.credit} before={data.vatPrevious.credit} />
            <Compared label="Saldo técnico" now={data.vat.technicalBalance} before={data.vatPrevious.technicalBalance} />
          </tbody>
        </table>
        <table class="card">
          <caption>Facturas de crédito electrónicas emitidas</caption>
          <thead>
            <tr>
              <td />
              <th scope="col">{month(current.period)}</th>
              <th scope="col">{month(previous.period)}</th>
            </tr>
          </thead>
          <tbody>
            {byStatus(current.fce, previous.fce).length === 0 ? (
              <tr>
                <td colSpan={3}>Sin FCE en estos meses.</td>
              </tr>
            ) : (
              byStatus(current.fce, previous.fce).map((name) => (
                <Compared key={name} label={status(name)} now={find(current.fce, name).total} before={find(previous.fce, name).total} />
              ))
            )}
          </tbody>
        </table>
        <table class="card">
          <caption>Valor del stock hoy</caption>
          <tbody>
            <tr>
              <th scope="row">Productos</th>
              <td class="num">{pesos(stock.productsValue)}</td>
            </tr>
            <tr>
              <th scope="row">Insumos</th>
              <td class="num">{pesos(stock.suppliesValue)}</td>
            </tr>
            <tr>
              <th scope="row">Total</th>
              <td class="num">{pesos(stock.total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <h2>Últimos doce meses</h2>
      <MonthsChart months={chartMonths(data)} />
    </section>
  );
}
