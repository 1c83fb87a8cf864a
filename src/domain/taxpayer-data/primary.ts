import { z } from 'zod';
import type { AccountDocument } from '../../store/accounts.store';
import type { BillingSystemDocument } from '../../store/billing-systems.store';
import { requirePrincipal, type RequestContext } from '../context';
import { AFIP_ENVIRONMENTS, TAXPAYER_VAT_CONDITIONS } from '../taxpayers/taxpayers.declaration';
import { primaryOf } from '../taxpayers/taxpayers.service';
import { parseInput } from '../validation';
import { accountDocument, activeSystemOf } from './billing-systems';
import { VAT_CONDITION_CODES } from './catalogue';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';

/** The fiscal address as ARCA's padrón keeps it (domicilio fiscal). */
export interface FiscalAddress {
  street: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
}

/** An economic activity (ARCA's nomenclador, F. 883 codes), the main one marked. */
export interface Activity {
  code: string;
  description: string | null;
  main: boolean;
}

/** What the account keeps about its primary taxpayer beyond its CUIT and name (account settings `tax_info`). */
export interface TaxInfo {
  legal_name?: string;
  fiscal_address?: FiscalAddress;
  activities?: Activity[];
  gross_income_number?: string;
  activity_start_date?: string;
}

/** The primary taxpayer as the tax-info endpoint shows it. */
export interface PrimaryTaxpayerData {
  taxId: string;
  legalName: string;
  vatCondition: string;
  vatConditionCode: number;
  afipEnvironment: string;
  fiscalAddress: FiscalAddress | null;
  activities: Activity[];
  grossIncomeNumber: string | null;
  activityStartDate: string | null;
  activeBillingSystem: string | null;
  /** The active system's points of sale (none without one). */
  pointsOfSale: number[];
}

const part = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullish();

export const primaryTaxpayerInputSchema = z
  .object({
    legalName: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').nullish(),
    vatCondition: z.enum(TAXPAYER_VAT_CONDITIONS).nullish(),
    afipEnvironment: z.enum(AFIP_ENVIRONMENTS).nullish(),
    fiscalAddress: z
      .object({ street: part(200), city: part(100), province: part(100), postalCode: part(20) })
      .strict()
      .nullish(),
    activities: z
      .array(
        z
          .object({
            code: z
              .string()
              .trim()
              .regex(/^\d{1,6}$/, 'an activity code is 1 to 6 digits (ARCA nomenclador)'),
            description: part(300),
            main: z.boolean().nullish(),
          })
          .strict(),
      )
      .max(50, 'at most 50 activities')
      .refine((list) => list.filter((activity) => activity.main).length <= 1, 'only one activity is the main one')
      .refine((list) => new Set(list.map((activity) => activity.code)).size === list.length, 'an activity is listed twice')
      .nullish(),
    grossIncomeNumber: z.string().trim().max(30, 'must be at most 30 characters').nullish(),
    activityStartDate: z.iso.date('must be a date, YYYY-MM-DD').nullish(),
  })
  .strict();

type Settings = { tax_info?: TaxInfo };

function dataOf(account: AccountDocument, active: BillingSystemDocument | null): PrimaryTaxpayerData {
  const primary = primaryOf(account);
  const info = (account.settings as Settings | undefined)?.tax_info ?? {};
  return {
    taxId: primary.taxId,
    legalName: info.legal_name ?? primary.businessName,
    vatCondition: primary.taxCondition,
    vatConditionCode: VAT_CONDITION_CODES[primary.taxCondition] ?? 1,
    afipEnvironment: primary.afipEnvironment,
    fiscalAddress: info.fiscal_address ?? null,
    activities: info.activities ?? [],
    grossIncomeNumber: info.gross_income_number ?? null,
    activityStartDate: info.activity_start_date ?? null,
    activeBillingSystem: activeSystemOf(account),
    pointsOfSale: active?.points_of_sale ?? [],
  };
}

export async function primaryTaxpayerData(context: RequestContext): Promise<PrimaryTaxpayerData> {
  const account = await accountDocument(context);
  const active = activeSystemOf(account);
  const system = active ? await context.store.collection<BillingSystemDocument>('billing_systems').findOne({ account_id: account._id, name: active }) : null;
  return dataOf(account, system);
}

/**
 * Changes the given fields of the primary taxpayer; `null` clears an optional one. The CUIT is the account's and
 * does not change here; the legal name defaults to the account's name.
 */
export async function updatePrimaryTaxpayer(context: RequestContext, raw: unknown): Promise<PrimaryTaxpayerData> {
  const input = parseInput(primaryTaxpayerInputSchema, raw);
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  const put = (path: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) unset[path] = '';
    else set[path] = value;
  };
  put('settings.tax_info.legal_name', input.legalName);
  put('settings.tax_condition', input.vatCondition);
  put('settings.afip_environment', input.afipEnvironment);
  put(
    'settings.tax_info.fiscal_address',
    input.fiscalAddress === undefined || input.fiscalAddress === null
      ? input.fiscalAddress
      : {
          street: input.fiscalAddress.street ?? null,
          city: input.fiscalAddress.city ?? null,
          province: input.fiscalAddress.province ?? null,
          postal_code: input.fiscalAddress.postalCode ?? null,
        },
  );
  put(
    'settings.tax_info.activities',
    input.activities?.map((activity) => ({ code: activity.code, description: activity.description ?? null, main: activity.main ?? false })),
  );
  put('settings.tax_info.gross_income_number', input.grossIncomeNumber);
  put('settings.tax_info.activity_start_date', input.activityStartDate);
  const update: Record<string, unknown> = {};
  if (Object.keys(set).length) update.$set = set;
  if (Object.keys(unset).length) update.$unset = unset;
  if (Object.keys(update).length) {
    const accountId = requirePrincipal(context).accountId;
    await context.store.collection<AccountDocument>('accounts').updateOne({ _id: accountId }, update);
    await recordChanges(context, [actionOn('accounts', 'primary taxpayer data', 'updated', { _id: accountId }, Object.keys(input).join(', '))]);
  }
  return primaryTaxpayerData(context);
}
