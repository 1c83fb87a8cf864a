import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { fromCents, fromMilli } from '../domain/money';
import { products } from '../domain/products/service';
import { movementsOf } from '../domain/stock/service';
import { CreateProductInput, Product, ProductConnection, ProductFilter, UpdateProductInput } from '../schema/product';
import { StockMovementConnection } from '../schema/stock';
import type { ProductRecord as ProductDocument } from '../domain/products/service';
import { pageComplexity, toConnection } from './connection';
import { toStockMovement } from './stock';

export function toProduct(doc: ProductDocument): Product {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    sku: doc.sku,
    unit: doc.unit,
    price: fromCents(doc.price_cents),
    stock: fromMilli(doc.stock_milli),
    description: doc.description ?? null,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

@Resolver(() => Product)
export class ProductResolver {
  @Authorized('supplies:read')
  @Query(() => Product)
  async product(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Product> {
    return toProduct(await products.get(context, id));
  }

  @Authorized('supplies:read')
  @Query(() => ProductConnection, { complexity: pageComplexity })
  async products(
    @Ctx() context: RequestContext,
    @Arg('filter', () => ProductFilter, { nullable: true }) filter?: ProductFilter,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<ProductConnection> {
    return toConnection(await products.list(context, filter ?? undefined, undefined, { first, after, offset }), toProduct);
  }

  @Authorized('supplies:write')
  @Mutation(() => Product)
  async createProduct(@Arg('input', () => CreateProductInput) input: CreateProductInput, @Ctx() context: RequestContext): Promise<Product> {
    return toProduct(await products.create(context, input as never));
  }

  @Authorized('supplies:write')
  @Mutation(() => Product)
  async updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateProductInput) input: UpdateProductInput,
    @Ctx() context: RequestContext,
  ): Promise<Product> {
    return toProduct(await products.update(context, id, input as never));
  }

  @Authorized('supplies:write')
  @Mutation(() => ID)
  async deleteProduct(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return products.remove(context, id);
  }

  @Authorized('supplies:read')
  @FieldResolver(() => StockMovementConnection, { description: 'Stock movements of the product, newest first.', complexity: pageComplexity })
  async stockMovements(
    @Root() product: Product,
    @Ctx() context: RequestContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<StockMovementConnection> {
    return toConnection(await movementsOf(context, product.id, { first, after }), toStockMovement);
  }
}
