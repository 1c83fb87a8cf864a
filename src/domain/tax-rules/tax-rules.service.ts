import type { ClientSession, ObjectId } from 'mongodb';
import type { TaxRuleDocument } from '../../store/tax-rules.store';
import type { RequestContext } from '../context';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { notFound, ValidationError } from '../errors';
import { Resource } from '../resource';
import { TAX_RULE } from './tax-rules.declaration';
import { DEFAULT_TAX_RULES, SEEDED_COUNTRIES } from './defaults';
import { recordChanges } from '../activity/changes';
import { changesOf } from '../activity/journaled';

type Row = Record<string, unknown>;

const {
  definition,
  createSchema: createTaxRuleSchema,
  updateSchema: updateTaxRuleSchema,
  filterSchema: taxRuleFilterSchema,
} = declaredDefinition<TaxRuleDocument>(TAX_RULE);
export { createTaxRuleSchema, taxRuleFilterSchema, updateTaxRuleSchema };

/** Countries are kept upper-case, so `ar` and `AR` are one country in writes and filters. */
const upperCountry = <T extends Row>(input: T): T => (typeof input?.country === 'string' ? { ...input, country: input.country.toUpperCase() } : input);

/** The 2-letter country of a path or argument, upper-case; 400 naming `country` otherwise. */
export function countryCode(value: string): string {
  if (!/^[A-Za-z]{2}$/.test(value))
    throw new ValidationError('country must be a 2-letter code', [{ path: 'country', message: 'must be a 2-letter country code (AR, UY, MX, …)' }]);
  return value.toUpperCase();
}

class TaxRuleResource extends Resource<TaxRuleDocument, Row, Row, Row, ListOrder> {
  /**
   * A new default unmarks the previous default of its country and category in the same transaction; two racing
   * defaults meet on the partial unique index (one default per country and category) or on the unmarked document,
   * and the store runs the loser again on the winner's state.
   */
  override async create(context: RequestContext, input: Row, session?: ClientSession): Promise<TaxRuleDocument> {
    if (!session) return context.store.transaction((own) => this.create(context, input, own));
    const fields = this.definition.fieldsForCreate(input, context.now()) as unknown as Row;
    if (fields.is_default && fields.is_active === false) throw inactiveDefault();
    if (fields.is_default) await this.unmarkDefault(context, fields.country as string, fields.category as string, null, session);
    return this.collection(context).insert(fields as never, context.now(), session);
  }

  override async update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<TaxRuleDocument> {
    if (!session) return context.store.transaction((own) => this.update(context, id, input, own));
    const rules = this.collection(context);
    const current = await rules.findById(id, session);
    if (!current) throw notFound('tax rule', id);
    const { set, unset } = this.definition.fieldsForUpdate(input) as { set: Row; unset: string[] };
    const after = { ...current, ...set } as Row;
    for (const key of unset) delete after[key];
    if (after.is_active === false) {
      if (set.is_default === true) throw inactiveDefault();
      // A rule that stops applying stops being the default.
      if (current.is_default) set.is_default = false;
    } else if (after.is_default) await this.unmarkDefault(context, after.country as string, after.category as string, current._id, session);
    const updated = await rules.update(id, set as never, unset, context.now(), session);
    if (!updated) throw notFound('tax rule', id);
    return updated;
  }

  /** Soft delete: the rule is kept (documents may name it) but inactive and no longer a default. */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const updated = await this.collection(context).update(id, { is_active: false, is_default: false } as never, [], context.now(), session);
    if (!updated) throw notFound('tax rule', id);
    return id;
  }

  private async unmarkDefault(context: RequestContext, country: string, category: string, except: ObjectId | null, session: ClientSession): Promise<void> {
    const rules = this.collection(context);
    await rules.collection.updateMany(
      rules.scope({ country, category, is_default: true, ...(except ? { _id: { $ne: except } } : {}) } as never),
      { $set: { is_default: false, updated_at: context.now() } },
      { session },
    );
  }
}

function inactiveDefault(): ValidationError {
  return new ValidationError('an inactive rule cannot be the default', [{ path: 'isDefault', message: 'cannot be true while is_active is false' }]);
}

export const taxRules = new TaxRuleResource({
  ...definition,
  fieldsForCreate: (input, now) => definition.fieldsForCreate(upperCountry(input), now),
  fieldsForUpdate: (input) => definition.fieldsForUpdate(upperCountry(input)),
  query: (filter) => definition.query(filter ? upperCountry(filter) : filter),
});

/** The most rules `byCountry` answers (a country's rules are a short table). */
export const BY_COUNTRY_LIMIT = 500;

/** The active rules of a country, by category and display order. */
export function activeRulesOf(context: RequestContext, country: string): Promise<TaxRuleDocument[]> {
  return taxRules
    .collection(context)
    .find({ country: countryCode(country), is_active: true }, { skip: 0, limit: BY_COUNTRY_LIMIT, sort: { category: 1, display_order: 1, _id: 1 } });
}

/**
 * Loads a country's default rates, all or nothing: a country that has any rule (active or not) keeps its rules and
 * gets nothing (`seeded: 0`). Every seeded country has a default rule, so two seeds racing into an empty country
 * meet on the one-default-per-country-and-category index; the loser runs again, finds the winner's rules and seeds
 * nothing.
 */
export async function seedTaxRules(context: RequestContext, country: string): Promise<{ country: string; seeded: number; message: string }> {
  const code = countryCode(country);
  const defaults = DEFAULT_TAX_RULES[code];
  if (!defaults)
    throw new ValidationError(`no default rates for ${code}: seeding covers ${SEEDED_COUNTRIES.join(', ')}`, [
      { path: 'country', message: `must be one of ${SEEDED_COUNTRIES.join(', ')}` },
    ]);
  return context.store.transaction(async (session) => {
    const rules = taxRules.collection(context);
    const existing = await rules.count({ country: code }, session);
    if (existing > 0)
      return { country: code, seeded: 0, message: `${code} already has ${existing} tax rules; the default rates were not loaded (nothing was changed).` };
    const now = context.now();
    const fields = defaults.map((rule, index) =>
      definition.fieldsForCreate({ ...rule, country: code, isActive: true, isDefault: rule.isDefault ?? false, displayOrder: index + 1 }, now),
    );
    const seeded = await rules.insertMany(fields as never, now, session);
    await recordChanges(context, changesOf('tax_rules', 'tax rule', 'created', seeded), session);
    return { country: code, seeded: fields.length, message: `Loaded ${fields.length} default tax rules for ${code}.` };
  });
}

export type TaxRuleRecord = TaxRuleDocument;
