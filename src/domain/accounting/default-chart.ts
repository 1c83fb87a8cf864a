/**
 * The default chart of accounts of a small company that is a VAT registrant (responsable inscripto), after the
 * FACPCE presentation rules (RT 8/9). Codes are `R.G.S.C.A` (rubro, grupo, subgrupo, cuenta, subcuenta); an
 * account's parent is its code without the last part, its type comes from the rubro, and the accounts without
 * children are the postable (detail) ones. Headings the source leaves without a level-4 account get one of the same
 * name, and the headings it lists without any account (long-term credits, intangibles, customer advances, other
 * debts, long-term bank debts, provisions, income tax) get the usual ones, so every postable account sits at
 * level 5 (Valores a depositar, at level 4, is the source's own exception).
 */
const CHART = `
1 ACTIVO
1.1 ACTIVO CORRIENTE
1.1.1 Caja y Bancos
1.1.1.01 Caja
1.1.1.01.001 Caja en pesos
1.1.1.01.002 Caja en moneda extranjera (USD)
1.1.1.01.003 Fondo fijo
1.1.1.02 Bancos
1.1.1.02.001 Banco X cuenta corriente $
1.1.1.02.002 Banco X caja de ahorro USD
1.1.1.02.003 Billeteras virtuales (Mercado Pago)
1.1.1.03 Valores a depositar (cheques / echeqs de terceros)
1.1.2 Inversiones temporarias
1.1.2.01 Inversiones temporarias
1.1.2.01.001 Plazos fijos
1.1.2.01.002 Fondos comunes de inversión
1.1.3 Créditos por ventas
1.1.3.01 Créditos por ventas
1.1.3.01.001 Deudores por ventas
1.1.3.01.002 Documentos a cobrar / FCE a cobrar
1.1.3.01.003 Tarjetas de crédito a cobrar
1.1.3.01.009 (Previsión para deudores incobrables)
1.1.4 Otros créditos
1.1.4.01 Créditos fiscales — IVA
1.1.4.01.001 IVA Crédito Fiscal
1.1.4.01.002 IVA Saldo técnico a favor
1.1.4.01.003 IVA Saldo de libre disponibilidad
1.1.4.01.004 Percepciones de IVA sufridas
1.1.4.01.005 Retenciones de IVA sufridas
1.1.4.02 Créditos fiscales — Ganancias
1.1.4.02.001 Anticipos de Ganancias
1.1.4.02.002 Retenciones de Ganancias sufridas
1.1.4.02.003 Percepciones de Ganancias sufridas
1.1.4.03 Créditos fiscales — IIBB
1.1.4.03.001 Percepciones de IIBB sufridas (por jurisdicción)
1.1.4.03.002 Retenciones de IIBB sufridas (incl. SIRCREB)
1.1.4.03.003 Saldo a favor IIBB
1.1.4.04 Otros créditos
1.1.4.04.001 Anticipos a proveedores
1.1.4.04.002 Gastos pagados por adelantado / seguros a devengar
1.1.4.04.003 Préstamos y anticipos al personal
1.1.5 Bienes de cambio
1.1.5.01 Bienes de cambio
1.1.5.01.001 Mercaderías de reventa
1.1.5.01.002 Materias primas / insumos
1.1.5.01.003 Mercaderías en tránsito (remitos recibidos sin factura)
1.2 ACTIVO NO CORRIENTE
1.2.1 Créditos a largo plazo
1.2.1.01 Créditos a largo plazo
1.2.1.01.001 Deudores a largo plazo
1.2.2 Bienes de uso
1.2.2.01 Bienes de uso
1.2.2.01.001 Rodados
1.2.2.01.002 Muebles y útiles
1.2.2.01.003 Equipos de computación
1.2.2.01.004 Inmuebles / mejoras
1.2.2.01.101 (Amort. acum. rodados)
1.2.2.01.102 (Amort. acum. muebles y útiles)
1.2.2.01.103 (Amort. acum. equipos)
1.2.2.01.104 (Amort. acum. inmuebles)
1.2.3 Activos intangibles
1.2.3.01 Activos intangibles
1.2.3.01.001 Software
1.2.3.01.002 Marcas
1.2.3.01.101 (Amort. acum. activos intangibles)
2 PASIVO
2.1 PASIVO CORRIENTE
2.1.1 Deudas comerciales
2.1.1.01 Deudas comerciales
2.1.1.01.001 Proveedores
2.1.1.01.002 Documentos / cheques diferidos a pagar
2.1.1.01.003 Facturas a recibir (remitos recibidos pendientes de factura)
2.1.2 Deudas bancarias y financieras
2.1.2.01 Deudas bancarias y financieras
2.1.2.01.001 Préstamos bancarios
2.1.2.01.002 Tarjetas de crédito a pagar
2.1.3 Remuneraciones y cargas sociales
2.1.3.01 Remuneraciones y cargas sociales
2.1.3.01.001 Sueldos a pagar
2.1.3.01.002 Cargas sociales a pagar (F.931)
2.1.3.01.003 Provisión SAC y vacaciones
2.1.4 Cargas fiscales
2.1.4.01 IVA
2.1.4.01.001 IVA Débito Fiscal
2.1.4.01.002 IVA a pagar (saldo de la DDJJ)
2.1.4.02 Retenciones y percepciones a depositar
2.1.4.02.001 Retenciones de Ganancias a depositar (RG 830)
2.1.4.02.002 Retenciones de IVA a depositar (RG 2854) / percepciones IVA a depositar
2.1.4.02.003 Retenciones / percepciones IIBB a depositar (por jurisdicción)
2.1.4.02.004 Retenciones SUSS a depositar
2.1.4.03 Impuestos a pagar
2.1.4.03.001 Impuesto a las Ganancias a pagar (provisión)
2.1.4.03.002 IIBB a pagar
2.1.4.03.003 Impuesto a los débitos y créditos bancarios a pagar
2.1.4.03.004 Tasas municipales a pagar
2.1.5 Anticipos de clientes
2.1.5.01 Anticipos de clientes
2.1.5.01.001 Anticipos de clientes
2.1.6 Otras deudas
2.1.6.01 Otras deudas
2.1.6.01.001 Dividendos a pagar
2.1.6.01.002 Acreedores varios
2.2 PASIVO NO CORRIENTE
2.2.1 Deudas bancarias a largo plazo
2.2.1.01 Deudas bancarias a largo plazo
2.2.1.01.001 Préstamos bancarios a largo plazo
2.2.2 Previsiones
2.2.2.01 Previsiones
2.2.2.01.001 Previsión para juicios
2.2.2.01.002 Previsión para contingencias
3 PATRIMONIO NETO
3.1 Aportes de los propietarios
3.1.1 Aportes de los propietarios
3.1.1.01 Capital
3.1.1.01.001 Capital social
3.1.1.01.002 Ajuste de capital
3.1.1.01.003 Aportes irrevocables
3.2 Ganancias reservadas
3.2.1 Reservas
3.2.1.01 Reservas
3.2.1.01.001 Reserva legal
3.2.1.01.002 Reservas facultativas
3.3 Resultados acumulados
3.3.1 Resultados acumulados
3.3.1.01 Resultados acumulados
3.3.1.01.001 Resultados no asignados (ejercicios anteriores)
3.3.1.01.002 Resultado del ejercicio
4 INGRESOS / RESULTADOS POSITIVOS
4.1 Ingresos operativos
4.1.1 Ventas
4.1.1.01 Ventas
4.1.1.01.001 Ventas de mercaderías (gravadas)
4.1.1.01.002 Ventas exentas / no gravadas
4.1.1.01.003 Prestación de servicios
4.1.1.01.009 (Descuentos y bonificaciones concedidos)
4.2 Otros ingresos
4.2.1 Otros ingresos
4.2.1.01 Otros ingresos
4.2.1.01.001 Intereses ganados
4.2.1.01.002 Diferencias de cambio positivas
4.2.1.01.003 Resultado por venta de bienes de uso
4.2.1.01.004 Descuentos obtenidos
4.2.1.01.005 Recupero de previsiones / otros ingresos
5 EGRESOS / RESULTADOS NEGATIVOS
5.1 Costo de ventas
5.1.1 Costo de ventas
5.1.1.01 Costo de ventas
5.1.1.01.001 Costo de mercaderías vendidas (CMV)
5.1.1.01.002 Costo de servicios prestados
5.2 Gastos de comercialización
5.2.1 Gastos de comercialización
5.2.1.01 Gastos de comercialización
5.2.1.01.001 Sueldos y cargas sociales — comercialización
5.2.1.01.002 Fletes y acarreos
5.2.1.01.003 Publicidad
5.2.1.01.004 Comisiones
5.2.1.01.005 Impuesto sobre los Ingresos Brutos
5.2.1.01.006 Deudores incobrables
5.3 Gastos de administración
5.3.1 Gastos de administración
5.3.1.01 Gastos de administración
5.3.1.01.001 Sueldos y cargas sociales — administración
5.3.1.01.002 Honorarios profesionales
5.3.1.01.003 Alquileres
5.3.1.01.004 Servicios públicos (luz, gas, agua, teléfono, internet)
5.3.1.01.005 Papelería, insumos y suministros de oficina
5.3.1.01.006 Seguros
5.3.1.01.007 Impuestos, tasas y contribuciones (no IVA)
5.3.1.01.008 Amortizaciones de bienes de uso
5.3.1.01.009 Gastos bancarios e impuesto a los débitos y créditos
5.4 Gastos financieros
5.4.1 Gastos financieros
5.4.1.01 Gastos financieros
5.4.1.01.001 Intereses perdidos
5.4.1.01.002 Diferencias de cambio negativas
5.5 Impuesto a las Ganancias
5.5.1 Impuesto a las Ganancias
5.5.1.01 Impuesto a las Ganancias
5.5.1.01.001 Impuesto a las Ganancias del ejercicio
`;

const TYPE_OF_RUBRO: Record<string, string> = { '1': 'asset', '2': 'liability', '3': 'equity', '4': 'revenue', '5': 'expense' };

export interface ChartAccount {
  code: string;
  name: string;
  account_type: string;
  parent_code?: string;
  level: number;
  is_detail: boolean;
  path: string[];
}

/** The default chart, parents before their children. */
export function defaultChart(): ChartAccount[] {
  const rows = CHART.trim()
    .split('\n')
    .map((line) => {
      const space = line.indexOf(' ');
      return { code: line.slice(0, space), name: line.slice(space + 1) };
    });
  const parents = new Set(rows.map(({ code }) => code.split('.').slice(0, -1).join('.')).filter(Boolean));
  return rows.map(({ code, name }) => {
    const parts = code.split('.');
    return {
      code,
      name,
      account_type: TYPE_OF_RUBRO[parts[0]],
      ...(parts.length > 1 ? { parent_code: parts.slice(0, -1).join('.') } : {}),
      level: parts.length,
      is_detail: !parents.has(code),
      path: parts.map((_part, index) => parts.slice(0, index + 1).join('.')),
    };
  });
}
