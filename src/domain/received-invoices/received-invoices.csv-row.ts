import { ownerNamed, type OwnCuits } from '../mis-comprobantes/owners';
import type { ReceivedInvoiceDocument } from '../../store/received-invoices.store';
import { normalizeCuit } from '../cuit';
import type { RowResult } from '../mis-comprobantes/import-loop';
import type { Layout } from '../mis-comprobantes/layout';
import { cellReader, type RowReason, readNumberTo, readVoucher, reason } from '../mis-comprobantes/row';
import { documentTypeOf } from '../mis-comprobantes/values';

/** A voucher read from one row, in stored names (money in centavos): the stored fields the export carries. */
export type ImportedVoucher = Pick<
  ReceivedInvoiceDocument,
  | '_id'
  | 'tenant_cuit'
  | 'supplier_cuit'
  | 'supplier_name'
  | 'voucher_type'
  | 'voucher_class'
  | 'sale_point'
  | 'voucher_number'
  | 'cae'
  | 'issue_date'
  | 'currency'
  | 'exchange_rate'
  | 'total_amount_cents'
  | 'net_taxed_cents'
  | 'net_untaxed_cents'
  | 'exempt_cents'
  | 'iva_cents'
  | 'other_taxes_cents'
  | 'vat_items'
>;

/** A CUIT, CUIL or CDI: the document types an issuer of electronic vouchers has. */
const TAX_ID_TYPES = new Set([80, 86, 87]);

/**
 * Reads one row of the Recibidos export: the voucher (see readVoucher), and the parties: the issuer's CUIT has a valid
 * check digit; the receiver (G3 column, else a CUIT in the title row) is the account.
 */
export function readReceivedRow(cells: string[], layout: Layout, owners: OwnCuits): RowResult<ImportedVoucher> {
  const cell = cellReader(cells, layout);
  const problems: RowReason[] = [];
  const { fields, warnings, review } = readVoucher(cell, layout, problems);
  // A received voucher is stored one by one; its range is only checked.
  readNumberTo(cell, fields.voucher_number, problems);
  const docType = layout.columns.issuerDocType === undefined ? 80 : documentTypeOf(cell('issuerDocType'));
  const supplierCuit = normalizeCuit(cell('issuerDoc') ?? '');
  if (docType === null || !TAX_ID_TYPES.has(docType))
    problems.push(reason('ISSUER_NOT_A_CUIT', `issuer: identified by ${JSON.stringify(cell('issuerDocType') ?? '')}, not a CUIT`));
  else if (!supplierCuit) problems.push(reason('BAD_ISSUER_CUIT', `issuer CUIT: ${JSON.stringify(cell('issuerDoc') ?? '')} is not a valid CUIT (check digit)`));
  const receiver = layout.columns.receiverDoc !== undefined ? (cell('receiverDoc') ?? '').trim() : layout.titleCuit;
  const tenant = receiver ? ownerNamed(receiver, owners) : owners.primary;
  if (!tenant)
    problems.push(
      reason(
        'NOT_THIS_ACCOUNT',
        `receiver: ${receiver} is not this account's CUIT ${owners.primary}${owners.others.size ? ' nor one of its taxpayer identities' : ''}`,
      ),
    );
  if (problems.length) return { problems };
  const parties = { tenant_cuit: tenant!, supplier_cuit: supplierCuit!, supplier_name: (cell('issuerName') ?? '').trim().slice(0, 300) };
  return { voucher: Object.assign(fields, parties), warnings, review };
}
