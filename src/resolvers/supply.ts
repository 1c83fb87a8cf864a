import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { MAX_PAGE_SIZE } from '../domain/pagination';
import { fromCents, fromMilli } from '../domain/money';
import { movementsOf } from '../domain/stock/service';
import { supplies } from '../domain/supplies/service';
import { BulkDeleteResult } from '../schema/common';
import { StockMovementConnection } from '../schema/stock';
import { Supplier } from '../schema/supplier';
import {
  CreateSupplyInput,
  Supply,
  SupplyBulkResult,
  SupplyConnection,
  SupplyCreateItem,
  SupplyFilter,
  SupplyOrderBy,
  SupplyUpdateItem,
  UpdateSupplyInput,
  type SupplyStatus,
} from '../schema/supply';
import { parseId } from '../store/ids';
import type { SupplierDocument } from '../store/suppliers';
import type { SupplyDocument } from '../store/supplies';
import { pageComplexity, toConnection } from './connection';
import { toStockMovement } from './stock';
import { toSupplier } from './supplier';

/** Stored supply → its GraphQL shape. */
export function toSupply(doc: SupplyDocument): Supply {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    defaultAmount: fromCents(doc.default_amount_cents),
    description: doc.description ?? null,
    unit: doc.unit ?? null,
    unitPrice: doc.unit_price_cents === undefined || doc.unit_price_cents === null ? null : fromCents(doc.unit_price_cents),
    status: doc.status as SupplyStatus,
    supplierId: doc.supplier_id?.toHexString() ?? null,
    stock: fromMilli(doc.stock_milli),
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

@Resolver(() => Supply)
export class SupplyResolver {
  @Authorized('supplies:read')
  @Query(() => Supply, { description: 'One supply of the account.' })
  async supply(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Supply> {
    return toSupply(await supplies.get(context, id));
  }

  @Authorized('supplies:read')
  @Query(() => SupplyConnection, { description: 'Supplies of the account, filtered, ordered (default: by name) and paginated.', complexity: pageComplexity })
  async supplies(
    @Ctx() context: RequestContext,
    @Arg('filter', () => SupplyFilter, { nullable: true }) filter?: SupplyFilter,
    @Arg('orderBy', () => SupplyOrderBy, { nullable: true }) orderBy?: SupplyOrderBy,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: 'Cursor of the last item of the previous page.' }) after?: string,
    @Arg('offset', () => Int, { nullable: true, description: 'Items to skip (instead of after).' }) offset?: number,
  ): Promise<SupplyConnection> {
    const page = await supplies.list(context, (filter ?? undefined) as never, orderBy ?? undefined, { first, after, offset });
    return toConnection(page, toSupply);
  }

  @Authorized('supplies:write')
  @Mutation(() => Supply, { description: 'Creates a supply; `stock` is its opening stock (recorded as a movement).' })
  async createSupply(@Arg('input', () => CreateSupplyInput) input: CreateSupplyInput, @Ctx() context: RequestContext): Promise<Supply> {
    return toSupply(await supplies.create(context, input as never));
  }

  @Authorized('supplies:write')
  @Mutation(() => Supply, { description: 'Changes the given fields; the others keep their values. Stock moves only through movements.' })
  async updateSupply(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateSupplyInput) input: UpdateSupplyInput,
    @Ctx() context: RequestContext,
  ): Promise<Supply> {
    return toSupply(await supplies.update(context, id, input as never));
  }

  @Authorized('supplies:write')
  @Mutation(() => ID, { description: 'Deletes a supply; answers its id. Consumptions keep their snapshot of it.' })
  async deleteSupply(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return supplies.remove(context, id);
  }

  @Authorized('supplies:write')
  @Mutation(() => SupplyBulkResult, { description: 'Creates up to 500 supplies. With allOrNone (default) nothing is written if any item fails.' })
  async createSupplies(
    @Arg('inputs', () => [SupplyCreateItem]) inputs: SupplyCreateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<SupplyBulkResult> {
    const outcome = await supplies.createMany(context, inputs, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map(toSupply), errors: outcome.errors };
  }

  @Authorized('supplies:write')
  @Mutation(() => SupplyBulkResult, { description: 'Partially updates up to 500 supplies (each item names its id).' })
  async updateSupplies(
    @Arg('inputs', () => [SupplyUpdateItem]) inputs: SupplyUpdateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<SupplyBulkResult> {
    const outcome = await supplies.updateMany(context, inputs, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map(toSupply), errors: outcome.errors };
  }

  @Authorized('supplies:write')
  @Mutation(() => BulkDeleteResult, { description: 'Deletes up to 500 supplies.' })
  async deleteSupplies(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<BulkDeleteResult> {
    const outcome = await supplies.removeMany(context, ids, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map((id) => ({ id, deleted: true })), errors: outcome.errors };
  }

  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, { nullable: true, description: 'The supplier it is bought from (needs suppliers:read).' })
  async supplier(@Root() supply: Supply, @Ctx() context: RequestContext): Promise<Supplier | null> {
    if (!supply.supplierId) return null;
    const doc = await context.loaders().byId<SupplierDocument>('suppliers').load(supply.supplierId);
    return doc ? toSupplier(doc) : null;
  }

  @Authorized('supplies:read')
  @FieldResolver(() => StockMovementConnection, { description: 'Stock movements of the supply, newest first.', complexity: pageComplexity })
  async stockMovements(
    @Root() supply: Supply,
    @Ctx() context: RequestContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ): Promise<StockMovementConnection> {
    return toConnection(await movementsOf(context, parseId(supply.id)!, { first, after }), toStockMovement);
  }
}

/** `Supplier.supplies`, kept here so the supplier resolver stays about suppliers. */
@Resolver(() => Supplier)
export class SupplierSuppliesResolver {
  @Authorized('supplies:read')
  @FieldResolver(() => [Supply], { description: 'The supplies bought from this supplier, newest first (at most 100; needs supplies:read).' })
  async supplies(@Root() supplier: Supplier, @Ctx() context: RequestContext): Promise<Supply[]> {
    return (await context.loaders().latestBy<SupplyDocument>('supplies', 'supplier_id', { limit: MAX_PAGE_SIZE }).load(supplier.id)).map(toSupply);
  }
}
