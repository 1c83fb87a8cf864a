/**
 * The shapes of stored documents that resolvers map into GraphQL types. Layers above the domain name them only from
 * here, and reach the data only through the domain's functions (the lint's layer rules hold both).
 */
export type { ActivityDocument } from '../store/activity.store';
export type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument } from '../store/bank.store';
export type { DelegationCheckDocument, PointOfSaleCheckDocument } from '../store/billing-systems.store';
export type { CollectionName } from '../store/catalog';
export type { IssuedVoucherDocument } from '../store/issued-vouchers.store';
export type { JournalEntryDocument, LedgerAccountDocument } from '../store/ledger';
export type { ReceivedInvoiceDocument } from '../store/received-invoices.store';
export type { ImportDocument, RowReport } from '../store/voucher-imports.store';
export type { PerceptionDocument, WithholdingCertificateDocument, WithholdingDocument } from '../store/withholdings.store';
