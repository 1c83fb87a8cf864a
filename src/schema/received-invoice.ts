import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
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

@ObjectType({ description: 'A row of an import, by its line in the file, and what was wrong with it.' })
export class ImportRowProblem {
  @Field(() => Int, { description: 'Line number in the file (1 = first line, the header included).' })
  line!: number;

  @Field(() => [String])
  messages!: string[];
}

@ObjectType({ description: 'One upload of the Mis Comprobantes Recibidos export and what came of it.' })
export class ReceivedInvoiceImport {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => Int, { description: 'Bytes uploaded.' })
  size!: number;

  @Field(() => String, { description: 'SHA-256 of the uploaded bytes (hex).' })
  sha256!: string;

  @Field(() => String, { description: 'G1 (≤ Oct 2023), G2 (Oct 2023 → Aug 2025) or G3 (since Sept 2025).' })
  layout!: string;

  @Field(() => String, { description: 'utf8, windows-1252 or cp850, told by the header.' })
  encoding!: string;

  @Field(() => String, { description: 'running, completed or failed.' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Why a failed import stopped.' })
  failure!: string | null;

  @Field(() => Int, { description: 'Data rows read.' })
  rowsTotal!: number;

  @Field(() => Int, { description: 'Vouchers written.' })
  rowsImported!: number;

  @Field(() => Int, { description: 'Vouchers already stored (same issuer, code, point of sale and number).' })
  rowsDuplicated!: number;

  @Field(() => Int, { description: 'Rows refused.' })
  rowsWithErrors!: number;

  @Field(() => Int, { description: 'Rows imported with something to review.' })
  rowsWithWarnings!: number;

  @Field(() => Int)
  suppliersCreated!: number;

  @Field(() => [ImportRowProblem], { description: 'The first 100 rows refused.' })
  rowErrors!: ImportRowProblem[];

  @Field(() => [ImportRowProblem], { description: 'The first 100 rows imported with something to review.' })
  rowWarnings!: ImportRowProblem[];

  @Field(() => ID, { nullable: true, description: 'The user who uploaded it (null: an API key acting for no user).' })
  userId!: string | null;

  @Field(() => Date)
  startedAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}

@InputType({ description: 'How to import.' })
export class ImportReceivedInvoicesOptions {
  @Field(() => Boolean, { nullable: true, description: 'Create a supplier (name, CUIT, fiscal info) for each unknown issuer CUIT.' })
  createMissingSuppliers?: boolean | null;
}
