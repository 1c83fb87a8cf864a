import { ARCA_CURRENCY_OF, isArcaCurrency, storedCurrencyOf } from '../../../src/domain/iva/currencies';

/**
 * ARCA's currency table (WSFEv1 FEParamGetTiposMonedas): the codes below are the method's list as published, written
 * here from that list, not from the code.
 */
const PUBLISHED = [
  'PES',
  'DOL',
  '002',
  '007',
  '009',
  '010',
  '011',
  '012',
  '014',
  '015',
  '016',
  '018',
  '019',
  '021',
  '023',
  '024',
  '025',
  '026',
  '027',
  '028',
  '029',
  '030',
  '031',
  '032',
  '033',
  '034',
  '035',
  '036',
  '040',
  '041',
  '042',
  '043',
  '044',
  '045',
  '046',
  '047',
  '049',
  '051',
  '052',
  '053',
  '054',
  '055',
  '056',
  '057',
  '059',
  '060',
  '061',
  '062',
  '063',
  '064',
];

describe('ARCA currencies', () => {
  it('every code of the published table is known, and is written back as itself in the Libro IVA Digital', () => {
    for (const code of PUBLISHED) {
      expect(isArcaCurrency(code)).toBe(true);
      const stored = storedCurrencyOf(code);
      expect(stored).not.toBeNull();
      expect(ARCA_CURRENCY_OF.get(stored as string)).toBe(code);
    }
    expect(ARCA_CURRENCY_OF.size).toBe(PUBLISHED.length);
  });

  it.each([
    ['PES', 'ARS'],
    ['$', 'ARS'],
    ['ars', 'ARS'],
    ['DOL', 'USD'],
    ['U$S', 'USD'],
    ['USD', 'USD'],
    ['060', 'EUR'],
    ['EUR', 'EUR'],
    ['012', 'BRL'],
    ['011', 'UYU'],
    ['019', 'JPY'],
    ['064', 'CNY'],
    ['033', 'CLP'],
    [' 016 ', 'SEK'],
  ])('%j is stored as %s', (written, stored) => {
    expect(storedCurrencyOf(written)).toBe(stored);
  });

  it('a currency with no ISO code of its own (gold, obsolete ones) is kept under its ARCA code', () => {
    for (const code of ['002', '007', '025', '027', '036', '049']) expect(storedCurrencyOf(code)).toBe(code);
  });

  it.each([['XYZ'], ['ZZZ'], ['BTC'], ['999'], ['001'], ['dólares'], [''], ['US']])('%j is no ARCA currency', (written) => {
    expect(storedCurrencyOf(written)).toBeNull();
  });
});
