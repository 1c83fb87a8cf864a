import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { suppliers } from '../domain/suppliers/service';
import type { SupplierDocument } from '../store/suppliers';
import { BulkDeleteResult } from '../schema/common';
import {
  CreateSupplierInput,
  Supplier,
  SupplierBulkResult,
  SupplierConnection,
  SupplierCreateItem,
  SupplierFilter,
  SupplierOrderBy,
  SupplierUpdateItem,
  UpdateSupplierInput,
  type CondicionIva,
  type SupplierStatus,
} from '../schema/supplier';
import { toAddress } from './address';
import { pageComplexity, toConnection } from './connection';

/** Stored supplier → its GraphQL shape. */
export function toSupplier(doc: SupplierDocument): Supplier {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    email: doc.email ?? null,
    phone: doc.phone ?? null,
    taxId: doc.tax_id ?? null,
    contactName: doc.contact_name ?? null,
    address: toAddress(doc.address),
    fiscalInfo: doc.fiscal_info ? { condicionIva: (doc.fiscal_info.condicion_iva as CondicionIva) ?? null } : null,
    category: doc.category ?? null,
    tags: doc.tags ?? [],
    notes: doc.notes ?? null,
    status: doc.status as SupplierStatus,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

@Resolver(() => Supplier)
export class SupplierResolver {
  @Authorized('suppliers:read')
  @Query(() => Supplier, { description: 'One supplier of the account.' })
  async supplier(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Supplier> {
    return toSupplier(await suppliers.get(context, id));
  }

  @Authorized('suppliers:read')
  @Query(() => SupplierConnection, {
    description: 'Suppliers of the account, filtered, ordered and paginated (at most 100 a page).',
    complexity: pageComplexity,
  })
  async suppliers(
    @Ctx() context: RequestContext,
    @Arg('filter', () => SupplierFilter, { nullable: true }) filter?: SupplierFilter,
    @Arg('orderBy', () => SupplierOrderBy, { nullable: true }) orderBy?: SupplierOrderBy,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true, description: 'Cursor of the last item of the previous page.' }) after?: string,
    @Arg('offset', () => Int, { nullable: true, description: 'Items to skip (instead of after).' }) offset?: number,
  ): Promise<SupplierConnection> {
    const page = await suppliers.list(context, filter ?? undefined, orderBy ?? undefined, { first, after, offset });
    return toConnection(page, toSupplier);
  }

  @Authorized('suppliers:write')
  @Mutation(() => Supplier)
  async createSupplier(@Arg('input', () => CreateSupplierInput) input: CreateSupplierInput, @Ctx() context: RequestContext): Promise<Supplier> {
    return toSupplier(await suppliers.create(context, input as never));
  }

  @Authorized('suppliers:write')
  @Mutation(() => Supplier, { description: 'Changes the given fields; the others keep their values.' })
  async updateSupplier(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateSupplierInput) input: UpdateSupplierInput,
    @Ctx() context: RequestContext,
  ): Promise<Supplier> {
    return toSupplier(await suppliers.update(context, id, input as never));
  }

  @Authorized('suppliers:write')
  @Mutation(() => ID, { description: 'Deletes a supplier; answers its id.' })
  async deleteSupplier(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return suppliers.remove(context, id);
  }

  @Authorized('suppliers:write')
  @Mutation(() => SupplierBulkResult, { description: 'Creates up to 500 suppliers. With allOrNone (default) nothing is written if any item fails.' })
  async createSuppliers(
    @Arg('inputs', () => [SupplierCreateItem]) inputs: SupplierCreateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<SupplierBulkResult> {
    const outcome = await suppliers.createMany(context, inputs, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map(toSupplier), errors: outcome.errors };
  }

  @Authorized('suppliers:write')
  @Mutation(() => SupplierBulkResult, { description: 'Partially updates up to 500 suppliers (each item names its id).' })
  async updateSuppliers(
    @Arg('inputs', () => [SupplierUpdateItem]) inputs: SupplierUpdateItem[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<SupplierBulkResult> {
    const outcome = await suppliers.updateMany(context, inputs, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map(toSupplier), errors: outcome.errors };
  }

  @Authorized('suppliers:write')
  @Mutation(() => BulkDeleteResult, { description: 'Deletes up to 500 suppliers.' })
  async deleteSuppliers(
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
    @Ctx() context: RequestContext,
  ): Promise<BulkDeleteResult> {
    const outcome = await suppliers.removeMany(context, ids, allOrNone);
    return { count: outcome.items.length, items: outcome.items.map((id) => ({ id, deleted: true })), errors: outcome.errors };
  }
}
