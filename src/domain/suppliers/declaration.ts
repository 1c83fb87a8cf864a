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
    name: text(200, { min: 2, required: true, sort: true }),
    email: email(),
    phone: text(50),
    taxId: text(50, { description: 'CUIT or foreign tax id; unique within the account.' }),
    fiscalInfo: object(
      'FiscalInfo',
      {
        tipoDocumento: int(0, 99, { description: 'AFIP document type code (80 = CUIT, 86 = CUIL, 96 = DNI, …).' }),
        numeroDocumento: text(30),
        condicionIva: oneOf(CONDICIONES_IVA, 'CondicionIva', { typeDescription: "The supplier's VAT condition (condición frente al IVA)." }),
        razonSocial: text(200),
        domicilioComercial: text(300),
        provincia: text(100),
        codigoPostal: text(20),
        pais: text(100),
      },
      { typeDescription: 'Fiscal data as AFIP records it.' },
    ),
    contactName: text(200),
    address: address({ description: 'One line of text, or street, city, state, zip and country.' }),
    status: oneOf(SUPPLIER_STATUSES, 'SupplierStatus', { default: 'active', filter: 'status', description: 'Defaults to active.' }),
    category: text(100, { filter: 'category' }),
    paymentTerms: text(200, { description: 'Agreed payment terms, e.g. "30 días fecha factura".' }),
    website: text(300),
    notes: text(2000),
    tags: texts(50, 50, { filter: 'tag' }),
    productIds: refs('products', 'product', 500, { description: 'Products bought from this supplier.' }),
  },
  search: { fields: ['name', 'taxId', 'email'], description: 'Case-insensitive text found in the name, tax id or email.' },
  defaultSort: { field: 'createdAt', direction: 'desc' },
});
