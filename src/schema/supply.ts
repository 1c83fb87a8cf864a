import { Field, Float, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { createSupplySchema, supplyFilterSchema, updateSupplySchema } from '../domain/supplies/schema';
import { BulkResult, Connection, SortDirection } from './common';
import { validatedBy } from './validation';

export enum SupplyStatus {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(SupplyStatus, { name: 'SupplyStatus', description: 'Only active supplies can be consumed.' });

export enum SupplyOrderField {
  name = 'name',
  createdAt = 'createdAt',
  updatedAt = 'updatedAt',
}
registerEnumType(SupplyOrderField, { name: 'SupplyOrderField' });

@ObjectType({ description: 'A supply (insumo) the account buys and uses up; its stock moves with consumptions.' })
export class Supply {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Float, { description: 'Default cost of one unit (exact, 2 decimals); used when there is no unitPrice.' })
  defaultAmount!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Unit of measure (kg, litro, unidad…).' })
  unit!: string | null;

  @Field(() => Float, { nullable: true, description: 'Price of one unit (exact, 2 decimals); null: defaultAmount applies.' })
  unitPrice!: number | null;

  @Field(() => SupplyStatus)
  status!: SupplyStatus;

  @Field(() => ID, { nullable: true })
  supplierId!: string | null;

  @Field(() => Float, { description: 'Quantity on hand (changes only through stock movements).' })
  stock!: number;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class SupplyConnection extends Connection(Supply, 'Supply') {}

@ObjectType({ description: 'Outcome of a bulk create or update of supplies.' })
export class SupplyBulkResult extends BulkResult(Supply, 'Supply') {}

/** Fields shared by create and update; `name` is required on create only. */
@InputType('SupplyFieldsInput')
abstract class SupplyFieldsInput {
  @Field(() => Float, { nullable: true, description: '≥ 0, at most 2 decimals (default 0).' })
  defaultAmount?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters.' })
  unit?: string | null;

  @Field(() => Float, { nullable: true, description: '≥ 0, at most 2 decimals, or null (defaultAmount applies).' })
  unitPrice?: number | null;

  @Field(() => SupplyStatus, { nullable: true, description: 'Defaults to active.' })
  status?: SupplyStatus | null;

  @Field(() => ID, { nullable: true, description: 'A supplier of the account.' })
  supplierId?: string | null;
}

@validatedBy(createSupplySchema)
@InputType({ description: 'A new supply. Fields left null are not stored.' })
export class CreateSupplyInput extends SupplyFieldsInput {
  @Field(() => String, { description: '1 to 200 characters.' })
  name!: string;

  @Field(() => Float, { nullable: true, description: 'Opening stock (≥ 0, at most 3 decimals); later changes go through movements.' })
  stock?: number | null;
}

@validatedBy(updateSupplySchema)
@InputType({ description: 'A partial update: fields left out keep their values; null clears an optional field. Stock is not here: use adjustStock.' })
export class UpdateSupplyInput extends SupplyFieldsInput {
  @Field(() => String, { nullable: true, description: '1 to 200 characters.' })
  name?: string;
}

@InputType({ description: 'One item of createSupplies. Required fields are checked per item.' })
export class SupplyCreateItem extends SupplyFieldsInput {
  @Field(() => String, { nullable: true, description: 'Required: 1 to 200 characters.' })
  name?: string;

  @Field(() => Float, { nullable: true, description: 'Opening stock (≥ 0, at most 3 decimals).' })
  stock?: number | null;
}

@InputType({ description: 'One item of updateSupplies.' })
export class SupplyUpdateItem extends UpdateSupplyInput {
  @Field(() => ID)
  id!: string;
}

@validatedBy(supplyFilterSchema)
@InputType()
export class SupplyFilter {
  @Field(() => SupplyStatus, { nullable: true })
  status?: SupplyStatus | null;

  @Field(() => ID, { nullable: true, description: 'Supplies of this supplier.' })
  supplierId?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text found in the name or description.' })
  search?: string | null;
}

@InputType()
export class SupplyOrderBy {
  @Field(() => SupplyOrderField, { defaultValue: SupplyOrderField.name })
  field!: SupplyOrderField;

  @Field(() => SortDirection, { defaultValue: SortDirection.asc })
  direction!: SortDirection;
}
