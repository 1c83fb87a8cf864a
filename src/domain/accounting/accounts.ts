import type { ClientSession } from 'mongodb';
import DataLoader from 'dataloader';
import type { JournalEntryDocument, LedgerAccountDocument, LedgerDailyTotalDocument } from '../../store/ledger';
import { TenantCollection } from '../../store/tenant-collection';
import { requirePrincipal, type RequestContext } from '../context';
import { changesOf } from '../declare/mapping';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { ConflictError, notFound, ValidationError, type ErrorDetail } from '../errors';
import { Resource } from '../resource';
import { DEBIT_NATURE, LEDGER_ACCOUNT, MAX_LEVEL } from './account-declaration';

type Row = Record<string, unknown>;

/** What fixes an account's place in the chart; it cannot change once other records hang on the account. */
const STRUCTURAL = ['code', 'account_type', 'parent_code', 'level', 'is_detail'] as const;

const {
  definition: declared,
  createSchema: createLedgerAccountSchema,
  updateSchema: updateLedgerAccountSchema,
  filterSchema: ledgerAccountFilterSchema,
} = declaredDefinition<LedgerAccountDocument>(LEDGER_ACCOUNT, {
  projection: { balance: ['code', 'account_type'], parent: ['parent_code'], children: ['code'] },
  duplicate: (input) =>
    new ConflictError(`an account with code ${String(input.code)} already exists`, [{ path: 'code', message: 'is already used by another account' }]),
});
export { createLedgerAccountSchema, ledgerAccountFilterSchema, updateLedgerAccountSchema };

export const accountsOf = (context: RequestContext) =>
  new TenantCollection<LedgerAccountDocument>(context.store.collection('ledger_accounts'), requirePrincipal(context).accountId);
export const entriesOf = (context: RequestContext) =>
  new TenantCollection<JournalEntryDocument>(context.store.collection('journal_entries'), requirePrincipal(context).accountId);

/** Accounts of the caller by code, in the order asked (null where missing), with one query. */
export async function accountsByCode(context: RequestContext, codes: readonly string[], session?: ClientSession): Promise<Array<LedgerAccountDocument | null>> {
  const found = codes.length
    ? await accountsOf(context)
        .collection.find(accountsOf(context).scope({ code: { $in: [...new Set(codes)] } }), { session })
        .toArray()
    : [];
  const byCode = new Map(found.map((account) => [account.code, account as LedgerAccountDocument]));
  return codes.map((code) => byCode.get(code) ?? null);
}

/**
 * The tree fields of an account as it will stand: its level (given, or its parent's + 1, or 1 at the root), its
 * detail flag (default: at the deepest level) and its path of codes from the root. A parent must exist, share the
 * type and sit one level up.
 */
async function placed(context: RequestContext, fields: Row, levelGiven: boolean, session?: ClientSession): Promise<Row> {
  const problems: ErrorDetail[] = [];
  const parentCode = fields.parent_code as string | undefined;
  const [parent] = parentCode ? await accountsByCode(context, [parentCode], session) : [null];
  let level = fields.level as number | undefined;
  if (parentCode && !parent) problems.push({ path: 'parentCode', message: 'no such account in this chart' });
  else if (parentCode === fields.code) problems.push({ path: 'parentCode', message: 'an account cannot be its own parent' });
  else if (parent) {
    if (parent.account_type !== fields.account_type)
      problems.push({ path: 'accountType', message: `must be ${parent.account_type}, the type of its parent ${parent.code}` });
    if (parent.level >= MAX_LEVEL) problems.push({ path: 'parentCode', message: `${parent.code} is at the deepest level (${MAX_LEVEL})` });
    else if (levelGiven && level !== parent.level + 1)
      problems.push({ path: 'level', message: `must be ${parent.level + 1}, one below its parent ${parent.code}` });
    else level = parent.level + 1;
  } else if (levelGiven && level !== 1) problems.push({ path: 'level', message: 'an account without a parent is at level 1' });
  else level = 1;
  if (problems.length) throw new ValidationError(`invalid account: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  return {
    level,
    is_detail: fields.is_detail ?? level === MAX_LEVEL,
    path: [...(parent?.path ?? []), fields.code],
  };
}

/** Why an account's place cannot change or it cannot go: its children and journal lines (null when free). */
async function inUse(context: RequestContext, code: string, session?: ClientSession): Promise<string | null> {
  const [child, line] = await Promise.all([
    accountsOf(context).collection.findOne(accountsOf(context).scope({ parent_code: code }), { session, projection: { _id: 1 } }),
    entriesOf(context).collection.findOne(entriesOf(context).scope({ 'lines.account_code': code }), { session, projection: { _id: 1 } }),
  ]);
  if (child) return 'it has child accounts';
  if (line) return 'journal entries have lines on it';
  return null;
}

class LedgerAccountResource extends Resource<LedgerAccountDocument, Row, Row, Row, ListOrder> {
  override async create(context: RequestContext, input: Row, session?: ClientSession): Promise<LedgerAccountDocument> {
    if (!session) return context.store.transaction((own) => this.create(context, input, own));
    const now = context.now();
    const fields = declared.fieldsForCreate(input, now) as unknown as Row;
    Object.assign(fields, await placed(context, fields, input.level !== undefined && input.level !== null, session));
    try {
      return await this.collection(context).insert(fields as never, now, session);
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw declared.duplicate!(input);
      throw error;
    }
  }

  override async update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<LedgerAccountDocument> {
    if (!session) return context.store.transaction((own) => this.update(context, id, input, own));
    const accounts = this.collection(context);
    const current = await accounts.findById(id, session);
    if (!current) throw notFound('ledger account', id);
    const { set, unset } = changesOf(LEDGER_ACCOUNT, input);
    const doc = current as unknown as Row;
    const merged: Row = { ...doc, ...set };
    for (const key of unset) delete merged[key];
    // A new parent places the account anew unless the input says its level.
    if (input.parentCode !== undefined && input.level === undefined) delete merged.level;
    const tree = await placed(context, merged, merged.level !== undefined, session);
    const after: Row = { ...merged, ...tree };
    const moved = STRUCTURAL.filter((key) => JSON.stringify(after[key] ?? null) !== JSON.stringify(doc[key] ?? null));
    if (moved.length) {
      const reason = await inUse(context, current.code, session);
      if (reason)
        throw new ConflictError(
          `the account's code, type, parent, level and detail flag are fixed: ${reason}`,
          moved.map((key) => ({ path: key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), message: `cannot change: ${reason}` })),
          'ACCOUNT_IN_USE',
        );
    }
    try {
      const updated = await accounts.update(id, { ...set, ...tree } as never, unset, context.now(), session);
      if (!updated) throw notFound('ledger account', id);
      return updated;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) throw declared.duplicate!(input);
      throw error;
    }
  }

  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    if (!session) return context.store.transaction((own) => this.remove(context, id, own));
    const accounts = this.collection(context);
    const current = await accounts.findById(id, session);
    if (!current) throw notFound('ledger account', id);
    const reason = await inUse(context, current.code, session);
    if (reason)
      throw new ConflictError(
        `account ${current.code} cannot be deleted: ${reason} (deactivate it instead)`,
        [{ path: 'code', message: reason }],
        'ACCOUNT_IN_USE',
      );
    await accounts.delete(id, session);
    return id;
  }
}

export const ledgerAccounts = new LedgerAccountResource({
  ...declared,
  fieldsForUpdate: () => {
    throw new Error('ledger accounts are updated by their own rules');
  },
});

/** Posted debits and credits (centavos) of accounts by code, their descendants included: one aggregation per request tick. */
function postedTotals(context: RequestContext): DataLoader<string, { debit: number; credit: number }> {
  return context.loaders().custom('ledgerPostedTotals', (accountId) => {
    return new DataLoader(async (codes: readonly string[]) => {
      const groups = await context.store
        .collection<LedgerDailyTotalDocument>('ledger_daily_totals')
        .aggregate<{ _id: string; debit: number; credit: number }>([
          { $match: { account_id: accountId, ancestors: { $in: [...codes] } } },
          { $unwind: '$ancestors' },
          { $match: { ancestors: { $in: [...codes] } } },
          { $group: { _id: '$ancestors', debit: { $sum: '$debit_cents' }, credit: { $sum: '$credit_cents' } } },
        ])
        .toArray();
      const byCode = new Map(groups.map((group) => [group._id, group]));
      return codes.map((code) => ({ debit: byCode.get(code)?.debit ?? 0, credit: byCode.get(code)?.credit ?? 0 }));
    });
  });
}

/** An account's balance in its nature, in centavos (debit-natured: debits − credits). */
export const natured = (accountType: string, debit: number, credit: number) => (DEBIT_NATURE.has(accountType) ? debit - credit : credit - debit);

/** The posted balance of an account (rolled up over its descendants), in centavos. */
export async function balanceCents(context: RequestContext, code: string, accountType: string): Promise<number> {
  const { debit, credit } = await postedTotals(context).load(code);
  return natured(accountType, debit, credit);
}

/** An account by code (batched per request), or null. */
export function accountByCode(context: RequestContext, code: string): Promise<LedgerAccountDocument | null> {
  return context
    .loaders()
    .custom('ledgerAccountsByCode', () => new DataLoader((codes: readonly string[]) => accountsByCode(context, codes)))
    .load(code);
}

/** The children of accounts by parent code, in code order (batched per request; at most `limit` each). */
export function childrenOf(context: RequestContext, code: string, limit: number): Promise<LedgerAccountDocument[]> {
  return context
    .loaders()
    .custom(
      `ledgerChildren:${limit}`,
      (accountId) =>
        new DataLoader(async (codes: readonly string[]) => {
          const groups = await context.store
            .collection<LedgerAccountDocument>('ledger_accounts')
            .aggregate<{ _id: string; docs: LedgerAccountDocument[] }>([
              { $match: { account_id: accountId, parent_code: { $in: [...codes] } } },
              { $group: { _id: '$parent_code', docs: { $topN: { n: limit, sortBy: { code: 1 }, output: '$$ROOT' } } } },
            ])
            .toArray();
          const byCode = new Map(groups.map((group) => [group._id, group.docs]));
          return codes.map((parent) => byCode.get(parent) ?? []);
        }),
    )
    .load(code);
}

export type LedgerAccountRecord = LedgerAccountDocument;
