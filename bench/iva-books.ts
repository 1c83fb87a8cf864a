/**
 * The VAT book of a month of 100,000 received invoices: `npm run bench:books`. Writes a G3 Recibidos export of
 * BENCH_BOOK_ROWS rows (default 100,000, all dated December 2025), imports it through
 * POST /api/v1/received_invoices/upload-csv/ (which writes the book's lines with each batch), then times reads through
 * the gateway: a page of the book's lines (first and deep), the book with its totals, and the month's VAT position;
 * then the settings change that rebuilds the month (a new pro-rata coefficient).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBench, withSeededGateway } from './harness';
import { writeRecibidosG3 } from './import-file';
import { percentiles, timed } from './timing';

const ROWS = Number(process.env.BENCH_BOOK_ROWS ?? 100_000);
const SAMPLES = 20;
/** The seeded bench account's CUIT (bench/seed.ts). */
const ACCOUNT_CUIT = '30712345671';

runBench('books', () =>
  withSeededGateway('books', async ({ gateway, send, key }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-books-bench-'));
    try {
      const file = path.join(dir, 'comprobantes_consulta_csv_recibidos_bench.csv');
      await writeRecibidosG3(file, ROWS, ACCOUNT_CUIT);
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), path.basename(file));
      const upload = await timed(() =>
        fetch(`${gateway.url}/api/v1/received_invoices/upload-csv/`, { method: 'POST', headers: { 'x-api-key': key }, body: form }),
      );
      const body = (await upload.result.json()) as { data?: { rows_imported: number } };
      if (upload.result.status !== 200 || body.data?.rows_imported !== ROWS)
        throw new Error(`upload: ${upload.result.status} ${JSON.stringify(body).slice(0, 300)}`);
      // The statistics' recount the import left runs after its answer: the reads are timed without it.
      await gateway.store.idle();
      const lines = await gateway.store.collection('iva_book_entries').countDocuments({ period: '2025-12', book_type: 'purchases' });
      console.log(`\nVAT book of December 2025 with ${lines.toLocaleString('en')} lines from ${ROWS.toLocaleString('en')} imported received invoices`);
      console.log(
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os
          .loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
      );
      console.log(
        `import (lines written with each batch): ${(upload.ms / 1000).toFixed(1)} s, ${Math.round(ROWS / (upload.ms / 1000)).toLocaleString('en')} rows/s\n`,
      );
      const reads: Array<[string, string]> = [
        ['a page of 50 lines (first)', '/api/v1/iva/books/2025-12-purchases/entries/?limit=50'],
        ['a page of 50 lines (page 1,801: from line 90,001)', '/api/v1/iva/books/2025-12-purchases/entries/?limit=50&page=1801'],
        ['the book with its totals by rate', '/api/v1/iva/books/2025-12/purchases/'],
        ['the VAT position of the month', '/api/v1/iva/summary/2025-12/'],
      ];
      console.log('| Read (GET) | time |\n|---|---|');
      for (const [label, url] of reads) {
        await send(gateway.url, 'GET', url);
        const samples: number[] = [];
        for (let i = 0; i < SAMPLES; i++) samples.push((await timed(() => send(gateway.url, 'GET', url))).ms);
        console.log(`| ${label} | ${percentiles(samples)} |`);
      }
      // The whole book as a file, streamed from a cursor: the time to the last byte, and how far the process's
      // resident memory rose above where it stood (sampled every 20 ms) while it was written.
      console.log('\n| Export of the whole book | time | bytes | peak RSS above the start |\n|---|---|---|---|');
      for (const format of ['xlsx', 'csv']) {
        const start = process.memoryUsage().rss;
        let peak = start;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 20);
        const download = await timed(async () => {
          const res = await fetch(`${gateway.url}/api/v1/iva/books/2025-12-purchases/entries/export/?format=${format}`, {
            headers: { 'x-api-key': key, 'accept-encoding': 'identity' },
          });
          let bytes = 0;
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
          return bytes;
        });
        clearInterval(sampler);
        const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
        console.log(`| ${format} | ${(download.ms / 1000).toFixed(1)} s | ${mb(download.result)} | ${mb(peak - start)} |`);
      }
      // The explicit write that rewrites every line of the open months: a new pro-rata coefficient.
      const rebuild = await timed(() => send(gateway.url, 'PUT', '/api/v1/iva/config/', { prorata: 'global', prorata_coefficient: 0.5 }));
      const position = JSON.parse((await send(gateway.url, 'GET', '/api/v1/iva/summary/2025-12/')).text) as { data: { credit: number } };
      console.log(
        `\nsettings change rebuilding the month's ${lines.toLocaleString('en')} lines (one transaction): ${(rebuild.ms / 1000).toFixed(1)} s; credit then ${position.data.credit}`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }),
);
