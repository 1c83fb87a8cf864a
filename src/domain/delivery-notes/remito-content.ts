import type { StoredAddress } from '../../store/address.store';
import type { DeliveryNoteDocument } from '../../store/delivery-notes.store';
import { argentineDay } from '../dates';

/**
 * What a printed remito says, and where each requirement comes from: RG (AFIP) 1415/2003, Anexo V, "Datos que deben
 * contener los remitos, las guías o documentos equivalentes" (apartado I, emisor y comprobante: items a) 1 to 8;
 * apartado II, receptor; apartado III, los bienes; the C.A.I. and its expiry under the título of the printing
 * régimen, or the electronic equivalent). A datum the service does not hold is printed as NOT_GIVEN and listed in
 * `missing`: never made up.
 */

export const NOT_GIVEN = 'no informado';

/** AFIP's table of vouchers: 091, "Remito R". */
export const REMITO_CODE = '091';
export const LEGEND = 'Documento no válido como factura';

const VAT_LEGENDS: Record<string, string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  exento: 'IVA Exento',
  monotributo: 'Responsable Monotributo',
  no_alcanzado: 'IVA No Alcanzado',
  consumidor_final: 'Consumidor Final',
  no_categorizado: 'Sujeto No Categorizado',
  proveedor_exterior: 'Proveedor del Exterior',
  cliente_exterior: 'Cliente del Exterior',
};

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
  const slot = (label: string, value: string | null | undefined): [string, string] => {
    const given = value?.trim();
    if (!given) missing.push(label);
    return [label, given || NOT_GIVEN];
  };
  const number = note.formatted_number ?? (note.number === null ? '' : `${String(note.sale_point).padStart(5, '0')}-${String(note.number).padStart(8, '0')}`);
  return {
    letter: 'R',
    code: REMITO_CODE,
    number: number || `${String(note.sale_point).padStart(5, '0')}-sin número (borrador)`,
    date: argentineDay(note.issue_date).split('-').reverse().join('/'),
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
      slot('Nombre o razón social', note.customer_name ?? receiver.name),
      slot('Domicilio', note.destination_address ?? addressText(receiver.address)),
      slot('CUIT / documento', note.customer_document ? cuitText(note.customer_document) : receiver.document && cuitText(receiver.document)),
      slot('Condición frente al IVA', receiver.vatCondition && (VAT_LEGENDS[receiver.vatCondition] ?? receiver.vatCondition)),
    ],
    transport: [
      ['Origen', note.origin_address ?? ''],
      ['Transportista', [note.carrier_name, note.carrier_document && cuitText(note.carrier_document)].filter(Boolean).join(' · ')],
      ['Conductor', note.driver_name ?? ''],
      ['Vehículo', [note.vehicle_plate, note.trailer_plate].filter(Boolean).join(' / ')],
    ].filter(([, value]) => value) as Array<[string, string]>,
    items: note.items.map((item) => ({ quantity: quantityText(item.quantity_milli), unit: item.unit ?? 'unidad', description: item.description })),
    authorization: [slot('C.A.I. / C.A.E.', note.cae), slot('Fecha de vencimiento', undefined)],
    missing,
  };
}
