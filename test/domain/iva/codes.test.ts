import { CREDIT_NOTE_TYPES, CUSTOMS_DISPATCH_TYPES, EXPORT_TYPES, NO_SALE_POINT_TYPES, NO_VAT_TYPES, VAT_RATE_IDS } from '../../../src/domain/iva/codes';
import { BOOK_TYPES, ENTRY_ORIGINS } from '../../../src/domain/iva/entry';

/**
 * The ARCA tables the books use, written out from their sources: WSFEv1 FEParamGetTiposCbte (credit notes, classes
 * B and C, exports), the Libro IVA Digital design table "Alícuotas" (rate ids), FEParamGetTiposMonedas (currencies).
 */
describe('code tables', () => {
  it('credit notes: Notas de Crédito A, B, C, E, M, the RG 1415 and FCE ones', () => {
    expect([...CREDIT_NOTE_TYPES].sort((a, b) => a - b)).toEqual([3, 8, 13, 21, 38, 43, 44, 48, 53, 90, 110, 112, 113, 114, 203, 208, 213]);
  });
  it('the Libro IVA Digital VAT rate ids', () => {
    expect([...VAT_RATE_IDS]).toEqual([
      [0, 3],
      [10.5, 4],
      [21, 5],
      [27, 6],
      [5, 8],
      [2.5, 9],
    ]);
  });
  it('exports, dispatches and the types written without point of sale', () => {
    expect([...EXPORT_TYPES]).toEqual([19, 20, 21]);
    expect([...CUSTOMS_DISPATCH_TYPES]).toEqual([66]);
    expect([...NO_SALE_POINT_TYPES]).toEqual([33, 99, 331, 332]);
  });
  it('class B and C vouchers include the FCE B and C ones and exclude class A', () => {
    for (const type of [6, 7, 8, 11, 12, 13, 206, 207, 208, 211, 212, 213]) expect(NO_VAT_TYPES.has(type)).toBe(true);
    for (const type of [1, 2, 3, 51, 201, 66]) expect(NO_VAT_TYPES.has(type)).toBe(false);
  });
  it('books and line origins', () => {
    expect(BOOK_TYPES).toEqual(['purchases', 'sales']);
    expect(ENTRY_ORIGINS).toEqual(['received_invoice', 'expense', 'issued_voucher', 'manual']);
  });
});
