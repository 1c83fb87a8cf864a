import { Arg, Authorized, Ctx, FieldResolver, Int, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { PRODUCT } from '../domain/products/products.declaration';
import { products, type ProductRecord } from '../domain/products/products.service';
import { movementsOf } from '../domain/stock/stock.service';
import { Product, PRODUCT_TYPES } from '../schema/product.types';
import { StockMovementConnection } from '../schema/stock.types';
import { pageComplexity, toConnection } from './connection';
import { declaredResolver } from './declared.resolver';
import { toStockMovement } from './stock.resolver';

/** Stored product → its GraphQL shape. */
export const toProduct = (doc: ProductRecord): Product => outputOf(PRODUCT, doc) as Product;

export const ProductResolver = declaredResolver(PRODUCT, PRODUCT_TYPES, products, toProduct);

/** A product's stock movements. */
@Resolver(() => Product)
export class ProductLinksResolver {
  @Authorized('supplies:read')
  @FieldResolver(() => StockMovementConnection, { description: 'Stock movements of the product, newest first.', complexity: pageComplexity })
  async stockMovements(
    @Parent() product: Product,
    @Ctx() context: RequestContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<StockMovementConnection> {
    return toConnection(await movementsOf(context, product.id, { first, after }), toStockMovement);
  }
}
