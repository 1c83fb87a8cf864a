import type { ClientSession } from 'mongodb';
import type { AccountDocument } from '../../store/accounts.store';
import type { AdditionalTaxpayerDocument } from '../../store/taxpayers.store';
import { sealCertificate } from '../certificates';
import { requirePrincipal, type RequestContext } from '../context';
import { normalizeCuit } from '../cuit';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import type { Connection, PageArgs } from '../pagination';
import { ConflictError, ForbiddenError, notFound, ValidationError } from '../errors';
import { Resource } from '../resource';
import type { Selection } from '../../store/projection.store';
import { ADDITIONAL_TAXPAYER } from './taxpayers.declaration';

type Row = Record<string, unknown>;

/** The widget that makes additional identities available to an account. */
export const MULTI_TAXPAYER_WIDGET = 'multi_taxpayer';
/** The most additional identities an account may have (they are listed whole in `/all/`). */
export const MAX_ADDITIONAL_TAXPAYERS = 500;

const duplicate = () =>
  new ConflictError('another identity of the account already has this tax id', [{ path: 'taxId', message: 'is already used by an identity of the account' }]);

const {
  definition,
  createSchema: createAdditionalTaxpayerSchema,
  updateSchema: updateAdditionalTaxpayerSchema,
  filterSchema: additionalTaxpayerFilterSchema,
} = declaredDefinition<AdditionalTaxpayerDocument>(ADDITIONAL_TAXPAYER, { duplicate });
export { additionalTaxpayerFilterSchema, createAdditionalTaxpayerSchema, updateAdditionalTaxpayerSchema };

/** The account's primary taxpayer: the CUIT and name it was opened with, and its web-services environment. */
export interface PrimaryTaxpayer {
  taxId: string;
  businessName: string;
  taxCondition: string;
  afipEnvironment: string;
}

async function accountOf(context: RequestContext, session?: ClientSession): Promise<AccountDocument> {
  const account = await context.store
    .collection<AccountDocument>('accounts')
    .findOne({ _id: requirePrincipal(context).accountId }, { session, projection: { name: 1, cuit: 1, settings: 1 } });
  if (!account) throw notFound('account', requirePrincipal(context).accountId.toHexString());
  return account;
}

export function primaryOf(account: AccountDocument): PrimaryTaxpayer {
  const settings = account.settings as { afip_environment?: string; tax_condition?: string } | undefined;
  return {
    taxId: normalizeCuit(account.cuit) ?? account.cuit,
    businessName: account.name,
    taxCondition: settings?.tax_condition ?? 'responsable_inscripto',
    afipEnvironment: settings?.afip_environment ?? 'testing',
  };
}

/** Every multi-taxpayer operation answers 403 WIDGET_INACTIVE while the account's widget is off, whatever the scopes. */
async function withWidget(context: RequestContext, session?: ClientSession): Promise<AccountDocument> {
  const account = await accountOf(context, session);
  if (account.settings?.widgets?.[MULTI_TAXPAYER_WIDGET] !== true)
    throw new ForbiddenError('the multi-taxpayer widget is not active for this account', [], 'WIDGET_INACTIVE');
  return account;
}

/** The stored form of given certificates: checked, summarised and sealed. */
function sealed(context: RequestContext, input: Row): Row {
  const certificates = input.certificates as Array<{ certificate: string; privateKey: string }> | null | undefined;
  if (certificates === undefined) return {};
  return { certificates: (certificates ?? []).map((pair, index) => sealCertificate(context.secrets, pair, `certificates.${index}`)) };
}

const withoutCertificates = ({ certificates: _ignored, ...rest }: Row): Row => rest;

class AdditionalTaxpayerResource extends Resource<AdditionalTaxpayerDocument, Row, Row, Row, ListOrder> {
  override async get(context: RequestContext, id: string): Promise<AdditionalTaxpayerDocument> {
    await withWidget(context);
    return super.get(context, id);
  }

  override async list(context: RequestContext, filter: Row | undefined, order: ListOrder | undefined, page: PageArgs, selection?: Selection) {
    await withWidget(context);
    return super.list(context, filter, order, page, selection) as Promise<Connection<AdditionalTaxpayerDocument>>;
  }

  /**
   * The tax id differs from the primary's (checked here) and from the other identities' (the unique index, so two
   * racing creates of one CUIT store it once); the environment defaults to the primary's.
   */
  override async create(context: RequestContext, input: Row, session?: ClientSession): Promise<AdditionalTaxpayerDocument> {
    if (!session) return context.store.transaction((own) => this.create(context, input, own));
    const account = await withWidget(context, session);
    const primary = primaryOf(account);
    const taxId = normalizeCuit(input.taxId as string) as string;
    if (taxId === primary.taxId)
      throw new ConflictError('the tax id is the primary taxpayer’s', [{ path: 'taxId', message: 'is the primary taxpayer’s tax id' }]);
    const identities = this.collection(context);
    if ((await identities.count({}, session)) >= MAX_ADDITIONAL_TAXPAYERS)
      throw new ConflictError(`an account has at most ${MAX_ADDITIONAL_TAXPAYERS} additional taxpayers`, [], 'LIMIT_REACHED');
    const fields = {
      ...definition.fieldsForCreate(withoutCertificates({ ...input, taxId, afipEnvironment: input.afipEnvironment ?? primary.afipEnvironment }), context.now()),
      ...sealed(context, input),
    };
    try {
      return await identities.insert(fields as never, context.now(), session);
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw duplicate();
      throw error;
    }
  }

  override async update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<AdditionalTaxpayerDocument> {
    await withWidget(context, session);
    const identities = this.collection(context);
    const current = await identities.findById(id, session);
    if (!current) throw notFound('additional taxpayer', id);
    if (input.taxId !== undefined && normalizeCuit(String(input.taxId ?? '')) !== current.tax_id)
      throw new ValidationError('the tax id of an identity cannot change', [{ path: 'taxId', message: 'cannot change once created' }], 'IMMUTABLE_FIELD');
    const { set, unset } = definition.fieldsForUpdate(withoutCertificates({ ...input, taxId: undefined })) as { set: Row; unset: string[] };
    Object.assign(set, sealed(context, input));
    const updated = await identities.update(id, set as never, unset, context.now(), session);
    if (!updated) throw notFound('additional taxpayer', id);
    return updated;
  }

  /** Vouchers issued under the identity keep its CUIT: only the identity goes. */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    await withWidget(context, session);
    return super.remove(context, id, session);
  }
}

export const additionalTaxpayers = new AdditionalTaxpayerResource(definition);

/**
 * The CUITs the account files vouchers under: the primary taxpayer's, and while the multi-taxpayer widget is on,
 * every additional identity's.
 */
export async function ownCuits(context: RequestContext, account: AccountDocument): Promise<{ primary: string; others: ReadonlySet<string> }> {
  const primary = primaryOf(account).taxId;
  if (account.settings?.widgets?.[MULTI_TAXPAYER_WIDGET] !== true) return { primary, others: new Set() };
  const identities = await context.store
    .collection<AdditionalTaxpayerDocument>('additional_taxpayers')
    .find({ account_id: account._id }, { projection: { tax_id: 1 }, limit: MAX_ADDITIONAL_TAXPAYERS })
    .toArray();
  return { primary, others: new Set(identities.map((identity) => identity.tax_id)) };
}

/** The primary identity and every additional one (tax-id order), for the widget's combined list. */
export async function allTaxpayers(context: RequestContext): Promise<{ primary: PrimaryTaxpayer; additional: AdditionalTaxpayerDocument[] }> {
  const account = await withWidget(context);
  const additional = await additionalTaxpayers.collection(context).find({}, { skip: 0, limit: MAX_ADDITIONAL_TAXPAYERS, sort: { tax_id: 1, _id: 1 } });
  return { primary: primaryOf(account), additional };
}

export type AdditionalTaxpayerRecord = AdditionalTaxpayerDocument;
