import { z } from 'zod';
import { moneySchema, quantitySchema } from '../money';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const fields = {
  name: text(200).min(1, 'must not be empty'),
  sku: text(64).min(1, 'must not be empty'),
  unit: text(20).min(1, 'must not be empty').nullish(),
  price: moneySchema({ min: 0 }).nullish(),
  description: text(500).nullish(),
};

/** A new product; `stock` is its opening quantity (afterwards stock changes only through movements). */
export const createProductSchema = z
  .object({
    ...fields,
    stock: quantitySchema({ positive: false })
      .refine((milli) => milli >= 0, 'must be at least 0')
      .nullish(),
  })
  .strict();
export const updateProductSchema = z.object({ ...fields, name: fields.name.optional(), sku: fields.sku.optional() }).strict();
export const productFilterSchema = z.object({ search: text(200).nullish(), sku: text(64).nullish() }).strict();

export type CreateProductData = z.infer<typeof createProductSchema>;
export type UpdateProductData = z.infer<typeof updateProductSchema>;
export type ProductFilterData = z.infer<typeof productFilterSchema>;
