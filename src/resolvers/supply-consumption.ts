import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { fromCents, fromMilli } from '../domain/money';
import {
  createSupplyConsumption,
  deleteSupplyConsumption,
  getSupplyConsumption,
  listSupplyConsumptions,
  revertSupplyConsumption,
} from '../domain/supply-consumptions/service';
import { Customer } from '../schema/customer';
import { Supply } from '../schema/supply';
import {
  CreateSupplyConsumptionInput,
  SupplyConsumption,
  SupplyConsumptionConnection,
  SupplyConsumptionFilter,
  SupplyConsumptionItem,
  type SupplyConsumptionStatus,
} from '../schema/supply-consumption';
import { User, type UserRole } from '../schema/user';
import type { UserRecord as UserDocument } from '../domain/auth/authenticate';
import type { CustomerRecord as CustomerDocument } from '../domain/customers/service';
import type { SupplyRecord as SupplyDocument } from '../domain/supplies/service';
import type { SupplyConsumptionRecord as SupplyConsumptionDocument } from '../domain/supply-consumptions/service';
import { pageComplexity, toConnection } from './connection';
import { toCustomer } from './customer';
import { toSupply } from './supply';

export function toSupplyConsumption(doc: SupplyConsumptionDocument): SupplyConsumption {
  return {
    id: doc._id.toHexString(),
    date: doc.date,
    status: doc.status as SupplyConsumptionStatus,
    items: doc.items.map((item) => ({
      supplyId: item.supply_id.toHexString(),
      supplyName: item.supply_name,
      unit: item.unit,
      quantity: fromMilli(item.quantity_milli),
      unitCost: fromCents(item.unit_cost_cents),
      subtotal: fromCents(item.subtotal_cents),
      notes: item.notes ?? null,
    })),
    totalCost: fromCents(doc.total_cost_cents),
    customerId: doc.customer_id?.toHexString() ?? null,
    customerName: doc.customer_name ?? null,
    reference: doc.reference ?? null,
    notes: doc.notes ?? null,
    createdById: doc.created_by?.toHexString() ?? null,
    revertedAt: doc.reverted_at ?? null,
    revertedById: doc.reverted_by?.toHexString() ?? null,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

/** A user as other records show it (never its password hash). */
export function toUser(doc: UserDocument): User {
  return { id: doc._id.toHexString(), email: doc.email, role: doc.role as UserRole };
}

async function userById(context: RequestContext, id: string | null): Promise<User | null> {
  if (!id) return null;
  const doc = await context.loaders().byId<UserDocument>('users').load(id);
  return doc ? toUser(doc) : null;
}

@Resolver(() => SupplyConsumption)
export class SupplyConsumptionResolver {
  @Authorized('supplies:read')
  @Query(() => SupplyConsumption, { description: 'One supply consumption of the account.' })
  async supplyConsumption(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<SupplyConsumption> {
    return toSupplyConsumption(await getSupplyConsumption(context, id));
  }

  @Authorized('supplies:read')
  @Query(() => SupplyConsumptionConnection, { description: 'Supply consumptions of the account, newest day first.', complexity: pageComplexity })
  async supplyConsumptions(
    @Ctx() context: RequestContext,
    @Arg('filter', () => SupplyConsumptionFilter, { nullable: true }) filter?: SupplyConsumptionFilter,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<SupplyConsumptionConnection> {
    return toConnection(await listSupplyConsumptions(context, (filter ?? undefined) as never, { first, after, offset }), toSupplyConsumption);
  }

  @Authorized('supplies:write')
  @Mutation(() => SupplyConsumption, {
    description: 'Registers a consumption (status confirmed): deducts the stock of its supplies in the same transaction; creates no expense.',
  })
  async createSupplyConsumption(
    @Arg('input', () => CreateSupplyConsumptionInput) input: CreateSupplyConsumptionInput,
    @Ctx() context: RequestContext,
  ): Promise<SupplyConsumption> {
    return toSupplyConsumption(await createSupplyConsumption(context, input as never));
  }

  @Authorized('supplies:write')
  @Mutation(() => ID, {
    description:
      'Deletes a consumption: only its author (FORBIDDEN NOT_AUTHOR), within 24 hours of registering it (FORBIDDEN DELETE_WINDOW_EXPIRED). A confirmed one gives its stock back.',
  })
  async deleteSupplyConsumption(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return deleteSupplyConsumption(context, id);
  }

  @Authorized('supplies:write')
  @Mutation(() => SupplyConsumption, {
    description: 'confirmed → reverted, giving the stock back. Only from a web-panel session (an API key: FORBIDDEN SESSION_REQUIRED); twice: CONFLICT.',
  })
  async revertSupplyConsumption(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<SupplyConsumption> {
    return toSupplyConsumption(await revertSupplyConsumption(context, id));
  }

  @Authorized('delivery_notes:read')
  @FieldResolver(() => Customer, { nullable: true, description: 'The customer it was for (needs delivery_notes:read, the customers scope).' })
  async customer(@Root() consumption: SupplyConsumption, @Ctx() context: RequestContext): Promise<Customer | null> {
    if (!consumption.customerId) return null;
    const doc = await context.loaders().byId<CustomerDocument>('customers').load(consumption.customerId);
    return doc ? toCustomer(doc) : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The user who registered it (null for an API key acting for no user).' })
  createdBy(@Root() consumption: SupplyConsumption, @Ctx() context: RequestContext): Promise<User | null> {
    return userById(context, consumption.createdById);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The user who reverted it.' })
  revertedBy(@Root() consumption: SupplyConsumption, @Ctx() context: RequestContext): Promise<User | null> {
    return userById(context, consumption.revertedById);
  }
}

@Resolver(() => SupplyConsumptionItem)
export class SupplyConsumptionItemResolver {
  @FieldResolver(() => Supply, { nullable: true, description: 'The supply as it is now (null once deleted; the snapshot fields stay).' })
  async supply(@Root() item: SupplyConsumptionItem, @Ctx() context: RequestContext): Promise<Supply | null> {
    const doc = await context.loaders().byId<SupplyDocument>('supplies').load(item.supplyId);
    return doc ? toSupply(doc) : null;
  }
}
