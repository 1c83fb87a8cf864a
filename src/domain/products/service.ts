import type { ProductDocument } from '../../store/products';
import { PRODUCT_SORT, productQuery } from '../../store/products';
import { ConflictError } from '../errors';
import { fieldChanges, Resource, type FieldsOf } from '../resource';
import { openStock } from '../stock/service';
import { createProductSchema, updateProductSchema, type CreateProductData, type ProductFilterData, type UpdateProductData } from './schema';

function toFields(input: UpdateProductData): { set: Partial<FieldsOf<ProductDocument>>; unset: string[] } {
  const { set, unset, put } = fieldChanges<FieldsOf<ProductDocument>>();
  if (input.name) set.name = input.name;
  if (input.sku) set.sku = input.sku;
  if (input.unit) set.unit = input.unit;
  if (input.price !== undefined && input.price !== null) set.price_cents = input.price;
  put('description', input.description);
  return { set, unset };
}

export const products = new Resource<ProductDocument, CreateProductData, UpdateProductData, ProductFilterData, undefined>({
  collection: 'products',
  label: 'product',
  createSchema: createProductSchema,
  updateSchema: updateProductSchema,
  fieldsForCreate: (input) => ({ unit: 'unidad', price_cents: 0, ...toFields(input).set, name: input.name, sku: input.sku, stock_milli: 0 }),
  fieldsForUpdate: toFields,
  query: productQuery,
  sort: () => PRODUCT_SORT,
  duplicate: (input) => new ConflictError(`a product with sku ${input.sku} already exists`, [{ path: 'sku', message: 'already used by another product' }]),
  afterCreate: (context, doc, input, session) => openStock(context, 'product', doc, input.stock ?? 0, session),
});

/** A product as stored (what resolvers map to their GraphQL shape). */
export type ProductRecord = ProductDocument;
