import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';

@InputType({ description: 'A time series request: the measure, the bucket size and the Argentine days it covers, with the measure’s own filters.' })
export class TransactionSeriesInput {
  @Field(() => String, {
    description: 'purchases (received invoices, net of credit notes), expenses, or sales (issued vouchers, net of credit notes).',
  })
  measure!: string;

  @Field(() => String, { nullable: true, description: 'day, week (ISO, Monday to Sunday) or month (default).' })
  interval?: string;

  @Field(() => String, { description: 'First Argentine day, YYYY-MM-DD.' })
  from!: string;

  @Field(() => String, { description: 'Last Argentine day, YYYY-MM-DD (included); at most 366 days by day, 3 years by week, 10 years by month.' })
  to!: string;

  @Field(() => String, { nullable: true, description: 'purchases: only this supplier’s CUIT.' })
  supplierTaxId?: string;

  @Field(() => String, { nullable: true, description: 'expenses: only this supplier (id).' })
  supplierId?: string;

  @Field(() => String, { nullable: true, description: 'expenses: only this category.' })
  category?: string;

  @Field(() => String, { nullable: true, description: 'purchases: pending, linked or ignored; expenses: pending, approved, paid, cancelled or refunded.' })
  status?: string;

  @Field(() => String, { nullable: true, description: 'sales: only this customer’s document number (CUIT, DNI).' })
  customerTaxId?: string;
}

@ObjectType({ description: 'One bucket: its first and last Argentine day (clipped to the range), how many documents and their total in pesos.' })
export class TransactionSeriesBucket {
  @Field(() => String)
  start!: string;

  @Field(() => String)
  end!: string;

  @Field(() => Int)
  count!: number;

  @Field(() => Float)
  total!: number;
}

@ObjectType({ description: 'A time series of one measure, every bucket of the range in order (empty ones with zeros).' })
export class TransactionSeries {
  @Field(() => String)
  measure!: string;

  @Field(() => String)
  interval!: string;

  @Field(() => String)
  from!: string;

  @Field(() => String)
  to!: string;

  @Field(() => [TransactionSeriesBucket])
  buckets!: TransactionSeriesBucket[];

  @Field(() => Int)
  count!: number;

  @Field(() => Float)
  total!: number;
}
