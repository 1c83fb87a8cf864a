import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const G3_HEADER = [
  'Fecha de Emisión',
  'Tipo de Comprobante',
  'Punto de Venta',
  'Número Desde',
  'Número Hasta',
  'Cód. Autorización',
  'Tipo Doc. Emisor',
  'Nro. Doc. Emisor',
  'Denominación Emisor',
  'Tipo Doc. Receptor',
  'Nro. Doc. Receptor',
  'Tipo Cambio',
  'Moneda',
  'Imp. Neto Gravado IVA 0%',
  'IVA 2,5%',
  'Imp. Neto Gravado IVA 2,5%',
  'IVA 5%',
  'Imp. Neto Gravado IVA 5%',
  'IVA 10,5%',
  'Imp. Neto Gravado IVA 10,5%',
  'IVA 21%',
  'Imp. Neto Gravado IVA 21%',
  'IVA 27%',
  'Imp. Neto Gravado IVA 27%',
  'Imp. Neto Gravado Total',
  'Imp. Neto No Gravado',
  'Imp. Op. Exentas',
  'Otros Tributos',
  'Total IVA',
  'Imp. Total',
]
  .map((title) => `"${title}"`)
  .join(';');

/** A CUIT with a valid check digit from a 10-digit body (bodies whose check digit would be 10 are skipped by callers). */
function cuitOf(body: string): string | null {
  const sum = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((total, weight, i) => total + weight * Number(body[i]), 0);
  const r = 11 - (sum % 11);
  return r === 10 ? null : `${body}${r === 11 ? 0 : r}`;
}

/** `cents` as the export writes it: decimal comma, no thousands separator. */
const amount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/**
 * Writes a G3 Recibidos export of `rows` vouchers addressed to `receiverCuit`, as the portal writes it (`;`, quoted
 * header, unquoted data, decimal comma, UTF-8): 500 issuers; a mix of A invoices at 21 % and at 10,5 % + 21 %, credit
 * notes, C invoices (total only) and a few USD rows; every row consistent (components add up to the total). `from`
 * numbers the first row, so that files written with consecutive ranges hold different vouchers (a series of uploads).
 */
export async function writeRecibidosG3(path: string, rows: number, receiverCuit: string, from = 0): Promise<number> {
  const issuers: string[] = [];
  for (let n = 0; issuers.length < 500; n++) {
    const cuit = cuitOf(`30${String(70_000_000 + n * 7919).padStart(8, '0')}`);
    if (cuit) issuers.push(cuit);
  }
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (line: string) => {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(G3_HEADER);
  for (let i = from; i < from + rows; i++) {
    const issuer = issuers[i % issuers.length];
    const day = `2025-12-${String((i % 28) + 1).padStart(2, '0')}`;
    const number = Math.floor(i / issuers.length) + 1;
    const net = 10_000 + ((i * 7_919) % 5_000_000);
    const kind = i % 10;
    const cae = `7548${String(1_000_000_000 + i).padStart(10, '0')}`;
    const head = `${day};${kind === 9 ? 11 : kind === 8 ? 3 : 1};${(i % 7) + 1};${number};${number};${cae};80;${issuer};PROVEEDOR ${i % issuers.length} S.A.;80;${receiverCuit}`;
    if (kind === 9) {
      await write(`${head};1,00;$;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;0,00;${amount(net)}`);
    } else if (kind === 7) {
      const low = Math.floor(net / 3);
      const high = net - low;
      const vatLow = Math.floor((low * 105 + 500) / 1000);
      const vatHigh = Math.floor((high * 210 + 500) / 1000);
      await write(
        `${head};1,00;$;;;;;;${amount(vatLow)};${amount(low)};${amount(vatHigh)};${amount(high)};;;${amount(net)};0,00;0,00;0,00;${amount(vatLow + vatHigh)};${amount(net + vatLow + vatHigh)}`,
      );
    } else {
      const vat = Math.floor((net * 210 + 500) / 1000);
      const [rate, currency] = kind === 6 && i % 20 === 6 ? ['1465,0222', 'USD'] : ['1,00', '$'];
      await write(`${head};${rate};${currency};;;;;;;;${amount(vat)};${amount(net)};;;${amount(net)};0,00;0,00;0,00;${amount(vat)};${amount(net + vat)}`);
    }
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
