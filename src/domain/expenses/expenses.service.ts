import { ObjectId, type ClientSession, type Document, type Filter } from 'mongodb';
import { actionOn } from '../activity/actions';
import { recordChanges } from '../activity/changes';
import type { ExpenseDocument, ExpenseFields, ExpenseStatus } from '../../store/expenses.store';
import type { RequestContext } from '../context';
import { changesOf, inputNameOf } from '../declare/mapping';
import { declaredDefinition, type ListOrder } from '../declare/declare.resource';
import { type AppError, ConflictError, notFound, ValidationError } from '../errors';
import { assertDayOpen } from '../iva/periods';
import { Resource, type FieldsOf, type UpdatePlan } from '../resource';
import { assertTransition, type StateMachine } from '../state-machine';
import { EXPENSE } from './expenses.declaration';

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

/** The moves of the machine from pending to each status (what an expense created in it is stamped with). */
const STEPS_TO: Record<ExpenseStatus, ExpenseStatus[]> = {
  pending: [],
  approved: ['approved'],
  paid: ['approved', 'paid'],
  refunded: ['approved', 'paid', 'refunded'],
  cancelled: ['cancelled'],
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

/**
 * A posted expense keeps what its journal entry says (its money fields) and cannot be cancelled: the entry would
 * book a purchase that no longer is.
 */
function refusePostedChange(current: ExpenseDocument, plan: Plan, status: ExpenseStatus | null | undefined): void {
  const names = changedFields(current, plan)
    .filter((field) => (MONEY_FIELDS as readonly string[]).includes(field))
    .map((field) => inputNameOf(EXPENSE, field));
  if (status === 'cancelled') names.push('status');
  if (names.length)
    throw new ConflictError(
      `a posted expense cannot change ${names.join(', ')} (its journal entry ${current.journal_entry_id!.toHexString()} records them)`,
      names.map((name) => ({ path: name, message: 'fixed once the expense is posted' })),
      'EXPENSE_POSTED',
    );
}

type Row = Record<string, unknown>;
type Fields = FieldsOf<ExpenseDocument>;
type Plan = { set: Partial<Fields>; unset: string[] };

/** Validated input → `$set`/`$unset` (the status is handled apart, by the machine). */
function toFields(input: Row): Plan {
  return changesOf(EXPENSE, { ...input, status: undefined }) as Plan;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof ObjectId || b instanceof ObjectId) return a instanceof ObjectId && b instanceof ObjectId && a.equals(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The stored fields an update really changes (a field sent with its current value is no change). */
function changedFields(current: ExpenseDocument, { set, unset }: Plan): string[] {
  const doc = current as unknown as Record<string, unknown>;
  return [
    ...Object.entries(set)
      .filter(([key, value]) => !same(doc[key], value))
      .map(([key]) => key),
    ...unset.filter((key) => doc[key] !== undefined),
  ];
}

const {
  definition: declared,
  createSchema: createExpenseSchema,
  updateSchema: updateExpenseSchema,
  filterSchema: expenseFilterSchema,
} = declaredDefinition<ExpenseDocument>(EXPENSE, {
  projection: { supplier: ['supplier_id'], journalEntry: ['journal_entry_id'], receivedInvoice: ['received_invoice_id'] },
});
export { createExpenseSchema, expenseFilterSchema, updateExpenseSchema };

const definition: typeof declared = {
  ...declared,
  // An expense dated in a closed VAT period is refused: it would enter a closed purchases book.
  async prepare(context, input, session) {
    await declared.prepare?.(context, input, session);
    await assertDayOpen(context, (input as Row).date);
  },
  async prepareAll(context, inputs, session) {
    const problems = (await declared.prepareAll?.(context, inputs, session)) ?? inputs.map(() => undefined);
    for (const [at, input] of inputs.entries())
      if (!problems[at])
        problems[at] = await assertDayOpen(context, (input as Row).date).then(
          () => undefined,
          (error: AppError) => error,
        );
    return problems;
  },
  fieldsForCreate(input, now) {
    const fields = declared.fieldsForCreate(input, now);
    // An expense recorded in a later status went through the steps to it now.
    for (const step of STEPS_TO[fields.status as ExpenseStatus] ?? []) fields[STAMP[step]!] = now;
    return fields;
  },
};

class ExpenseResource extends Resource<ExpenseDocument, Row, Row, Row, ListOrder> {
  /**
   * A partial update, and a status move when `status` differs from the current one (through the machine). Fields
   * fixed in the current status may only be sent with their current value. The write is conditional on the status
   * read, so a concurrent move cannot slip in between the check and the write.
   */
  override update(context: RequestContext, id: string, input: Row, session?: ClientSession): Promise<ExpenseDocument> {
    return this.write(context, id, input, false, session);
  }

  /** A bulk update item, checked like `update` against the record as read; written only if its status is unchanged. */
  override readonly checksReferencesFirst = false;

  override planUpdate(current: ExpenseDocument, input: Row, now: Date): UpdatePlan<ExpenseDocument> {
    const plan = this.plan(current, input, now, false);
    const checkReferences = Boolean(plan.set.supplier_id && !same(plan.set.supplier_id, current.supplier_id));
    return { ...plan, guard: { status: current.status }, checkReferences };
  }

  /** An update; `move` makes `status` an explicit move, so its current value is refused too (paid → paid). */
  private async write(context: RequestContext, id: string, input: Row, move: boolean, session?: ClientSession): Promise<ExpenseDocument> {
    const collection = this.collection(context);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await collection.findById(id, session);
      if (!current) throw notFound('expense', id);
      const plan = this.plan(current, input, context.now(), move);
      // What the VAT book reads (amounts, VAT lines, date, supplier) may not change in or into a closed period.
      if (changedFields(current, plan).some((field) => (MONEY_FIELDS as readonly string[]).includes(field))) {
        await assertDayOpen(context, current.date);
        await assertDayOpen(context, plan.set.date);
      }
      if (plan.set.supplier_id && !same(plan.set.supplier_id, current.supplier_id))
        await this.definition.prepare?.(context, { supplierId: input.supplierId }, session);
      const update: Document = { $set: { ...plan.set, updated_at: context.now() } };
      if (plan.unset.length) update.$unset = Object.fromEntries(plan.unset.map((field) => [field, '']));
      const updated = await collection.collection.findOneAndUpdate(
        collection.scope({ _id: current._id, status: current.status } as Filter<ExpenseDocument>),
        update,
        {
          session,
          returnDocument: 'after',
        },
      );
      if (updated) return updated as ExpenseDocument;
    }
    throw new ConflictError(`expense ${id} is being changed by another request; try again`);
  }

  /** Checks an update against the expense as it stands; answers the writes. */
  private plan(current: ExpenseDocument, input: Row, now: Date, move: boolean): Plan {
    const plan = toFields(input);
    // Recurrence, on the merged record: recurring needs a period. A period without recurring is kept, inert (the
    // contract takes it beside recurring false), so turning recurrence off and on again keeps the period.
    const recurring = plan.set.recurring ?? current.recurring;
    const period = plan.unset.includes('recurring_period') ? undefined : (plan.set.recurring_period ?? current.recurring_period);
    if (recurring && !period)
      throw new ValidationError('recurring_period is required when recurring is true', [
        { path: 'recurringPeriod', message: 'is required when recurring is true' },
      ]);

    const editable = EDITABLE[current.status];
    if (editable) {
      const locked = changedFields(current, plan).filter((field) => !editable(field));
      if (locked.length) {
        const names = locked.map((field) => inputNameOf(EXPENSE, field));
        throw new ConflictError(
          `a ${current.status} expense cannot change ${names.join(', ')}`,
          names.map((name) => ({ path: name, message: `cannot change while the expense is ${current.status}` })),
          'EXPENSE_LOCKED',
        );
      }
    }

    const status = input.status as ExpenseStatus | null | undefined;
    if (current.journal_entry_id) refusePostedChange(current, plan, status);
    if (status && (move || status !== current.status)) {
      assertTransition(EXPENSE_MACHINE, 'expense', current.status, status);
      plan.set.status = status;
      const stamp = STAMP[status];
      if (stamp) plan.set[stamp] = now;
    }
    return plan;
  }

  /** Moves an expense to `to` (the explicit mutations: approve, pay, refund, cancel). */
  async transition(context: RequestContext, id: string, to: ExpenseStatus): Promise<ExpenseDocument> {
    // One transaction with the expense's book line (see iva/touched.ts).
    return context.store.transaction(async (session) => {
      const moved = await this.write(context, id, { status: to }, true, session);
      await recordChanges(context, [actionOn('expenses', 'expense', 'updated', moved, `→ ${to}`)], session);
      return moved;
    });
  }

  /** Deletes a pending or cancelled expense; approved, paid and refunded ones stay on record (409). */
  override async remove(context: RequestContext, id: string, session?: ClientSession): Promise<string> {
    const collection = this.collection(context);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await collection.findById(id, session);
      if (!current) throw notFound('expense', id);
      const refused = this.refuseRemoval(current);
      if (refused) throw refused;
      const result = await collection.collection.deleteOne(collection.scope({ _id: current._id, status: current.status } as Filter<ExpenseDocument>), {
        session,
      });
      if (result.deletedCount === 1) return id;
    }
    throw new ConflictError(`expense ${id} is being changed by another request; try again`);
  }

  override refuseRemoval(current: ExpenseDocument): ConflictError | undefined {
    if (DELETABLE_STATUSES.includes(current.status)) return undefined;
    return new ConflictError(
      `a ${current.status} expense cannot be deleted${current.status === 'approved' ? ' (cancel it first)' : ''}`,
      [{ path: 'status', message: `only ${DELETABLE_STATUSES.join(' or ')} expenses can be deleted` }],
      'EXPENSE_LOCKED',
    );
  }

  override removalGuard(): Filter<ExpenseDocument> {
    return { status: { $in: [...DELETABLE_STATUSES] } };
  }

  /** The exact sum of the amounts of every expense matching the filter, in centavos. */
  async totalCents(context: RequestContext, filter: Row | undefined): Promise<number> {
    const collection = this.collection(context);
    const [row] = await collection.collection
      .aggregate<{ total: number }>([
        { $match: collection.scope(this.definition.query(filter) as Filter<ExpenseDocument>) },
        { $group: { _id: null, total: { $sum: '$amount_cents' } } },
      ])
      .toArray();
    return row?.total ?? 0;
  }
}

export const expenses = new ExpenseResource(definition);

export type { ExpenseFields };

/** An expense as stored (what resolvers map to their GraphQL shape), and its statuses. */
export type ExpenseRecord = ExpenseDocument;
export type { ExpenseStatus };
