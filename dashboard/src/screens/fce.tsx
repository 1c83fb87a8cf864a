import { createClient } from 'graphql-ws';
import { print } from 'graphql/language/printer';
import { useEffect, useState } from 'preact/hooks';
import type { Session } from '../api';
import { calendarDay, day, daysBetween, pesos, status, today, voucher } from '../format';
import { DashboardFceDocument, DashboardFceEventsDocument, type DashboardFceEventsSubscription, type DashboardFceQuery } from '../generated/operations';
import { Failure, Loading } from '../ui';
import { useOperation } from '../use-operation';

/** Ley 27.440 art. 8: the buyer has 15 calendar days from the voucher's receipt to accept or reject it. */
const TERM_DAYS = 15;

/** Days left to accept or reject (negative: the term has run out), from the issue day. */
function daysLeft(issueDate: string | null | undefined): number | null {
  return issueDate ? TERM_DAYS - daysBetween(calendarDay(issueDate), today()) : null;
}

function Term({ issueDate, open }: { issueDate: string | null | undefined; open: boolean }) {
  const left = daysLeft(issueDate);
  if (!open || left === null) return <span>—</span>;
  if (left < 0) return <span class="overdue">plazo vencido</span>;
  return <span>{left === 1 ? '1 día' : `${left} días`}</span>;
}

type Issued = DashboardFceQuery['issuedA']['nodes'][number];
type Event = DashboardFceEventsSubscription['fceEventRecorded'];

/** FCE events recorded from now on (here or by any other client), over the GraphQL subscription. */
function useFceEvents(session: Session, onEvent: (event: Event) => void): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const client = createClient({
      url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
      // The session cookie goes with the handshake; its CSRF token proves the page is the dashboard's.
      connectionParams: { 'x-csrf-token': session.csrf },
      on: { connected: () => setLive(true), closed: () => setLive(false) },
    });
    const stop = client.subscribe<DashboardFceEventsSubscription>(
      { query: print(DashboardFceEventsDocument), operationName: 'DashboardFceEvents' },
      { next: (message) => message.data && onEvent(message.data.fceEventRecorded), error: () => setLive(false), complete: () => undefined },
    );
    return () => {
      stop();
      client.dispose();
    };
  }, [session]);
  return live;
}

export function Fce({ session }: { session: Session }) {
  const { data, error, setData } = useOperation(session, DashboardFceDocument, {});
  const [last, setLast] = useState<Event | null>(null);
  const live = useFceEvents(session, (event) => {
    setLast(event);
    const update = (node: Issued): Issued => (node.fce?.id === event.fceInvoiceId ? { ...node, fce: { ...event.fceInvoice } } : node);
    setData((current) => ({
      ...current,
      issuedA: { nodes: current.issuedA.nodes.map(update) },
      issuedB: { nodes: current.issuedB.nodes.map(update) },
      issuedC: { nodes: current.issuedC.nodes.map(update) },
    }));
  });
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const issued = [...data.issuedA.nodes, ...data.issuedB.nodes, ...data.issuedC.nodes];
  const received = [...data.receivedA.nodes, ...data.receivedB.nodes, ...data.receivedC.nodes];
  const label = (node: { voucherType?: number | null; salePoint?: number | null; voucherNumber?: number | null }) =>
    voucher(node.voucherType, node.salePoint, node.voucherNumber);
  const lastVoucher = last && issued.find((node) => node.fce?.id === last.fceInvoiceId);
  return (
    <section aria-labelledby="fce-title">
      <h1 id="fce-title">Facturas de crédito electrónicas</h1>
      <p class="live" data-testid="fce-live">
        {live ? 'Actualización en vivo activa.' : 'Conectando la actualización en vivo…'}
      </p>
      <p aria-live="polite" data-testid="fce-last-event">
        {last && `Nuevo evento: ${lastVoucher ? label(lastVoucher) : 'FCE'} ${status(last.eventType)} el ${day(last.recordedAt)}.`}
      </p>
      <table class="list">
        <caption>Emitidas</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Comprobante</th>
            <th scope="col">Cliente</th>
            <th scope="col">Total</th>
            <th scope="col">Estado</th>
            <th scope="col">Plazo para aceptar o rechazar</th>
          </tr>
        </thead>
        <tbody>
          {issued.length === 0 && (
            <tr>
              <td colSpan={6}>Sin FCE emitidas.</td>
            </tr>
          )}
          {issued.map((node) => (
            <tr key={node.id} data-fce={node.fce?.id}>
              <td>{day(node.issueDate)}</td>
              <td>{label(node)}</td>
              <td>{node.receiverName}</td>
              <td class="num">{pesos(node.totalAmount ?? 0)}</td>
              <td data-testid="fce-status">{status(node.fce?.fceStatus ?? 'pending')}</td>
              <td>
                <Term issueDate={node.issueDate} open={(node.fce?.fceStatus ?? 'pending') === 'pending'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table class="list">
        <caption>Recibidas</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Comprobante</th>
            <th scope="col">Proveedor</th>
            <th scope="col">Total</th>
            <th scope="col">Estado</th>
            <th scope="col">Plazo para aceptar o rechazar</th>
          </tr>
        </thead>
        <tbody>
          {received.length === 0 && (
            <tr>
              <td colSpan={6}>Sin FCE recibidas.</td>
            </tr>
          )}
          {received.map((node) => (
            <tr key={node.id}>
              <td>{day(node.issueDate)}</td>
              <td>{label(node)}</td>
              <td>{node.supplierName}</td>
              <td class="num">{pesos(node.totalAmount ?? 0)}</td>
              <td>{status(node.status)}</td>
              <td>
                <Term issueDate={node.issueDate} open={node.status === 'pending'} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
