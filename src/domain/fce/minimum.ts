/**
 * The FCE MiPyME minimum amount ("monto mínimo", ARS, inclusive) as published over time: a voucher is compared with
 * the row in force on its own date. Each row names the instrument that set it and where the figure was read.
 *
 * 2019-05-01 · 6.000.000 — Resolución 10/2019 of the ex Secretaría de Simplificación Productiva (MPyT), art. 1: from
 *   1 May 2019 the régimen applies to vouchers of 6.000.000 or more (summary published by Estudio Rodríguez,
 *   https://www.estudiorodriguez.net/resolucion-ssp-10-2019-03-05-2019/).
 * 2019-06-03 · 1.357.480, flagged for review — Resolución SSP 17/2019 (published 3 June 2019) replaced the single
 *   figure with a schedule by activity lowering it to 2.000.000, 1.000.000 and 100.000 within 3 to 6 months
 *   (https://tbo.com.ar/es/resolucion-ssp-17-2019-factura-de-credito-electronica-mipyme-fce-nuevo-cronograma-de-implementacion);
 *   the yearly updates that followed were not found. 1.357.480 is the figure known to be in force until
 *   10 April 2025 (replaced on 11 April 2025: primeraedicion.com.ar, note 100991366). Vouchers of this span carry
 *   `review: true` rather than a figure presented as certain.
 * 2025-04-11 · 3.958.316 — yearly update published by ARCA with the MiPyME size values of Resolución 54/2025 of the
 *   Secretaría PyME (primeraedicion.com.ar note 100991366; estudiocontablecordoba.com, "Factura de crédito
 *   electrónica: cuándo se actualizará el monto mínimo de su emisión").
 * 2026-04-14 · 5.549.862 — Resolución 1/2026, as ARCA's FCE registry page states it: "Desde el 14 de abril de 2026,
 *   el monto mínimo a partir del cual las empresas están obligadas a emitir Facturas de Crédito Electrónicas se
 *   actualizó a $ 5.549.862 (Resolución 1/2026 …)" (https://www.afip.gob.ar/facturadecreditoelectronica/).
 *
 * A receiver-specific amount comes from ARCA itself (WSFECRED consultarMontoObligadoRecepcion, see obligation.ts).
 */

export interface MinimumRow {
  /** First day in force (Argentine calendar day, YYYY-MM-DD). */
  from: string;
  /** ARS, inclusive. */
  value: number;
  source: string;
  /** True when the figure or its start is not verified for the whole span: kept, and shown as needing review. */
  review: boolean;
}

export const FCE_MINIMUM_TABLE: readonly MinimumRow[] = [
  { from: '2019-05-01', value: 6_000_000, source: 'Resolución SSP 10/2019, art. 1 (from 2019-05-01)', review: false },
  {
    from: '2019-06-03',
    value: 1_357_480,
    source: 'Resolución SSP 17/2019 schedule by activity and later updates (not verified); 1.357.480 is the figure in force until 2025-04-10',
    review: true,
  },
  { from: '2025-04-11', value: 3_958_316, source: 'ARCA yearly update with Resolución SPyME 54/2025 (from 2025-04-11)', review: false },
  { from: '2026-04-14', value: 5_549_862, source: 'Resolución 1/2026 (from 2026-04-14), ARCA FCE registry', review: false },
];

/**
 * The row in force on an Argentine calendar day. Before the régimen's first row the first row is answered, flagged
 * for review: the voucher is kept and judged, never dropped.
 */
export function minimumOn(day: string, table: readonly MinimumRow[] = FCE_MINIMUM_TABLE): MinimumRow {
  let found: MinimumRow | undefined;
  for (const row of table) if (row.from <= day) found = row;
  return found ?? { ...table[0], review: true };
}
