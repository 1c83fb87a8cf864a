import type { WithholdingCertificateDocument } from '../../store/withholdings.store';
import { labelledRow, renderPdf } from '../pdf/render';
import { certificateContent } from './certificate-content';

/** The certificate as an A4 PDF. */
export function certificatePdf(certificate: WithholdingCertificateDocument): Promise<Buffer> {
  const { title, number, sections } = certificateContent(certificate);
  return renderPdf({ Title: `${title} Nº ${number}`, Author: certificate.agent.name }, (doc) => draw(doc, title, number, sections));
}

function draw(doc: PDFKit.PDFDocument, title: string, number: string, sections: ReturnType<typeof certificateContent>['sections']): void {
  doc.font('Helvetica-Bold').fontSize(15).text(title);
  doc.font('Helvetica').fontSize(11).text(`Nº ${number}`).moveDown();
  const labelWidth = 210;
  for (const section of sections) {
    // At the left margin: pdfkit would otherwise carry on from the last x used (the value column).
    doc.font('Helvetica-Bold').fontSize(11).text(section.title, doc.page.margins.left, doc.y).moveDown(0.2);
    for (const [label, value] of section.rows) {
      labelledRow(doc, label, value, doc.page.margins.left, labelWidth, doc.page.width - doc.page.margins.right - doc.page.margins.left);
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
}
