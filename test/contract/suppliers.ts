import { crudRoutes, type ContractResource } from './types';

/** §2.4 Supplier (`/api/v1/suppliers`, identifier `_id`), routes of §4.2. */
export const suppliers: ContractResource = {
  name: 'supplier',
  base: '/suppliers',
  idField: '_id',
  scopes: { read: 'suppliers:read', write: 'suppliers:write' },
  updatable: true,
  fields: [
    { name: 'name', type: 'string', required: true, min: 2, max: 200, example: 'Distribuidora del Litoral SA' },
    { name: 'email', type: 'email', example: 'compras@dellitoral.com.ar' },
    { name: 'phone', type: 'string', example: '+54 341 555-0101' },
    { name: 'tax_id', type: 'string', max: 50, example: '30712345671' },
    {
      name: 'fiscal_info',
      type: 'object',
      fields: [
        { name: 'tipo_documento', type: 'integer', example: 80 },
        { name: 'numero_documento', type: 'string', example: '30712345671' },
        { name: 'condicion_iva', type: 'string', enum: ['responsable_inscripto', 'monotributo', 'exento'], example: 'responsable_inscripto' },
        { name: 'razon_social', type: 'string', example: 'Distribuidora del Litoral S.A.' },
        { name: 'domicilio_comercial', type: 'string', example: 'Bv. Oroño 1234, Rosario' },
        { name: 'provincia', type: 'string', example: 'Santa Fe' },
        { name: 'codigo_postal', type: 'string', example: 'S2000' },
        { name: 'pais', type: 'string', example: 'Argentina' },
      ],
    },
    { name: 'contact_name', type: 'string', max: 200, example: 'María Fernández' },
    {
      name: 'address',
      type: 'object',
      alsoAccepts: ['string'],
      fields: [
        { name: 'street', type: 'string', example: 'Bv. Oroño 1234' },
        { name: 'city', type: 'string', example: 'Rosario' },
        { name: 'state', type: 'string', example: 'Santa Fe' },
        { name: 'zip', type: 'string', example: 'S2000' },
        { name: 'country', type: 'string', example: 'Argentina' },
      ],
    },
    { name: 'status', type: 'string', example: 'active' },
    { name: 'category', type: 'string', example: 'Insumos de oficina' },
    { name: 'payment_terms', type: 'string', example: '30 días fecha factura' },
    { name: 'website', type: 'string', example: 'https://dellitoral.com.ar' },
    { name: 'notes', type: 'string', example: 'Entrega martes y jueves por la mañana.' },
    { name: 'tags', type: 'array', example: ['mayorista', 'rosario'] },
    { name: 'product_ids', type: 'array', ref: 'product' },
  ],
  returned: [{ name: '_id', type: 'string' }],
  routes: crudRoutes('/suppliers'),
};
