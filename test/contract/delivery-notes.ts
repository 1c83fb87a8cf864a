import { crudRoutes, type ContractResource } from './types';

/** §2.2 Delivery note (`/api/v1/delivery_notes`, identifier `id`), routes of §4.2. */
export const deliveryNotes: ContractResource = {
  name: 'delivery note',
  base: '/delivery_notes',
  idField: 'id',
  scopes: { read: 'delivery_notes:read', write: 'delivery_notes:write' },
  updatable: true,
  fields: [
    { name: 'customer_id', type: 'string', required: true, ref: 'customer' },
    {
      name: 'items',
      type: 'array',
      required: true,
      min: 1,
      fields: [
        { name: 'description', type: 'string', required: true, max: 500, example: 'Yerba mate 1 kg' },
        { name: 'quantity', type: 'number', required: true, above: 0, example: 12 },
        { name: 'product_id', type: 'string', ref: 'product' },
        { name: 'variant_id', type: 'string', example: 'var-1kg-elaborada' },
        { name: 'sku', type: 'string', max: 100, example: 'YM-1KG' },
        { name: 'unit', type: 'string', max: 20, example: 'paquete' },
        { name: 'unit_price', type: 'number', min: 0, example: 4250.5 },
        { name: 'subtotal', type: 'number', min: 0, example: 51006 },
        // Returned per item by the stored record (§2.2); written as a free-form object too.
        { name: 'metadata', type: 'object', example: { lote: 'L-2026-11' } },
      ],
    },
    { name: 'customer_name', type: 'string', max: 200, example: 'Almacén Don Pepe' },
    { name: 'customer_document', type: 'string', max: 30, example: '20-12345678-6' },
    { name: 'sale_point', type: 'integer', min: 1, max: 99999, example: 3 },
    { name: 'reference', type: 'string', max: 100, example: 'Pedido 2026-1187' },
    { name: 'origin_address', type: 'string', max: 300, example: 'Depósito Ruta 9 km 12, Rosario' },
    { name: 'destination_address', type: 'string', max: 300, example: 'San Martín 455, Funes, Santa Fe' },
    { name: 'carrier_name', type: 'string', max: 200, example: 'Transportes del Paraná SRL' },
    { name: 'carrier_document', type: 'string', max: 30, example: '30-70812345-9' },
    { name: 'driver_name', type: 'string', max: 200, example: 'Juan Pérez' },
    { name: 'vehicle_plate', type: 'string', max: 20, example: 'AB 123 CD' },
    { name: 'status', type: 'string', enum: ['draft', 'issued', 'delivered', 'invoiced', 'cancelled'], example: 'issued' },
    { name: 'notes', type: 'string', max: 2000, example: 'Entregar por portón lateral.' },
    { name: 'metadata', type: 'object', example: { canal: 'mayorista', orden_compra: 'OC-7781' } },
  ],
  returned: [
    { name: 'id', type: 'string' },
    { name: 'number', type: 'integer' },
    { name: 'issue_date', type: 'date-time' },
    { name: 'delivery_date', type: 'date-time', alsoAccepts: ['null'] },
    { name: 'invoice_id', type: 'string', alsoAccepts: ['null'] },
    { name: 'cae', type: 'string', alsoAccepts: ['null'] },
    { name: 'stock_deducted', type: 'boolean' },
  ],
  routes: crudRoutes('/delivery_notes'),
};
