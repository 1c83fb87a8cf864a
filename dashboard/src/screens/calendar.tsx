import { useState } from 'preact/hooks';
import { request, type Session } from '../api';
import { day, today } from '../format';
import { DashboardCalendarDocument, DashboardCompleteDeadlineDocument, type DashboardDeadlineFragment } from '../generated/operations';
import { Failure, Loading } from '../ui';
import { useOperation } from '../use-operation';

export function Calendar({ session }: { session: Session }) {
  const readOnly = session.role === 'viewer';
  const { data, error, setData } = useOperation(session, DashboardCalendarDocument, { year: Number(today().slice(0, 4)) });
  const [failure, setFailure] = useState<Error | null>(null);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const done = async (deadline: DashboardDeadlineFragment) => {
    setFailure(null);
    try {
      const changed = (await request(session, DashboardCompleteDeadlineDocument, { id: deadline.id })).completeFiscalDeadline;
      const replace = (node: DashboardDeadlineFragment) => (node.id === changed.id ? changed : node);
      setData((current) => ({
        overdue: { nodes: current.overdue.nodes.map(replace) },
        upcomingFiscalDeadlines: { ...current.upcomingFiscalDeadlines, items: current.upcomingFiscalDeadlines.items.map(replace) },
      }));
    } catch (caught) {
      setFailure(caught as Error);
    }
  };
  const rows = [...data.overdue.nodes, ...data.upcomingFiscalDeadlines.items];
  return (
    <section aria-labelledby="calendar-title">
      <h1 id="calendar-title">Vencimientos</h1>
      {failure && <Failure error={failure} />}
      <table class="list">
        <caption>Vencidos y próximos 60 días</caption>
        <thead>
          <tr>
            <th scope="col">Vence</th>
            <th scope="col">Obligación</th>
            <th scope="col">Formulario</th>
            <th scope="col">Período</th>
            <th scope="col">Estado</th>
            <th scope="col">Acciones</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6}>Sin vencimientos.</td>
            </tr>
          )}
          {rows.map((deadline) => {
            const overdue = deadline.status === 'overdue';
            return (
              <tr key={deadline.id} class={overdue ? 'overdue' : undefined}>
                <td class="nowrap">{day(deadline.dueDate)}</td>
                <td>{deadline.title}</td>
                <td>{deadline.form}</td>
                <td class="nowrap">{deadline.period}</td>
                <td>{deadline.status === 'completed' ? `cumplido el ${day(deadline.completedAt)}` : overdue ? 'vencido' : 'pendiente'}</td>
                <td>
                  {!readOnly && deadline.status !== 'completed' && (
                    <button type="button" onClick={() => done(deadline)} aria-label={`Marcar cumplido: ${deadline.title} ${deadline.period}`}>
                      Marcar cumplido
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
