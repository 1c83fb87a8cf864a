import { z } from 'zod';
import type { BillingSystemDocument, DelegationCheckDocument, PointOfSaleCheckDocument } from '../../store/billing-systems.store';
import { requirePrincipal, type RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { ValidationError } from '../errors';
import { parseInput } from '../validation';
import {
  AfipFault,
  type AfipEnvironment,
  type AfipErrorEntry,
  type AfipServices,
  AfipUnavailableError,
  type ListedPointOfSale,
  type PointsOfSaleAnswer,
} from './afip-port';
import { accountDocument, activeSystemOf, findBillingSystem } from './billing-systems';
import { BILLING_SYSTEMS, isBillingSystemName } from './catalogue';
import { accessTicket } from './tickets';

/** WSFEv1: the token does not cover the CUIT (600 as reported in production, 601 as documented). */
const NOT_DELEGATED = new Set([600, 601]);
/** WSFEv1: no data; for the points of sale, none enabled for web services. Not an authorization failure. */
const NO_RESULTS = 602;
/** WSFEv1: its own application or database failing; nothing was decided. */
const AFIP_INTERNAL = new Set([500, 501, 502]);

const verifyInputSchema = z
  .object({
    billingSystem: z.string().max(40).optional(),
    cuit: z.string().max(20).optional(),
    puntoVenta: z.number().int().min(1, 'a point of sale is 1 to 99999').max(99_999, 'a point of sale is 1 to 99999').optional(),
  })
  .strict();

export interface DelegationResult extends DelegationCheckDocument {
  billing_system: string;
  environment: string;
  /** Whether the access ticket's token names the CUIT among its relations (null: it names none). */
  in_ticket_relations: boolean | null;
}

export interface PointOfSaleResult extends PointOfSaleCheckDocument {
  billing_system: string;
  environment: string;
  emission_type: string | null;
  points_of_sale: ListedPointOfSale[];
}

interface Target {
  system: BillingSystemDocument;
  cuit: string;
  afip: AfipServices;
}

/** The system asked for (else the active one) with a certificate, and the CUIT to check (else the system's represented one). */
async function targetOf(context: RequestContext, input: z.infer<typeof verifyInputSchema>): Promise<Target> {
  let name = input.billingSystem;
  if (name === undefined) {
    const active = activeSystemOf(await accountDocument(context));
    if (!active)
      throw new ValidationError('the account has no active billing system: name one in billing_system', [
        { path: 'billingSystem', message: 'is required without an active billing system' },
      ]);
    name = active;
  }
  if (!isBillingSystemName(name))
    throw new ValidationError(
      `unknown billing system ${name}`,
      [{ path: 'billingSystem', message: 'is not a known billing system' }],
      'UNKNOWN_BILLING_SYSTEM',
    );
  const system = await findBillingSystem(context, name);
  if (!system.certificate)
    throw new ValidationError(
      `billing system ${name} has no certificate: load one before verifying`,
      [{ path: 'certificate', message: 'is required to reach the web services' }],
      'CERTIFICATE_MISSING',
    );
  let cuit = system.represented_cuit;
  if (input.cuit !== undefined) {
    const normal = normalizeCuit(input.cuit);
    if (!normal) throw new ValidationError('invalid cuit', [{ path: 'cuit', message: 'not a valid CUIT (11 digits, módulo 11 check digit)' }]);
    cuit = normal;
  }
  if (!context.afip) throw new Error('no ARCA/AFIP client configured');
  return { system, cuit, afip: context.afip };
}

type Probe =
  | { kind: 'answer'; answer: PointsOfSaleAnswer; relations: string[] | null }
  /** WSAA refused the certificate (not authorized for the service, untrusted, expired…). */
  | { kind: 'refused'; fault: AfipFault };

/** Logs in (or reuses the stored ticket) and asks WSFEv1 for the points of sale of the CUIT. */
async function probe(context: RequestContext, { system, cuit, afip }: Target): Promise<Probe> {
  const environment = system.environment as AfipEnvironment;
  const service = BILLING_SYSTEMS[system.name as keyof typeof BILLING_SYSTEMS].service;
  let ticket: Awaited<ReturnType<typeof accessTicket>>;
  try {
    ticket = await accessTicket(context, afip, environment, system.certificate!, service);
  } catch (error) {
    if (error instanceof AfipFault && !error.faultCode.endsWith('.unavailable') && error.faultCode !== 'wsaa.internalError')
      return { kind: 'refused', fault: error };
    if (error instanceof AfipFault) throw new AfipUnavailableError(`WSAA: ${error.message}`);
    throw error;
  }
  const answer = await afip.pointsOfSale(environment, ticket, cuit);
  if (answer.kind === 'errors' && answer.errors.some((error) => AFIP_INTERNAL.has(error.code)))
    throw new AfipUnavailableError(`WSFEv1: ${answer.errors.map((error) => `${error.code} ${error.message}`).join('; ')}`);
  return { kind: 'answer', answer, relations: ticket.relations };
}

const describe = (errors: AfipErrorEntry[]) => errors.map((error) => `${error.code}: ${error.message}`).join('; ');

async function record(context: RequestContext, system: BillingSystemDocument, field: 'last_delegation_check' | 'last_point_of_sale_check', value: unknown) {
  await context.store
    .collection<BillingSystemDocument>('billing_systems')
    .updateOne({ _id: system._id, account_id: requirePrincipal(context).accountId }, { $set: { [field]: value } });
}

/**
 * Whether the system's certificate may act for the CUIT in WSFEv1: delegated when WSFEv1 answers for it (a list, or
 * 602 "no results"); not when WSAA refuses the certificate or WSFEv1 answers 600/601. The outcome is kept on the
 * system; an unreachable service (503) keeps nothing.
 */
export async function verifyDelegation(context: RequestContext, raw: unknown): Promise<DelegationResult> {
  const input = parseInput(verifyInputSchema.omit({ puntoVenta: true }), raw ?? {});
  const target = await targetOf(context, input);
  const outcome = await probe(context, target);
  const checked_at = context.now();
  let check: DelegationCheckDocument;
  let inRelations: boolean | null = null;
  if (outcome.kind === 'refused') {
    check = {
      cuit: target.cuit,
      delegated: false,
      reason: `WSAA refused the certificate (${outcome.fault.faultCode}): ${outcome.fault.faultString}`,
      afip_errors: [],
      checked_at,
    };
  } else {
    inRelations = outcome.relations ? outcome.relations.includes(target.cuit) : null;
    const errors = outcome.answer.kind === 'errors' ? outcome.answer.errors : [];
    const refused = errors.filter((error) => NOT_DELEGATED.has(error.code));
    const other = errors.filter((error) => !NOT_DELEGATED.has(error.code) && error.code !== NO_RESULTS);
    const delegated = refused.length === 0 && other.length === 0;
    const reason = refused.length
      ? `CUIT ${target.cuit} has not delegated the web service to this certificate: ${describe(refused)}`
      : other.length
        ? `WSFEv1 did not confirm the delegation: ${describe(other)}`
        : `WSFEv1 accepts this certificate acting for CUIT ${target.cuit}`;
    check = { cuit: target.cuit, delegated, reason, afip_errors: errors, checked_at };
  }
  await record(context, target.system, 'last_delegation_check', check);
  return { ...check, billing_system: target.system.name, environment: target.system.environment, in_ticket_relations: inRelations };
}

/**
 * Whether a point of sale can issue through the web service: listed by FEParamGetPtosVenta, not blocked, without a
 * drop date. The outcome is kept on the system; an unreachable service (503) keeps nothing.
 */
export async function verifyPointOfSale(context: RequestContext, raw: unknown): Promise<PointOfSaleResult> {
  const input = parseInput(verifyInputSchema, raw ?? {});
  if (input.puntoVenta === undefined) throw new ValidationError('punto_venta is required', [{ path: 'puntoVenta', message: 'is required' }]);
  const number = input.puntoVenta;
  const target = await targetOf(context, input);
  const outcome = await probe(context, target);
  let status: string;
  let reason: string;
  let listed: ListedPointOfSale[] = [];
  let found: ListedPointOfSale | undefined;
  if (outcome.kind === 'refused') {
    status = 'not_authorized';
    reason = `WSAA refused the certificate (${outcome.fault.faultCode}): ${outcome.fault.faultString}`;
  } else if (outcome.answer.kind === 'errors') {
    const errors = outcome.answer.errors;
    if (errors.some((error) => NOT_DELEGATED.has(error.code))) {
      status = 'not_delegated';
      reason = `CUIT ${target.cuit} has not delegated the web service to this certificate: ${describe(errors)}`;
    } else if (errors.some((error) => error.code === NO_RESULTS)) {
      status = 'not_listed';
      reason = `CUIT ${target.cuit} has no point of sale enabled for web services (602): create one as "RECE para aplicativo y web services"`;
    } else {
      status = 'afip_error';
      reason = `WSFEv1 answered errors: ${describe(errors)}`;
    }
  } else {
    listed = outcome.answer.pointsOfSale;
    found = listed.find((pointOfSale) => pointOfSale.number === number);
    if (!found) {
      status = 'not_listed';
      reason = `point of sale ${number} is not among CUIT ${target.cuit}'s web-service points of sale (${listed.map((pv) => pv.number).join(', ') || 'none'})`;
    } else if (found.droppedOn) {
      status = 'dropped';
      reason = `point of sale ${number} was dropped on ${found.droppedOn}`;
    } else if (found.blocked) {
      status = 'blocked';
      reason = `point of sale ${number} is blocked`;
    } else {
      status = 'enabled';
      reason = `point of sale ${number} is enabled (${found.emissionType})`;
    }
  }
  const check: PointOfSaleCheckDocument = { cuit: target.cuit, punto_venta: number, valid: status === 'enabled', status, reason, checked_at: context.now() };
  await record(context, target.system, 'last_point_of_sale_check', check);
  return {
    ...check,
    billing_system: target.system.name,
    environment: target.system.environment,
    emission_type: found?.emissionType ?? null,
    points_of_sale: listed,
  };
}
