import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Authorized, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, type SubscribeResolverData, Subscription } from 'type-graphql';
import { Parent } from './parent';
import { requirePrincipal, type RequestContext } from '../domain/context';
import { checkEligibility, type EligibilityInput, voucherDay } from '../domain/fce/eligibility';
import { type FceEventDocument, type FceVoucher, fceVoucher, fceVoucherOf, fceView, listEvents, recordEvent } from '../domain/fce/events';
import { checkReceiverObligation } from '../domain/fce/obligation-check';
import { argentineDay } from '../domain/dates';
import { listIssuedFce } from '../domain/fce/issued';
import { effectiveThreshold, setThreshold, THRESHOLD_KEY } from '../domain/fce/threshold';
import { fromCents } from '../domain/money';
import { FceEligibility, FceEvent, FceEventList, FceInvoice, FceInvoicePage, FceThreshold, FceThresholdSetting } from '../schema/fce.types';
import { FCE_TYPES } from '../domain/fce/eligibility';
import { FCE_EVENT_RECORDED, fceTopic } from './fce-pubsub';
import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const IssuedVoucher = typesOf(ISSUED_VOUCHER).Record;
type IssuedVoucher = DeclaredRecord;

export const toFceEvent = (doc: FceEventDocument): FceEvent => ({
  id: doc._id.toHexString(),
  fceInvoiceId: doc.fce_invoice_id.toHexString(),
  eventType: doc.event_type,
  payload: doc.payload,
  recordedBy: doc.recorded_by,
  recordedAt: doc.recorded_at,
});

export const toFceInvoice = (doc: FceVoucher): FceInvoice => ({
  id: doc._id.toHexString(),
  tipoComprobante: doc.voucher_type,
  numeroComprobante: doc.voucher_number,
  puntoVenta: doc.sale_point,
  importeTotal: fromCents(doc.total_amount_cents),
  cae: doc.cae,
  fceStatus: doc.fce_status ?? 'pending',
  lastEventAt: doc.last_event_at ?? null,
});

/** FCE MiPyME: eligibility and the account's minimum amount (contract §2.3, §4.4). */
@Resolver()
export class FceResolver {
  // Write scope although it changes nothing: the contract (§5.4) reserves it to keys that issue vouchers.
  @Authorized('invoices:write')
  @Mutation(() => FceEligibility, { description: 'Checks a voucher against the FCE MiPyME rules; never fails on the voucher’s content.' })
  async checkFceEligibility(
    @Ctx() context: RequestContext,
    @Arg('input', () => GraphQLJSONObject, { description: 'Fields of contract §2.3, all optional.' }) input: EligibilityInput,
  ): Promise<FceEligibility> {
    const day = voucherDay(input.fecha_comprobante, context.now());
    const [threshold, obligation] = await Promise.all([effectiveThreshold(context, day), checkReceiverObligation(context, input.numero_documento, day)]);
    return {
      ...checkEligibility(input, threshold.value),
      thresholdSource: threshold.source,
      thresholdEffectiveFrom: threshold.effectiveFrom,
      thresholdReview: threshold.review,
      obligationCheck: obligation.check,
      receiverObliged: obligation.obliged,
      receiverMinimumArs: obligation.minimumArs,
      obligationDetail: obligation.detail,
    };
  }

  @Authorized('invoices:read')
  @Query(() => FceThreshold, { description: 'The FCE MiPyME minimum amount in force: the account’s own, else the platform default.' })
  async fceThreshold(@Ctx() context: RequestContext): Promise<FceThreshold> {
    const threshold = await effectiveThreshold(context, argentineDay(context.now()));
    return { value: threshold.value, currency: 'ARS', source: threshold.source, effectiveFrom: threshold.effectiveFrom };
  }

  @Authorized('invoices:write')
  @Mutation(() => FceThresholdSetting, { description: 'Sets the account’s own FCE MiPyME minimum amount (ARS, greater than 0).' })
  async setFceThreshold(@Ctx() context: RequestContext, @Arg('value', () => Float) value: number): Promise<FceThresholdSetting> {
    return { key: THRESHOLD_KEY, value: await setThreshold(context, value) };
  }
}

/** The FCE lifecycle log and the issued FCE list (contract §2.3, §3.6, §6). */
@Resolver(() => FceInvoice)
export class FceInvoiceResolver {
  @Authorized('invoices:read')
  @Query(() => FceInvoicePage, { description: 'The account’s issued FCE vouchers, newest first (per_page at most 100), optionally of one status.' })
  async fceInvoices(
    @Ctx() context: RequestContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) perPage?: number,
    @Arg('status', () => String, { nullable: true, description: 'pending, accepted, rejected, anulled, transferred_sircreb or paid_in_full.' }) status?: string,
  ): Promise<FceInvoicePage> {
    const found = await listIssuedFce(context, { page: page ?? 1, perPage: perPage ?? 20, status });
    return { ...found, items: found.items.map(toFceInvoice) };
  }

  @Authorized('invoices:read')
  @Query(() => FceInvoice, { description: 'An issued FCE voucher of the account.' })
  async fceInvoice(@Ctx() context: RequestContext, @Arg('id', () => ID) id: string): Promise<FceInvoice> {
    return toFceInvoice(fceView(await fceVoucher(context, id), context.now()));
  }

  @Authorized('invoices:read')
  @Query(() => FceEventList, { description: 'The latest 50 events of an issued FCE voucher, newest first.' })
  async fceEvents(
    @Ctx() context: RequestContext,
    @Arg('id', () => ID, { description: 'The issued FCE voucher.' }) fceInvoiceId: string,
  ): Promise<FceEventList> {
    const events = await listEvents(context, fceInvoiceId);
    return { nodes: events.map(toFceEvent), totalCount: events.length };
  }

  @Authorized('invoices:write')
  @Mutation(() => FceEvent, {
    description:
      'Records a lifecycle event of an issued FCE voucher; a move the law forbids is 409 INVALID_FCE_TRANSITION (e.g. accepted after rejected) or FCE_ACCEPTANCE_TERM_EXPIRED (accepting or rejecting after the term, when it stands accepted tacitly).',
  })
  async recordFceEvent(
    @Ctx() context: RequestContext,
    @Arg('id', () => ID, { description: 'The issued FCE voucher.' }) fceInvoiceId: string,
    @Arg('eventType', () => String) eventType: string,
    @Arg('payload', () => GraphQLJSONObject, { nullable: true }) payload?: Record<string, unknown>,
  ): Promise<FceEvent> {
    // Subscribers hear of it through the store's change feed, on every gateway.
    return toFceEvent(await recordEvent(context, fceInvoiceId, { event_type: eventType, payload }));
  }

  @FieldResolver(() => FceEventList, { description: 'The latest 50 events, newest first.' })
  async events(@Parent() invoice: FceInvoice, @Ctx() context: RequestContext): Promise<FceEventList> {
    const events = await listEvents(context, invoice.id);
    return { nodes: events.map(toFceEvent), totalCount: events.length };
  }
}

/** FCE events as they are recorded (over WebSocket, see src/http/subscriptions.ts), and each event's voucher. */
@Resolver(() => FceEvent)
export class FceEventResolver {
  @Authorized('invoices:read')
  @Subscription(() => FceEvent, {
    description: 'Each FCE event recorded for the account from now on (REST or GraphQL), as recordFceEvent answers it.',
    topics: FCE_EVENT_RECORDED,
    // Runs after the scope check: the caller is known, and only its account's events are routed to it, by the
    // change feed of the gateway it is connected to.
    topicId: ({ context }: SubscribeResolverData<unknown, object, RequestContext>) =>
      fceTopic(context.store.events, requirePrincipal(context).accountId.toHexString()),
  })
  fceEventRecorded(@Parent() event: FceEventDocument): FceEvent {
    return toFceEvent(event);
  }

  @FieldResolver(() => FceInvoice, { description: 'The FCE voucher of the event, as it stands when the field is read.' })
  async fceInvoice(@Parent() event: FceEvent, @Ctx() context: RequestContext): Promise<FceInvoice> {
    return toFceInvoice(fceView(await fceVoucherOf(context, event.fceInvoiceId), context.now()));
  }
}

/** An issued voucher's FCE side: null for vouchers that are not FCE (types other than 201–213). */
@Resolver(() => IssuedVoucher)
export class IssuedVoucherFceResolver {
  @FieldResolver(() => FceInvoice, { nullable: true, description: 'The FCE lifecycle of the voucher; null when it is not an FCE voucher.' })
  async fce(@Parent() voucher: IssuedVoucher, @Ctx() context: RequestContext): Promise<FceInvoice | null> {
    if (!FCE_TYPES.has(voucher.voucherType as number)) return null;
    return toFceInvoice(fceView(await fceVoucherOf(context, voucher.id), context.now()));
  }
}
