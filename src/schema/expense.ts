import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { createExpenseSchema, expenseFilterSchema, updateExpenseSchema } from '../domain/expenses/schema';
import { BulkResult, Connection, SortDirection } from './common';
import { validatedBy } from './validation';

const MACHINE = 'pending → approved → paid → refunded; pending or approved → cancelled (refunded and cancelled are final)';

export enum ExpenseStatus {
  pending = 'pending',
  approved = 'approved',
  paid = 'paid',
  refunded = 'refunded',
  cancelled = 'cancelled',
}
registerEnumType(ExpenseStatus, {
  name: 'ExpenseStatus',
  description: `Where an expense is in its life: ${MACHINE}. Any other move is refused with INVALID_TRANSITION.`,
  valuesConfig: {
    pending: { description: 'Recorded, waiting for approval (the default). Every field may change.' },
    approved: { description: 'Approved for payment. Every field may change; may be paid or cancelled.' },
    paid: { description: 'Paid. Amount, tax rate, VAT lines, date, supplier and payment method are fixed; may be refunded.' },
    refunded: { description: 'Paid and then refunded (final). Amount, tax rate, VAT lines, date, supplier and payment method are fixed.' },
    cancelled: { description: 'Cancelled before payment (final). Only notes may change.' },
  },
});

export enum RecurringPeriod {
  weekly = 'weekly',
  monthly = 'monthly',
  yearly = 'yearly',
}
registerEnumType(RecurringPeriod, { name: 'RecurringPeriod', description: 'How often a recurring expense repeats.' });

export enum PaymentMethod {
  cash = 'cash',
  bank_transfer = 'bank_transfer',
  debit_card = 'debit_card',
  credit_card = 'credit_card',
  check = 'check',
  other = 'other',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod', description: 'How an expense is (to be) paid.' });

export enum ExpenseOrderField {
  date = 'date',
  amount = 'amount',
  createdAt = 'createdAt',
  updatedAt = 'updatedAt',
}
registerEnumType(ExpenseOrderField, { name: 'ExpenseOrderField' });

@ObjectType({ description: 'One VAT line (AFIP AlicIva). REST names its fields Id, BaseImp and Importe.' })
export class IvaItem {
  @Field(() => Int, { description: 'AFIP VAT aliquot id: 3 = 0 %, 4 = 10.5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2.5 %.' })
  id!: number;

  @Field(() => Float, { description: 'Taxable base (exact, 2 decimals).' })
  baseImp!: number;

  @Field(() => Float, { description: "The tax: baseImp × the aliquot's rate, within 0.01." })
  importe!: number;
}

@InputType({ description: 'One VAT line: at most one per aliquot id.' })
export class IvaItemInput {
  @Field(() => Int, { description: 'AFIP VAT aliquot id: 3, 4, 5, 6, 8 or 9.' })
  id!: number;

  @Field(() => Float, { description: '≥ 0, at most 2 decimals.' })
  baseImp!: number;

  @Field(() => Float, { description: "≥ 0, at most 2 decimals; within 0.01 of baseImp × the aliquot's rate." })
  importe!: number;
}

@ObjectType({ description: `Money the account spends. Status machine: ${MACHINE}.` })
export class Expense {
  @Field(() => ID)
  id!: string;

  @Field(() => Float, { description: 'Total amount (exact, 2 decimals), greater than 0 and less than 10^12.' })
  amount!: number;

  @Field(() => String)
  description!: string;

  @Field(() => Float, { description: 'VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27.' })
  taxRate!: number;

  @Field(() => String, { description: 'Free text, e.g. "Servicios" or a category of your own.' })
  category!: string;

  @Field(() => String, { description: 'The day of the expense, YYYY-MM-DD.' })
  date!: string;

  @Field(() => [IvaItem], { description: 'VAT lines, one per aliquot.' })
  ivaItems!: IvaItem[];

  @Field(() => ID, { nullable: true })
  supplierId!: string | null;

  @Field(() => Boolean)
  recurring!: boolean;

  @Field(() => RecurringPeriod, { nullable: true, description: 'Set exactly when recurring is true.' })
  recurringPeriod!: RecurringPeriod | null;

  @Field(() => PaymentMethod, { nullable: true })
  paymentMethod!: PaymentMethod | null;

  @Field(() => String, { nullable: true, description: "The supplier's receipt or invoice number." })
  receiptNumber!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => ExpenseStatus, { description: MACHINE })
  status!: ExpenseStatus;

  @Field(() => Date, { nullable: true, description: 'When it was approved.' })
  approvedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was paid.' })
  paidAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was refunded.' })
  refundedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it was cancelled.' })
  cancelledAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class ExpenseConnection extends Connection(Expense, 'Expense') {
  /** The validated filter, for totalAmount (not a GraphQL field). */
  filter?: unknown;
}

@ObjectType({ description: 'Outcome of a bulk create or update.' })
export class ExpenseBulkResult extends BulkResult(Expense, 'Expense') {}

/** Fields optional on both create and update. */
@InputType('ExpenseFieldsInput')
abstract class ExpenseFieldsInput {
  @Field(() => Float, { nullable: true, description: 'VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27 (default 21).' })
  taxRate?: number | null;

  @Field(() => [IvaItemInput], { nullable: true, description: 'VAT lines, at most one per aliquot id (null or [] removes them).' })
  ivaItems?: IvaItemInput[] | null;

  @Field(() => ID, { nullable: true, description: 'A supplier of the account (checked); null removes the link.' })
  supplierId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false.' })
  recurring?: boolean | null;

  @Field(() => RecurringPeriod, { nullable: true, description: 'Required when recurring is true, refused otherwise.' })
  recurringPeriod?: RecurringPeriod | null;

  @Field(() => PaymentMethod, { nullable: true })
  paymentMethod?: PaymentMethod | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters.' })
  receiptNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  notes?: string | null;
}

@validatedBy(createExpenseSchema)
@InputType({ description: 'A new expense. Fields left null are not stored.' })
export class CreateExpenseInput extends ExpenseFieldsInput {
  @Field(() => Float, { description: 'Greater than 0, less than 10^12, at most 2 decimals.' })
  amount!: number;

  @Field(() => String, { description: '1 to 500 characters.' })
  description!: string;

  @Field(() => String, { description: '1 to 100 characters (free text).' })
  category!: string;

  @Field(() => String, { description: 'A real calendar day, YYYY-MM-DD.' })
  date!: string;

  @Field(() => ExpenseStatus, { nullable: true, description: 'pending (default), approved or paid: an expense may be recorded as already approved or paid.' })
  status?: ExpenseStatus | null;
}

@validatedBy(updateExpenseSchema)
@InputType({
  description: `A partial update: fields left out keep their values; null clears an optional field. A status different from the current one moves the expense through its machine (${MACHINE}). Paid and refunded expenses keep amount, tax rate, VAT lines, date, supplier and payment method; cancelled ones accept only notes (sending a field with its current value is always fine); otherwise 409 EXPENSE_LOCKED.`,
})
export class UpdateExpenseInput extends ExpenseFieldsInput {
  @Field(() => Float, { nullable: true, description: 'Greater than 0, less than 10^12, at most 2 decimals.' })
  amount?: number;

  @Field(() => String, { nullable: true, description: '1 to 500 characters.' })
  description?: string;

  @Field(() => String, { nullable: true, description: '1 to 100 characters.' })
  category?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD.' })
  date?: string;

  @Field(() => ExpenseStatus, { nullable: true, description: `Moves the expense: ${MACHINE}.` })
  status?: ExpenseStatus;
}

@InputType({ description: 'One item of createExpenses. Required fields are checked per item, so one incomplete item does not fail the others.' })
export class ExpenseCreateItem extends ExpenseFieldsInput {
  @Field(() => Float, { nullable: true, description: 'Required.' })
  amount?: number;

  @Field(() => String, { nullable: true, description: 'Required.' })
  description?: string;

  @Field(() => String, { nullable: true, description: 'Required.' })
  category?: string;

  @Field(() => String, { nullable: true, description: 'Required, YYYY-MM-DD.' })
  date?: string;

  @Field(() => ExpenseStatus, { nullable: true })
  status?: ExpenseStatus | null;
}

@InputType({ description: 'One item of updateExpenses.' })
export class ExpenseUpdateItem extends UpdateExpenseInput {
  @Field(() => ID)
  id!: string;
}

@validatedBy(expenseFilterSchema)
@InputType()
export class ExpenseFilter {
  @Field(() => ExpenseStatus, { nullable: true })
  status?: ExpenseStatus | null;

  @Field(() => String, { nullable: true, description: 'Exactly this category.' })
  category?: string | null;

  @Field(() => ID, { nullable: true, description: 'Expenses of this supplier.' })
  supplierId?: string | null;

  @Field(() => String, { nullable: true, description: 'On or after this day (YYYY-MM-DD).' })
  dateFrom?: string | null;

  @Field(() => String, { nullable: true, description: 'On or before this day (YYYY-MM-DD).' })
  dateTo?: string | null;

  @Field(() => Boolean, { nullable: true })
  recurring?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text found in the description.' })
  search?: string | null;
}

@InputType()
export class ExpenseOrderBy {
  @Field(() => ExpenseOrderField, { defaultValue: ExpenseOrderField.date })
  field!: ExpenseOrderField;

  @Field(() => SortDirection, { defaultValue: SortDirection.desc })
  direction!: SortDirection;
}
