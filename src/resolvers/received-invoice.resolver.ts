import DataLoader from 'dataloader';
import { type FileUpload, GraphQLUpload } from 'graphql-upload-ts';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { RequestContext } from '../domain/context';
import { outputOf } from '../domain/declare/mapping';
import { RECEIVED_INVOICE } from '../domain/received-invoices/received-invoices.declaration';
import { importReceivedInvoices } from '../domain/received-invoices/received-invoices.import';
import {
  ignoreReceivedInvoice,
  importHistory,
  linkReceivedInvoice,
  resolveReceivedInvoiceRates,
  setCustomsDispatch,
} from '../domain/received-invoices/received-invoices.service';
import type { SupplierRecord as SupplierDocument } from '../domain/suppliers/suppliers.service';
import type { ReceivedInvoiceDocument } from '../domain/stored';
import { ImportReceivedInvoicesOptions, ReceivedInvoice } from '../schema/received-invoice.types';
import { NetRestatementArgs, RESTATEMENT_NOTE, ReceivedInvoiceVatLineInput } from '../schema/vat-review';
import { VoucherImport } from '../schema/voucher-import.types';
import { RESPOND_ASYNC, toImport } from './voucher-import.resolver';
import { findImport, IMPORT_HISTORIES } from '../domain/mis-comprobantes/import-lookup';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { type DeclaredRecord, typesOf } from '../schema/declared.types';

const Supplier = typesOf(SUPPLIER).Record;
type Supplier = DeclaredRecord;

/** Stored received invoice → its GraphQL shape. */
export const toReceivedInvoice = (doc: ReceivedInvoiceDocument): ReceivedInvoice => outputOf(RECEIVED_INVOICE, doc as never) as ReceivedInvoice;

/** Suppliers by CUIT (their tax id), one query per request tick however many invoices ask. */
const suppliersByCuit = (context: RequestContext) =>
  context.loaders().custom<string, SupplierDocument | null>(
    'suppliersByCuit',
    (accountId) =>
      new DataLoader(async (cuits) => {
        const found = await context.store
          .collection<SupplierDocument>('suppliers')
          .find({ account_id: accountId, tax_id: { $in: [...cuits] } })
          .toArray();
        const byCuit = new Map(found.map((doc) => [doc.tax_id, doc]));
        return cuits.map((cuit) => byCuit.get(cuit) ?? null);
      }),
  );

/** Importing the export, its history, ignoring and linking, and the supplier link. */
@Resolver(() => ReceivedInvoice)
export class ReceivedInvoiceMovesResolver {
  @Authorized('received_invoices:write')
  @Mutation(() => VoucherImport, {
    description:
      'Imports the Mis Comprobantes Recibidos export (the portal ZIP or its CSV, at most 20 MB; a GraphQL multipart request, which must carry Apollo-Require-Preflight). Rows with problems are reported by line and skipped; vouchers already stored count as duplicates.',
  })
  async importReceivedInvoices(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Ctx() context: RequestContext,
    @Arg('options', () => ImportReceivedInvoicesOptions, { nullable: true }) options?: ImportReceivedInvoicesOptions,
    @Arg('respondAsync', () => Boolean, { nullable: true, description: RESPOND_ASYNC }) respondAsync?: boolean | null,
  ): Promise<VoucherImport> {
    const upload = await file;
    const record = await importReceivedInvoices(context, upload, {
      createMissingSuppliers: options?.createMissingSuppliers ?? false,
      respondAsync: respondAsync ?? false,
    });
    return toImport(record);
  }

  @Authorized('received_invoices:read')
  @Query(() => VoucherImport, { description: "One import of the export by its id, as it stands (its progress while running); another account's is NOT_FOUND." })
  async receivedInvoiceImport(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<VoucherImport> {
    return toImport(await findImport(context, IMPORT_HISTORIES.received, id));
  }

  @Authorized('received_invoices:read')
  @Query(() => [VoucherImport], { description: 'The most recent imports of the export, newest first.' })
  async receivedInvoiceImports(
    @Ctx() context: RequestContext,
    @Arg('last', () => Int, { nullable: true, description: 'How many (1 to 100, default 20).' }) last?: number,
  ): Promise<VoucherImport[]> {
    return (await importHistory(context, Math.min(Math.max(last ?? 20, 1), 100))).map(toImport);
  }

  @Authorized('received_invoices:write')
  @Mutation(() => ReceivedInvoice, {
    description: 'Sets the 16-character dispatch number of a customs dispatch (voucher 066). Another voucher type: CONFLICT NOT_A_CUSTOMS_DISPATCH.',
  })
  async setReceivedInvoiceCustomsDispatch(
    @Arg('id', () => ID) id: string,
    @Arg('customsDispatch', () => String) customsDispatch: string,
    @Ctx() context: RequestContext,
  ): Promise<ReceivedInvoice> {
    return toReceivedInvoice(await setCustomsDispatch(context, id, customsDispatch));
  }

  @Authorized('received_invoices:write')
  @Mutation(() => ReceivedInvoice, {
    description: 'any → ignored (a linked one drops its link). Linked to a journal entry on the books (posted or reversed): CONFLICT INVOICE_LINKED.',
  })
  async ignoreReceivedInvoice(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<ReceivedInvoice> {
    return toReceivedInvoice(await ignoreReceivedInvoice(context, id));
  }

  @Authorized('received_invoices:write')
  @Mutation(() => ReceivedInvoice, {
    description:
      'any → linked to a journal entry of the account (and optionally a ledger account); a relink replaces a draft entry. Linked to an entry on the books (posted or reversed): CONFLICT ALREADY_LINKED.',
  })
  async linkReceivedInvoice(
    @Arg('id', () => ID) id: string,
    @Arg('journalEntryId', () => ID) journalEntryId: string,
    @Ctx() context: RequestContext,
    @Arg('accountId', () => ID, { nullable: true }) accountId?: string | null,
  ): Promise<ReceivedInvoice> {
    return toReceivedInvoice(await linkReceivedInvoice(context, id, journalEntryId, accountId));
  }

  @Authorized('received_invoices:write')
  @Mutation(() => ReceivedInvoice, {
    description: `Sets the VAT lines (rate, base, VAT) and clears the rate review: each rate legal and given once, each VAT its base at its rate within a centavo, the lines adding up to the voucher's net taxed (restated when netTaxed is given) and VAT; otherwise VAT_LINES_INVALID. ${RESTATEMENT_NOTE} A linked invoice: CONFLICT INVOICE_LINKED.`,
  })
  async resolveReceivedInvoiceRates(
    @Arg('id', () => ID) id: string,
    @Arg('vatItems', () => [ReceivedInvoiceVatLineInput]) vatItems: ReceivedInvoiceVatLineInput[],
    @Args(() => NetRestatementArgs) restatement: NetRestatementArgs,
    @Ctx() context: RequestContext,
  ): Promise<ReceivedInvoice> {
    return toReceivedInvoice(await resolveReceivedInvoiceRates(context, id, vatItems, restatement));
  }

  @Authorized('suppliers:read')
  @FieldResolver(() => Supplier, { nullable: true, description: 'The supplier of the account with this CUIT as tax id (needs suppliers:read).' })
  async supplier(@Parent() invoice: ReceivedInvoice, @Ctx() context: RequestContext): Promise<Supplier | null> {
    const doc = await suppliersByCuit(context).load(invoice.supplierCuit);
    return doc ? (outputOf(SUPPLIER, doc) as Supplier) : null;
  }
}
