import { Arg, Authorized, Ctx, FieldResolver, Int, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { PRODUCT } from '../domain/products/products.declaration';
import type { ProductRecord } from '../domain/products/products.service';
import { movementsOf } from '../domain/stock/stock.service';
import { StockMovementConnection } from '../schema/stock.types';
import { pageComplexity, toConnection } from './connection';
import { toStockMovement } from './stock.resolver';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Product = typesOf(PRODUCT).Record;
type Product = DeclaredRecord;

/** Stored product → its GraphQL shape. */
export const toProduct = (doc: ProductRecord): Product => outputOf(PRODUCT, doc) as Product;

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
