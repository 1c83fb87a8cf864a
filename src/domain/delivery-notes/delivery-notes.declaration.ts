import { dateTime, day, declareResource, flag, instant, int, json, lines, money, oneOf, quantity, ref, text } from '../declare/field';

export const DELIVERY_NOTE_STATUSES = ['draft', 'issued', 'delivered', 'invoiced', 'cancelled'] as const;
export type DeliveryNoteStatus = (typeof DELIVERY_NOTE_STATUSES)[number];

/** The most lines one note may carry, and the largest free-form object (as JSON) a note or a line may hold. */
export const MAX_NOTE_ITEMS = 1000;
export const MAX_METADATA_CHARS = 16_000;

const MACHINE =
  'draft → issued → delivered → invoiced; draft or issued → cancelled. Issuing numbers the note and deducts stock; cancelling an issued note restores it and keeps the number. Any other move is 409 INVALID_TRANSITION.';

/** A delivery note (remito R): goods handed to a customer, not an invoice (contract §2.2, §3.2). */
export const DELIVERY_NOTE = declareResource({
  type: 'DeliveryNote',
  one: 'deliveryNote',
  many: 'deliveryNotes',
  label: 'delivery note',
  description: 'A delivery note (remito R): goods handed to a customer. Not an invoice.',
  collection: 'delivery_notes',
  scopes: { read: 'delivery_notes:read', write: 'delivery_notes:write' },
  rest: { base: '/delivery_notes', idName: 'id' },
  fields: {
    customerId: ref('customers', 'customer', { required: true, filter: 'customerId', description: 'The customer receiving the goods.' }),
    items: lines(
      'DeliveryNoteItem',
      {
        description: text(500, { example: 'Resma A4 75 g x 500 hojas', min: 1, required: true }),
        quantity: quantity({ example: 10, required: true, description: 'Quantity delivered.' }),
        productId: ref('products', 'product', {
          filter: 'productId',
          description: 'A product of the account; its stock is deducted when the note is issued.',
        }),
        variantId: text(100, { example: 'blanco', description: 'The variant of the product, as the caller names it.' }),
        sku: text(100, { example: 'RES-A4-75', description: "The seller's product code (default: the product's sku)." }),
        unit: text(20, { example: 'unidad', description: "Unit of measure (default: the product's unit)." }),
        unitPrice: money(0, { example: 8450.5, description: 'Declared unit value.' }),
        subtotal: money(0, { example: 84505, description: 'Declared line value (default: quantity × unit price, exact to the centavo).' }),
        metadata: json(MAX_METADATA_CHARS, { example: { pedido_web: 'W-10452' }, description: "Free-form data of the caller's own systems." }),
      },
      MAX_NOTE_ITEMS,
      { required: true, min: 1, typeDescription: 'One line of a delivery note.' },
    ),
    customerName: text(200, { example: 'Distribuidora Norte SRL', description: "The customer's name as printed on the note (default: the customer's name)." }),
    customerDocument: text(30, { example: '30690123459', description: "The customer's CUIT, CUIL or DNI as printed (default: the customer's tax id)." }),
    salePoint: int(1, 99999, { default: 1, filter: 'salePoint', description: 'Point of sale (default 1).' }),
    number: int(1, 99_999_999, {
      example: 152,
      readOnly: true,
      filter: 'number',
      sort: true,
      description: 'Correlative per sale point, assigned when issued (null while draft); kept when cancelled.',
    }),
    formattedNumber: text(14, { example: '00001-00000152', readOnly: true, description: 'PPPPP-NNNNNNNN, the printed number (null while draft).' }),
    status: oneOf(DELIVERY_NOTE_STATUSES, 'DeliveryNoteStatus', {
      default: 'draft',
      filter: 'status',
      typeDescription: MACHINE,
      description: `${MACHINE} A new note is a draft unless given another status: it then walks the machine to it at once.`,
    }),
    reference: text(100, { example: 'OC-2025-0142', description: "The caller's own reference (an order number)." }),
    originAddress: text(300, { example: 'Av. Corrientes 1234, CABA', description: 'Where the goods leave from.' }),
    destinationAddress: text(300, { example: 'Ruta 8 km 52, Pilar, Buenos Aires', description: 'Where the goods are delivered.' }),
    carrierName: text(200, { example: 'Transportes del Sur SA', description: 'Transport data stays editable once the note is issued.' }),
    carrierDocument: text(30, { example: '30587654322', description: "The carrier's CUIT or document." }),
    carrierAddress: text(300, {
      example: 'Av. Vélez Sarsfield 1500, Córdoba',
      description: "The carrier's business address: the remito prints it when a third party carries the goods (RG 1415/2003, Anexo V, IV).",
    }),
    driverName: text(200, { example: 'Jorge Pérez' }),
    vehiclePlate: text(20, { example: 'AE 123 CD', description: 'As written (any format).' }),
    trailerPlate: text(20, { example: 'AB 987 XY', description: 'As written (any format).' }),
    departureDate: day({ description: 'The day the goods leave.' }),
    notes: text(2000, { example: 'Entregar en el depósito, portón 2.' }),
    metadata: json(MAX_METADATA_CHARS, { example: { pedido_web: 'W-10452' }, default: {}, description: "Free-form data of the caller's own systems." }),
    issueDate: instant({
      sort: true,
      description: 'When the note was issued; while a draft, when it was written.',
    }),
    deliveryDate: dateTime({
      window: { from: 'deliveryDateFrom', to: 'deliveryDateTo' },
      description: 'When the goods were delivered: written with the move to delivered (default: now), never in the future nor before the issue.',
    }),
    invoiceId: text(100, {
      example: 'FA-A-00001-00000871',
      min: 1,
      description: 'The invoice covering the note: written with the move to invoiced when given (null otherwise, as the contract allows).',
    }),
    cae: text(14, {
      example: '75123456789012',
      readOnly: true,
      description: 'Authorization code (CAE) of an electronic note; null for notes authorized on paper (the only kind issued here).',
    }),
    cai: text(14, {
      min: 14,
      digits: true,
      example: '51234567890123',
      description:
        'The Código de Autorización de Impresión of the point of sale’s remitos, which ARCA assigns (RG 1415/2003, Anexo V, I a) 12); the remito prints it as "CAI N°".',
    }),
    caiExpiry: day({ description: 'The CAI’s expiry (Anexo V, I a) 13), printed as "Fecha de vto.".' }),
    stockDeducted: flag({ readOnly: true, default: false, description: 'Whether the stock of its products is deducted (issued and not cancelled).' }),
    total: money(0, { example: 84505, readOnly: true, default: 0, description: "The declared value: the sum of the lines' subtotals." }),
    cancelledAt: instant({ description: 'When it was cancelled.' }),
  },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  notes: {
    create: 'Creates a draft, or a note already issued (numbered, stock deducted), delivered, invoiced or cancelled with that status.',
    update:
      'Changes the given fields and may move the status. Drafts accept every field; issued notes only transport fields, the CAI and its expiry, reference, notes and metadata; delivered, invoiced and cancelled ones only notes and metadata (409 NOT_EDITABLE otherwise). A value equal to the stored one is no change.',
    remove: 'Deletes a draft (other notes are cancelled instead, keeping their number: 409 NOT_EDITABLE).',
  },
});
