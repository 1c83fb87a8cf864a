import type { WithholdingDocument } from '../../store/withholdings.store';

/** 13 (or `whole`) digits, a comma and 2 decimals, zero-padded: SICORE's amount fields. */
export function sicoreAmount(cents: number, width: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const text = `${whole},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  if (text.length > width) throw new RangeError(`amount ${text} does not fit ${width} characters`);
  return text.padStart(width, '0');
}

const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
/** The digits of a reference (a payment order "OP 0001-00000123"), the last `width` of them, zero-padded. */
const digits = (text: string, width: number) => text.replace(/\D/g, '').slice(-width).padStart(width, '0');

/**
 * One withholding as a SICORE import record, fixed width (144 characters), in the order of the Tryton
 * account_retencion_ar export: origin voucher 06 (orden de pago), its date and number (its digits), the amount paid,
 * tax 217, the regime, operation 1 (retención), the base of this payment, the withholding date, condition 01/02, not
 * suspended, the amount withheld, the exclusion percent, no exclusion date, document type 80 and the CUIT (left
 * aligned), no original certificate number.
 */
export function sicoreLine(withholding: WithholdingDocument): string {
  const fields = [
    '06',
    day(withholding.date),
    digits(withholding.payment_id, 16),
    sicoreAmount(withholding.amount_paid_cents, 16),
    '217',
    (withholding.sicore_code ?? '').padStart(3, '0'),
    '1',
    sicoreAmount(withholding.base_cents, 14),
    day(withholding.date),
    withholding.condition === 'inscripto' ? '01' : '02',
    '0',
    sicoreAmount(withholding.amount_cents, 14),
    sicoreAmount(Math.round(withholding.exclusion_percent * 100), 6),
    ' '.repeat(10),
    '80',
    (withholding.supplier_cuit ?? '').padEnd(20, ' '),
    '0'.repeat(14),
  ];
  return fields.join('');
}
