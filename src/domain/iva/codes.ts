/**
 * The ARCA tables the VAT books need (voucher types, VAT rate ids, currencies, document types), as the Libro IVA
 * Digital design and WSFEv1 list them.
 */

export const VOUCHER_TYPES: ReadonlySet<number> = new Set([
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 27, 28, 29, 33, 37, 38, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 60, 61,
  63, 64, 66, 68, 80, 81, 82, 83, 90, 99, 109, 110, 111, 112, 113, 114, 115, 116, 117, 201, 202, 203, 206, 207, 208, 211, 212, 213, 331, 332,
]);

export const CREDIT_NOTE_TYPES: ReadonlySet<number> = new Set([3, 8, 13, 21, 38, 43, 44, 48, 53, 90, 110, 112, 113, 114, 203, 208, 213]);

/** Class B and C vouchers: the VAT is not discriminated, so a buyer computes no credit from them. */
export const NO_VAT_TYPES: ReadonlySet<number> = new Set([
  6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 18, 28, 29, 40, 41, 61, 64, 68, 82, 83, 109, 111, 113, 114, 116, 117, 206, 207, 208, 211, 212, 213,
]);

export const EXPORT_TYPES: ReadonlySet<number> = new Set([19, 20, 21]);

/**
 * Types written with point of sale 00000 (field 3 of both CBTE designs and the ALICUOTAS keys): 033 Liquidación
 * primaria de granos, 099 otros comprobantes que no cumplen la RG 1415, 331 Liquidación secundaria de granos, 332
 * Certificación electrónica de granos — the list ingadhoc/odoo-argentina (l10n_ar_account, `_get_invoice_number`,
 * codes '33', '99', '331', '332') applies to every voucher of the VAT ledger, whatever the book. 090 (Nota de crédito
 * otros comprobantes que no cumplen la RG 1415) is not in it and keeps its point of sale.
 */
export const NO_SALE_POINT_TYPES: ReadonlySet<number> = new Set([33, 99, 331, 332]);

/**
 * Customs dispatches (066 Despacho de importación): COMPRAS_CBTE field 5 carries the 16-character dispatch number
 * and their VAT rates go to LIBRO_IVA_DIGITAL_IMPORTACION_BIENES_ALICUOTA (50-character records), not to
 * COMPRAS_ALICUOTAS (ingadhoc/odoo-argentina `get_REGINFO_CV_COMPRAS_IMPORTACIONES` filters code 66; Odoo l10n_ar's
 * README lists the file). Odoo l10n_ar also numbers a code 67 like a dispatch (`_l10n_ar_get_document_number_parts`),
 * but the imports-file writer keeps to 66 and 67 is not in the voucher table above (WSFEv1 types): not added.
 */
export const CUSTOMS_DISPATCH_TYPES: ReadonlySet<number> = new Set([66]);
export const CUSTOMS_DISPATCH_LENGTH = 16;

/** VAT rate in percent → its 4-digit Libro IVA id. */
export const VAT_RATE_IDS: ReadonlyMap<number, number> = new Map([
  [0, 3],
  [10.5, 4],
  [21, 5],
  [27, 6],
  [5, 8],
  [2.5, 9],
]);
export const IVA_RATES = [...VAT_RATE_IDS.keys()];

export const DOCUMENT_TYPES = [80, 86, 87, 89, 90, 91, 92, 93, 94, 95, 96, 99] as const;
