import { Field, InputType } from 'type-graphql';
import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { createReceivedInvoiceSchema, receivedInvoiceFilterSchema, updateReceivedInvoiceSchema } from '../domain/received-invoices/received-invoices.service';
import { declaredTypes } from './declared.types';

export const RECEIVED_INVOICE_TYPES = declaredTypes(RECEIVED_INVOICE, {
  createSchema: createReceivedInvoiceSchema,
  updateSchema: updateReceivedInvoiceSchema,
  filterSchema: receivedInvoiceFilterSchema,
});

export const ReceivedInvoice = RECEIVED_INVOICE_TYPES.Record;
export type ReceivedInvoice = Record<string, unknown> & { id: string; supplierCuit: string };

@InputType({ description: 'How to import.' })
export class ImportReceivedInvoicesOptions {
  @Field(() => Boolean, { nullable: true, description: 'Create a supplier (name, CUIT, fiscal info) for each unknown issuer CUIT.' })
  createMissingSuppliers?: boolean | null;
}
