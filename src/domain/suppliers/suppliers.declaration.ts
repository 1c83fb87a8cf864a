import { address, declareResource, email, int, object, oneOf, refs, text, texts } from '../declare/field';

export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export const CONDICIONES_IVA = ['responsable_inscripto', 'monotributo', 'exento'] as const;

/** A business the account buys from (contract §2.4). */
export const SUPPLIER = declareResource({
  type: 'Supplier',
  one: 'supplier',
  many: 'suppliers',
  label: 'supplier',
  description: 'A business the account buys from.',
  collection: 'suppliers',
  scopes: { read: 'suppliers:read', write: 'suppliers:write' },
  rest: { base: '/suppliers', idName: '_id' },
  fields: {
    name: text(200, { example: 'Papelera del Plata SA', min: 2, required: true, sort: true }),
    email: email(),
    phone: text(50, { example: '+54 11 4321-5678' }),
    taxId: text(50, { example: '30708123451', description: 'CUIT or foreign tax id; unique within the account.' }),
    fiscalInfo: object(
      'FiscalInfo',
      {
        tipoDocumento: int(0, 99, { example: 80, description: 'AFIP document type code (80 = CUIT, 86 = CUIL, 96 = DNI, …).' }),
        numeroDocumento: text(30, { example: '30708123451' }),
        condicionIva: oneOf(CONDICIONES_IVA, 'CondicionIva', { typeDescription: "The supplier's VAT condition (condición frente al IVA)." }),
        razonSocial: text(200, { example: 'Papelera del Plata SA' }),
        domicilioComercial: text(300, { example: 'Av. Corrientes 1234, CABA' }),
        provincia: text(100, { example: 'Ciudad Autónoma de Buenos Aires' }),
        codigoPostal: text(20, { example: 'C1043AAZ' }),
        pais: text(100, { example: 'Argentina' }),
      },
      { typeDescription: 'Fiscal data as AFIP records it.' },
    ),
    contactName: text(200, { example: 'María González' }),
    address: address({ description: 'One line of text, or street, city, state, zip and country.' }),
    status: oneOf(SUPPLIER_STATUSES, 'SupplierStatus', { default: 'active', filter: 'status', description: 'Defaults to active.' }),
    category: text(100, { example: 'Papelería', filter: 'category' }),
    paymentTerms: text(200, { example: '30 días fecha factura', description: 'Agreed payment terms, e.g. "30 días fecha factura".' }),
    website: text(300, { example: 'https://www.papeleradelplata.com.ar' }),
    notes: text(2000, { example: 'Entrega martes y jueves por la mañana.' }),
    tags: texts(50, 50, { example: ['papelería', 'insumos de oficina'], filter: 'tag' }),
    productIds: refs('products', 'product', 500, { description: 'Products bought from this supplier.' }),
  },
  search: { fields: ['name', 'taxId', 'email'], description: 'Case-insensitive text found in the name, tax id or email.' },
  defaultSort: { field: 'createdAt', direction: 'desc' },
});
