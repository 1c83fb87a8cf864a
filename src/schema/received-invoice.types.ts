import { Field, InputType } from 'type-graphql';
import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { typesOf } from './declared.types';

export const ReceivedInvoice = typesOf(RECEIVED_INVOICE).Record;
export type ReceivedInvoice = Record<string, unknown> & { id: string; supplierCuit: string };

@InputType({ description: 'How to import.' })
export class ImportReceivedInvoicesOptions {
  @Field(() => Boolean, { nullable: true, description: 'Create a supplier (name, CUIT, fiscal info) for each unknown issuer CUIT.' })
  createMissingSuppliers?: boolean | null;
}
