import { type FileUpload, GraphQLUpload } from 'graphql-upload-ts';
import { Arg, Args, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { importIssuedVouchers } from '../domain/issued-vouchers/issued-vouchers.import';
import { issuedImportHistory, resolveIssuedVoucherRates } from '../domain/issued-vouchers/issued-vouchers.service';
import { IssuedVoucherVatLineInput, NetRestatementArgs, RESTATEMENT_NOTE } from '../schema/vat-review';
import { VoucherImport } from '../schema/voucher-import.types';
import type { IssuedVoucherDocument } from '../domain/stored';
import { RESPOND_ASYNC, toImport } from './voucher-import.resolver';
import { findImport, IMPORT_HISTORIES } from '../domain/mis-comprobantes/import-lookup';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const IssuedVoucher = typesOf(ISSUED_VOUCHER).Record;
type IssuedVoucher = DeclaredRecord;

/** Stored issued voucher → its GraphQL shape. */
export const toIssuedVoucher = (doc: IssuedVoucherDocument): IssuedVoucher => outputOf(ISSUED_VOUCHER, doc as never) as IssuedVoucher;

/** `issuedVoucher(id)` and the `issuedVouchers` connection: read-only, no create, update or delete. */
/** Importing the Emitidos export, and its history. */
@Resolver(() => IssuedVoucher)
export class IssuedVoucherImportResolver {
  @Authorized('invoices:write')
  @Mutation(() => VoucherImport, {
    description:
      "Imports the Mis Comprobantes Emitidos export (the portal ZIP or its CSV, at most 20 MB; a GraphQL multipart request, which must carry Apollo-Require-Preflight) into the account's issued vouchers. A Recibidos export is refused (WRONG_EXPORT). Rows with problems are reported by line and skipped; vouchers already stored count as duplicates.",
  })
  async importIssuedVouchers(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() context: RequestContext,
    @Arg('respondAsync', () => Boolean, { nullable: true, description: RESPOND_ASYNC }) respondAsync?: boolean | null,
  ): Promise<VoucherImport> {
    return toImport(await importIssuedVouchers(context, await file, { respondAsync: respondAsync ?? false }));
  }

  @Authorized('invoices:read')
  @Query(() => VoucherImport, {
    description: "One import of the Emitidos export by its id, as it stands (its progress while running); another account's is NOT_FOUND.",
  })
  async issuedVoucherImport(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<VoucherImport> {
    return toImport(await findImport(context, IMPORT_HISTORIES.issued, id));
  }

  @Authorized('invoices:read')
  @Query(() => [VoucherImport], { description: 'The most recent imports of the Emitidos export, newest first.' })
  async issuedVoucherImports(
    @Ctx() context: RequestContext,
    @Arg('last', () => Int, { nullable: true, description: 'How many (1 to 100, default 20).' }) last?: number,
  ): Promise<VoucherImport[]> {
    return (await issuedImportHistory(context, Math.min(Math.max(last ?? 20, 1), 100))).map(toImport);
  }

  @Authorized('invoices:write')
  @Mutation(() => IssuedVoucher, {
    description: `Sets the VAT lines (rate, base, VAT) of an issued voucher and clears the rate review its import set: each rate legal and given once, each VAT its base at its rate within a centavo, the lines adding up to the voucher's net taxed (restated when netTaxed is given) and VAT; otherwise VAT_LINES_INVALID. ${RESTATEMENT_NOTE}`,
  })
  async resolveIssuedVoucherRates(
    @Arg('id', () => ID) id: string,
    @Arg('vatItems', () => [IssuedVoucherVatLineInput]) vatItems: IssuedVoucherVatLineInput[],
    @Args(() => NetRestatementArgs) restatement: NetRestatementArgs,
    @Ctx() context: RequestContext,
  ): Promise<IssuedVoucher> {
    return toIssuedVoucher(await resolveIssuedVoucherRates(context, id, vatItems, restatement));
  }
}
