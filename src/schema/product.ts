import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { createProductSchema, productFilterSchema, updateProductSchema } from '../domain/products/schema';
import { Connection } from './common';
import { validatedBy } from './validation';

@ObjectType({ description: 'Something the account sells and delivers; its stock moves with delivery notes.' })
export class Product {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Unique within the account.' })
  sku!: string;

  @Field(() => String)
  unit!: string;

  @Field(() => Float, { description: 'Unit price (exact, 2 decimals).' })
  price!: number;

  @Field(() => Float, { description: 'Quantity on hand (changes only through stock movements).' })
  stock!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class ProductConnection extends Connection(Product, 'Product') {}

@InputType('ProductFieldsInput')
abstract class ProductFieldsInput {
  @Field(() => String, { nullable: true, description: 'Unit of measure (default "unidad"), at most 20 characters.' })
  unit?: string | null;

  @Field(() => Float, { nullable: true, description: 'Unit price, ≥ 0, at most 2 decimals.' })
  price?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters.' })
  description?: string | null;
}

@validatedBy(createProductSchema)
@InputType()
export class CreateProductInput extends ProductFieldsInput {
  @Field(() => String, { description: '1 to 200 characters.' })
  name!: string;

  @Field(() => String, { description: '1 to 64 characters, unique within the account.' })
  sku!: string;

  @Field(() => Float, { nullable: true, description: 'Opening stock (≥ 0, at most 3 decimals); later changes go through movements.' })
  stock?: number | null;
}

@validatedBy(updateProductSchema)
@InputType({ description: 'A partial update. Stock is not here: use adjustStock.' })
export class UpdateProductInput extends ProductFieldsInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  sku?: string;
}

@validatedBy(productFilterSchema)
@InputType()
export class ProductFilter {
  @Field(() => String, { nullable: true, description: 'Text in the name or sku (case-insensitive).' })
  search?: string | null;

  @Field(() => String, { nullable: true })
  sku?: string | null;
}
