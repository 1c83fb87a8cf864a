import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { certificatePdf } from '../../src/domain/withholdings/certificate-pdf';
import type { WithholdingCertificateDocument } from '../../src/store/withholdings.store';
import { once } from './withholding-store';

/**
 * The certificate as a PDF (RG 830 art. 25 / RG 2233: the agent hands the subject a certificate of each withholding):
 * every figure of the certificate printed on one A4 page, labels at the left margin and values in a column of their
 * own, the signature line last. The first page is rendered (pdfjs on a canvas) and read back as text.
 */
const at = new Date('2026-03-03T12:00:00Z');
const certificate: WithholdingCertificateDocument = {
  _id: new ObjectId(),
  account_id: new ObjectId(),
  number: 7,
  tax: 'ganancias',
  withholding_id: new ObjectId(),
  supplier_id: new ObjectId(),
  date: '2026-03-03',
  period: '2026-03',
  agent: { name: 'Agente Retenedor SA', cuit: '30708884444', address: 'Florida 100, CABA' },
  subject: { name: 'Servicios Ñandú SRL', cuit: '30712345671', address: 'Av. Corrientes 1234, CABA', condition: 'inscripto' },
  regime_code: '94',
  regime_description: 'Locaciones de obra y/o servicios',
  payment_id: 'OP 0001-00000102',
  invoices: ['A-0003-00000002'],
  amount_paid_cents: 80_000_00,
  base_cents: 80_000_00,
  accumulated_base_cents: 130_000_00,
  non_taxable_cents: 67_170_00,
  taxable_cents: 62_830_00,
  rate: 2,
  scale_applied: false,
  exclusion_percent: 0,
  amount_cents: 1_256_60,
  created_at: at,
  updated_at: at,
};

interface Rendered {
  pages: number;
  text: string;
  left: Record<string, number>;
  top: Record<string, number>;
  info: Record<string, string>;
  width: number;
  height: number;
  dark: number;
}

/** The certificate's PDF and what its first page renders to (made once, by the first test that asks). */
const printed = once(async () => {
  const pdf = await certificatePdf(certificate);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certificate-pdf-'));
  const file = path.join(dir, 'certificado.pdf');
  fs.writeFileSync(file, pdf);
  const rendered: Rendered = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, '..', 'support', 'render-pdf.mjs'), file], { encoding: 'utf8' }));
  fs.rmSync(dir, { recursive: true, force: true });
  return { pdf, rendered };
});

it('is one A4 page titled with the certificate and its number, by the agent', async () => {
  const { pdf, rendered } = await printed();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(rendered).toMatchObject({ pages: 1, width: 596, height: 842 });
  expect(rendered.info).toMatchObject({ Title: 'Certificado de retención — Impuesto a las Ganancias Nº 00000007', Author: 'Agente Retenedor SA' });
});

it('prints every row: the agent, the subject, the régimen, the origin and each figure of the calculation', async () => {
  const { rendered } = await printed();
  for (const text of [
    'Certificado de retención — Impuesto a las Ganancias',
    'Nº 00000007',
    'Agente de retención',
    'Agente Retenedor SA',
    '30-70888444-4',
    'Florida 100, CABA',
    'Sujeto retenido',
    'Servicios Ñandú SRL',
    '30-71234567-1',
    'Av. Corrientes 1234, CABA',
    'Inscripto',
    '94 — Locaciones de obra y/o servicios',
    '03/03/2026',
    'OP 0001-00000102',
    'A-0003-00000002',
    // Amount paid and this payment's base; the month's base; the MNSR; the taxable amount; the rate; the amount.
    '$ 80.000,00',
    '$ 130.000,00',
    '$ 67.170,00',
    '$ 62.830,00',
    '2 %',
    '0 %',
    '$ 1.256,60',
    'Mínimo no sujeto a retención deducido',
    'Importe retenido',
    'Firma y aclaración del responsable del agente de retención',
  ])
    expect(rendered.text).toContain(text);
  // A page of text has thousands of dark pixels (a blank one none): the text is printed in dark ink.
  expect(rendered.dark).toBeGreaterThan(2000);
});

it('lays labels and headings at the left margin (56 pt), values 210 pt to their right, in the content’s order', async () => {
  const { rendered } = await printed();
  for (const text of [
    'Certificado de retención — Impuesto a las Ganancias',
    'Nº 00000007',
    'Agente de retención',
    'Sujeto retenido',
    'Retención',
    'Razón social',
    'Importe retenido',
  ])
    expect({ text, left: rendered.left[text] }).toEqual({ text, left: 56 });
  for (const text of ['Agente Retenedor SA', '$ 1.256,60', '$ 130.000,00', '03/03/2026'])
    expect({ text, left: rendered.left[text] }).toEqual({ text, left: 266 });
  // Each value on its label's line; each section below the one before; the signature under everything.
  expect(rendered.top['$ 1.256,60']).toBe(rendered.top['Importe retenido']);
  expect(rendered.top['OP 0001-00000102']).toBe(rendered.top['Orden de pago']);
  const order = [
    'Nº 00000007',
    'Agente de retención',
    'Sujeto retenido',
    'Retención',
    'Importe retenido',
    'Firma y aclaración del responsable del agente de retención',
  ];
  const tops = order.map((text) => rendered.top[text]);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(new Set(tops).size).toBe(tops.length);
});
