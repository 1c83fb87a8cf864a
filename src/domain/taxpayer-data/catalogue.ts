/** The billing systems an account can configure, by the name that identifies each (the REST path segment). */
export const BILLING_SYSTEMS = {
  afip_wsfe: {
    /** The WSAA service id its access tickets are asked for. */
    service: 'wsfe',
    description: 'ARCA/AFIP electronic invoicing web service WSFEv1 (vouchers A, B, C and M without item detail)',
  },
} as const;

export type BillingSystemName = keyof typeof BILLING_SYSTEMS;

export const BILLING_SYSTEM_NAMES = Object.keys(BILLING_SYSTEMS) as BillingSystemName[];

export const isBillingSystemName = (name: string): name is BillingSystemName => Object.hasOwn(BILLING_SYSTEMS, name);

/** VAT conditions of the primary taxpayer, with ARCA's condición-IVA id (FEParamGetCondicionIvaReceptor). */
export const VAT_CONDITION_CODES: Record<string, number> = {
  responsable_inscripto: 1,
  exento: 4,
  monotributo: 6,
  no_alcanzado: 15,
};
