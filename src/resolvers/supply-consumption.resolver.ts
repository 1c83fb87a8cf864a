import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Mutation, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { UserRecord as UserDocument } from '../domain/auth/authenticate';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { SUPPLY_CONSUMPTION } from '../domain/supply-consumptions/supply-consumptions.declaration';
import { revertSupplyConsumption, type SupplyConsumptionRecord as SupplyConsumptionDocument } from '../domain/supply-consumptions/supply-consumptions.service';
import { SupplyConsumption, SupplyConsumptionItem } from '../schema/supply-consumption.types';
import { User, type UserRole } from '../schema/user';
import { toSupply } from './supply.resolver';
import { fieldSelection } from './selection';
import { customers } from '../domain/customers/customers.service';
import { supplies } from '../domain/supplies/supplies.service';
import { CUSTOMER } from '../domain/customers/customers.declaration';
import { SUPPLY } from '../domain/supplies/supplies.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Customer = typesOf(CUSTOMER).Record;
type Customer = DeclaredRecord;
const Supply = typesOf(SUPPLY).Record;
type Supply = DeclaredRecord & { supplierId: string | null };

/** Stored consumption → its GraphQL shape. */
export const toSupplyConsumption = (doc: SupplyConsumptionDocument): SupplyConsumption => outputOf(SUPPLY_CONSUMPTION, doc) as SupplyConsumption;

/** A user as other records show it (never its password hash). */
export function toUser(doc: UserDocument): User {
  return { id: doc._id.toHexString(), email: doc.email, role: doc.role as UserRole };
}

async function userById(context: RequestContext, id: string | null): Promise<User | null> {
  if (!id) return null;
  const doc = await context.loaders().byId<UserDocument>('users').load(id);
  return doc ? toUser(doc) : null;
}

/** Reverting a consumption, and its links (customer, users). */
@Resolver(() => SupplyConsumption)
export class SupplyConsumptionLinksResolver {
  @Authorized('supplies:write')
  @Mutation(() => SupplyConsumption, {
    description: 'confirmed → reverted, giving the stock back. Only from a web-panel session (an API key: FORBIDDEN SESSION_REQUIRED); twice: CONFLICT.',
  })
  async revertSupplyConsumption(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<SupplyConsumption> {
    return toSupplyConsumption(await revertSupplyConsumption(context, id));
  }

  @Authorized('delivery_notes:read')
  @FieldResolver(() => Customer, { nullable: true, description: 'The customer it was for (needs delivery_notes:read, the customers scope).' })
  async customer(@Parent() consumption: SupplyConsumption, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Customer | null> {
    if (!consumption.customerId) return null;
    const doc = await customers.load(context, consumption.customerId, fieldSelection(info));
    return doc ? (outputOf(CUSTOMER, doc) as Customer) : null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The user who registered it (null for an API key acting for no user).' })
  createdBy(@Parent() consumption: SupplyConsumption, @Ctx() context: RequestContext): Promise<User | null> {
    return userById(context, consumption.createdById);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The user who reverted it.' })
  revertedBy(@Parent() consumption: SupplyConsumption, @Ctx() context: RequestContext): Promise<User | null> {
    return userById(context, consumption.revertedById);
  }
}

@Resolver(() => SupplyConsumptionItem)
export class SupplyConsumptionItemResolver {
  @FieldResolver(() => Supply, { nullable: true, description: 'The supply as it is now (null once deleted; the snapshot fields stay).' })
  async supply(@Parent() item: SupplyConsumptionItem, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Supply | null> {
    const doc = await supplies.load(context, item.supplyId, fieldSelection(info));
    return doc ? toSupply(doc) : null;
  }
}
