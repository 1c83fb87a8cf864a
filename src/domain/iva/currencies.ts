/**
 * ARCA's currency table: each currency's code (MonId) and its ISO 4217 code, which the stored vouchers keep.
 *
 * Source: ARCA web service WSFEv1, method FEParamGetTiposMonedas (Manual para el desarrollador, RG 4291), the table
 * the Mis Comprobantes exports and the Libro IVA Digital (RG 4597/2019, COMPRAS_CBTE / VENTAS_CBTE "Código de
 * moneda") both use; transcribed in November 2026 and checked against a public SDK's listing of the same method.
 * To verify against FEParamGetTiposMonedas when the service is reachable: a code it adds is refused on import
 * (BAD_CURRENCY, the row kept in the import's report) until it is added here.
 * A currency with no ISO code of its own (obsolete ones, gold) is kept under its ARCA code.
 */
const TABLE: ReadonlyArray<readonly [arca: string, iso: string | null, name: string]> = [
  ['PES', 'ARS', 'Pesos argentinos'],
  ['DOL', 'USD', 'Dólar estadounidense'],
  ['002', null, 'Dólar libre EEUU'],
  ['007', null, 'Florines holandeses'],
  ['009', 'CHF', 'Franco suizo'],
  ['010', 'MXN', 'Pesos mejicanos'],
  ['011', 'UYU', 'Pesos uruguayos'],
  ['012', 'BRL', 'Real'],
  ['014', 'DKK', 'Coronas danesas'],
  ['015', 'NOK', 'Coronas noruegas'],
  ['016', 'SEK', 'Coronas suecas'],
  ['018', 'CAD', 'Dólar canadiense'],
  ['019', 'JPY', 'Yens'],
  ['021', 'GBP', 'Libra esterlina'],
  ['023', 'VES', 'Bolívar venezolano'],
  ['024', 'CZK', 'Corona checa'],
  ['025', null, 'Dinar yugoslavo'],
  ['026', 'AUD', 'Dólar australiano'],
  ['027', null, 'Dracma griego'],
  ['028', 'ANG', 'Florín (Antillas Holandesas)'],
  ['029', 'PYG', 'Guaraní'],
  ['030', 'ILS', 'Shekel (Israel)'],
  ['031', 'BOB', 'Peso boliviano'],
  ['032', 'COP', 'Peso colombiano'],
  ['033', 'CLP', 'Peso chileno'],
  ['034', 'ZAR', 'Rand sudafricano'],
  ['035', 'PEN', 'Nuevo sol peruano'],
  ['036', null, 'Sucre ecuatoriano'],
  ['040', 'RON', 'Lei rumano'],
  ['041', 'XDR', 'Derechos especiales de giro'],
  ['042', 'DOP', 'Peso dominicano'],
  ['043', 'PAB', 'Balboas panameñas'],
  ['044', 'NIO', 'Córdoba nicaragüense'],
  ['045', 'MAD', 'Dirham marroquí'],
  ['046', 'EGP', 'Libra egipcia'],
  ['047', 'SAR', 'Riyal saudita'],
  ['049', null, 'Gramos de oro fino'],
  ['051', 'HKD', 'Dólar de Hong Kong'],
  ['052', 'SGD', 'Dólar de Singapur'],
  ['053', 'JMD', 'Dólar de Jamaica'],
  ['054', 'TWD', 'Dólar de Taiwán'],
  ['055', 'GTQ', 'Quetzal (Guatemala)'],
  ['056', 'HUF', 'Forint (Hungría)'],
  ['057', 'THB', 'Baht (Tailandia)'],
  ['059', 'KWD', 'Dinar kuwaití'],
  ['060', 'EUR', 'Euro'],
  ['061', 'PLN', 'Zloty polaco'],
  ['062', 'INR', 'Rupia hindú'],
  ['063', 'HNL', 'Lempira hondureña'],
  ['064', 'CNY', 'Yuan (Rep. Pop. China)'],
];

/** The code a voucher's currency is stored under: its ISO code, or ARCA's where it has none. */
const storedCode = ([arca, iso]: (typeof TABLE)[number]) => iso ?? arca;

/** Stored code (ISO, or ARCA's) → ARCA code (MonId), as the Libro IVA Digital writes it. */
export const ARCA_CURRENCY_OF: ReadonlyMap<string, string> = new Map(TABLE.map((row) => [storedCode(row), row[0]]));

/** Every way an export or a client writes a currency → its stored code: ARCA's code, the ISO code, and the symbols. */
const STORED_OF: ReadonlyMap<string, string> = new Map([
  ...TABLE.map((row) => [row[0], storedCode(row)] as const),
  ...TABLE.flatMap((row) => (row[1] ? [[row[1], storedCode(row)] as const] : [])),
  ['$', 'ARS'],
  ['U$S', 'USD'],
]);

/** A currency as written (`$`, `PES`, `DOL`, `USD`, `060`, `EUR`…) → the code it is stored under; null when ARCA has no such currency. */
export function storedCurrencyOf(written: string): string | null {
  return STORED_OF.get(written.trim().toUpperCase()) ?? null;
}

/** Whether ARCA's table has this code (MonId). */
export const isArcaCurrency = (code: string): boolean => TABLE.some(([arca]) => arca === code);
