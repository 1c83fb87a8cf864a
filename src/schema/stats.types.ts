import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'How many documents and their total in pesos (foreign currency at its own exchange rate).' })
export class StatsCountTotal {
  @Field(() => Int)
  count!: number;

  @Field(() => Float)
  total!: number;
}

@ObjectType({ description: 'Count and total of the documents in one status.' })
export class StatsStatusBucket {
  @Field(() => String)
  status!: string;

  @Field(() => Int)
  count!: number;

  @Field(() => Float)
  total!: number;
}

@ObjectType({ description: 'Expenses of the month by their day: count, total and the split by status.' })
export class StatsExpenses {
  @Field(() => Int)
  count!: number;

  @Field(() => Float)
  total!: number;

  @Field(() => [StatsStatusBucket])
  byStatus!: StatsStatusBucket[];
}

@ObjectType({
  description:
    'Provisional VAT position of the month: débito fiscal of issued vouchers (credit notes subtract) minus crédito fiscal of received invoices (their per-rate VAT) and posted expenses (their IVA items). Not a filed return.',
})
export class StatsVatPosition {
  @Field(() => Float)
  debit!: number;

  @Field(() => Float)
  credit!: number;

  @Field(() => Float, { description: 'debit − credit: positive is owed to the tax authority.' })
  position!: number;
}

@ObjectType({ description: 'The figures of one month (Argentine calendar).' })
export class StatsPeriodFigures {
  @Field(() => String, { description: 'YYYY-MM.' })
  period!: string;

  @Field(() => StatsCountTotal, { description: 'Received invoices issued in the month.' })
  purchases!: StatsCountTotal;

  @Field(() => StatsExpenses)
  expenses!: StatsExpenses;

  @Field(() => StatsCountTotal, { description: 'Received invoices of the month still pending.' })
  pendingReceivedInvoices!: StatsCountTotal;

  @Field(() => [StatsStatusBucket], { description: 'Issued FCE vouchers (types 201–213) by FCE status; none recorded counts as pending.' })
  fce!: StatsStatusBucket[];

  @Field(() => StatsVatPosition)
  vat!: StatsVatPosition;
}

@ObjectType({ description: 'Stock value now: quantity on hand times the unit amount.' })
export class StatsStock {
  @Field(() => Float, { description: 'Products at their price.' })
  productsValue!: number;

  @Field(() => Float, { description: 'Supplies at their default amount.' })
  suppliesValue!: number;

  @Field(() => Float)
  total!: number;
}

@ObjectType({ description: 'The dashboard: a month beside the month before, and the stock value now.' })
export class StatsDashboard {
  @Field(() => StatsPeriodFigures)
  current!: StatsPeriodFigures;

  @Field(() => StatsPeriodFigures)
  previous!: StatsPeriodFigures;

  @Field(() => StatsStock)
  stock!: StatsStock;
}
