import { describeErrors, notChecked, obligationFromAnswer, refused, unavailable } from '../../src/domain/fce/obligation';

/**
 * ARCA's answer about who must receive FCE (WSFECRED consultarMontoObligadoRecepcion, manual v2.0.3 §2.4.22):
 * `obligado` S/N and `montoDesde` (inclusive amount, ImporteSimpleType: up to 13 integer digits and 2 decimals), or
 * `arrayErrores`, where 1103 ("La operación no pudo realizarse, reinténtelo más tarde") and 10000 ("Error interno de
 * la aplicación") are ARCA failing on its side (manual §2.3, págs. 18-19).
 */
describe('ARCA’s answer on the receiver’s obligation', () => {
  it('reads S with its amount as obliged from that amount', () => {
    expect(obligationFromAnswer({ kind: 'answer', obligado: 'S', montoDesde: '5549862.00', observations: [] })).toEqual({
      check: 'answered',
      obliged: true,
      minimumArs: 5_549_862,
      detail: null,
    });
    expect(obligationFromAnswer({ kind: 'answer', obligado: ' s ', montoDesde: ' 3958316.5 ', observations: [] })).toMatchObject({
      obliged: true,
      minimumArs: 3_958_316.5,
    });
  });

  it('reads an amount without decimals', () => {
    expect(obligationFromAnswer({ kind: 'answer', obligado: 'S', montoDesde: '5549862', observations: [] })).toMatchObject({ minimumArs: 5_549_862 });
  });

  it('reads N as not obliged, with no amount when none came', () => {
    expect(obligationFromAnswer({ kind: 'answer', obligado: 'N', montoDesde: '', observations: [] })).toEqual({
      check: 'answered',
      obliged: false,
      minimumArs: null,
      detail: null,
    });
  });

  it.each([['5.549.862'], ['-1'], ['1e6'], ['12345678901234'], ['1.234'], ['abc']])('keeps an amount it cannot read (%p) as unknown', (montoDesde) => {
    expect(obligationFromAnswer({ kind: 'answer', obligado: 'S', montoDesde, observations: [] })).toMatchObject({
      check: 'answered',
      obliged: true,
      minimumArs: null,
    });
  });

  it('passes ARCA’s observations on', () => {
    expect(
      obligationFromAnswer({
        kind: 'answer',
        obligado: 'N',
        montoDesde: '',
        observations: [{ code: 32767, message: 'La búsqueda no ha arrojado resultados' }],
      }),
    ).toMatchObject({ check: 'answered', detail: 'ARCA observed: 32767: La búsqueda no ha arrojado resultados' });
  });

  it.each([[''], ['X'], ['SI']])('does not guess from an obligado that is neither S nor N (%p)', (obligado) => {
    expect(obligationFromAnswer({ kind: 'answer', obligado, montoDesde: '100.00', observations: [] })).toEqual({
      check: 'unavailable',
      obliged: null,
      minimumArs: null,
      detail: `ARCA answered without obligado S or N (${JSON.stringify(obligado)})`,
    });
  });

  it('says ARCA refused for business or format errors, and unavailable for its own failures', () => {
    expect(obligationFromAnswer({ kind: 'errors', errors: [{ code: 1000, message: 'LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC' }] })).toEqual({
      check: 'refused',
      obliged: null,
      minimumArs: null,
      detail: 'ARCA answered: 1000: LA CUIT NO SE ENCUENTRA ACTIVA EN EL PUC',
    });
    for (const code of [1103, 10000])
      expect(
        obligationFromAnswer({
          kind: 'errors',
          errors: [
            { code: 1, message: 'a' },
            { code, message: 'b' },
          ],
        }),
      ).toMatchObject({ check: 'unavailable' });
  });

  it('builds the answers that carry no figures', () => {
    expect(notChecked('why')).toEqual({ check: 'not_checked', obliged: null, minimumArs: null, detail: 'why' });
    expect(unavailable('why')).toEqual({ check: 'unavailable', obliged: null, minimumArs: null, detail: 'why' });
    expect(refused('why')).toEqual({ check: 'refused', obliged: null, minimumArs: null, detail: 'why' });
    expect(
      describeErrors([
        { code: 1, message: 'a' },
        { code: 2, message: 'b' },
      ]),
    ).toBe('1: a; 2: b');
  });
});
