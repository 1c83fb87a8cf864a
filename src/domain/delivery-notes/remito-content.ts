import type { StoredAddress } from '../../store/address.store';
import type { DeliveryNoteDocument } from '../../store/delivery-notes.store';
import { argentineDay } from '../dates';

/**
 * What a printed remito says, and where each requirement comes from: RG (AFIP) 1415/2003, Anexo V, "Datos que deben
 * contener los remitos, las guías o documentos equivalentes", as amended (I a) 5 by RG 2836/2010, I a) 6 by RG
 * 4290/2018, II by RG 1697/2004):
 * - I a), the issuer and the voucher: 1 name, 2 domicilio comercial, 3 CUIT, 4 ingresos brutos, 5 the VAT legend,
 *   6 consecutive numbering, 7 start of activities, 8 the letter "R", 9 "Documento no válido como factura",
 *   12 "CAI N°" and 13 "Fecha de vto." (7 and 10 to 13 only for class "R"; 10 and 11, the printer's data, only on
 *   paper printed by a printer); c) the date of issue.
 * - II, the receiver: name, domicilio comercial, CUIT and the legend of its VAT condition; to a final consumer the
 *   legend "A consumidor final", and name, address and document only from an amount of $1.000 (the amount the text
 *   in force names; no later change of it was found).
 * - III, the goods: description, content and quantity.
 * - IV, the carrier: name, domicilio comercial and CUIT, only when a third party carries the goods.
 * A required datum the service does not hold is printed as NOT_GIVEN and listed in `missing`: never made up.
 */

export const NOT_GIVEN = 'no informado';

/** AFIP's table of vouchers: 091, "Remito R". */
export const REMITO_CODE = '091';
export const LEGEND = 'Documento no válido como factura';

/** The legends of Anexo V, I a) 5 (RG 2836/2010's wording) and II, by VAT condition; the foreign ones are not in it. */
const VAT_LEGENDS: Record<string, string> = {
  responsable_inscripto: 'I.V.A. responsable inscripto',
  exento: 'I.V.A. exento',
  no_alcanzado: 'No responsable I.V.A.',
  monotributo: 'Responsable monotributo',
  consumidor_final: 'A consumidor final',
  no_categorizado: 'Sujeto no categorizado',
  proveedor_exterior: 'Proveedor del exterior',
  cliente_exterior: 'Cliente del exterior',
};

/** Anexo V, II d): to a final consumer, the receiver is identified from this amount (centavos). */
export const IDENTIFIED_CONSUMER_FROM_CENTS = 100_000;

/** What the account says of itself (the issuer); absent data is undefined. */
export interface RemitoIssuer {
  name?: string;
  address?: string | null;
  cuit?: string;
  vatCondition?: string;
  grossIncomeNumber?: string;
  activityStart?: string;
}

export interface RemitoReceiver {
  name?: string;
  address?: StoredAddress | string;
  document?: string;
  vatCondition?: string;
}

export interface RemitoContent {
  letter: 'R';
  code: string;
  number: string;
  date: string;
  legend: string;
  issuer: Array<[string, string]>;
  receiver: Array<[string, string]>;
  transport: Array<[string, string]>;
  items: Array<{ quantity: string; unit: string; description: string }>;
  authorization: Array<[string, string]>;
  /** The labels printed NOT_GIVEN, in print order. */
  missing: string[];
}

const cuitText = (cuit: string) => (/^\d{11}$/.test(cuit) ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : cuit);

const addressText = (address: StoredAddress | string | undefined) =>
  typeof address === 'string'
    ? address
    : address
      ? [address.street, address.city, address.state, address.postal_code, address.country].filter(Boolean).join(', ')
      : '';

/** A quantity of thousandths as an Argentine writes it: `12,5`, `1.000`. */
export function quantityText(milli: number): string {
  const whole = Math.trunc(milli / 1000);
  const fraction = String(Math.abs(milli % 1000))
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${whole.toLocaleString('es-AR')}${fraction ? `,${fraction}` : ''}`;
}

/** A remito's printed content from its stored note, its issuer and its receiver. */
export function remitoContent(note: DeliveryNoteDocument, issuer: RemitoIssuer, receiver: RemitoReceiver): RemitoContent {
  const missing: string[] = [];
  const slot = (label: string, value: string | null | undefined, required = true): [string, string] => {
    const given = value?.trim();
    if (!given && required) missing.push(label);
    return [label, given || NOT_GIVEN];
  };
  const number = note.formatted_number ?? (note.number === null ? '' : `${String(note.sale_point).padStart(5, '0')}-${String(note.number).padStart(8, '0')}`);
  const receiverCondition = receiver.vatCondition;
  // A final consumer below the amount need not be identified: what is held is printed, what is not is no lack.
  const identified = receiverCondition !== 'consumidor_final' || note.total_cents >= IDENTIFIED_CONSUMER_FROM_CENTS;
  const carried = Boolean(note.carrier_name?.trim() || note.carrier_document?.trim() || note.carrier_address?.trim());
  return {
    letter: 'R',
    code: REMITO_CODE,
    number: number || `${String(note.sale_point).padStart(5, '0')}-sin número (borrador)`,
    date: dayText(argentineDay(note.issue_date)),
    legend: LEGEND,
    issuer: [
      slot('Razón social', issuer.name),
      slot('Domicilio comercial', issuer.address),
      slot('CUIT', issuer.cuit && cuitText(issuer.cuit)),
      slot('Ingresos brutos', issuer.grossIncomeNumber),
      slot('Condición frente al IVA', issuer.vatCondition && (VAT_LEGENDS[issuer.vatCondition] ?? issuer.vatCondition)),
      slot('Inicio de actividades', issuer.activityStart),
    ],
    receiver: [
      slot('Nombre o razón social', note.customer_name ?? receiver.name, identified),
      slot('Domicilio', note.destination_address ?? addressText(receiver.address), identified),
      slot('CUIT / documento', note.customer_document ? cuitText(note.customer_document) : receiver.document && cuitText(receiver.document), identified),
      slot('Condición frente al IVA', receiverCondition && (VAT_LEGENDS[receiverCondition] ?? receiverCondition)),
    ],
    transport: [
      ...(note.origin_address ? [['Origen', note.origin_address] as [string, string]] : []),
      // Anexo V, IV: the carrier's data are required when a third party carries the goods (a carrier is named).
      ...(carried
        ? [
            slot('Transportista', note.carrier_name),
            slot('Domicilio del transportista', note.carrier_address),
            slot('CUIT del transportista', note.carrier_document && cuitText(note.carrier_document)),
          ]
        : []),
      ...(note.driver_name ? [['Conductor', note.driver_name] as [string, string]] : []),
      ...([note.vehicle_plate, note.trailer_plate].some(Boolean)
        ? [['Vehículo', [note.vehicle_plate, note.trailer_plate].filter(Boolean).join(' / ')] as [string, string]]
        : []),
    ],
    items: note.items.map((item) => ({ quantity: quantityText(item.quantity_milli), unit: item.unit ?? 'unidad', description: item.description })),
    // An electronic note's authorization is its CAE; a note on the printed régimen carries the point of sale's CAI.
    authorization: note.cae ? [slot('CAE N°', note.cae)] : [slot('CAI N°', note.cai), slot('Fecha de vto.', note.cai_expiry && dayText(note.cai_expiry))],
    missing,
  };
}

const dayText = (isoDay: string) => isoDay.split('-').reverse().join('/');
