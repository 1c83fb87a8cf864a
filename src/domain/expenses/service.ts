import { ObjectId, type ClientSession, type Document, type Filter } from 'mongodb';
import {
  expenseQuery,
  expenseSort,
  type ExpenseDocument,
  type ExpenseFields,
  type ExpenseOrderField,
  type ExpenseStatus,
  type StoredIvaItem,
} from '../../store/expenses';
import { TenantCollection } from '../../store/tenant-collection';
import type { SupplierDocument } from '../../store/suppliers';
import { requirePrincipal, type RequestContext } from '../context';
import { ConflictError, notFound, ValidationError } from '../errors';
import { fieldChanges, Resource, type FieldsOf } from '../resource';
import { assertTransition, type StateMachine } from '../state-machine';
import {
  createExpenseSchema,
  updateExpenseSchema,
  type CreateExpenseData,
  type ExpenseFilterData,
  type UpdateExpenseData,
} from './schema';

/**
 * The life of an expense: pending → approved → paid → refunded; pending or approved → cancelled. refunded and
 * cancelled are final.
 */
export const EXPENSE_MACHINE: StateMachine<ExpenseStatus> = {
  pending: ['approved', 'cancelled'],
  approved: ['paid', 'cancelled'],
  paid: ['refunded'],
  refunded: [],
  cancelled: [],
};

/** When the expense reached a status (set by the move into it). */
const STAMP: Partial<Record<ExpenseStatus, 'approved_at' | 'paid_at' | 'refunded_at' | 'cancelled_at'>> = {
  approved: 'approved_at',
  paid: 'paid_at',
  refunded: 'refunded_at',
  cancelled: 'cancelled_at',
};

/** What was paid, to whom, when and how: fixed once the expense is paid (and after a refund). */
const MONEY_FIELDS = ['amount_cents', 'tax_rate', 'iva_items', 'date', 'supplier_id', 'payment_method'] as const;

/** Stored fields that may still change in each status (null: every field). */
const EDITABLE: Record<ExpenseStatus, ((field: string) => boolean) | null> = {
  pending: null,
  approved: null,
  paid: (field) => !(MONEY_FIELDS as readonly string[]).includes(field),
  refunded: (field) => !(MONEY_FIELDS as readonly string[]).includes(field),
  cancelled: (field) => field === 'notes',
};

/** Statuses in which an expense may be deleted (an approved one must be cancelled first; paid ones stay on record). */
export const DELETABLE_STATUSES: readonly ExpenseStatus[] = ['pending', 'cancelled'];

/** Stored field → input (GraphQL) name, for error paths. */
const INPUT_NAME: Record<string, string> = {
  amount_cents: 'amount',
  tax_rate: 'taxRate',
  iva_items: 'ivaItems',
  supplier_id: 'supplierId',
  recurring_period: 'recurringPeriod',
  payment_method: 'paymentMethod',
  receipt_number: 'receiptNumber',
};
const inputName = (field: string) => INPUT_NAME[field] ?? field;

type Fields = FieldsOf<ExpenseDocument>;
type Plan = { set: Partial<Fields>; unset: string[] };

function ivaItems(items: Array<{ id: number; baseImp: number; importe: number }>): StoredIvaItem[] {
  return items.map((item) => ({ id: item.id, base_imp_cents: item.baseImp, importe_cents: item.importe }));
}

/** Validated input → `$set`/`$unset`; null or "" removes an optional field. Status is handled apart. */
function toFields(input: UpdateExpenseData): Plan {
  const { set, unset, put } = fieldChanges<Fields>();
  if (input.amount !== undefined) set.amount_cents = input.amount;
  if (input.description !== undefined) set.description = input.description;
  if (input.taxRate !== undefined) set.tax_rate = input.taxRate;
  if (input.category !== undefined) set.category = input.category;
  if (input.date !== undefined) set.date = input.date;
  if (input.ivaItems !== undefined) set.iva_items = ivaItems(input.ivaItems ?? []);
  put('supplier_id', input.supplierId === undefined || input.supplierId === null ? input.supplierId : new ObjectId(input.supplierId));
  if (input.recurring !== undefined) set.recurring = input.recurring;
  put('recurring_period', input.recurringPeriod);
  put('payment_method', input.paymentMethod);
  put('receipt_number', input.receiptNumber);
  put('notes', input.notes);
  return { set, unset };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof ObjectId || b instanceof ObjectId) return a instanceof ObjectId && b instanceof ObjectId && a.equals(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The stored fields an update really changes (a field sent with its current value is no change). */
function changedFields(current: ExpenseDocument, { set, unset }: Plan): string[] {
  const doc = current as unknown as Record<string, unknown>;
  return [
    ...Object.entries(set).filter(([key, value]) => !same(doc[key], value)).map(([key]) => key),
    ...unset.filter((key) => doc[key] !== undefined),
  ];
}

export interface ExpenseOrder {
  field?: ExpenseOrderField;
  direction?: 'asc' | 'desc';
}

class ExpenseResource extends Resource<ExpenseDocument, CreateExpenseData, UpdateExpenseData, ExpenseFilterData, ExpenseOrder> {
  /** A supplier id given for an expense must name a supplier of the account (another account's reads as missing). */
  private async checkSupplier(context: RequestContext, supplierId: ObjectId | undefined, session?: ClientSession): Promise<void> {
    if (!supplierId) return;
    const suppliers = new TenantCollection<SupplierDocument>(context.store.collection<SupplierDocument>('suppliers'), requirePrincipal(context).accountId);
    if (!(await suppliers.findById(supplierId.toHexString(), session))) {
      throw new ValidationError(`supplier ${supplierId.toHexString()} not found in this account`, [{ path: 'supplierId', message: 'no such supplier in this account' }]);
    }
  }

  override async create(context: RequestContext, input: CreateExpenseData, session?: ClientSession): Promise<ExpenseDocument> {
    const fields = this.definition.fieldsForCreate(input);
    await this.checkSupplier(context, fields.supplier_id, session);
    const now = context.now();
    // An expense recorded as already approved or paid went through the earlier steps now.
    if (fields.status === 'approved' || fields.status === 'paid') fields.approved_at = now;
    if (fields.status === 'paid') fields.paid_at = now;
    return this.collection(context).insert(fields, now, session);
  }

  /**
   * A partial update, and a status move when `status` differs from the current one (through the machine). Fields
   * fixed in the current status may only be sent with their current value. The write is conditional on the status
   * read, so a concurrent move cannot slip in between the check and the write.
   */
  override update(context: RequestContext, id: string, input: UpdateExpenseData, session?: ClientSession): Promise<ExpenseDocument> {
    return this.write(context, id, input, false, session);
  }

  /** An update; `move` makes `status` an explicit move, so its current value is refused too (paid → paid). */
  private async write(context: RequestContext, id: string, input: UpdateExpenseData, move: boolean, session?: ClientSession): Promise<ExpenseDocument> {
    const collection = this.collection(context);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await collection.findById(id, session);
      if (!current) throw notFound('expense', id);
      const plan = this.plan(current, input, context.now(), move);
      if (plan.set.supplier_id && !same(plan.set.supplier_id, current.supplier_id)) await this.checkSupplier(context, plan.set.supplier_id, session);
      const update: Document = { $set: { ...plan.set, updated_at: context.now() } };
      if (plan.unset.length) update.$unset = Object.fromEntries(plan.unset.map((field) => [field, '']));
      const updated = await collection.collection.findOneAndUpdate(collection.scope({ _id: current._id, status: current.status } as Filter<ExpenseDocument>), update, {
        session,
        returnDocument: 'after',
      });
      if (updated) return updated as ExpenseDocument;
    }
    throw new ConflictError(`expense ${id} is being changed by another request; try again`);
  }

  /** Checks an update against the expense as it stands; answers the writes. */
  private plan(current: ExpenseDocument, input: UpdateExpenseData, now: Date, move: boolean): Plan {
    const plan = toFields(input);
    // Recurrence, on the merged record: turning it off clears the period; a period needs recurring true.
    const recurring = plan.set.recurring ?? current.recurring;
    if (!recurring && input.recurringPeriod === undefined && current.recurring_period) plan.unset.push('recurring_period');
    const period = plan.unset.includes('recurring_period') ? undefined : (plan.set.recurring_period ?? current.recurring_period);
    if (recurring && !period) throw new ValidationError('recurring_period is required when recurring is true', [{ path: 'recurringPeriod', message: 'is required when recurring is true' }]);
    if (!recurring && plan.set.recurring_period) {
      throw new ValidationError('recurring_period is only allowed when recurring is true', [{ path: 'recurringPeriod', message: 'is only allowed when recurring is true' }]);
    }

    const editable = EDITABLE[current.status];
    if (editable) {
      const locked = changedFields(current, plan).filter((field) => !editable(field));
      if (locked.length) {
        const names = locked.map(inputName);
        throw new ConflictError(
          `a ${current.status} expense cannot change ${names.join(', ')}`,
          names.map((name) => ({ path: name, message: `cannot change while the expense is ${current.status}` })),
          'EXPENSE_LOCKED',
        );
      }
    }

    if (input.status && (move || input.status !== current.status)) {
      assertTransition(EXPENSE_MACHINE, 'expense', current.status, input.status);
      plan.set.status = input.status;
      const stamp = STAMP[input.status];
      if (stamp) plan.set[stamp] = now;
    }
    return plan;
  }

  /** Moves an expense to `to` (the explicit mutations: approve, pay, refund, cancel). */
  transition(context: RequestContext, id: string, to: ExpenseStatus): Promise<ExpenseDocument> {
    return this.write(context, id, { status: to }, true);
  }

  /** Deletes a pending or cancelled expense; approved, paid and refunded ones stay on record (409). */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const collection = this.collection(context);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await collection.findById(id, session);
      if (!current) throw notFound('expense', id);
      if (!DELETABLE_STATUSES.includes(current.status)) {
        throw new ConflictError(
          `a ${current.status} expense cannot be deleted${current.status === 'approved' ? ' (cancel it first)' : ''}`,
          [{ path: 'status', message: `only ${DELETABLE_STATUSES.join(' or ')} expenses can be deleted` }],
          'EXPENSE_LOCKED',
        );
      }
      const result = await collection.collection.deleteOne(collection.scope({ _id: current._id, status: current.status } as Filter<ExpenseDocument>), { session });
      if (result.deletedCount === 1) return id;
    }
    throw new ConflictError(`expense ${id} is being changed by another request; try again`);
  }

  /** The exact sum of the amounts of every expense matching the filter, in centavos. */
  async totalCents(context: RequestContext, filter: ExpenseFilterData | undefined): Promise<number> {
    const collection = this.collection(context);
    const [row] = await collection.collection
      .aggregate<{ total: number }>([{ $match: collection.scope(expenseQuery(filter)) }, { $group: { _id: null, total: { $sum: '$amount_cents' } } }])
      .toArray();
    return row?.total ?? 0;
  }
}

function fieldsForCreate(input: CreateExpenseData): Fields {
  const { set } = toFields({ ...input, status: undefined, taxRate: input.taxRate ?? undefined, recurring: input.recurring ?? undefined });
  return {
    iva_items: [],
    recurring: false,
    tax_rate: 21,
    ...set,
    amount_cents: input.amount,
    description: input.description,
    category: input.category,
    date: input.date,
    status: input.status ?? 'pending',
  } as Fields;
}

export const expenses = new ExpenseResource({
  collection: 'expenses',
  label: 'expense',
  createSchema: createExpenseSchema,
  updateSchema: updateExpenseSchema,
  fieldsForCreate,
  fieldsForUpdate: toFields,
  query: expenseQuery,
  sort: (order) => expenseSort(order?.field, order?.direction),
});

export type { ExpenseFields };
