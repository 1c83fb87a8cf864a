import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, Info, Int, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { MAX_PAGE_SIZE } from '../domain/pagination';
import { movementsOf } from '../domain/stock/stock.service';
import { SUPPLY } from '../domain/supplies/supplies.declaration';
import { StockMovementConnection } from '../schema/stock.types';
import type { SupplyRecord as SupplyDocument } from '../domain/supplies/supplies.service';
import { pageComplexity, toConnection } from './connection';
import { toStockMovement } from './stock.resolver';
import { fieldSelection } from './selection';
import { suppliers } from '../domain/suppliers/suppliers.service';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Supplier = typesOf(SUPPLIER).Record;
type Supplier = DeclaredRecord;
const Supply = typesOf(SUPPLY).Record;
type Supply = DeclaredRecord & { supplierId: string | null };

/** Stored supply → its GraphQL shape. */
export const toSupply = (doc: SupplyDocument): Supply => outputOf(SUPPLY, doc) as Supply;

/** The links of a supply: its supplier and its stock movements. */
@Resolver(() => Supply)
export class SupplyLinksResolver {
  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, { nullable: true, description: 'The supplier it is bought from (needs suppliers:read).' })
  async supplier(@Parent() supply: Supply, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Supplier | null> {
    if (!supply.supplierId) return null;
    const doc = await suppliers.load(context, supply.supplierId, fieldSelection(info));
    return doc ? (outputOf(SUPPLIER, doc) as Supplier) : null;
  }

  @Authorized('supplies:read')
  @FieldResolver(() => StockMovementConnection, { description: 'Stock movements of the supply, newest first.', complexity: pageComplexity })
  async stockMovements(
    @Parent() supply: Supply,
    @Ctx() context: RequestContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<StockMovementConnection> {
    return toConnection(await movementsOf(context, supply.id, { first, after }), toStockMovement);
  }
}

/** `Supplier.supplies`, kept here so the supplier resolver stays about suppliers. */
@Resolver(() => Supplier)
export class SupplierSuppliesResolver {
  @Authorized('supplies:read')
  @FieldResolver(() => [Supply], { description: 'The supplies bought from this supplier, newest first (at most 100; needs supplies:read).' })
  async supplies(@Parent() supplier: Supplier, @Ctx() context: RequestContext): Promise<Supply[]> {
    return (await context.loaders().latestBy<SupplyDocument>('supplies', 'supplier_id', { limit: MAX_PAGE_SIZE }).load(supplier.id)).map(toSupply);
  }
}
