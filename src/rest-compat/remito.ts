import type { RestRoute } from './route';

/**
 * A delivery note printed as a remito (RG 1415/2003, Anexo V; docs/exports.md): an A4 PDF. The required data the
 * service does not hold print as "no informado"; GraphQL's `deliveryNoteRemito.missingFields` lists them.
 */
export const REMITO_ROUTE: RestRoute = {
  method: 'get',
  path: '/delivery_notes/{id}/pdf/',
  summary:
    'A delivery note as a printable remito, an A4 PDF: the "R" box and código 091, punto de venta and number, date, issuer, receiver, goods, C.A.I./C.A.E. and the legend "Documento no válido como factura"',
  scope: 'delivery_notes:read',
  document: 'query RestDeliveryNoteRemito($id: ID!) { deliveryNoteRemito(id: $id) { fileName pdfBase64 } }',
  variables: ({ params }) => ({ id: params.id }),
  respond(data) {
    const remito = data.deliveryNoteRemito as { fileName: string; pdfBase64: string };
    return { status: 200, data: null, file: { name: remito.fileName, contentType: 'application/pdf', body: Buffer.from(remito.pdfBase64, 'base64') } };
  },
  responseSchema: { type: 'string', format: 'binary' },
  download: { contentTypes: ['application/pdf'] },
  examples: {
    response: {
      name: 'remito-00001-00000042',
      summary: 'remito-00001-00000042.pdf',
      description: 'Remito R 00001-00000042 of Imprenta Rivas SA to Papelera del Plata SA: 12 cajas of A4 paper.',
    },
  },
  successStatus: 200,
};
