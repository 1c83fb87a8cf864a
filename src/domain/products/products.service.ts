import type { ProductDocument } from '../../store/products.store';
import { declaredDefinition } from '../declare/declare.resource';
import { ConflictError } from '../errors';
import { Resource } from '../resource';
import { openStock } from '../stock/stock.service';
import { PRODUCT } from './products.declaration';

const {
  definition,
  createSchema: createProductSchema,
  updateSchema: updateProductSchema,
  filterSchema: productFilterSchema,
} = declaredDefinition<ProductDocument>(PRODUCT, {
  duplicate: (input) => new ConflictError(`a product with sku ${input.sku} already exists`, [{ path: 'sku', message: 'already used by another product' }]),
  // The opening stock is a movement like any other, in the transaction that creates the product.
  afterCreate: (context, doc, input, session) => openStock(context, 'product', doc, (input.stock as number | undefined) ?? 0, session),
});
export { createProductSchema, productFilterSchema, updateProductSchema };

export const products = new Resource(definition);

/** A product as stored (what resolvers map to their GraphQL shape). */
export type ProductRecord = ProductDocument;
