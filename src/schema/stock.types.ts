import { ArgsType, Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';
import { z } from 'zod';
import { quantitySchema } from '../domain/money';
import { Connection } from './common';
import { validatedBy } from './validation.types';

export enum StockItemType {
  product = 'product',
  supply = 'supply',
}
registerEnumType(StockItemType, { name: 'StockItemType', description: 'Kinds of items that hold stock.' });

@ObjectType({ description: 'What caused a stock movement.' })
export class StockCause {
  @Field(() => String, {
    description: 'adjustment, opening, supply_consumption, supply_consumption_revert, supply_consumption_delete, delivery_note_issue, delivery_note_cancel.',
  })
  type!: string;

  @Field(() => ID, { nullable: true, description: 'The causing document (none for adjustments).' })
  id!: string | null;
}

@ObjectType({ description: "One append-only change of an item's stock." })
export class StockMovement {
  @Field(() => ID)
  id!: string;

  @Field(() => StockItemType)
  itemType!: StockItemType;

  @Field(() => ID)
  itemId!: string;

  @Field(() => Float, { description: 'Signed quantity (at most 3 decimals).' })
  delta!: number;

  @Field(() => Float, { description: "The item's stock right after this movement." })
  stockAfter!: number;

  @Field(() => StockCause)
  cause!: StockCause;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => ID, { nullable: true, description: 'The user behind the key or session that made the change.' })
  userId!: string | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType()
export class StockMovementConnection extends Connection(StockMovement, 'StockMovement') {}

export const adjustStockSchema = z
  .object({
    itemType: z.enum(['product', 'supply']),
    id: z.string(),
    delta: quantitySchema({ positive: false }).refine((milli) => milli !== 0, 'must not be 0'),
    reason: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters'),
  })
  .strict();

/** adjustStock's arguments; once validated, `delta` holds thousandths. */
@validatedBy(adjustStockSchema)
@ArgsType()
export class AdjustStockArgs {
  @Field(() => StockItemType)
  itemType!: StockItemType;

  @Field(() => ID)
  id!: string;

  @Field(() => Float, { description: 'Signed quantity to add (negative to remove), at most 3 decimals, not 0.' })
  delta!: number;

  @Field(() => String, { description: 'Why (1 to 500 characters).' })
  reason!: string;
}
