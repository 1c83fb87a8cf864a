import { argentineDay, instantOf, isCalendarDate } from '../dates';

/**
 * FCE MiPyME eligibility (contract §2.3): every rule is checked and each failure becomes one reason, so a client
 * can fix all of them in one round. Nothing here throws on odd input: any value of any type is a reason, not an error.
 */

/** Ordinary A/B/C invoice, debit and credit note codes and their FCE equivalent (ARCA TABLACOMPROBANTES). */
export const FCE_TYPE_OF: ReadonlyMap<number, number> = new Map([
  [1, 201],
  [2, 202],
  [3, 203],
  [6, 206],
  [7, 207],
  [8, 208],
  [11, 211],
  [12, 212],
  [13, 213],
]);
export const FCE_TYPES: ReadonlySet<number> = new Set(FCE_TYPE_OF.values());

/** Receiver IVA conditions an FCE may be issued to. */
export const FCE_RECEIVER_CONDITIONS = ['responsable_inscripto', 'monotributo'] as const;
/** Document type 80 = CUIT. */
export const CUIT_DOCUMENT_TYPE = 80;

export interface EligibilityInput {
  tipo_comprobante?: unknown;
  importe_total?: unknown;
  tipo_documento?: unknown;
  condicion_iva?: unknown;
  fecha_comprobante?: unknown;
  fecha_vencimiento_pago?: unknown;
  metadata?: unknown;
  /** The receiver's CUIT, for ARCA's registry of who must receive FCE (an addition to contract §2.3). */
  numero_documento?: unknown;
}

export interface Eligibility {
  eligible: boolean;
  reasons: string[];
  suggestedType: number | null;
  thresholdArs: number;
}

/** A whole code sent as a number or a numeric string (the contract allows both), or null. */
function code(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(number) ? number : null;
}

/** The FCE code a voucher type maps to: an ordinary A/B/C type, or an FCE type itself. */
export function suggestedFceType(value: unknown): number | null {
  const type = code(value);
  if (type === null) return null;
  if (FCE_TYPES.has(type)) return type;
  return FCE_TYPE_OF.get(type) ?? null;
}

const MAX_DATE_LENGTH = 40;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
function date(value: unknown): Date | null {
  if (typeof value !== 'string' || value.length > MAX_DATE_LENGTH) return null;
  if (isCalendarDate(value)) return instantOf(`${value}T00:00:00`);
  if (!ISO_DATE_TIME.test(value) || !isCalendarDate(value.slice(0, 10))) return null;
  return instantOf(value);
}

/**
 * The Argentine calendar day whose FCE minimum applies: the voucher's date (fecha_comprobante) when it is one, else
 * today (a missing or unreadable date is already a reason of its own).
 */
export function voucherDay(value: unknown, now: Date): string {
  const issued = date(value);
  return argentineDay(issued ?? now);
}

/** One year after `from`, on the same calendar day (29 February → 28 February). */
function oneYearAfter(from: Date): Date {
  const limit = new Date(from);
  limit.setUTCFullYear(limit.getUTCFullYear() + 1);
  if (limit.getUTCDate() !== from.getUTCDate()) limit.setUTCDate(0);
  return limit;
}

export function checkEligibility(input: EligibilityInput, thresholdArs: number): Eligibility {
  const reasons: string[] = [];
  const suggestedType = suggestedFceType(input.tipo_comprobante);
  if (input.tipo_comprobante === undefined || input.tipo_comprobante === null) reasons.push('tipo_comprobante is missing');
  else if (suggestedType === null) reasons.push('tipo_comprobante is not an invoice, debit note or credit note of class A, B or C');

  const total = input.importe_total;
  if (total === undefined || total === null) reasons.push('importe_total is missing');
  else if (typeof total !== 'number' || !Number.isFinite(total)) reasons.push('importe_total must be a number');
  else if (total < thresholdArs) reasons.push(`importe_total is below the FCE minimum of ${thresholdArs.toFixed(2)} ARS`);

  if (input.tipo_documento === undefined || input.tipo_documento === null) reasons.push('tipo_documento is missing');
  else if (code(input.tipo_documento) !== CUIT_DOCUMENT_TYPE) reasons.push(`tipo_documento must be ${CUIT_DOCUMENT_TYPE} (CUIT)`);

  if (input.condicion_iva === undefined || input.condicion_iva === null) reasons.push('condicion_iva is missing');
  else if (!(FCE_RECEIVER_CONDITIONS as readonly unknown[]).includes(input.condicion_iva))
    reasons.push(`condicion_iva must be ${FCE_RECEIVER_CONDITIONS.join(' or ')}`);

  const issued = date(input.fecha_comprobante);
  if (input.fecha_comprobante === undefined || input.fecha_comprobante === null) reasons.push('fecha_comprobante is missing');
  else if (!issued) reasons.push('fecha_comprobante is not an ISO 8601 date');

  const due = date(input.fecha_vencimiento_pago);
  if (input.fecha_vencimiento_pago === undefined || input.fecha_vencimiento_pago === null) reasons.push('fecha_vencimiento_pago is missing');
  else if (!due) reasons.push('fecha_vencimiento_pago is not an ISO 8601 date');
  else if (issued) {
    if (due.getTime() <= issued.getTime()) reasons.push('fecha_vencimiento_pago must be later than fecha_comprobante');
    else if (due.getTime() > oneYearAfter(issued).getTime()) reasons.push('fecha_vencimiento_pago must be at most 1 year after fecha_comprobante');
  }

  const metadata = input.metadata;
  if (metadata === undefined || metadata === null) reasons.push('metadata.emitter_cbu is missing');
  else if (typeof metadata !== 'object' || Array.isArray(metadata)) reasons.push('metadata must be an object');
  else {
    const cbu = (metadata as Record<string, unknown>).emitter_cbu;
    if (cbu === undefined || cbu === null || cbu === '') reasons.push('metadata.emitter_cbu is missing');
    else if (typeof cbu !== 'string' || !/^\d{22}$/.test(cbu)) reasons.push('metadata.emitter_cbu must be a CBU of 22 digits');
  }

  return { eligible: reasons.length === 0, reasons, suggestedType, thresholdArs };
}
