import type { DeliveryNoteDocument } from '../../store/delivery-notes.store';
import type { AccountDocument } from '../../store/accounts.store';
import type { CustomerDocument } from '../../store/customers.store';
import { requirePrincipal, type RequestContext } from '../context';
import { labelledRow, renderPdf } from '../pdf/render';
import { type RemitoContent, remitoContent } from './remito-content';
import { deliveryNotes } from './delivery-notes.service';
import type { TaxInfo } from '../taxpayer-data/primary';

/** A delivery note as a printable remito: the PDF, its file name and the required data it lacks. */
export interface Remito {
  fileName: string;
  pdf: Buffer;
  missing: string[];
}

/** The remito of one of the caller's delivery notes (another account's reads as not found). */
export async function remitoOf(context: RequestContext, id: string): Promise<Remito> {
  const note = (await deliveryNotes.get(context, id)) as DeliveryNoteDocument;
  const accountId = requirePrincipal(context).accountId;
  const [account, iva, withholding, customer] = await Promise.all([
    context.store
      .collection<AccountDocument>('accounts')
      .findOne({ _id: accountId }, { projection: { name: 1, cuit: 1, 'settings.tax_condition': 1, 'settings.tax_info': 1 } }),
    context.store.collection<{ vatCondition?: string }>('iva_config').findOne({ account_id: accountId }, { projection: { vatCondition: 1 } }),
    context.store.collection<{ agent_address?: string }>('withholding_config').findOne({ account_id: accountId }, { projection: { agent_address: 1 } }),
    context.store.collection<CustomerDocument>('customers').findOne({ _id: note.customer_id, account_id: accountId }),
  ]);
  const settings = account?.settings as { tax_condition?: string; tax_info?: TaxInfo } | undefined;
  const info = settings?.tax_info ?? {};
  const fiscal = info.fiscal_address;
  const content = remitoContent(
    note,
    {
      // The primary taxpayer's data (GET /bill/tax_info/taxpayer/) first; the account's own name and CUIT else.
      name: info.legal_name ?? account?.name,
      cuit: account?.cuit,
      // The VAT condition only as the account stated it (its taxpayer data, else its VAT book settings once saved).
      vatCondition: settings?.tax_condition ?? iva?.vatCondition,
      // Where the goods are kept and dispatched from, as the withholding settings give it; else the fiscal address.
      address: withholding?.agent_address ?? (fiscal && [fiscal.street, fiscal.city, fiscal.province, fiscal.postal_code].filter(Boolean).join(', ')),
      grossIncomeNumber: info.gross_income_number,
      activityStart: info.activity_start_date?.split('-').reverse().join('/'),
    },
    { name: customer?.name, address: customer?.address, document: customer?.document_number, vatCondition: customer?.iva_condition },
  );
  const pdf = await renderPdf({ Title: `Remito R ${content.number}`, Author: account?.name ?? '' }, (doc) => draw(doc, content));
  return { fileName: `remito-${content.number.replace(/[^\d-]/g, '')}.pdf`, pdf, missing: content.missing };
}

function section(doc: PDFKit.PDFDocument, title: string, rows: Array<[string, string]>): void {
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000').text(title, x, doc.y).moveDown(0.2);
  for (const [label, value] of rows) labelledRow(doc, label, value, x, 170, width);
  doc.moveDown(0.6);
}

function draw(doc: PDFKit.PDFDocument, content: RemitoContent): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.page.margins.top;
  // The letter in its box at the top centre, the voucher's code under it (Anexo V, I a) 8).
  const box = 44;
  const boxX = left + (width - box) / 2;
  doc.rect(boxX, top, box, box).lineWidth(1.5).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(30)
    .text(content.letter, boxX, top + 8, { width: box, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .text(`Código ${content.code}`, boxX - 20, top + box + 3, { width: box + 40, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text('REMITO', left, top + 4, { width: boxX - left - 10 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Nº ${content.number}`, boxX + box + 10, top + 4, { width: width - (boxX + box + 10 - left), align: 'right' });
  doc.text(`Fecha: ${content.date}`, boxX + box + 10, doc.y + 2, { width: width - (boxX + box + 10 - left), align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(content.legend, left, top + box + 16, { width, align: 'center' });
  doc.moveDown(1);
  section(doc, 'Emisor', content.issuer);
  section(doc, 'Destinatario', content.receiver);
  if (content.transport.length) section(doc, 'Transporte', content.transport);
  // The goods: quantity, unit and description (Anexo V, III).
  doc.font('Helvetica-Bold').fontSize(11).text('Bienes', left, doc.y).moveDown(0.2);
  const columns = [
    { title: 'Cantidad', width: 70, align: 'right' as const },
    { title: 'Unidad', width: 70, align: 'left' as const },
    { title: 'Descripción', width: width - 160, align: 'left' as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9.5)
        .text(cell, x, y, { width: columns[i].width, align: columns[i].align });
      bottom = Math.max(bottom, doc.y);
      x += columns[i].width + 10;
    });
    doc.y = bottom + 3;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  doc
    .moveTo(left, doc.y - 1)
    .lineTo(left + width, doc.y - 1)
    .lineWidth(0.5)
    .stroke();
  for (const item of content.items) row([item.quantity, item.unit, item.description], false);
  doc.moveDown(1);
  section(doc, 'Autorización', content.authorization);
}
