import { z } from 'zod';
import { normalizeCuit } from '../cuit';
import { addressSchema } from '../address';

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

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const fields = {
  name: text(200).min(2, 'must be at least 2 characters'),
  documentType: z.enum(DOCUMENT_TYPES, { message: `must be one of ${DOCUMENT_TYPES.join(', ')}` }).nullish(),
  documentNumber: text(30).nullish(),
  ivaCondition: z.enum(IVA_CONDITIONS, { message: `must be one of ${IVA_CONDITIONS.join(', ')}` }).nullish(),
  address: addressSchema.nullish(),
  email: z.email('must be a valid email address').max(254).nullish(),
};

/** CUIT/CUIL numbers must carry a valid check digit; a DNI is 7 or 8 digits. */
function checkDocument(input: { documentType?: string | null; documentNumber?: string | null }, context: z.RefinementCtx): void {
  const { documentType: type, documentNumber: number } = input;
  if (!type || !number) return;
  if ((type === 'CUIT' || type === 'CUIL') && !normalizeCuit(number)) {
    context.addIssue({ code: 'custom', path: ['documentNumber'], message: `not a valid ${type} (11 digits, módulo 11 check digit)` });
  }
  if (type === 'DNI' && !/^\d{7,8}$/.test(number.replace(/\./g, ''))) {
    context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'a DNI has 7 or 8 digits' });
  }
}

export const createCustomerSchema = z.object(fields).strict().superRefine(checkDocument);
export const updateCustomerSchema = z
  .object({ ...fields, name: fields.name.optional() })
  .strict()
  .superRefine(checkDocument);
export const customerFilterSchema = z.object({ search: text(200).nullish() }).strict();

export type CreateCustomerData = z.infer<typeof createCustomerSchema>;
export type UpdateCustomerData = z.infer<typeof updateCustomerSchema>;
export type CustomerFilterData = z.infer<typeof customerFilterSchema>;
