import { normalizeCuit } from '../cuit';
import { address, declareResource, email, oneOf, text } from '../declare/field';

/** Identity documents (AFIP DocTipo: CUIT 80, CUIL 86, CDI 87, pasaporte 94, DNI 96, other). */
export const DOCUMENT_TYPES = ['CUIT', 'CUIL', 'CDI', 'DNI', 'PASAPORTE', 'OTRO'] as const;
/** Receiver's VAT condition (RG 5616/2024). */
export const IVA_CONDITIONS = [
  'responsable_inscripto',
  'monotributo',
  'exento',
  'consumidor_final',
  'no_categorizado',
  'proveedor_exterior',
  'cliente_exterior',
] as const;

/** CUIT/CUIL numbers carry a valid check digit; a DNI is 7 or 8 digits. */
function documentProblems(input: Record<string, unknown>): Array<[string, string]> {
  const type = input.documentType as string | null | undefined;
  const number = input.documentNumber as string | null | undefined;
  if (!type || !number) return [];
  if ((type === 'CUIT' || type === 'CUIL') && !normalizeCuit(number)) return [['documentNumber', `not a valid ${type} (11 digits, módulo 11 check digit)`]];
  if (type === 'DNI' && !/^\d{7,8}$/.test(number.replace(/\./g, ''))) return [['documentNumber', 'a DNI has 7 or 8 digits']];
  return [];
}

/**
 * Someone the account sells and delivers to. The contract names customers (a delivery note's `customer_id`) but has
 * no routes for them; `/api/v1/customers/` follows its generic resources' conventions (`_id`, list, bulk).
 */
export const CUSTOMER = declareResource({
  type: 'Customer',
  one: 'customer',
  many: 'customers',
  label: 'customer',
  description: 'Someone the account sells and delivers to.',
  collection: 'customers',
  scopes: { read: 'delivery_notes:read', write: 'delivery_notes:write' },
  rest: { base: '/customers', idName: '_id' },
  fields: {
    name: text(200, { example: 'Distribuidora Norte SRL', min: 2, required: true, sort: true }),
    documentType: oneOf(DOCUMENT_TYPES, 'DocumentType', { typeDescription: 'Identity document (AFIP DocTipo 80, 86, 87, 96, 94, other).' }),
    documentNumber: text(30, { example: '30690123459', description: 'Checked against the type: CUIT/CUIL check digit (kept as 11 digits), DNI 7–8 digits.' }),
    ivaCondition: oneOf(IVA_CONDITIONS, 'IvaCondition', { typeDescription: "The receiver's VAT condition (RG 5616/2024)." }),
    address: address(),
    email: email({ example: 'compras@distribuidoranorte.com.ar' }),
  },
  search: { fields: ['name', 'documentNumber', 'email'], description: 'Case-insensitive text found in the name, document number or email.' },
  defaultSort: { field: 'name', direction: 'asc' },
  refine: documentProblems,
});
