import { startTestGateway } from './support/gateway';
import { createChart, posted, SMALL_CHART } from './gateway/support/accounting';
it('probe', async () => {
  const logs: Array<Record<string, unknown>> = [];
  const gw = await startTestGateway({}, logs);
  const { key } = await gw.account(['accounting:read', 'accounting:write']);
  await createChart(gw, key, SMALL_CHART);
  const movements: any[] = [];
  for (let b = 0; b < 5; b++) {
    const lines: any[] = [];
    let total = 0;
    for (let i = 0; i < 999; i++) {
      const n = b * 1000 + i;
      const cents = 10_000 + n * 7;
      total += cents;
      movements.push({ date: `2026-07-${String(1 + (n % 28)).padStart(2, '0')}`, cents });
      lines.push({ account_code: '1.1.02', debit: cents / 100 });
    }
    lines.push({ account_code: '4.1', credit: total / 100 });
    await posted(gw, key, { date: '2026-07-14', description: 'x', lines });
  }
  const csv = ['Fecha;Concepto;Importe', ...movements.map((m) => `${m.date.slice(8)}/07/2026;Cobro;${(m.cents / 100).toFixed(2).replace('.', ',')}`)].join(
    '\n',
  );
  const form = new FormData();
  form.append('ledger_account_code', '1.1.02');
  form.append('file', new Blob([csv]), 'j.csv');
  const imported = await gw.rest('POST', '/accounting/bank/import/', { key, body: form });
  const t = Date.now();
  const runs = await Promise.all(
    [0, 1, 2].map(() => gw.rest('POST', `/accounting/bank/auto-match/${imported.body.data.id}/`, { key, body: { date_window_days: 14 } })),
  );
  console.log(
    Date.now() - t,
    runs.map((run) => run.status + ' ' + JSON.stringify(run.body).slice(0, 100)),
  );
  console.log(JSON.stringify(logs.filter((l) => (l.level as number) >= 50)).slice(0, 3000));
  await gw.stop();
}, 300000);
