import { normalizeCuit } from '../../src/domain/cuit';

/** The CUIT/CUIL rules (módulo 11), each pinned: length, repeated digits, separators, and both special remainders. */
describe('normalizeCuit', () => {
  it('accepts 11 digits with a valid check digit, with or without separators, as the 11 digits', () => {
    expect(normalizeCuit('20123456786')).toBe('20123456786');
    expect(normalizeCuit('20-12345678-6')).toBe('20123456786');
    expect(normalizeCuit('20.12345678.6')).toBe('20123456786');
    expect(normalizeCuit(' 20 12345678 6 ')).toBe('20123456786');
  });

  it('refuses a wrong check digit', () => {
    expect(normalizeCuit('20123456787')).toBeNull();
    expect(normalizeCuit('20123456785')).toBeNull();
  });

  it('refuses any other length: 10 or 12 digits, even when the weights would fit', () => {
    expect(normalizeCuit('2012345678')).toBeNull();
    expect(normalizeCuit('201234567860')).toBeNull();
    expect(normalizeCuit('')).toBeNull();
    expect(normalizeCuit('2O123456786')).toBeNull(); // a letter O
  });

  it('refuses eleven equal digits, which the check digit alone would let through', () => {
    expect(normalizeCuit('00000000000')).toBeNull();
    expect(normalizeCuit('11111111111')).toBeNull();
  });

  it('a remainder of 11 means check digit 0', () => {
    expect(normalizeCuit('20123456700')).toBe('20123456700');
    expect(normalizeCuit('20123456701')).toBeNull();
  });

  it('a remainder of 10 has no valid check digit: every ending is refused', () => {
    // 2012345676 and 2012345693 leave remainder 10 (AFIP assigns another prefix instead).
    for (const body of ['2012345676', '2012345693']) {
      for (let digit = 0; digit <= 9; digit++)
        expect({ cuit: `${body}${digit}`, valid: normalizeCuit(`${body}${digit}`) }).toEqual({ cuit: `${body}${digit}`, valid: null });
    }
  });
});
