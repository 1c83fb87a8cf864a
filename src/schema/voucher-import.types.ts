import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One reason a row was refused, or is to be looked at: a stable code and a sentence naming the column.' })
export class ImportRowReason {
  @Field(() => String, {
    nullable: true,
    description: 'Stable code (BAD_DATE, NOT_THIS_ACCOUNT, VAT_RATES_MIXED…); null on imports recorded before the codes.',
  })
  code!: string | null;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: 'A row of an import, by its line in the file, and what was wrong with it.' })
export class ImportRowProblem {
  @Field(() => Int, { description: 'Line number in the file (1 = first line, the header included).' })
  line!: number;

  @Field(() => [String])
  messages!: string[];

  @Field(() => [ImportRowReason], { description: 'The same reasons with their codes.' })
  reasons!: ImportRowReason[];
}

@ObjectType({ description: 'One upload of a Mis Comprobantes export (Recibidos or Emitidos) and what came of it.' })
export class VoucherImport {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'received (Mis Comprobantes Recibidos, into received invoices) or issued (Emitidos, into issued vouchers).' })
  direction!: string;

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

  @Field(() => String, {
    description:
      'running, completed or failed; interrupted: a running import that stopped writing its progress (its gateway stopped): its counts are what it stored, and uploading the file again completes it.',
  })
  status!: string;

  @Field(() => String, { nullable: true, description: 'Why a failed import stopped.' })
  failure!: string | null;

  @Field(() => Int, { description: 'Data rows read (so far, while running: all of them once it has ended).' })
  rowsTotal!: number;

  @Field(() => Int, { description: 'Vouchers written.' })
  rowsImported!: number;

  @Field(() => Int, { description: 'Vouchers already stored (same issuer, code, point of sale and number).' })
  rowsDuplicated!: number;

  @Field(() => Int, { description: 'Rows refused.' })
  rowsWithErrors!: number;

  @Field(() => Int, { description: 'Rows imported with something to review.' })
  rowsWithWarnings!: number;

  @Field(() => Int, {
    description: 'Rows stored with their VAT rates to review: the stated VAT kept in their lines, the voucher marked rateReview (counted among rowsImported).',
  })
  rowsNeedingReview!: number;

  @Field(() => Int, { description: 'Suppliers created for unknown issuers (Recibidos with createMissingSuppliers; 0 otherwise).' })
  suppliersCreated!: number;

  @Field(() => [ImportRowProblem], { description: 'The first 100 rows refused.' })
  rowErrors!: ImportRowProblem[];

  @Field(() => [ImportRowProblem], { description: 'The first 100 rows imported with something to review.' })
  rowWarnings!: ImportRowProblem[];

  @Field(() => [ImportRowProblem], { description: 'The first 100 rows stored with their VAT rates to review, with why.' })
  rowReviews!: ImportRowProblem[];

  @Field(() => Int, {
    description:
      'How far it has gone, 0 to 100: the share of the CSV bytes read (bytesRead of bytesTotal), below 100 until it has completed; 100 once completed. The row count is known once it has ended (rowsTotal).',
  })
  percent!: number;

  @Field(() => Int, { nullable: true, description: 'Bytes of the CSV read at the last write of its counts (null on imports recorded before the field).' })
  bytesRead!: number | null;

  @Field(() => Int, { nullable: true, description: "The CSV's bytes (a ZIP's unpacked size); null on imports recorded before the field." })
  bytesTotal!: number | null;

  @Field(() => ID, { nullable: true, description: 'The user who uploaded it (null: an API key acting for no user).' })
  userId!: string | null;

  @Field(() => Date)
  startedAt!: Date;

  @Field(() => Date, { nullable: true })
  finishedAt!: Date | null;
}
