import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseStatement, statementAmount, statementDate } from '../../src/domain/bank/statement-file';

/** Reading bank statement files: the known exports, mapped columns, OFX, and the number and date forms banks write. */
const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'bank', name));

describe('amounts', () => {
  it.each([
    ['1.465.950,00', 'es', 146595000],
    ['-13.900,00', 'es', -1390000],
    ['20440,28', 'es', 2044028],
    ['$ 1.234,56', 'es', 123456],
    ['(1.234,56)', 'es', -123456],
    ['1.234,56-', 'es', -123456],
    ['0,00', 'es', 0],
    ['2,410.13', 'en', 241013],
    ['-250.75', 'en', -25075],
    ['1234.5', 'en', 123450],
  ] as const)('%s (%s) is %i centavos', (text, locale, cents) => {
    expect(statementAmount(text, locale)).toBe(cents);
  });

  it.each([['1,2,3'], ['12,345'], ['abc'], ['1.234,567'], ['']])('%s is no amount in an es-AR file', (text) => {
    expect(statementAmount(text, 'es')).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['03/03/2026', '2026-03-03'],
    ['3/3/2026', '2026-03-03'],
    ['03/03/26', '2026-03-03'],
    ['02-04-2026', '2026-04-02'],
    ['2026-04-02', '2026-04-02'],
    ['20260504120000[-3:ART]', '2026-05-04'],
  ])('%s is %s', (text, day) => {
    expect(statementDate(text)).toBe(day);
  });

  it.each([['31/02/2026'], ['2026-13-01'], ['hoy'], ['']])('%s is no day', (text) => {
    expect(statementDate(text)).toBeNull();
  });
});

describe('files', () => {
  it('a Galicia export: Windows-1252, preamble skipped, multi-line descriptions joined, debits negative, balances read', () => {
    const parsed = parseStatement(fixture('galicia-2026-03.csv'));
    expect({ preset: parsed.preset, encoding: parsed.encoding, problems: parsed.problems }).toEqual({
      preset: 'galicia',
      encoding: 'windows-1252',
      problems: [],
    });
    expect(parsed.rows.map((row) => [row.date, row.amountCents, row.balanceCents])).toEqual([
      ['2026-03-03', 15000000, 15000000],
      ['2026-03-05', -1390000, 13610000],
      ['2026-03-10', -500000, 13110000],
      ['2026-03-11', -500000, 12610000],
      ['2026-03-15', -3000, 12607000],
    ]);
    expect(parsed.rows[0].description).toBe('CREDITO TRANSFERENCIA ALMACEN DON PEPE SRL 30712345671');
  });

  it('a Mercado Pago account summary: signed amounts, dashed dates, opening and closing from the summary block', () => {
    const parsed = parseStatement(fixture('mercadopago-2026-04.csv'));
    expect(parsed).toMatchObject({ preset: 'mercadopago', openingCents: 100000, closingCents: 280025 });
    expect(parsed.rows.map((row) => [row.date, row.amountCents, row.reference])).toEqual([
      ['2026-04-02', 250050, '12345678901'],
      ['2026-04-03', -70025, '12345678902'],
    ]);
  });

  it('OFX: signed amounts with a point, FITID as the reference, the ledger balance as closing', () => {
    const parsed = parseStatement(fixture('statement-2026-05.ofx'));
    expect(parsed).toMatchObject({ format: 'ofx', closingCents: 503456 });
    expect(parsed.rows.map((row) => [row.date, row.amountCents, row.reference, row.description])).toEqual([
      ['2026-05-04', 123456, 'A-0001', 'DEPOSITO CHEQUE'],
      ['2026-05-06', -20000, 'A-0002', 'DEB. AUTOM. DE SERV. EDENOR'],
    ]);
  });

  it('unknown headers need the client’s columns; with them, en-US numbers are read', () => {
    expect(() => parseStatement(fixture('mapped-2026-06.csv'))).toThrow(/header/);
    const parsed = parseStatement(fixture('mapped-2026-06.csv'), { date: 'Dia', description: 'Detalle', amount: 'Valor', balance: 'Resto' });
    expect(parsed.rows.map((row) => [row.date, row.amountCents, row.balanceCents])).toEqual([
      ['2026-06-07', 150000, 150000],
      ['2026-06-08', -25075, 124925],
    ]);
    expect(() => parseStatement(fixture('mapped-2026-06.csv'), { date: 'Dia', amount: 'Monto' })).toThrow(/Monto/);
  });

  it('rows without a valid date or amount, or with both sides, are reported by line and skipped', () => {
    const text =
      'Fecha;Movimiento;Débito;Crédito;Saldo\n01/03/2026;A;0,00;10,00;10,00\n31/02/2026;B;0,00;5,00;15,00\n02/03/2026;C;1,00;2,00;16,00\n03/03/2026;D;x;;\n';
    const parsed = parseStatement(Buffer.from(text, 'utf8'));
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.problems.map((problem) => problem.line)).toEqual([3, 4, 5]);
  });
});
