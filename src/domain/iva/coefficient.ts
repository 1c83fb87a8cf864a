import type { IvaConfig } from './iva.config';

/** The coefficient in ten-thousandths; 10000 unless global pro-rata applies (Ley de IVA art. 13). */
export const coefficientBp = (config: Pick<IvaConfig, 'prorata' | 'prorataCoefficient'>) =>
  config.prorata === 'global' ? Math.round(config.prorataCoefficient * 10_000) : 10_000;
