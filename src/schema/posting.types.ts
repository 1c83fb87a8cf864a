import { Field, Float, InputType, ObjectType, registerEnumType } from 'type-graphql';

export enum PerceptionTax {
  iva = 'iva',
  iibb = 'iibb',
  ganancias = 'ganancias',
}
registerEnumType(PerceptionTax, { name: 'PerceptionTax', description: 'The tax a perception suffered on a purchase is of.' });

@ObjectType({ description: 'The IVA crédito fiscal account of one VAT rate.' })
export class VatRateAccount {
  @Field(() => Float, { description: 'VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27.' })
  rate!: number;

  @Field(() => String)
  accountCode!: string;
}

@ObjectType({ description: 'The account an expense paid by one method is credited to.' })
export class PaymentMethodAccount {
  @Field(() => String, { description: 'An expense paymentMethod, e.g. cash, bank_transfer, mercadopago.' })
  method!: string;

  @Field(() => String)
  accountCode!: string;
}

@ObjectType({
  description:
    "The ledger accounts (by code) purchase entries are posted to. Unset ones are the default chart's; every one set must be an active detail account.",
})
export class PostingAccounts {
  @Field(() => String, { description: 'Net of an expense, and of a received invoice posted without an account.' })
  expense!: string;

  @Field(() => String, { description: 'IVA crédito fiscal, for every rate without an account of its own.' })
  vatCredit!: string;

  @Field(() => [VatRateAccount], { description: 'IVA crédito fiscal accounts of particular rates.' })
  vatCreditByRate!: VatRateAccount[];

  @Field(() => String, { description: 'Percepciones de IVA sufridas.' })
  ivaPerceptions!: string;

  @Field(() => String, { description: 'Percepciones de IIBB sufridas.' })
  iibbPerceptions!: string;

  @Field(() => String, { description: 'Percepciones de Ganancias sufridas.' })
  gananciasPerceptions!: string;

  @Field(() => PerceptionTax, { description: "The tax a received invoice's other taxes (one amount in the export) are booked as." })
  otherTaxesAs!: PerceptionTax;

  @Field(() => String, { description: 'Proveedores: what is owed for a received invoice, or an expense without a mapped payment method.' })
  suppliersPayable!: string;

  @Field(() => [PaymentMethodAccount], { description: 'Where an expense paid by each method is credited.' })
  paymentMethods!: PaymentMethodAccount[];
}

@InputType('VatRateAccountInput')
export class VatRateAccountInput {
  @Field(() => Float)
  rate!: number;

  @Field(() => String)
  accountCode!: string;
}

@InputType('PaymentMethodAccountInput')
export class PaymentMethodAccountInput {
  @Field(() => String)
  method!: string;

  @Field(() => String)
  accountCode!: string;
}

@InputType({ description: 'A partial update: fields left out keep their values, null puts one back to its default, a list replaces the whole list.' })
export class PostingAccountsInput {
  @Field(() => String, { nullable: true })
  expense?: string | null;

  @Field(() => String, { nullable: true })
  vatCredit?: string | null;

  @Field(() => [VatRateAccountInput], { nullable: true })
  vatCreditByRate?: VatRateAccountInput[] | null;

  @Field(() => String, { nullable: true })
  ivaPerceptions?: string | null;

  @Field(() => String, { nullable: true })
  iibbPerceptions?: string | null;

  @Field(() => String, { nullable: true })
  gananciasPerceptions?: string | null;

  @Field(() => PerceptionTax, { nullable: true })
  otherTaxesAs?: PerceptionTax | null;

  @Field(() => String, { nullable: true })
  suppliersPayable?: string | null;

  @Field(() => [PaymentMethodAccountInput], { nullable: true })
  paymentMethods?: PaymentMethodAccountInput[] | null;
}
