import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * A delivery note printed as a remito. RG (AFIP) 1415/2003, Anexo V ("Datos que deben contener los remitos, las
 * guías o documentos equivalentes"): I a) 1 razón social, 2 domicilio comercial, 3 CUIT, 4 ingresos brutos, 5 the
 * VAT condition's legend, 6 numbering (punto de venta and number), 7 inicio de actividades, 8 the letter "R" and the
 * voucher's code, 9 "Documento no válido como factura", 12 "CAI N°" and 13 "Fecha de vto."; the date; II the
 * receiver; III the goods (cantidad, unidad, descripción); IV the carrier, when a third party carries the goods.
 * What the service does not hold prints "no informado".
 */

let gw: TestGateway;
let key: string;
let noteId: string;

const gqlData = (res: { status: number; body: any }) => {
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
};

beforeAll(async () => {
  gw = await startTestGateway();
  gw.clock.now = new Date('2026-03-14T15:00:00Z');
  const account = await gw.account(['delivery_notes:read', 'delivery_notes:write', 'accounting:write']);
  key = account.key;
  expect((await gw.rest('PUT', '/iva/config/', { key, body: { vat_condition: 'responsable_inscripto' } })).status).toBe(200);
  const made = await gw.rest('POST', '/customers/', {
    key,
    body: { name: 'Papelera del Plata SA', document_type: 'CUIT', document_number: '30708123451', iva_condition: 'responsable_inscripto' },
  });
  expect(made.status).toBe(201);
  const customer = made.body.data.id ?? made.body.data._id;
  const created = await gw.rest('POST', '/delivery_notes/', {
    key,
    body: {
      customer_id: customer,
      sale_point: 3,
      destination_address: 'Depósito Barracas, Av. Montes de Oca 1200, CABA',
      carrier_name: 'Transportes Ñandú SRL',
      carrier_document: '30712345671',
      carrier_address: 'Av. Vélez Sarsfield 1500, Córdoba',
      items: [
        { description: 'Resmas A4 80 g', quantity: 12, unit: 'caja' },
        { description: 'Sobres manila', quantity: 2.5, unit: 'kg' },
      ],
    },
  });
  expect(created.status).toBe(201);
  noteId = created.body.data.id ?? created.body.data._id;
  gqlData(await gw.gql('mutation($id: ID!) { issueDeliveryNote(id: $id) { id } }', { id: noteId }, { key }));
  // The point of sale's CAI, recorded on the note once it is issued (issued notes take it).
  const authorized = await gw.rest('PUT', `/delivery_notes/${noteId}/`, { key, body: { cai: '51234567890123', cai_expiry: '2026-09-30' } });
  expect([authorized.status, authorized.body.data.cai, authorized.body.data.cai_expiry]).toEqual([200, '51234567890123', '2026-09-30']);
});
afterAll(async () => {
  await gw?.stop();
});

describe('remito PDF', () => {
  it('prints every datum Anexo V asks for, the ones the service lacks as "no informado", and renders with ink', async () => {
    const res = await fetch(`${gw.url}/api/v1/delivery_notes/${noteId}/pdf/`, { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=remito-00003-00000001.pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'remito-')), 'remito.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    // WRITE_DOC_IMAGES=1 refreshes the picture docs/exports.md shows; otherwise it goes beside the PDF.
    const picture = process.env.WRITE_DOC_IMAGES
      ? path.join(__dirname, '..', '..', 'docs', 'images', 'remito.png')
      : path.join(path.dirname(file), 'remito.png');
    const rendered = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, '..', 'support', 'render-pdf.mjs'), file, picture], { encoding: 'utf8' }));
    expect(rendered).toMatchObject({ pages: 1, width: 596, height: 842 });
    expect(rendered.dark).toBeGreaterThan(2000);
    expect(fs.statSync(picture).size).toBeGreaterThan(10_000);
    const text: string = rendered.text;
    for (const expected of [
      'R',
      'Código 091',
      'REMITO',
      'Nº 00003-00000001',
      'Fecha: 14/03/2026',
      'Documento no válido como factura',
      'Test account',
      'I.V.A. responsable inscripto',
      'Papelera del Plata SA',
      '30-70812345-1',
      'Depósito Barracas, Av. Montes de Oca 1200, CABA',
      'Transportes Ñandú SRL',
      'Av. Vélez Sarsfield 1500, Córdoba',
      '30-71234567-1',
      '51234567890123',
      '30/09/2026',
      'Resmas A4 80 g',
      '12',
      'caja',
      '2,5',
      'kg',
      'Sobres manila',
    ])
      expect(text).toContain(expected);
    for (const label of [
      'Razón social',
      'Domicilio comercial',
      'CUIT',
      'Ingresos brutos',
      'Condición frente al IVA',
      'Inicio de actividades',
      'Transportista',
      'Domicilio del transportista',
      'CUIT del transportista',
      'CAI N°',
      'Fecha de vto.',
    ])
      expect(text).toContain(label);
    // The account holds no commercial address, IIBB number nor start of activities: three blanks.
    expect(text.match(/no informado/g)).toHaveLength(3);
    expect(rendered.left['Domicilio comercial']).toBe(rendered.left['Razón social']);
  });

  it('GraphQL lists the data printed as "no informado"; another account reads the note as not found', async () => {
    const data = gqlData(await gw.gql('query($id: ID!) { deliveryNoteRemito(id: $id) { fileName missingFields } }', { id: noteId }, { key }));
    expect(data.deliveryNoteRemito).toEqual({
      fileName: 'remito-00003-00000001.pdf',
      missingFields: ['Domicilio comercial', 'Ingresos brutos', 'Inicio de actividades'],
    });
    const other = await gw.account(['delivery_notes:read']);
    const res = await gw.rest('GET', `/delivery_notes/${noteId}/pdf/`, { key: other.key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('takes the issuer from the primary taxpayer data once the account states it: nothing is then lacking', async () => {
    // Stated through GraphQL (updatePrimaryTaxpayer), what GET /bill/tax_info/taxpayer/ shows.
    gqlData(
      await gw.gql(
        'mutation($input: PrimaryTaxpayerInput!) { updatePrimaryTaxpayer(input: $input) { taxId } }',
        {
          input: {
            legalName: 'Imprenta Rivas SA',
            vatCondition: 'monotributo',
            grossIncomeNumber: '901-123456-7',
            activityStartDate: '2010-03-01',
            fiscalAddress: { street: 'Florida 100', city: 'CABA', province: 'Buenos Aires', postalCode: 'C1005' },
          },
        },
        { key },
      ),
    );
    const data = gqlData(await gw.gql('query($id: ID!) { deliveryNoteRemito(id: $id) { missingFields pdfBase64 } }', { id: noteId }, { key }));
    expect(data.deliveryNoteRemito.missingFields).toEqual([]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'remito-')), 'remito.pdf');
    fs.writeFileSync(file, Buffer.from(data.deliveryNoteRemito.pdfBase64, 'base64'));
    const rendered = JSON.parse(
      execFileSync(process.execPath, [path.join(__dirname, '..', 'support', 'render-pdf.mjs'), file, `${file}.png`], { encoding: 'utf8' }),
    );
    for (const expected of ['Imprenta Rivas SA', 'Responsable monotributo', '901-123456-7', '01/03/2010', 'Florida 100, CABA, Buenos Aires, C1005'])
      expect(rendered.text).toContain(expected);
    expect(rendered.text).not.toContain('no informado');
  });
});
