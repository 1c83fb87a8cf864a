/**
 * The default rates a country's seed loads (rates in force in 2026). Exempt, non-taxed and excluded operations are
 * not rates but separate buckets of a voucher, so they are not seeded; temporary rates carry their validity window.
 * Where a tax's rate depends on the state or municipality (Brazil's ICMS and ISS) the seed carries a typical rate and
 * says so: the account adjusts it.
 */
export interface DefaultTaxRule {
  code: string;
  name: string;
  rate: number;
  category: 'iva' | 'internal' | 'provincial' | 'municipal' | 'other';
  description: string;
  isDefault?: boolean;
  afipVatId?: number;
  validFrom?: string;
  validTo?: string;
}

export const DEFAULT_TAX_RULES: Record<string, DefaultTaxRule[]> = {
  AR: [
    {
      code: 'AR_IVA_21',
      name: 'IVA tasa general',
      rate: 21,
      category: 'iva',
      isDefault: true,
      afipVatId: 5,
      description: 'Ley de IVA, tasa general (ARCA id 5).',
    },
    {
      code: 'AR_IVA_10_5',
      name: 'IVA alícuota reducida',
      rate: 10.5,
      category: 'iva',
      afipVatId: 4,
      description: 'Ley de IVA art. 28: ciertos alimentos, construcción de viviendas, bienes de capital, transporte de pasajeros, intereses (ARCA id 4).',
    },
    {
      code: 'AR_IVA_27',
      name: 'IVA alícuota incrementada',
      rate: 27,
      category: 'iva',
      afipVatId: 6,
      description:
        'Servicios públicos (electricidad, gas, agua, telecomunicaciones) a responsables inscriptos y monotributistas, uso no residencial (ARCA id 6).',
    },
    {
      code: 'AR_IVA_5',
      name: 'IVA 5 %',
      rate: 5,
      category: 'iva',
      afipVatId: 8,
      description: 'Bienes específicos, p. ej. algunas publicaciones periódicas (ARCA id 8).',
    },
    {
      code: 'AR_IVA_2_5',
      name: 'IVA 2,5 %',
      rate: 2.5,
      category: 'iva',
      afipVatId: 9,
      description: 'Bienes específicos, p. ej. algunas publicaciones periódicas (ARCA id 9).',
    },
    { code: 'AR_IVA_0', name: 'IVA 0 %', rate: 0, category: 'iva', afipVatId: 3, description: 'Exportaciones y operaciones gravadas a tasa 0 (ARCA id 3).' },
  ],
  UY: [
    { code: 'UY_IVA_BASICA', name: 'IVA tasa básica', rate: 22, category: 'iva', isDefault: true, description: 'DGI, tasa básica.' },
    {
      code: 'UY_IVA_MINIMA',
      name: 'IVA tasa mínima',
      rate: 10,
      category: 'iva',
      description: 'Alimentos básicos, medicamentos, servicios hoteleros y de salud, primera enajenación de inmuebles.',
    },
    { code: 'UY_IVA_0', name: 'Exportaciones', rate: 0, category: 'iva', description: 'Exportaciones: tasa cero.' },
  ],
  MX: [
    { code: 'MX_IVA_16', name: 'IVA tasa general', rate: 16, category: 'iva', isDefault: true, description: 'LIVA art. 1.' },
    {
      code: 'MX_IVA_8_FRONTERA',
      name: 'IVA región fronteriza (estímulo)',
      rate: 8,
      category: 'iva',
      description:
        'Estímulo fiscal de la región fronteriza norte y sur (decreto, renovado periódicamente); requiere inscripción en el padrón de beneficiarios.',
    },
    { code: 'MX_IVA_0', name: 'Tasa 0 %', rate: 0, category: 'iva', description: 'LIVA art. 2-A: alimentos no procesados, medicinas, exportaciones.' },
  ],
  CO: [
    { code: 'CO_IVA_19', name: 'IVA tarifa general', rate: 19, category: 'iva', isDefault: true, description: 'DIAN, tarifa general.' },
    { code: 'CO_IVA_5', name: 'IVA tarifa diferencial', rate: 5, category: 'iva', description: 'Algunos bienes y alimentos básicos y medicamentos.' },
    {
      code: 'CO_IVA_0',
      name: 'Exento (tarifa 0 con derecho a devolución)',
      rate: 0,
      category: 'iva',
      description: 'Exportaciones y bienes de la canasta básica.',
    },
  ],
  BR: [
    {
      code: 'BR_CBS_2026',
      name: 'CBS (Contribuição sobre Bens e Serviços) – teste',
      rate: 0.9,
      category: 'iva',
      isDefault: true,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      description: 'Reforma tributária (EC 132/2023, LC 214/2025), alíquota de teste de 2026, compensável com PIS/COFINS; destacada na nota fiscal.',
    },
    {
      code: 'BR_IBS_2026',
      name: 'IBS (Imposto sobre Bens e Serviços) – teste',
      rate: 0.1,
      category: 'iva',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      description: 'Reforma tributária, alíquota de teste estadual/municipal de 2026, compensável.',
    },
    {
      code: 'BR_ICMS',
      name: 'ICMS (estadual)',
      rate: 18,
      category: 'provincial',
      isDefault: true,
      description: 'Alíquota interna de São Paulo; 17 % a 23 % conforme o estado, interestadual 4 %, 7 % ou 12 %: ajuste por estado e NCM.',
    },
    { code: 'BR_IPI', name: 'IPI (federal)', rate: 0, category: 'internal', isDefault: true, description: 'Por NCM conforme a TIPI: ajuste por produto.' },
    {
      code: 'BR_PIS_COFINS_NC',
      name: 'PIS/COFINS não cumulativo',
      rate: 9.25,
      category: 'other',
      isDefault: true,
      description: '1,65 % + 7,6 % (Lucro Real).',
    },
    { code: 'BR_PIS_COFINS_C', name: 'PIS/COFINS cumulativo', rate: 3.65, category: 'other', description: '0,65 % + 3 % (Lucro Presumido).' },
    {
      code: 'BR_ISS',
      name: 'ISS (municipal)',
      rate: 5,
      category: 'municipal',
      isDefault: true,
      description: 'Serviços: 2 % a 5 % conforme o município (5 % é o teto): ajuste por município.',
    },
  ],
  BO: [
    {
      code: 'BO_IVA_13',
      name: 'IVA',
      rate: 13,
      category: 'iva',
      isDefault: true,
      description: 'Ley 843: tasa nominal incluida en el precio (≈ 14,94 % sobre el neto); el IT (3 %) es otro impuesto.',
    },
    { code: 'BO_IVA_0', name: 'Exportaciones / tasa cero', rate: 0, category: 'iva', description: 'Exportaciones (con devolución) y regímenes de tasa cero.' },
  ],
  PE: [
    { code: 'PE_IGV_18', name: 'IGV + IPM', rate: 18, category: 'iva', isDefault: true, description: 'SUNAT: 16 % IGV + 2 % IPM.' },
    {
      code: 'PE_IGV_MYPE_10',
      name: 'IGV reducido restaurantes y hoteles MYPE (Ley 31556)',
      rate: 10,
      category: 'iva',
      validFrom: '2022-09-01',
      validTo: '2026-12-31',
      description: '8 % IGV + 2 % IPM para restaurantes, hoteles y alojamientos turísticos MYPE, hasta el 31/12/2026.',
    },
    { code: 'PE_EXPORT', name: 'Exonerado / Exportación', rate: 0, category: 'iva', description: 'Operaciones exoneradas (Amazonía) y exportaciones.' },
  ],
};

export const SEEDED_COUNTRIES = Object.keys(DEFAULT_TAX_RULES);
