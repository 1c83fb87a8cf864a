import PDFDocument from 'pdfkit';
import type { WithholdingCertificateDocument } from '../../store/withholdings.store';
import { certificateContent } from './certificate-content';

/** The certificate as an A4 PDF (pdfkit's built-in Helvetica, WinAnsi: Spanish accents and ñ print as they are). */
export function certificatePdf(certificate: WithholdingCertificateDocument): Promise<Buffer> {
  const { title, number, sections } = certificateContent(certificate);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${title} Nº ${number}`, Author: certificate.agent.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(15).text(title);
  doc.font('Helvetica').fontSize(11).text(`Nº ${number}`).moveDown();
  const labelWidth = 210;
  for (const section of sections) {
    // At the left margin: pdfkit would otherwise carry on from the last x used (the value column).
    doc.font('Helvetica-Bold').fontSize(11).text(section.title, doc.page.margins.left, doc.y).moveDown(0.2);
    for (const [label, value] of section.rows) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(9.5).fillColor('#444').text(label, doc.page.margins.left, y, { width: labelWidth });
      const afterLabel = doc.y;
      doc
        .fillColor('#000')
        .text(value, doc.page.margins.left + labelWidth, y, { width: doc.page.width - doc.page.margins.right - doc.page.margins.left - labelWidth });
      doc.y = Math.max(afterLabel, doc.y) + 2;
    }
    doc.moveDown(0.8);
  }
  doc.moveDown(3);
  const x = doc.page.margins.left;
  doc
    .moveTo(x, doc.y)
    .lineTo(x + 220, doc.y)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Firma y aclaración del responsable del agente de retención', x, doc.y + 4, { width: 260 });
  doc.end();
  return done;
}
