import { Field, Float, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { createSupplyConsumptionSchema, supplyConsumptionFilterSchema } from '../domain/supply-consumptions/schema';
import { Connection } from './common';
import { validatedBy } from './validation';

export enum SupplyConsumptionStatus {
  confirmed = 'confirmed',
  reverted = 'reverted',
}
registerEnumType(SupplyConsumptionStatus, {
  name: 'SupplyConsumptionStatus',
  description: 'confirmed (stock deducted) → reverted (stock given back; final). Nothing else moves.',
});

@ObjectType({ description: 'One line of a consumption, with the supply as it was when consumed.' })
export class SupplyConsumptionItem {
  @Field(() => ID)
  supplyId!: string;

  @Field(() => String, { description: "The supply's name when consumed." })
  supplyName!: string;

  @Field(() => String, { nullable: true, description: "The supply's unit when consumed." })
  unit!: string | null;

  @Field(() => Float, { description: 'At most 3 decimals.' })
  quantity!: number;

  @Field(() => Float, { description: "The supply's unitPrice when consumed, else its defaultAmount." })
  unitCost!: number;

  @Field(() => Float, { description: 'quantity × unitCost, rounded to the centavo.' })
  subtotal!: number;

  @Field(() => String, { nullable: true })
  notes!: string | null;
}

@ObjectType({ description: 'Supplies used up (seed 2.7): deducts their stock; creates no expense.' })
export class SupplyConsumption {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The day the supplies were used (YYYY-MM-DD; default: today in Argentina).' })
  date!: string;

  @Field(() => SupplyConsumptionStatus)
  status!: SupplyConsumptionStatus;

  @Field(() => [SupplyConsumptionItem])
  items!: SupplyConsumptionItem[];

  @Field(() => Float, { description: 'The exact sum of the subtotals.' })
  totalCost!: number;

  @Field(() => ID, { nullable: true })
  customerId!: string | null;

  @Field(() => String, { nullable: true, description: "The customer's name when consumed." })
  customerName!: string | null;

  @Field(() => String, { nullable: true, description: 'Your own reference (a work order, a job number).' })
  reference!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => ID, { nullable: true, description: 'The user who registered it (null: an API key acting for no user).' })
  createdById!: string | null;

  @Field(() => Date, { nullable: true })
  revertedAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The user who reverted it.' })
  revertedById!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class SupplyConsumptionConnection extends Connection(SupplyConsumption, 'SupplyConsumption') {}

@InputType()
export class SupplyConsumptionItemInput {
  @Field(() => ID, { description: 'An active supply of the account.' })
  supplyId!: string;

  @Field(() => Float, { description: 'Greater than 0, at most 3 decimals.' })
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  notes?: string | null;
}

@validatedBy(createSupplyConsumptionSchema)
@InputType({ description: 'A consumption to register.' })
export class CreateSupplyConsumptionInput {
  @Field(() => [SupplyConsumptionItemInput], { description: '1 to 1000 items (the same supply may appear more than once).' })
  items!: SupplyConsumptionItemInput[];

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, a real calendar date (default: today in Argentina).' })
  date?: string | null;

  @Field(() => ID, { nullable: true, description: 'A customer of the account the supplies were used for.' })
  customerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Your own reference (a work order, a job number); at most 200 characters.' })
  reference?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 1000 characters.' })
  notes?: string | null;
}

@validatedBy(supplyConsumptionFilterSchema)
@InputType()
export class SupplyConsumptionFilter {
  @Field(() => SupplyConsumptionStatus, { nullable: true })
  status?: SupplyConsumptionStatus | null;

  @Field(() => String, { nullable: true, description: 'On or after this day (YYYY-MM-DD).' })
  dateFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'On or before this day (YYYY-MM-DD).' })
  dateTo?: string | null;

  @Field(() => ID, { nullable: true, description: 'Consumptions with an item of this supply.' })
  supplyId?: string | null;

  @Field(() => ID, { nullable: true })
  customerId?: string | null;
}
