import { PRODUCT } from '../domain/products/products.declaration';
import { createProductSchema, productFilterSchema, updateProductSchema } from '../domain/products/products.service';
import { declaredTypes } from './declared.types';

export const PRODUCT_TYPES = declaredTypes(PRODUCT, {
  createSchema: createProductSchema,
  updateSchema: updateProductSchema,
  filterSchema: productFilterSchema,
});

export const Product = PRODUCT_TYPES.Record;
export type Product = Record<string, unknown> & { id: string };
