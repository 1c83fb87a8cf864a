import { ArgsType, Field, Float, InputType } from 'type-graphql';

/** The inputs of resolving an import's rate review, the same for a received invoice and an issued voucher. */

@InputType({ description: "The taxed base and VAT of one rate, in the voucher's currency." })
export class ReceivedInvoiceVatLineInput {
  @Field(() => Float, { description: 'VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27.' })
  aliquot!: number;

  @Field(() => Float, { description: 'Taxed base (at most 2 decimals).' })
  base!: number;

  @Field(() => Float, { description: 'VAT: the base at the rate, within a centavo (at most 2 decimals).' })
  amount!: number;
}

@InputType({ description: "The taxed base and VAT of one rate, in the voucher's currency." })
export class IssuedVoucherVatLineInput extends ReceivedInvoiceVatLineInput {}

@ArgsType()
export class NetRestatementArgs {
  @Field(() => Float, { nullable: true, description: "The restated net taxed, in the voucher's currency." })
  netTaxed?: number;

  @Field(() => Float, { nullable: true, description: "The restated net not taxed, in the voucher's currency." })
  netUntaxed?: number;

  @Field(() => Float, { nullable: true, description: "The restated exempt amount, in the voucher's currency." })
  exempt?: number;
}

export const RESTATEMENT_NOTE =
  'netTaxed, netUntaxed and exempt restate the net split where the export misplaced taxed net (the VAT, other taxes and total stay; the restated amounts may not exceed the total by more than $1; the split as imported is kept in statedNet).';
