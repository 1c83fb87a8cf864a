import type PDFDocument from 'pdfkit';

/**
 * An A4 document with pdfkit's built-in Helvetica (WinAnsi: Spanish accents and ñ print as they are), drawn by
 * `draw`, as the bytes of the finished file. The printable documents (withholding certificates, remitos) share it.
 */
export function renderPdf(info: { Title: string; Author: string }, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  // Loaded with the first document, not at start-up: a process may never print one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Pdf = require('pdfkit') as typeof PDFDocument;
  const doc = new Pdf({ size: 'A4', margin: 56, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Label and value side by side (the label grey in its column), the next row below the taller of the two. */
export function labelledRow(doc: PDFKit.PDFDocument, label: string, value: string, x: number, labelWidth: number, width: number): void {
  const y = doc.y;
  doc.font('Helvetica').fontSize(9.5).fillColor('#444').text(label, x, y, { width: labelWidth });
  const afterLabel = doc.y;
  doc.fillColor('#000').text(value, x + labelWidth, y, { width: width - labelWidth });
  doc.y = Math.max(afterLabel, doc.y) + 2;
}
