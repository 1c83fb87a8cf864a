import { ownerNamed, type OwnCuits } from '../mis-comprobantes/owners';
import type { IssuedVoucherDocument } from '../../store/issued-vouchers.store';
import { normalizeCuit } from '../cuit';
import type { RowResult } from '../mis-comprobantes/import-loop';
import type { Layout } from '../mis-comprobantes/layout';
import { cellReader, type RowReason, readNumberTo, readVoucher, reason } from '../mis-comprobantes/row';
import { documentTypeOf } from '../mis-comprobantes/values';
import { voucherTypeName } from './voucher-names';

/** An issued voucher read from one row, in stored names: the stored fields the export carries. */
export type ImportedIssuedVoucher = Omit<
  IssuedVoucherDocument,
  'account_id' | 'source' | 'import_id' | 'rate_review' | 'needs_review' | 'created_at' | 'updated_at'
>;

/** Document types that are a CUIT, CUIL or CDI: their number carries a check digit. */
const TAX_ID_TYPES = new Set([80, 86, 87]);

/** A CAEA is asked for a fortnight ahead and serves many vouchers; every one seen in exports starts with 3. */
const authorizationKindOf = (code: string | null): 'CAE' | 'CAEA' | null => (code === null ? null : /^3\d{13}$/.test(code) ? 'CAEA' : 'CAE');

/**
 * Reads one row of the Emitidos export: the voucher (see readVoucher), and the parties: the issuer is the account
 * (the CUIT a title row names, when the file has one: an export of another CUIT is refused row by row); the receiver's
 * document type is known and a CUIT among them has a valid check digit; a range `Número Desde`–`Hasta` (grouped B
 * vouchers) keeps its last number.
 */
export function readIssuedRow(cells: string[], layout: Layout, owners: OwnCuits): RowResult<ImportedIssuedVoucher> {
  const cell = cellReader(cells, layout);
  const problems: RowReason[] = [];
  const { fields, warnings, review } = readVoucher(cell, layout, problems);
  const issuer = layout.titleCuit ? ownerNamed(layout.titleCuit, owners) : owners.primary;
  if (!issuer)
    problems.push(
      reason(
        'NOT_THIS_ACCOUNT',
        `issuer: the file is the export of CUIT ${layout.titleCuit}, not of this account's CUIT ${owners.primary}${owners.others.size ? ' nor one of its taxpayer identities' : ''}`,
      ),
    );
  const typeCell = (cell('receiverDocType') ?? '').trim();
  const docType = typeCell === '' ? null : documentTypeOf(typeCell);
  if (typeCell !== '' && docType === null) problems.push(reason('BAD_RECEIVER_DOC_TYPE', `receiver document type: unknown ${JSON.stringify(typeCell)}`));
  const doc = (cell('receiverDoc') ?? '').trim();
  if (!/^\d{1,20}$/.test(doc)) problems.push(reason('BAD_RECEIVER_DOC', `receiver document: not a document number ${JSON.stringify(doc)}`));
  else if (docType !== null && TAX_ID_TYPES.has(docType) && !normalizeCuit(doc))
    problems.push(reason('BAD_RECEIVER_CUIT', `receiver CUIT: ${JSON.stringify(doc)} is not a valid CUIT (check digit)`));
  const numberTo = readNumberTo(cell, fields.voucher_number, problems);
  if (problems.length) return { problems };
  const name = (cell('receiverName') ?? '').trim().slice(0, 300);
  const parties = {
    issuer_cuit: issuer!,
    voucher_type_name: voucherTypeName(fields.voucher_type),
    voucher_number_to: numberTo,
    receiver_doc_type: docType,
    receiver_doc: doc,
    receiver_name: name || null,
    authorization_kind: authorizationKindOf(fields.cae),
  };
  return { voucher: Object.assign(fields, parties), warnings, review };
}
