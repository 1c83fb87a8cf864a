import { ObjectId } from 'mongodb';
import { JOURNAL_ENTRY } from '../../src/domain/accounting/journal-declaration';
import { day, int, money, ref, text, whole } from '../../src/domain/declare/field';
import { arg, declareOperation } from '../../src/domain/declare/operation';
import { declareShape, listOf, nested, shapeFields, shapeOutput, sourceOf } from '../../src/domain/declare/shape';

/**
 * A result shape maps the domain's result to its GraphQL form: each field read where it says, money from centavos to
 * pesos, ids as text, nested shapes and lists of them likewise, what is missing as null (an empty list for a list).
 */

const LINE = declareShape({
  type: 'TestLine',
  fields: {
    position: int(0, Number.POSITIVE_INFINITY, { read: (line: { index: number }) => line.index }),
    amount: money(0),
  },
});

const RUNNING = declareShape({ type: 'TestRunning', extends: LINE, fields: { balance: money(0), amount: money(0, { nullable: true }) } });

const REPORT = declareShape({
  type: 'TestReport',
  fields: {
    from: day({ read: (report: { period: { from: string } }) => report.period.from }),
    entryId: ref('journal_entries', 'journal entry'),
    label: text(20, { nullable: true }),
    count: whole(),
    first: nested(LINE),
    lines: listOf(LINE, { read: (report: { rows: unknown[] }) => report.rows }),
  },
});

describe('shapeOutput', () => {
  const id = new ObjectId();

  it('reads each field where it says, centavos as pesos, ids as text, nested shapes and lists mapped alike', () => {
    const output = shapeOutput(REPORT, {
      period: { from: '2026-01-01' },
      entryId: id,
      label: 'Caja',
      count: 3,
      first: { index: 0, amount: 1210050 },
      rows: [
        { index: 1, amount: 1 },
        { index: 2, amount: -250 },
      ],
    });
    expect(output).toEqual({
      from: '2026-01-01',
      entryId: id.toHexString(),
      label: 'Caja',
      count: 3,
      first: { position: 0, amount: 12100.5 },
      lines: [
        { position: 1, amount: 0.01 },
        { position: 2, amount: -2.5 },
      ],
    });
  });

  it('answers null for a missing value and an empty list for a missing list; an id given as text stays as it is', () => {
    const output = shapeOutput(REPORT, { period: { from: '2026-01-01' }, entryId: 'abc', count: 0, first: null, rows: undefined });
    expect(output).toEqual({ from: '2026-01-01', entryId: 'abc', label: null, count: 0, first: null, lines: [] });
  });

  it('a stored record is read at its fields’ stored names (money in _cents, nested shapes at their REST names) unless a field says read', () => {
    const ROW = declareShape({ type: 'TestStoredRow', fields: { lineIndex: whole() } });
    const STORED = declareShape({
      type: 'TestStored',
      stored: true,
      fields: {
        id: ref('journal_entries', 'journal entry', { read: (doc: { _id: ObjectId }) => doc._id }),
        fileName: text(20),
        openingBalance: money(0, { nullable: true }),
        code: text(20, { rest: 'ledger_code' }),
        rowErrors: listOf(ROW),
      },
    });
    const doc = { _id: id, file_name: 'a.csv', opening_balance_cents: 1210050, ledger_code: '1.1', row_errors: [{ lineIndex: 2 }], fileName: 'not this' };
    expect(shapeOutput(STORED, doc)).toEqual({ id: id.toHexString(), fileName: 'a.csv', openingBalance: 12100.5, code: '1.1', rowErrors: [{ lineIndex: 2 }] });
    expect(shapeOutput(STORED, { ...doc, opening_balance_cents: null }).openingBalance).toBeNull();
  });

  it('an output says what it was mapped from; nested outputs their own part', () => {
    const source = { period: { from: '2026-01-01' }, entryId: id, count: 1, first: { index: 0, amount: 1 }, rows: [{ index: 1, amount: 2 }] };
    const output = shapeOutput(REPORT, source);
    expect(sourceOf(output)).toBe(source);
    expect(sourceOf(output.first as object)).toBe(source.first);
    expect(sourceOf((output.lines as object[])[0])).toBe(source.rows[0]);
    expect(JSON.stringify(output)).not.toContain('period');
  });

  it('a zero amount is 0 pesos, not null', () => {
    expect(shapeOutput(LINE, { index: 0, amount: 0 })).toEqual({ position: 0, amount: 0 });
  });

  it('a shape that extends another has its fields first, its own replacing one of the same name', () => {
    expect(Object.keys(shapeFields(RUNNING))).toEqual(['position', 'amount', 'balance']);
    expect(shapeFields(RUNNING).amount.common?.nullable).toBe(true);
    expect(shapeFields(RUNNING)).toBe(shapeFields(RUNNING));
    expect(shapeFields(LINE)).toEqual(LINE.fields);
    expect(shapeOutput(RUNNING, { index: 4, amount: 100, balance: 5000 })).toEqual({ position: 4, amount: 1, balance: 50 });
  });

  it('a view of a resource’s records maps as the resource’s records', () => {
    const VIEW = declareShape({ type: 'JournalEntry', record: JOURNAL_ENTRY, fields: { id: ref('journal_entries', 'journal entry') } });
    const stored = {
      _id: id,
      date: '2026-01-05',
      description: 'Venta de contado',
      total_debit_cents: 1210000,
      lines: [],
      created_at: new Date(),
      updated_at: new Date(),
    };
    const output = shapeOutput(VIEW, stored);
    expect({ id: output.id, date: output.date, description: output.description, totalDebit: output.totalDebit }).toEqual({
      id: id.toHexString(),
      date: '2026-01-05',
      description: 'Venta de contado',
      totalDebit: 12100,
    });
  });
});

describe('declared operations', () => {
  it('argument constructors give each argument its kind and keep what they are told', () => {
    expect(arg.day({ required: true })).toEqual({ spec: { kind: 'date', today: undefined, common: {} }, required: true });
    expect(arg.text(50, { rest: { in: 'path' } })).toMatchObject({ spec: { kind: 'text', max: 50 }, rest: { in: 'path' } });
    expect(arg.int(1, 5, { description: 'Level.' })).toMatchObject({ spec: { kind: 'int', min: 1, max: 5 }, description: 'Level.' });
    expect(arg.flag()).toMatchObject({ spec: { kind: 'boolean' } });
    expect(arg.oneOf(['open', 'closed'], 'YearStatus', { rest: { description: 'open or closed.' } })).toEqual({
      spec: { kind: 'enum', values: ['open', 'closed'], typeName: 'YearStatus', description: undefined, common: {} },
      rest: { description: 'open or closed.' },
    });
    expect(arg.day()).toEqual({ spec: { kind: 'date', today: undefined, common: {} } });
    expect(arg.input(LINE, { required: true, rest: { in: 'body' } })).toEqual({
      spec: { kind: 'object', typeName: 'TestLine', fields: {}, description: undefined, common: {} },
      input: LINE,
      required: true,
      rest: { in: 'body' },
    });
  });

  it('a declaration is kept as written', () => {
    const declaration = { name: 'x', description: 'X.', scope: 'stats:read', args: {}, result: LINE } as const;
    expect(declareOperation(declaration)).toBe(declaration);
    expect(declareShape(LINE)).toBe(LINE);
  });

  it('whole() is an integer without bounds', () => {
    expect(whole()).toMatchObject({ kind: 'int', min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY });
  });
});
