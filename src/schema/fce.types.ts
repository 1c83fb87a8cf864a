import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'Whether a voucher must (and can) be issued as an FCE MiPyME; every failed rule is a reason.' })
export class FceEligibility {
  @Field(() => Boolean)
  eligible!: boolean;

  @Field(() => [String], { description: 'One per failed rule; empty when eligible.' })
  reasons!: string[];

  @Field(() => Int, { nullable: true, description: 'The FCE voucher code (201–213) the sent type maps to; null when it has none.' })
  suggestedType!: number | null;

  @Field(() => Float, {
    description: 'The minimum amount applied: the account’s own, else the platform override, else the published minimum on the voucher’s date.',
  })
  thresholdArs!: number;

  @Field(() => String, {
    description: 'Where thresholdArs comes from: the account setting, the platform override, or the resolution that set the published minimum.',
  })
  thresholdSource!: string;

  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD) of the published minimum applied; null for an account or platform value.' })
  thresholdEffectiveFrom!: string | null;

  @Field(() => Boolean, { description: 'True when the published minimum of that date is not verified for the whole span: review it.' })
  thresholdReview!: boolean;

  @Field(() => String, {
    description:
      'ARCA’s registry of who must receive FCE (WSFECRED consultarMontoObligadoRecepcion) for numeroDocumento on the voucher’s date: answered, refused (ARCA answered errors), unavailable (ARCA could not be reached) or not_checked.',
  })
  obligationCheck!: string;

  @Field(() => Boolean, { nullable: true, description: 'Whether ARCA says the receiver must receive FCE on that date; null unless answered.' })
  receiverObliged!: boolean | null;

  @Field(() => Float, { nullable: true, description: 'The amount from which (inclusive) ARCA says the receiver must receive FCE; null unless answered.' })
  receiverMinimumArs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the obligation is not known, or ARCA’s observations.' })
  obligationDetail!: string | null;
}

@ObjectType({ description: 'The FCE MiPyME minimum amount in force for the account.' })
export class FceThreshold {
  @Field(() => Float)
  value!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => String, { description: 'The account setting, the platform override, or the resolution that set the published minimum.' })
  source!: string;

  @Field(() => String, { nullable: true, description: 'First day (YYYY-MM-DD) of the published minimum; null for an account or platform value.' })
  effectiveFrom!: string | null;
}

@ObjectType({ description: 'The account setting written by setFceThreshold.' })
export class FceThresholdSetting {
  @Field(() => String)
  key!: string;

  @Field(() => Float)
  value!: number;
}

@ObjectType({ description: 'One event of an FCE invoice’s lifecycle log.' })
export class FceEvent {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  fceInvoiceId!: string;

  @Field(() => String, { description: 'accepted, rejected, anulled, transferred_sircreb or paid_in_full.' })
  eventType!: string;

  @Field(() => GraphQLJSONObject, { description: 'Free-form details (e.g. the rejection reason).' })
  payload!: Record<string, unknown>;

  @Field(() => String, { description: 'The user (email) or API key that recorded it.' })
  recordedBy!: string;

  @Field(() => Date)
  recordedAt!: Date;
}

@ObjectType({ description: 'The latest events of an FCE invoice, newest first (at most 50).' })
export class FceEventList {
  @Field(() => [FceEvent])
  nodes!: FceEvent[];

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType({ description: 'An issued FCE MiPyME voucher (types 201–213) with its lifecycle status.' })
export class FceInvoice {
  @Field(() => ID)
  id!: string;

  @Field(() => Int)
  tipoComprobante!: number;

  @Field(() => Int)
  numeroComprobante!: number;

  @Field(() => Int)
  puntoVenta!: number;

  @Field(() => Float)
  importeTotal!: number;

  @Field(() => String, { nullable: true })
  cae!: string | null;

  @Field(() => String, {
    description: 'pending (no event yet) or the type of the latest event; a pending invoice whose acceptance term has run out reads accepted (tacitly).',
  })
  fceStatus!: string;

  @Field(() => Date, { nullable: true })
  lastEventAt!: Date | null;
}

@ObjectType({ description: 'A page of issued FCE vouchers, newest first.' })
export class FceInvoicePage {
  @Field(() => [FceInvoice])
  items!: FceInvoice[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  perPage!: number;
}
