import { ObjectId } from 'mongodb';
import type { IvaEntry } from '../../../src/domain/iva/entry';
import { compareBook, fieldDifferences } from '../../../src/domain/iva/iva.verify';
import { type IvaEntryDocument, toStored } from '../../../src/domain/iva/iva.stored';
import { entry } from './entries';

/** The comparison `verify-books` makes: lines re-derived from their sources against the stored ones. */
const source = new ObjectId('0123456789abcdef01234567');
const storedOf = (line: IvaEntry, id = new ObjectId()): IvaEntryDocument => ({
  ...toStored(line),
  _id: id,
  account_id: new ObjectId(),
  source_id: line.sourceId ? new ObjectId(line.sourceId) : null,
  created_at: new Date(),
  updated_at: new Date(),
});
const derived = entry({ origin: 'received_invoice', sourceId: source.toHexString() });

describe('compareBook', () => {
  it('a stored line equal to its source: nothing to report', () => {
    expect(compareBook('2025-12', 'purchases', [derived], [storedOf(derived)])).toEqual([]);
  });

  it('a field edited in the store: the line (field by field) and the LID file it changes', () => {
    const id = new ObjectId();
    const stored = { ...storedOf(derived, id), computable_credit_cents: 1 };
    expect(compareBook('2025-12', 'purchases', [derived], [stored])).toEqual([
      {
        kind: 'line',
        period: '2025-12',
        book: 'purchases',
        origin: 'received_invoice',
        source_id: source.toHexString(),
        entry_id: id.toHexString(),
        fields: [{ field: 'computable_credit_cents', derived: 21_000, stored: 1 }],
      },
      { kind: 'lid_file', period: '2025-12', book: 'purchases', file: 'COMPRAS_CBTE.txt' },
    ]);
  });

  it('a source without its line, a line without its source; manual lines stand as they are', () => {
    const strayId = new ObjectId();
    const stray = storedOf(entry({ origin: 'expense', sourceId: new ObjectId().toHexString(), voucherNumber: 9 }), strayId);
    const manual = storedOf(entry({ voucherNumber: 3 }));
    const differences = compareBook('2025-12', 'purchases', [derived], [stray, manual]);
    expect(differences.slice(0, 2)).toEqual([
      { kind: 'missing_line', period: '2025-12', book: 'purchases', origin: 'received_invoice', source_id: source.toHexString() },
      {
        kind: 'extra_line',
        period: '2025-12',
        book: 'purchases',
        origin: 'expense',
        source_id: stray.source_id!.toHexString(),
        entry_id: strayId.toHexString(),
      },
    ]);
    expect(differences.slice(2).map((difference) => difference.kind === 'lid_file' && difference.file)).toEqual(['COMPRAS_CBTE.txt', 'COMPRAS_ALICUOTAS.txt']);
    expect(compareBook('2025-12', 'purchases', [], [manual])).toEqual([]);
  });

  it('an imports file that only one side makes is reported', () => {
    const dispatch = entry({ origin: 'received_invoice', sourceId: source.toHexString(), voucherType: 66, customsDispatch: '25001IC04001234K' });
    const stored = { ...storedOf(dispatch), voucher_type: 1, customs_dispatch: '' };
    const files = compareBook('2025-12', 'purchases', [dispatch], [stored]).filter((difference) => difference.kind === 'lid_file');
    expect(files.map((difference) => difference.kind === 'lid_file' && difference.file)).toEqual([
      'COMPRAS_CBTE.txt',
      'COMPRAS_ALICUOTAS.txt',
      'IMPORTACION_BIENES_ALICUOTA.txt',
    ]);
  });
});

describe('fieldDifferences', () => {
  it('compares each field as JSON; a field missing from the stored line reads as null', () => {
    const fields = toStored(derived);
    expect(fieldDifferences(fields, fields)).toEqual([]);
    const { pesos: _pesos, ...old } = fields;
    expect(fieldDifferences(fields, old)).toEqual([{ field: 'pesos', derived: fields.pesos, stored: null }]);
    expect(fieldDifferences({ ...fields, payment_due_date: null }, { ...fields, payment_due_date: undefined as never })).toEqual([]);
  });
});
