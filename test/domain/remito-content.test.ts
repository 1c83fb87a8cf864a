import { ObjectId } from 'mongodb';
import { IDENTIFIED_CONSUMER_FROM_CENTS, LEGEND, NOT_GIVEN, quantityText, REMITO_CODE, remitoContent } from '../../src/domain/delivery-notes/remito-content';
import type { DeliveryNoteDocument } from '../../src/store/delivery-notes.store';

/**
 * What a printed remito says (RG 1415/2003, Anexo V, as amended by RG 1697/2004, RG 2836/2010 and RG 4290/2018), field
 * by field; the legends and labels below are the Anexo's words. The PDF itself is checked in remito.test.ts.
 */

const note = (fields: Partial<DeliveryNoteDocument> = {}): DeliveryNoteDocument =>
  ({
    _id: new ObjectId(),
    account_id: new ObjectId(),
    customer_id: new ObjectId(),
    items: [
      { description: 'Resmas A4', quantity_milli: 12_000, unit: 'caja' },
      { description: 'Sobres', quantity_milli: 2_500 },
    ],
    sale_point: 3,
    number: 42,
    status: 'issued',
    metadata: {},
    // 02:30 UTC on 15 March is still the 14th in Argentina (UTC−3).
    issue_date: new Date('2026-03-15T02:30:00Z'),
    stock_deducted: true,
    total_cents: 0,
    ...fields,
  }) as DeliveryNoteDocument;

const FULL_ISSUER = {
  name: 'Imprenta Rivas SA',
  address: 'Florida 100, CABA',
  cuit: '30712345671',
  vatCondition: 'responsable_inscripto',
  grossIncomeNumber: '901-123456-7',
  activityStart: '01/03/2010',
};

describe('remitoContent', () => {
  it('the R box, code 091, the number, the Argentine day and the legend', () => {
    const content = remitoContent(note(), FULL_ISSUER, {});
    expect(content).toMatchObject({ letter: 'R', code: '091', number: '00003-00000042', date: '14/03/2026', legend: 'Documento no válido como factura' });
    expect([REMITO_CODE, LEGEND, NOT_GIVEN]).toEqual(['091', 'Documento no válido como factura', 'no informado']);
    expect(remitoContent(note({ formatted_number: '0003-00000042' }), FULL_ISSUER, {}).number).toBe('0003-00000042');
    expect(remitoContent(note({ number: null }), FULL_ISSUER, {}).number).toBe('00003-sin número (borrador)');
  });

  it('the issuer as given, the CUIT with its dashes; nothing missing when all is there', () => {
    const content = remitoContent(
      note({
        customer_name: 'Papelera SA',
        destination_address: 'Montes de Oca 1200',
        customer_document: '30708123451',
        cai: '51234567890123',
        cai_expiry: '2026-09-30',
      }),
      FULL_ISSUER,
      { vatCondition: 'monotributo' },
    );
    expect(content.issuer).toEqual([
      ['Razón social', 'Imprenta Rivas SA'],
      ['Domicilio comercial', 'Florida 100, CABA'],
      ['CUIT', '30-71234567-1'],
      ['Ingresos brutos', '901-123456-7'],
      ['Condición frente al IVA', 'I.V.A. responsable inscripto'],
      ['Inicio de actividades', '01/03/2010'],
    ]);
    expect(content.receiver).toEqual([
      ['Nombre o razón social', 'Papelera SA'],
      ['Domicilio', 'Montes de Oca 1200'],
      ['CUIT / documento', '30-70812345-1'],
      ['Condición frente al IVA', 'Responsable monotributo'],
    ]);
    // I a) 12 and 13: "CAI N°" and "Fecha de vto.".
    expect(content.authorization).toEqual([
      ['CAI N°', '51234567890123'],
      ['Fecha de vto.', '30/09/2026'],
    ]);
    expect(content.missing).toEqual([]);
    // An electronic note is authorized by its CAE instead.
    expect(remitoContent(note({ cae: '71234567890123' }), FULL_ISSUER, {}).authorization).toEqual([['CAE N°', '71234567890123']]);
  });

  it('what is not held prints "no informado" and is listed, in print order; blanks count as not held', () => {
    const content = remitoContent(note(), { name: '  ', cuit: '30712345671' }, {});
    expect(content.issuer.map(([, value]) => value)).toEqual([NOT_GIVEN, NOT_GIVEN, '30-71234567-1', NOT_GIVEN, NOT_GIVEN, NOT_GIVEN]);
    expect(content.missing).toEqual([
      'Razón social',
      'Domicilio comercial',
      'Ingresos brutos',
      'Condición frente al IVA',
      'Inicio de actividades',
      'Nombre o razón social',
      'Domicilio',
      'CUIT / documento',
      'Condición frente al IVA',
      'CAI N°',
      'Fecha de vto.',
    ]);
  });

  it('the receiver falls back to the customer: name, address in parts, document; the note’s own data first', () => {
    const customer = {
      name: 'Almacén Don Pepe',
      address: { street: 'Av. Rivadavia 4500', city: 'CABA', state: 'Buenos Aires', postal_code: 'C1424', country: 'AR' },
      document: '20123456786',
      vatCondition: 'consumidor_final',
    };
    expect(remitoContent(note(), FULL_ISSUER, customer).receiver).toEqual([
      ['Nombre o razón social', 'Almacén Don Pepe'],
      ['Domicilio', 'Av. Rivadavia 4500, CABA, Buenos Aires, C1424, AR'],
      ['CUIT / documento', '20-12345678-6'],
      ['Condición frente al IVA', 'A consumidor final'],
    ]);
    expect(remitoContent(note(), FULL_ISSUER, { address: 'Calle 1' }).receiver[1]).toEqual(['Domicilio', 'Calle 1']);
    expect(remitoContent(note(), FULL_ISSUER, { address: { city: 'Rosario' } }).receiver[1]).toEqual(['Domicilio', 'Rosario']);
    expect(remitoContent(note({ customer_document: '12345678' }), FULL_ISSUER, customer).receiver[2]).toEqual(['CUIT / documento', '12345678']);
    expect(remitoContent(note(), { ...FULL_ISSUER, vatCondition: 'otra' }, { vatCondition: 'otra' }).receiver[3]).toEqual(['Condición frente al IVA', 'otra']);
  });

  it('a final consumer (II d) is identified from $1.000 only: below it, name, address and document are no lack', () => {
    const consumer = { vatCondition: 'consumidor_final' };
    const authorized = { cai: '51234567890123', cai_expiry: '2026-09-30' };
    const below = remitoContent(note({ ...authorized, total_cents: IDENTIFIED_CONSUMER_FROM_CENTS - 1 }), FULL_ISSUER, consumer);
    expect(below.receiver).toEqual([
      ['Nombre o razón social', NOT_GIVEN],
      ['Domicilio', NOT_GIVEN],
      ['CUIT / documento', NOT_GIVEN],
      ['Condición frente al IVA', 'A consumidor final'],
    ]);
    expect(below.missing).toEqual([]);
    expect(IDENTIFIED_CONSUMER_FROM_CENTS).toBe(100_000);
    const at = remitoContent(note({ ...authorized, total_cents: IDENTIFIED_CONSUMER_FROM_CENTS }), FULL_ISSUER, consumer);
    expect(at.missing).toEqual(['Nombre o razón social', 'Domicilio', 'CUIT / documento']);
    // Any other receiver is identified whatever the amount.
    expect(remitoContent(note({ ...authorized, total_cents: 0 }), FULL_ISSUER, { vatCondition: 'monotributo' }).missing).toEqual([
      'Nombre o razón social',
      'Domicilio',
      'CUIT / documento',
    ]);
  });

  it('the goods: quantity, unit (else "unidad") and description; the carrier (IV) when a third party carries them', () => {
    const content = remitoContent(
      note({
        carrier_name: 'Transportes SA',
        carrier_document: '30712345671',
        carrier_address: 'Av. Vélez Sarsfield 1500, Córdoba',
        vehicle_plate: 'AB123CD',
        trailer_plate: 'AC456EF',
        origin_address: 'Planta',
      }),
      FULL_ISSUER,
      {},
    );
    expect(content.items).toEqual([
      { quantity: '12', unit: 'caja', description: 'Resmas A4' },
      { quantity: '2,5', unit: 'unidad', description: 'Sobres' },
    ]);
    expect(content.transport).toEqual([
      ['Origen', 'Planta'],
      ['Transportista', 'Transportes SA'],
      ['Domicilio del transportista', 'Av. Vélez Sarsfield 1500, Córdoba'],
      ['CUIT del transportista', '30-71234567-1'],
      ['Vehículo', 'AB123CD / AC456EF'],
    ]);
    expect(content.missing).not.toContain('Domicilio del transportista');
    // A carrier named without its address or CUIT: both are lacking.
    for (const carrier of [{ carrier_name: 'Fletes SRL' }, { carrier_document: '30712345671' }, { carrier_address: 'Ruta 9 km 3' }]) {
      const named = remitoContent(note(carrier), FULL_ISSUER, {});
      expect(named.transport.map(([label]) => label)).toEqual(['Transportista', 'Domicilio del transportista', 'CUIT del transportista']);
      expect(named.missing.filter((label) => label.endsWith('transportista') || label === 'Transportista')).toHaveLength(2);
    }
    // The issuer's own transport: no carrier data are asked for; what is given is printed.
    expect(remitoContent(note({ driver_name: 'Juan Pérez' }), FULL_ISSUER, {}).transport).toEqual([['Conductor', 'Juan Pérez']]);
    expect(remitoContent(note({ trailer_plate: 'AC456EF' }), FULL_ISSUER, {}).transport).toEqual([['Vehículo', 'AC456EF']]);
    expect(remitoContent(note(), FULL_ISSUER, {}).transport).toEqual([]);
  });
});

describe('the legends', () => {
  it.each([
    // Anexo V, I a) 5 as RG 2836/2010 worded it, and II.
    ['responsable_inscripto', 'I.V.A. responsable inscripto'],
    ['exento', 'I.V.A. exento'],
    ['monotributo', 'Responsable monotributo'],
    ['no_alcanzado', 'No responsable I.V.A.'],
    ['consumidor_final', 'A consumidor final'],
    ['no_categorizado', 'Sujeto no categorizado'],
    // Not in the Anexo: the condition's own name.
    ['proveedor_exterior', 'Proveedor del exterior'],
    ['cliente_exterior', 'Cliente del exterior'],
  ])('%s reads “%s”', (condition, legend) => {
    const content = remitoContent(note(), { vatCondition: condition }, { vatCondition: condition });
    expect(content.issuer[4]).toEqual(['Condición frente al IVA', legend]);
    expect(content.receiver[3]).toEqual(['Condición frente al IVA', legend]);
  });

  it('a CUIT is 11 digits exactly: anything else prints as given', () => {
    for (const document of ['A30708123451', '307081234512', '3070812345'])
      expect(remitoContent(note({ customer_document: document }), {}, {}).receiver[2]).toEqual(['CUIT / documento', document]);
  });
});

describe('quantityText', () => {
  it.each([
    [12_000, '12'],
    [2_500, '2,5'],
    [1_234_567, '1.234,567'],
    [1_000_000, '1.000'],
    [10, '0,01'],
    [1, '0,001'],
    [120, '0,12'],
  ])('%i thousandths → %s', (milli, text) => {
    expect(quantityText(milli)).toBe(text);
  });
});
