import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { customers } from '../domain/customers/service';
import {
  CreateCustomerInput,
  Customer,
  CustomerConnection,
  CustomerFilter,
  UpdateCustomerInput,
  type DocumentType,
  type IvaCondition,
} from '../schema/customer';
import { addressOutput } from '../domain/declare/mapping';
import type { CustomerRecord as CustomerDocument } from '../domain/customers/service';
import { pageComplexity, toConnection } from './connection';

export function toCustomer(doc: CustomerDocument): Customer {
  return {
    id: doc._id.toHexString(),
    name: doc.name,
    documentType: (doc.document_type as DocumentType) ?? null,
    documentNumber: doc.document_number ?? null,
    ivaCondition: (doc.iva_condition as IvaCondition) ?? null,
    address: addressOutput(doc.address) as Customer['address'],
    email: doc.email ?? null,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}

@Resolver(() => Customer)
export class CustomerResolver {
  @Authorized('delivery_notes:read')
  @Query(() => Customer)
  async customer(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Customer> {
    return toCustomer(await customers.get(context, id));
  }

  @Authorized('delivery_notes:read')
  @Query(() => CustomerConnection, { complexity: pageComplexity })
  async customers(
    @Ctx() context: RequestContext,
    @Arg('filter', () => CustomerFilter, { nullable: true }) filter?: CustomerFilter,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('offset', () => Int, { nullable: true }) offset?: number,
  ): Promise<CustomerConnection> {
    return toConnection(await customers.list(context, filter ?? undefined, undefined, { first, after, offset }), toCustomer);
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => Customer)
  async createCustomer(@Arg('input', () => CreateCustomerInput) input: CreateCustomerInput, @Ctx() context: RequestContext): Promise<Customer> {
    return toCustomer(await customers.create(context, input as never));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => Customer)
  async updateCustomer(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCustomerInput) input: UpdateCustomerInput,
    @Ctx() context: RequestContext,
  ): Promise<Customer> {
    return toCustomer(await customers.update(context, id, input as never));
  }

  @Authorized('delivery_notes:write')
  @Mutation(() => ID)
  async deleteCustomer(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<string> {
    return customers.remove(context, id);
  }
}
