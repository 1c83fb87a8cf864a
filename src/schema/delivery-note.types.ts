import { Field, ObjectType } from 'type-graphql';
import { DELIVERY_NOTE } from '../domain/delivery-notes/delivery-notes.declaration';
import { declaredEnum, declaredObjectType, typesOf } from './declared.types';

export const DeliveryNote = typesOf(DELIVERY_NOTE).Record;
export type DeliveryNote = Record<string, unknown> & { id: string; customerId: string };
export const DeliveryNoteItem = declaredObjectType('DeliveryNoteItem');
export type DeliveryNoteItem = Record<string, unknown> & { productId: string | null };
export const DeliveryNoteStatus = declaredEnum('DeliveryNoteStatus');

@ObjectType({ description: 'A delivery note printed as a remito (RG 1415/2003, Anexo V): an A4 PDF.' })
export class DeliveryNoteRemito {
  @Field(() => String, { description: 'remito-<punto de venta>-<número>.pdf' }) fileName!: string;
  @Field(() => String, { description: 'The PDF, base64.' }) pdfBase64!: string;
  @Field(() => [String], { description: 'Required data the service does not hold, printed as "no informado" (docs/exports.md).' })
  missingFields!: string[];
}
