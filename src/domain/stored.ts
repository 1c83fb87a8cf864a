/**
 * The shapes of stored documents that resolvers map into GraphQL types. Layers above the domain name them only from
 * here, and reach the data only through the domain's functions (the lint's layer rules hold both).
 */
export type { ActivityDocument } from '../store/activity';
export type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument } from '../store/bank';
export type { DelegationCheckDocument, PointOfSaleCheckDocument } from '../store/billing-systems';
export type { CollectionName } from '../store/catalog';
export type { IssuedVoucherDocument } from '../store/issued-vouchers';
export type { JournalEntryDocument, LedgerAccountDocument } from '../store/ledger';
export type { ReceivedInvoiceDocument } from '../store/received-invoices';
export type { ImportDocument, RowReport } from '../store/voucher-imports';
export type { PerceptionDocument, WithholdingCertificateDocument, WithholdingDocument } from '../store/withholdings';
