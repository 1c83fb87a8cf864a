import { useState } from 'preact/hooks';
import type { Session } from '../api';
import { currentMonth, day, monthRange, monthsBefore, pesos, status, today, voucher } from '../format';
import {
  DashboardAccountLinesDocument,
  DashboardEntryDocument,
  type DashboardIvaBookFragment,
  DashboardSourceVoucherDocument,
  DashboardTrialBalanceDocument,
} from '../generated/operations';
import { Failure, Loading } from '../ui';
import { useOperation } from '../use-operation';

/** Level 4 of the drill-down: the voucher an entry was posted from. */
function SourceVoucher({ session, id }: { session: Session; id: string }) {
  const { data, error } = useOperation(session, DashboardSourceVoucherDocument, { id });
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const invoice = data.receivedInvoice;
  return (
    <section class="panel" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{voucher(invoice.voucherType, invoice.salePoint, invoice.voucherNumber)}</h2>
      <dl class="result">
        <dt>Proveedor</dt>
        <dd>{`${invoice.supplierName ?? ''} (CUIT ${invoice.supplierCuit ?? ''})`}</dd>
        <dt>Fecha</dt>
        <dd>{day(invoice.issueDate)}</dd>
        <dt>CAE</dt>
        <dd>{invoice.cae ?? '—'}</dd>
        <dt>Neto gravado</dt>
        <dd>{pesos(invoice.netTaxed ?? 0)}</dd>
        <dt>IVA</dt>
        <dd>{pesos(invoice.iva ?? 0)}</dd>
        <dt>Total</dt>
        <dd>{pesos(invoice.totalAmount ?? 0)}</dd>
        <dt>Estado</dt>
        <dd>{status(invoice.status)}</dd>
      </dl>
    </section>
  );
}

/** Level 3: one journal entry with its lines and its source. */
function Entry({ session, id }: { session: Session; id: string }) {
  const { data, error } = useOperation(session, DashboardEntryDocument, { id });
  const [source, setSource] = useState<string | null>(null);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const entry = data.journalEntry;
  return (
    <>
      <section class="panel" aria-labelledby="entry-title">
        <h2 id="entry-title">{`Asiento N.º ${entry.number ?? '—'} del ${day(entry.date)}`}</h2>
        <p>{entry.description}</p>
        <table class="list">
          <caption>Líneas del asiento</caption>
          <thead>
            <tr>
              <th scope="col">Cuenta</th>
              <th scope="col">Debe</th>
              <th scope="col">Haber</th>
            </tr>
          </thead>
          <tbody>
            {entry.lines.map((line, index) => (
              <tr key={`${line.accountCode}-${index}`}>
                <td>{`${line.accountCode} ${line.accountName ?? ''}`}</td>
                <td class="num">{line.debit ? pesos(line.debit) : ''}</td>
                <td class="num">{line.credit ? pesos(line.credit) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {entry.sourceReceivedInvoice && (
          <button type="button" onClick={() => setSource(entry.sourceReceivedInvoice?.id ?? null)}>
            Ver el comprobante de origen
          </button>
        )}
        {entry.sourceExpense && <p>{`Origen: gasto «${entry.sourceExpense.description}»`}</p>}
      </section>
      {source && <SourceVoucher session={session} id={source} />}
    </>
  );
}

/** Level 2: the posted lines of one account in the period. */
function AccountLines({ session, code, from, to }: { session: Session; code: string; from: string; to: string }) {
  const { data, error } = useOperation(session, DashboardAccountLinesDocument, { code, from, to });
  const [entry, setEntry] = useState<string | null>(null);
  if (error) return <Failure error={error} />;
  if (!data) return <Loading />;
  const account = data.accountLedger.account;
  return (
    <>
      <section class="panel" aria-labelledby="lines-title">
        <h2 id="lines-title">{`Mayor de ${account.code} ${account.name}`}</h2>
        <table class="list">
          <caption>{`Saldo inicial ${pesos(account.openingBalance)} · saldo final ${pesos(account.closingBalance)}`}</caption>
          <thead>
            <tr>
              <th scope="col">Fecha</th>
              <th scope="col">Asiento</th>
              <th scope="col">Concepto</th>
              <th scope="col">Debe</th>
              <th scope="col">Haber</th>
              <th scope="col">Saldo</th>
            </tr>
          </thead>
          <tbody>
            {account.lines.map((line) => (
              <tr key={`${line.entryId}-${line.number}-${line.balance}`}>
                <td>{day(line.date)}</td>
                <td>
                  <button type="button" class="link" onClick={() => setEntry(line.entryId)}>
                    {`N.º ${line.number}`}
                  </button>
                </td>
                <td>{line.entryDescription}</td>
                <td class="num">{line.debit ? pesos(line.debit) : ''}</td>
                <td class="num">{line.credit ? pesos(line.credit) : ''}</td>
                <td class="num">{pesos(line.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {entry && <Entry key={entry} session={session} id={entry} />}
    </>
  );
}

const BOOK_NAMES: Record<string, string> = { purchases: 'Libro IVA Compras', sales: 'Libro IVA Ventas' };

function Book({ book }: { book: DashboardIvaBookFragment }) {
  return (
    <tr>
      <th scope="row">{BOOK_NAMES[book.bookType] ?? book.bookType}</th>
      <td class="num">{book.count}</td>
      <td class="num">{pesos(book.total)}</td>
      <td class="num">{pesos(book.vat)}</td>
      <td>{book.entriesToReview ? `${book.entriesToReview} a revisar` : book.status === 'closed' ? 'cerrado' : 'abierto'}</td>
      <td>
        {/* The existing REST download (GET, with the session cookie): a ZIP of the two Libro IVA Digital files. */}
        <a href={`/api/v1/iva/export/${book.period}/${book.bookType}/`} download>
          {`Descargar LID ${book.period}`}
        </a>
      </td>
    </tr>
  );
}

export function Accounting({ session }: { session: Session }) {
  const [from, setFrom] = useState(`${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today());
  const [period, setPeriod] = useState(monthsBefore(currentMonth(), 1));
  const [account, setAccount] = useState<string | null>(null);
  const { data, error } = useOperation(session, DashboardTrialBalanceDocument, { from, to, period });
  return (
    <section aria-labelledby="accounting-title">
      <h1 id="accounting-title">Contabilidad</h1>
      <form class="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Desde
          <input type="date" value={from} onChange={(event) => setFrom((event.currentTarget as HTMLInputElement).value || from)} />
        </label>
        <label>
          Hasta
          <input type="date" value={to} onChange={(event) => setTo((event.currentTarget as HTMLInputElement).value || to)} />
        </label>
        <label>
          Mes de los libros de IVA
          <input
            type="month"
            value={period}
            onChange={(event) => setPeriod((event.currentTarget as HTMLInputElement).value || period)}
            max={monthRange(currentMonth()).to.slice(0, 7)}
          />
        </label>
      </form>
      {error && <Failure error={error} />}
      {!data && !error && <Loading />}
      {data && (
        <>
          <table class="list">
            <caption>Libros de IVA</caption>
            <thead>
              <tr>
                <td />
                <th scope="col">Comprobantes</th>
                <th scope="col">Total</th>
                <th scope="col">IVA</th>
                <th scope="col">Estado</th>
                <th scope="col">Libro IVA Digital</th>
              </tr>
            </thead>
            <tbody>
              <Book book={data.purchasesBook} />
              <Book book={data.salesBook} />
            </tbody>
          </table>
          <table class="list">
            <caption>{`Balance de sumas y saldos del ${day(from)} al ${day(to)}${data.trialBalance.balanced ? '' : ' (no balancea)'}`}</caption>
            <thead>
              <tr>
                <th scope="col">Cuenta</th>
                <th scope="col">Debe</th>
                <th scope="col">Haber</th>
                <th scope="col">Saldo</th>
              </tr>
            </thead>
            <tbody>
              {data.trialBalance.items.map((row) => (
                <tr key={row.code} class={row.isDetail ? undefined : 'heading'}>
                  <td style={{ paddingLeft: `${row.level * 0.8}rem` }}>
                    {row.isDetail ? (
                      <button type="button" class="link" onClick={() => setAccount(row.code)}>
                        {`${row.code} ${row.name}`}
                      </button>
                    ) : (
                      `${row.code} ${row.name}`
                    )}
                  </td>
                  <td class="num">{pesos(row.debit)}</td>
                  <td class="num">{pesos(row.credit)}</td>
                  <td class="num">{pesos(row.balance)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Totales</th>
                <td class="num">{pesos(data.trialBalance.totals.debit)}</td>
                <td class="num">{pesos(data.trialBalance.totals.credit)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
          {account && <AccountLines key={`${account}${from}${to}`} session={session} code={account} from={from} to={to} />}
        </>
      )}
    </section>
  );
}
