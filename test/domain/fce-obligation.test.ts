import { ConflictError } from '../../src/domain/errors';
import { describeErrors, notChecked, obligationFromAnswer, obligationFromFailure, refused, unavailable } from '../../src/domain/fce/obligation';
import { AfipFault, AfipUnavailableError } from '../../src/domain/taxpayer-data/afip-port';

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

/**
 * A failure to ask: WSAA's SOAP faults (WSAA technical specification: `coe.notAuthorized`, `cms.*`, `xml.bad`
 * concern the caller; `wsn.unavailable`, `wsaa.unavailable` and `wsaa.internalError` mean the service is down), the
 * transport's own failures and a ticket another process holds.
 */
describe('a failure to ask ARCA', () => {
  it('is a refusal when the fault concerns the caller', () => {
    expect(obligationFromFailure(new AfipFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio'))).toEqual({
      check: 'refused',
      obliged: null,
      minimumArs: null,
      detail: 'ARCA refused: coe.notAuthorized: Computador no autorizado a acceder al servicio',
    });
    expect(obligationFromFailure(new AfipFault('cms.bad', 'Error al verificar la firma del CMS'))?.check).toBe('refused');
    // Only the whole local name marks WSAA as down.
    expect(obligationFromFailure(new AfipFault('wsaa.unavailable.not', 'x'))?.check).toBe('refused');
    expect(obligationFromFailure(new AfipFault('wsaa.internalErrorX', 'x'))?.check).toBe('refused');
  });

  it.each(['wsn.unavailable', 'wsaa.unavailable', 'wsaa.internalError'])('is unavailable when WSAA answers %s', (code) => {
    expect(obligationFromFailure(new AfipFault(code, 'servicio no disponible'))).toEqual({
      check: 'unavailable',
      obliged: null,
      minimumArs: null,
      detail: `WSAA: ${code}: servicio no disponible`,
    });
  });

  it('is unavailable when ARCA does not answer, or a ticket is held elsewhere', () => {
    expect(obligationFromFailure(new AfipUnavailableError('ARCA web service at wsaahomo.afip.gov.ar unavailable: ECONNREFUSED'))).toEqual(
      unavailable('ARCA web service at wsaahomo.afip.gov.ar unavailable: ECONNREFUSED'),
    );
    expect(obligationFromFailure(new ConflictError('AFIP already issued a valid access ticket', [], 'AFIP_TICKET_IN_USE'))).toEqual(
      unavailable('AFIP already issued a valid access ticket'),
    );
  });

  it('is not an answer when the failure is not ARCA’s', () => {
    expect(obligationFromFailure(new Error('the store is gone'))).toBeUndefined();
    expect(obligationFromFailure('thrown text')).toBeUndefined();
  });
});
