import { z } from 'zod';

/** Supplier validation (seed section 2.4). Field names are the GraphQL input's; REST maps its snake_case onto them. */

export const SUPPLIER_STATUSES = ['active', 'inactive'] as const;
export const CONDICIONES_IVA = ['responsable_inscripto', 'monotributo', 'exento'] as const;

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const addressSchema = z
  .object({
    text: optionalText(500).nullish(),
    street: optionalText(200).nullish(),
    city: optionalText(100).nullish(),
    state: optionalText(100).nullish(),
    postalCode: optionalText(20).nullish(),
    country: optionalText(100).nullish(),
  })
  .strict()
  .refine((address) => !(address.text && (address.street || address.city || address.state || address.postalCode || address.country)), {
    message: 'give the address either as text or as street/city/state/postal_code/country, not both',
  });

const fiscalInfoSchema = z
  .object({ condicionIva: z.enum(CONDICIONES_IVA, { message: `must be one of ${CONDICIONES_IVA.join(', ')}` }).nullish() })
  .strict();

const fields = {
  name: z.string().trim().min(2, 'must be at least 2 characters').max(200, 'must be at most 200 characters'),
  email: z.email('must be a valid email address').max(254).nullish(),
  phone: optionalText(50).nullish(),
  taxId: optionalText(50).nullish(),
  contactName: optionalText(200).nullish(),
  address: addressSchema.nullish(),
  fiscalInfo: fiscalInfoSchema.nullish(),
  category: optionalText(100).nullish(),
  tags: z.array(z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters')).max(50, 'at most 50 tags').nullish(),
  notes: optionalText(2000).nullish(),
  status: z.enum(SUPPLIER_STATUSES, { message: `must be one of ${SUPPLIER_STATUSES.join(', ')}` }).nullish(),
};

export const createSupplierSchema = z.object(fields).strict();
export const updateSupplierSchema = z.object({ ...fields, name: fields.name.optional() }).strict();

export type CreateSupplierData = z.infer<typeof createSupplierSchema>;
export type UpdateSupplierData = z.infer<typeof updateSupplierSchema>;

export const supplierFilterSchema = z
  .object({
    status: z.enum(SUPPLIER_STATUSES).nullish(),
    category: optionalText(100).nullish(),
    tag: optionalText(50).nullish(),
    search: optionalText(200).nullish(),
    createdFrom: z.date().nullish(),
    createdTo: z.date().nullish(),
  })
  .strict()
  .refine((filter) => !(filter.createdFrom && filter.createdTo && filter.createdFrom > filter.createdTo), {
    message: 'createdFrom must not be after createdTo',
    path: ['createdFrom'],
  });

export type SupplierFilterData = z.infer<typeof supplierFilterSchema>;

/** The most items one bulk request may carry. */
export const MAX_BULK_ITEMS = 500;
