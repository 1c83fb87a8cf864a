import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { month, pesos } from './format';

export interface ChartMonth {
  period: string;
  purchases: number;
  vatPosition: number;
}

/** Purchases and the VAT position of twelve months, as lines (uPlot draws on a canvas: the table below says the same). */
export function MonthsChart({ months }: { months: ChartMonth[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const xs = months.map((_, index) => index);
    const plot = new uPlot(
      {
        width: Math.max(320, box.current.clientWidth - 24),
        height: 260,
        // Room on the right for the last month's label, centred on its tick.
        padding: [12, 36, 0, 0],
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => (months[tick] ? month(months[tick].period) : '')) },
          { size: 130, values: (_u, ticks) => ticks.map((tick) => pesos(tick)) },
        ],
        series: [
          { label: 'Mes', value: (_u, tick) => (months[tick] ? month(months[tick].period) : '—') },
          { label: 'Compras', stroke: '#1f5fa8', width: 2, value: (_u, value) => (value == null ? '—' : pesos(value)) },
          { label: 'Posición IVA', stroke: '#b35900', width: 2, dash: [6, 4], value: (_u, value) => (value == null ? '—' : pesos(value)) },
        ],
      },
      [xs, months.map((row) => row.purchases), months.map((row) => row.vatPosition)],
      box.current,
    );
    return () => plot.destroy();
  }, [months]);
  return <div ref={box} class="chart" role="img" aria-label="Compras y posición de IVA de los últimos doce meses" />;
}
