import { useState } from 'preact/hooks';
import { request, type Session, upload } from '../api';
import { count, currentMonth, day, monthRange, pesos, status, voucher } from '../format';
import {
  DashboardIgnoreInvoiceDocument,
  type DashboardImportFragment,
  DashboardImportInvoicesDocument,
  type DashboardInboxInvoiceFragment,
  DashboardInboxDocument,
  type DashboardInboxQuery,
  DashboardLinkInvoiceDocument,
  type ReceivedInvoiceStatus,
} from '../generated/operations';
import { Failure, Loading } from '../ui';
import { useOperation } from '../use-operation';

function ImportResult({ result }: { result: DashboardImportFragment }) {
  return (
    <dl class="result" aria-label="Resultado de la importación">
      <dt>Archivo</dt>
      <dd>{result.fileName}</dd>
      <dt>Importados</dt>
      <dd data-testid="rows-imported">{count(result.rowsImported)}</dd>
      <dt>Duplicados</dt>
      <dd data-testid="rows-duplicated">{count(result.rowsDuplicated)}</dd>
      <dt>A revisar</dt>
      <dd data-testid="rows-review">{count(result.rowsNeedingReview)}</dd>
      <dt>Con errores</dt>
      <dd>{count(result.rowsWithErrors)}</dd>
      {result.failure && (
        <>
          <dt>Falla</dt>
          <dd>{result.failure}</dd>
        </>
      )}
    </dl>
  );
}

function Upload({ session, onImported }: { session: Session; onImported: (result: DashboardImportFragment) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const send = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const answer = await upload(session, DashboardImportInvoicesDocument, { file: null }, file, setProgress);
      onImported(answer.importReceivedInvoices);
    } catch (failure) {
      setError(failure as Error);
      setProgress(null);
    }
  };
  return (
    <form class="upload" onSubmit={send}>
      <label>
        Archivo de Mis Comprobantes (Recibidos)
        <input type="file" accept=".csv,.txt,.zip" onChange={(event) => setFile((event.currentTarget as HTMLInputElement).files?.[0] ?? null)} />
      </label>
      <button type="submit" disabled={!file || (progress !== null && progress < 1)}>
        Importar
      </button>
      {progress !== null && (
        <progress max={1} value={progress} aria-label="Envío del archivo" data-testid="upload-progress">
          {Math.round(progress * 100)} %
        </progress>
      )}
      {error && <Failure error={error} />}
    </form>
  );
}

function Row({
  invoice,
  entries,
  session,
  readOnly,
  onChanged,
}: {
  invoice: DashboardInboxInvoiceFragment;
  entries: DashboardInboxQuery['journalEntries']['nodes'];
  session: Session;
  readOnly: boolean;
  onChanged: (invoice: DashboardInboxInvoiceFragment) => void;
}) {
  const [entry, setEntry] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const act = async (run: () => Promise<DashboardInboxInvoiceFragment>) => {
    setError(null);
    try {
      onChanged(await run());
    } catch (failure) {
      setError(failure as Error);
    }
  };
  const label = voucher(invoice.voucherType, invoice.salePoint, invoice.voucherNumber);
  const open = invoice.status !== 'linked' && !readOnly;
  return (
    <tr>
      <td>{day(invoice.issueDate)}</td>
      <td>{label}</td>
      <td>{invoice.supplierName}</td>
      <td class="num">{pesos(invoice.totalAmount ?? 0)}</td>
      <td>
        {status(invoice.status)}
        {invoice.linkedJournalEntry && ` (asiento ${invoice.linkedJournalEntry.number ?? ''})`}
        {invoice.needsReview && <span class="badge">a revisar</span>}
      </td>
      <td class="actions">
        {open && entries.length === 0 && <span>Sin asientos en el mes para vincular.</span>}
        {open && entries.length > 0 && (
          <>
            <select aria-label={`Asiento para ${label}`} value={entry} onChange={(event) => setEntry((event.currentTarget as HTMLSelectElement).value)}>
              <option value="">Elegir asiento…</option>
              {entries.map((option) => (
                <option key={option.id} value={option.id}>
                  {`N.º ${option.number ?? ''} · ${day(option.date)} · ${option.description}`}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={!entry}
              onClick={() =>
                act(async () => (await request(session, DashboardLinkInvoiceDocument, { id: invoice.id, journalEntryId: entry })).linkReceivedInvoice)
              }
            >
              Vincular
            </button>
          </>
        )}
        {open && invoice.status === 'pending' && (
          <button
            type="button"
            onClick={() => act(async () => (await request(session, DashboardIgnoreInvoiceDocument, { id: invoice.id })).ignoreReceivedInvoice)}
          >
            Ignorar
          </button>
        )}
        {error && <Failure error={error} />}
      </td>
    </tr>
  );
}

export function Inbox({ session }: { session: Session }) {
  const readOnly = session.role === 'viewer';
  const [period, setPeriod] = useState(currentMonth());
  const [supplier, setSupplier] = useState('');
  const [state, setState] = useState('');
  const [imported, setImported] = useState<DashboardImportFragment | null>(null);
  const { from, to } = monthRange(period);
  const filter = { from, to, ...(supplier ? { supplierCuit: supplier } : {}), ...(state ? { status: state as ReceivedInvoiceStatus } : {}) };
  const { data, error, setData, reload } = useOperation(session, DashboardInboxDocument, { filter, entriesFrom: from, entriesTo: to });
  const replace = (changed: DashboardInboxInvoiceFragment) =>
    setData((current) => ({
      ...current,
      receivedInvoices: { ...current.receivedInvoices, nodes: current.receivedInvoices.nodes.map((node) => (node.id === changed.id ? changed : node)) },
    }));
  const last = imported ?? data?.receivedInvoiceImports[0] ?? null;
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">Comprobantes recibidos</h1>
      <form class="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Mes
          <input type="month" value={period} onChange={(event) => setPeriod((event.currentTarget as HTMLInputElement).value || currentMonth())} />
        </label>
        <label>
          Proveedor
          <select value={supplier} onChange={(event) => setSupplier((event.currentTarget as HTMLSelectElement).value)}>
            <option value="">Todos</option>
            {data?.suppliers.nodes.map((option) => (
              <option key={option.id} value={option.taxId ?? ''}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Estado
          <select value={state} onChange={(event) => setState((event.currentTarget as HTMLSelectElement).value)}>
            <option value="">Todos</option>
            <option value="pending">pendiente</option>
            <option value="linked">vinculado</option>
            <option value="ignored">ignorado</option>
          </select>
        </label>
      </form>
      {!readOnly && (
        <Upload
          session={session}
          onImported={(result) => {
            setImported(result);
            reload();
          }}
        />
      )}
      {last && <ImportResult result={last} />}
      {error && <Failure error={error} />}
      {!data && !error && <Loading />}
      {data && (
        <table class="list">
          <caption>{`${count(data.receivedInvoices.totalCount)} comprobantes`}</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Comprobante</th>
              <th scope="col">Proveedor</th>
              <th scope="col">Total</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {data.receivedInvoices.nodes.map((invoice) => (
              <Row key={invoice.id} invoice={invoice} entries={data.journalEntries.nodes} session={session} readOnly={readOnly} onChanged={replace} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
