import { Field, Float, InputType } from 'type-graphql';
import { RECEIVED_INVOICE } from '../domain/received-invoices/declaration';
import { createReceivedInvoiceSchema, receivedInvoiceFilterSchema, updateReceivedInvoiceSchema } from '../domain/received-invoices/service';
import { declaredTypes } from './declared';

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

@InputType({ description: "The taxed base and VAT of one rate, in the voucher's currency." })
export class ReceivedInvoiceVatLineInput {
  @Field(() => Float, { description: 'VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27.' })
  aliquot!: number;

  @Field(() => Float, { description: 'Taxed base (at most 2 decimals).' })
  base!: number;

  @Field(() => Float, { description: 'VAT: the base at the rate, within a centavo (at most 2 decimals).' })
  amount!: number;
}
