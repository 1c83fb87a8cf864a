/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A new delivery note: a draft (default) or issued at once. */
export type CreateDeliveryNoteInput = {
  /** A CUIT with a valid check digit. */
  carrierCuit: string | null | undefined;
  /** At most 200 characters. Transport fields stay editable once issued. */
  carrierName: string | null | undefined;
  /** A customer of the account. */
  customerId: string | number;
  /** At most 500 characters. */
  deliveryAddress: string | null | undefined;
  /** YYYY-MM-DD, a real calendar date. */
  departureDate: string | null | undefined;
  /** 1 to 1000 lines. */
  items: Array<DeliveryNoteItemInput>;
  /** Up to 20 keys (1–40 of A–Z a–z 0–9 _ -), text values ≤ 500; replaces the whole object. */
  metadata: unknown;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** Point of sale, 1 to 99999 (default 1). */
  salePoint: number | null | undefined;
  /** draft (default) or issued. */
  status: DeliveryNoteStatus | null | undefined;
  /** AAA999 or AA999AA. */
  trailerPlate: string | null | undefined;
  /** AAA999 or AA999AA (spaces and hyphens ignored). */
  vehiclePlate: string | null | undefined;
};

/** A new expense. Fields left null are not stored. */
export type CreateExpenseInput = {
  /** Greater than 0, less than 10^12, at most 2 decimals. */
  amount: number;
  /** 1 to 100 characters (free text). */
  category: string;
  /** A real calendar day, YYYY-MM-DD. */
  date: string;
  /** 1 to 500 characters. */
  description: string;
  /** VAT lines, at most one per aliquot id (null or [] removes them). */
  ivaItems: Array<IvaItemInput> | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  paymentMethod: PaymentMethod | null | undefined;
  /** At most 50 characters. */
  receiptNumber: string | null | undefined;
  /** Default false. */
  recurring: boolean | null | undefined;
  /** Required when recurring is true, refused otherwise. */
  recurringPeriod: RecurringPeriod | null | undefined;
  /** pending (default), approved or paid: an expense may be recorded as already approved or paid. */
  status: ExpenseStatus | null | undefined;
  /** A supplier of the account (checked); null removes the link. */
  supplierId: string | number | null | undefined;
  /** VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27 (default 21). */
  taxRate: number | null | undefined;
};

/** A consumption to register. */
export type CreateSupplyConsumptionInput = {
  /** A customer of the account the supplies were used for. */
  customerId: string | number | null | undefined;
  /** YYYY-MM-DD, a real calendar date (default: today in Argentina). */
  date: string | null | undefined;
  /** 1 to 1000 items (the same supply may appear more than once). */
  items: Array<SupplyConsumptionItemInput>;
  /** At most 1000 characters. */
  notes: string | null | undefined;
};

/** One item of createDeliveryNotes (required fields are checked per item). */
export type DeliveryNoteCreateItem = {
  /** A CUIT with a valid check digit. */
  carrierCuit: string | null | undefined;
  /** At most 200 characters. Transport fields stay editable once issued. */
  carrierName: string | null | undefined;
  /** Required: a customer of the account. */
  customerId: string | number | null | undefined;
  /** At most 500 characters. */
  deliveryAddress: string | null | undefined;
  /** YYYY-MM-DD, a real calendar date. */
  departureDate: string | null | undefined;
  /** Required: 1 to 1000 lines. */
  items: Array<DeliveryNoteItemInput> | null | undefined;
  /** Up to 20 keys (1–40 of A–Z a–z 0–9 _ -), text values ≤ 500; replaces the whole object. */
  metadata: unknown;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** Point of sale, 1 to 99999 (default 1). */
  salePoint: number | null | undefined;
  /** draft (default) or issued. */
  status: DeliveryNoteStatus | null | undefined;
  /** AAA999 or AA999AA. */
  trailerPlate: string | null | undefined;
  /** AAA999 or AA999AA (spaces and hyphens ignored). */
  vehiclePlate: string | null | undefined;
};

export type DeliveryNoteFilter = {
  customerId: string | number | null | undefined;
  /** Delivered on or after (YYYY-MM-DD). */
  deliveryDateFrom: string | null | undefined;
  /** Delivered on or before (YYYY-MM-DD). */
  deliveryDateTo: string | null | undefined;
  number: number | null | undefined;
  /** Notes with a line of this product. */
  productId: string | number | null | undefined;
  salePoint: number | null | undefined;
  status: DeliveryNoteStatus | null | undefined;
};

/** One line of a delivery note. */
export type DeliveryNoteItemInput = {
  /** Required: 1 to 500 characters. */
  description: string | null | undefined;
  /** At most 25 characters (default: the product's sku). */
  productCode: string | null | undefined;
  /** A product of the account; its stock is deducted when the note is issued. */
  productId: string | number | null | undefined;
  /** Required: > 0, at most 3 decimals. */
  quantity: number | null | undefined;
  /** At most 20 characters (default: the product's unit). */
  unit: string | null | undefined;
  /** Declared unit value, ≥ 0, at most 2 decimals. */
  unitPrice: number | null | undefined;
};

/** draft → issued → delivered → invoiced; draft or issued → cancelled. Issuing numbers the note and deducts stock; cancelling an issued note restores it and keeps the number. Any other move is 409 INVALID_TRANSITION. */
export type DeliveryNoteStatus =
  | 'cancelled'
  | 'delivered'
  | 'draft'
  | 'invoiced'
  | 'issued';

/** One item of updateDeliveryNotes. */
export type DeliveryNoteUpdateItem = {
  /** A CUIT with a valid check digit. */
  carrierCuit: string | null | undefined;
  /** At most 200 characters. Transport fields stay editable once issued. */
  carrierName: string | null | undefined;
  customerId: string | number | null | undefined;
  /** At most 500 characters. */
  deliveryAddress: string | null | undefined;
  /** With status delivered: the delivery day (default today). */
  deliveryDate: string | null | undefined;
  /** YYYY-MM-DD, a real calendar date. */
  departureDate: string | null | undefined;
  id: string | number;
  /** With status invoiced (required then): the invoice. */
  invoiceId: string | null | undefined;
  /** Replaces every line. */
  items: Array<DeliveryNoteItemInput> | null | undefined;
  /** Up to 20 keys (1–40 of A–Z a–z 0–9 _ -), text values ≤ 500; replaces the whole object. */
  metadata: unknown;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** Point of sale, 1 to 99999 (default 1). */
  salePoint: number | null | undefined;
  /** A new status (see DeliveryNoteStatus for the allowed moves). */
  status: DeliveryNoteStatus | null | undefined;
  /** AAA999 or AA999AA. */
  trailerPlate: string | null | undefined;
  /** AAA999 or AA999AA (spaces and hyphens ignored). */
  vehiclePlate: string | null | undefined;
};

/** One item of createExpenses. Required fields are checked per item, so one incomplete item does not fail the others. */
export type ExpenseCreateItem = {
  /** Required. */
  amount: number | null | undefined;
  /** Required. */
  category: string | null | undefined;
  /** Required, YYYY-MM-DD. */
  date: string | null | undefined;
  /** Required. */
  description: string | null | undefined;
  /** VAT lines, at most one per aliquot id (null or [] removes them). */
  ivaItems: Array<IvaItemInput> | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  paymentMethod: PaymentMethod | null | undefined;
  /** At most 50 characters. */
  receiptNumber: string | null | undefined;
  /** Default false. */
  recurring: boolean | null | undefined;
  /** Required when recurring is true, refused otherwise. */
  recurringPeriod: RecurringPeriod | null | undefined;
  status: ExpenseStatus | null | undefined;
  /** A supplier of the account (checked); null removes the link. */
  supplierId: string | number | null | undefined;
  /** VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27 (default 21). */
  taxRate: number | null | undefined;
};

export type ExpenseFilter = {
  /** Exactly this category. */
  category: string | null | undefined;
  /** On or after this day (YYYY-MM-DD). */
  dateFrom: string | null | undefined;
  /** On or before this day (YYYY-MM-DD). */
  dateTo: string | null | undefined;
  recurring: boolean | null | undefined;
  /** Case-insensitive text found in the description. */
  search: string | null | undefined;
  status: ExpenseStatus | null | undefined;
  /** Expenses of this supplier. */
  supplierId: string | number | null | undefined;
};

export type ExpenseOrderBy = {
  direction: SortDirection;
  field: ExpenseOrderField;
};

export type ExpenseOrderField =
  | 'amount'
  | 'createdAt'
  | 'date'
  | 'updatedAt';

/** Where an expense is in its life: pending → approved → paid → refunded; pending or approved → cancelled (refunded and cancelled are final). Any other move is refused with INVALID_TRANSITION. */
export type ExpenseStatus =
  /** Approved for payment. Every field may change; may be paid or cancelled. */
  | 'approved'
  /** Cancelled before payment (final). Only notes may change. */
  | 'cancelled'
  /** Paid. Amount, tax rate, VAT lines, date, supplier and payment method are fixed; may be refunded. */
  | 'paid'
  /** Recorded, waiting for approval (the default). Every field may change. */
  | 'pending'
  /** Paid and then refunded (final). Amount, tax rate, VAT lines, date, supplier and payment method are fixed. */
  | 'refunded';

/** One item of updateExpenses. */
export type ExpenseUpdateItem = {
  /** Greater than 0, less than 10^12, at most 2 decimals. */
  amount: number | null | undefined;
  /** 1 to 100 characters. */
  category: string | null | undefined;
  /** YYYY-MM-DD. */
  date: string | null | undefined;
  /** 1 to 500 characters. */
  description: string | null | undefined;
  id: string | number;
  /** VAT lines, at most one per aliquot id (null or [] removes them). */
  ivaItems: Array<IvaItemInput> | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  paymentMethod: PaymentMethod | null | undefined;
  /** At most 50 characters. */
  receiptNumber: string | null | undefined;
  /** Default false. */
  recurring: boolean | null | undefined;
  /** Required when recurring is true, refused otherwise. */
  recurringPeriod: RecurringPeriod | null | undefined;
  /** Moves the expense: pending → approved → paid → refunded; pending or approved → cancelled (refunded and cancelled are final). */
  status: ExpenseStatus | null | undefined;
  /** A supplier of the account (checked); null removes the link. */
  supplierId: string | number | null | undefined;
  /** VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27 (default 21). */
  taxRate: number | null | undefined;
};

/** One VAT line: at most one per aliquot id. */
export type IvaItemInput = {
  /** ≥ 0, at most 2 decimals. */
  baseImp: number;
  /** AFIP VAT aliquot id: 3, 4, 5, 6, 8 or 9. */
  id: number;
  /** ≥ 0, at most 2 decimals; within 0.01 of baseImp × the aliquot's rate. */
  importe: number;
};

/** How an expense is (to be) paid. */
export type PaymentMethod =
  | 'bank_transfer'
  | 'cash'
  | 'check'
  | 'credit_card'
  | 'debit_card'
  | 'other';

/** How often a recurring expense repeats. */
export type RecurringPeriod =
  | 'monthly'
  | 'weekly'
  | 'yearly';

export type SortDirection =
  | 'asc'
  | 'desc';

export type SupplyConsumptionFilter = {
  customerId: string | number | null | undefined;
  /** On or after this day (YYYY-MM-DD). */
  dateFrom: string | null | undefined;
  /** On or before this day (YYYY-MM-DD). */
  dateTo: string | null | undefined;
  status: SupplyConsumptionStatus | null | undefined;
  /** Consumptions with an item of this supply. */
  supplyId: string | number | null | undefined;
};

export type SupplyConsumptionItemInput = {
  /** Greater than 0, at most 3 decimals. */
  quantity: number;
  /** An active supply of the account. */
  supplyId: string | number;
};

/** confirmed (stock deducted) → reverted (stock given back; final). Nothing else moves. */
export type SupplyConsumptionStatus =
  | 'confirmed'
  | 'reverted';

/** A partial update. Drafts accept every field; issued notes only transport fields, notes and metadata; delivered, invoiced and cancelled ones only notes and metadata (409 NOT_EDITABLE otherwise). A value equal to the stored one is no change. `status` moves the note (with deliveryDate / invoiceId). */
export type UpdateDeliveryNoteInput = {
  /** A CUIT with a valid check digit. */
  carrierCuit: string | null | undefined;
  /** At most 200 characters. Transport fields stay editable once issued. */
  carrierName: string | null | undefined;
  customerId: string | number | null | undefined;
  /** At most 500 characters. */
  deliveryAddress: string | null | undefined;
  /** With status delivered: the delivery day (default today). */
  deliveryDate: string | null | undefined;
  /** YYYY-MM-DD, a real calendar date. */
  departureDate: string | null | undefined;
  /** With status invoiced (required then): the invoice. */
  invoiceId: string | null | undefined;
  /** Replaces every line. */
  items: Array<DeliveryNoteItemInput> | null | undefined;
  /** Up to 20 keys (1–40 of A–Z a–z 0–9 _ -), text values ≤ 500; replaces the whole object. */
  metadata: unknown;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** Point of sale, 1 to 99999 (default 1). */
  salePoint: number | null | undefined;
  /** A new status (see DeliveryNoteStatus for the allowed moves). */
  status: DeliveryNoteStatus | null | undefined;
  /** AAA999 or AA999AA. */
  trailerPlate: string | null | undefined;
  /** AAA999 or AA999AA (spaces and hyphens ignored). */
  vehiclePlate: string | null | undefined;
};

/** A partial update: fields left out keep their values; null clears an optional field. A status different from the current one moves the expense through its machine (pending → approved → paid → refunded; pending or approved → cancelled (refunded and cancelled are final)). Paid and refunded expenses keep amount, tax rate, VAT lines, date, supplier and payment method; cancelled ones accept only notes (sending a field with its current value is always fine); otherwise 409 EXPENSE_LOCKED. */
export type UpdateExpenseInput = {
  /** Greater than 0, less than 10^12, at most 2 decimals. */
  amount: number | null | undefined;
  /** 1 to 100 characters. */
  category: string | null | undefined;
  /** YYYY-MM-DD. */
  date: string | null | undefined;
  /** 1 to 500 characters. */
  description: string | null | undefined;
  /** VAT lines, at most one per aliquot id (null or [] removes them). */
  ivaItems: Array<IvaItemInput> | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  paymentMethod: PaymentMethod | null | undefined;
  /** At most 50 characters. */
  receiptNumber: string | null | undefined;
  /** Default false. */
  recurring: boolean | null | undefined;
  /** Required when recurring is true, refused otherwise. */
  recurringPeriod: RecurringPeriod | null | undefined;
  /** Moves the expense: pending → approved → paid → refunded; pending or approved → cancelled (refunded and cancelled are final). */
  status: ExpenseStatus | null | undefined;
  /** A supplier of the account (checked); null removes the link. */
  supplierId: string | number | null | undefined;
  /** VAT rate in percent: 0, 2.5, 5, 10.5, 21 or 27 (default 21). */
  taxRate: number | null | undefined;
};

export type BulkErrorsFragment = { index: number, code: string, message: string, details: Array<{ path: string, message: string }> };

export type DeliveryNoteRecordFragment = { id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> };

export type RestListDeliveryNotesQueryVariables = Exact<{
  filter: DeliveryNoteFilter | null | undefined;
  first: number | null | undefined;
  offset: number | null | undefined;
}>;


export type RestListDeliveryNotesQuery = { deliveryNotes: { totalCount: number, nodes: Array<{ id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> }> } };

export type RestGetDeliveryNoteQueryVariables = Exact<{
  id: string | number;
}>;


export type RestGetDeliveryNoteQuery = { deliveryNote: { id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> } };

export type RestCreateDeliveryNoteMutationVariables = Exact<{
  input: CreateDeliveryNoteInput;
}>;


export type RestCreateDeliveryNoteMutation = { createDeliveryNote: { id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> } };

export type RestUpdateDeliveryNoteMutationVariables = Exact<{
  id: string | number;
  input: UpdateDeliveryNoteInput;
}>;


export type RestUpdateDeliveryNoteMutation = { updateDeliveryNote: { id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> } };

export type RestDeleteDeliveryNoteMutationVariables = Exact<{
  id: string | number;
}>;


export type RestDeleteDeliveryNoteMutation = { deleteDeliveryNote: string };

export type RestCreateDeliveryNotesMutationVariables = Exact<{
  inputs: Array<DeliveryNoteCreateItem> | DeliveryNoteCreateItem;
  allOrNone: boolean;
}>;


export type RestCreateDeliveryNotesMutation = { createDeliveryNotes: { count: number, items: Array<{ id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestUpdateDeliveryNotesMutationVariables = Exact<{
  inputs: Array<DeliveryNoteUpdateItem> | DeliveryNoteUpdateItem;
  allOrNone: boolean;
}>;


export type RestUpdateDeliveryNotesMutation = { updateDeliveryNotes: { count: number, items: Array<{ id: string, number: number | null, status: DeliveryNoteStatus, total: number, notes: string | null, metadata: unknown, customer_id: string, sale_point: number, formatted_number: string | null, delivery_address: string | null, carrier_name: string | null, carrier_cuit: string | null, vehicle_plate: string | null, trailer_plate: string | null, departure_date: string | null, stock_deducted: boolean, issued_at: string | null, delivery_date: string | null, invoice_id: string | null, cancelled_at: string | null, created_at: string, updated_at: string, items: Array<{ description: string, quantity: number, unit: string | null, subtotal: number | null, product_id: string | null, product_code: string | null, unit_price: number | null }> }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestDeleteDeliveryNotesMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  allOrNone: boolean;
}>;


export type RestDeleteDeliveryNotesMutation = { deleteDeliveryNotes: { count: number, items: Array<{ id: string, deleted: boolean }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type ExpenseRecordFragment = { amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> };

export type RestListExpensesQueryVariables = Exact<{
  filter: ExpenseFilter | null | undefined;
  orderBy: ExpenseOrderBy | null | undefined;
  first: number | null | undefined;
  offset: number | null | undefined;
}>;


export type RestListExpensesQuery = { expenses: { totalCount: number, nodes: Array<{ amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> }> } };

export type RestGetExpenseQueryVariables = Exact<{
  id: string | number;
}>;


export type RestGetExpenseQuery = { expense: { amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> } };

export type RestCreateExpenseMutationVariables = Exact<{
  input: CreateExpenseInput;
}>;


export type RestCreateExpenseMutation = { createExpense: { amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> } };

export type RestUpdateExpenseMutationVariables = Exact<{
  id: string | number;
  input: UpdateExpenseInput;
}>;


export type RestUpdateExpenseMutation = { updateExpense: { amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> } };

export type RestDeleteExpenseMutationVariables = Exact<{
  id: string | number;
}>;


export type RestDeleteExpenseMutation = { deleteExpense: string };

export type RestCreateExpensesMutationVariables = Exact<{
  inputs: Array<ExpenseCreateItem> | ExpenseCreateItem;
  allOrNone: boolean;
}>;


export type RestCreateExpensesMutation = { createExpenses: { count: number, items: Array<{ amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestUpdateExpensesMutationVariables = Exact<{
  inputs: Array<ExpenseUpdateItem> | ExpenseUpdateItem;
  allOrNone: boolean;
}>;


export type RestUpdateExpensesMutation = { updateExpenses: { count: number, items: Array<{ amount: number, description: string, category: string, date: string, recurring: boolean, notes: string | null, status: ExpenseStatus, _id: string, tax_rate: number, supplier_id: string | null, recurring_period: RecurringPeriod | null, payment_method: PaymentMethod | null, receipt_number: string | null, approved_at: string | null, paid_at: string | null, refunded_at: string | null, cancelled_at: string | null, created_at: string, updated_at: string, iva_items: Array<{ Id: number, BaseImp: number, Importe: number }> }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestDeleteExpensesMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  allOrNone: boolean;
}>;


export type RestDeleteExpensesMutation = { deleteExpenses: { count: number, items: Array<{ id: string, deleted: boolean }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type SupplyConsumptionRecordFragment = { date: string, status: SupplyConsumptionStatus, notes: string | null, _id: string, total_cost: number, customer_id: string | null, created_by: string | null, reverted_at: string | null, reverted_by: string | null, created_at: string, updated_at: string, items: Array<{ unit: string | null, quantity: number, subtotal: number, supply_id: string, supply_name: string, unit_cost: number }> };

export type RestListSupplyConsumptionsQueryVariables = Exact<{
  filter: SupplyConsumptionFilter | null | undefined;
  first: number | null | undefined;
  offset: number | null | undefined;
}>;


export type RestListSupplyConsumptionsQuery = { supplyConsumptions: { totalCount: number, nodes: Array<{ date: string, status: SupplyConsumptionStatus, notes: string | null, _id: string, total_cost: number, customer_id: string | null, created_by: string | null, reverted_at: string | null, reverted_by: string | null, created_at: string, updated_at: string, items: Array<{ unit: string | null, quantity: number, subtotal: number, supply_id: string, supply_name: string, unit_cost: number }> }> } };

export type RestGetSupplyConsumptionQueryVariables = Exact<{
  id: string | number;
}>;


export type RestGetSupplyConsumptionQuery = { supplyConsumption: { date: string, status: SupplyConsumptionStatus, notes: string | null, _id: string, total_cost: number, customer_id: string | null, created_by: string | null, reverted_at: string | null, reverted_by: string | null, created_at: string, updated_at: string, items: Array<{ unit: string | null, quantity: number, subtotal: number, supply_id: string, supply_name: string, unit_cost: number }> } };

export type RestCreateSupplyConsumptionMutationVariables = Exact<{
  input: CreateSupplyConsumptionInput;
}>;


export type RestCreateSupplyConsumptionMutation = { createSupplyConsumption: { date: string, status: SupplyConsumptionStatus, notes: string | null, _id: string, total_cost: number, customer_id: string | null, created_by: string | null, reverted_at: string | null, reverted_by: string | null, created_at: string, updated_at: string, items: Array<{ unit: string | null, quantity: number, subtotal: number, supply_id: string, supply_name: string, unit_cost: number }> } };

export type RestDeleteSupplyConsumptionMutationVariables = Exact<{
  id: string | number;
}>;


export type RestDeleteSupplyConsumptionMutation = { deleteSupplyConsumption: string };

export type RestRevertSupplyConsumptionMutationVariables = Exact<{
  id: string | number;
}>;


export type RestRevertSupplyConsumptionMutation = { revertSupplyConsumption: { status: SupplyConsumptionStatus, _id: string, reverted_at: string | null, reverted_by: string | null, total_cost: number } };

export const BulkErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BulkErrorsFragment, unknown>;
export const DeliveryNoteRecordFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<DeliveryNoteRecordFragment, unknown>;
export const ExpenseRecordFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ExpenseRecordFragment, unknown>;
export const SupplyConsumptionRecordFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplyConsumptionRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplyConsumption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"supply_id"},"name":{"kind":"Name","value":"supplyId"}},{"kind":"Field","alias":{"kind":"Name","value":"supply_name"},"name":{"kind":"Name","value":"supplyName"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_cost"},"name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_by"},"name":{"kind":"Name","value":"createdById"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SupplyConsumptionRecordFragment, unknown>;
export const RestListDeliveryNotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestListDeliveryNotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNoteFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveryNotes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestListDeliveryNotesQuery, RestListDeliveryNotesQueryVariables>;
export const RestGetDeliveryNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestGetDeliveryNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveryNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestGetDeliveryNoteQuery, RestGetDeliveryNoteQueryVariables>;
export const RestCreateDeliveryNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateDeliveryNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDeliveryNoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDeliveryNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateDeliveryNoteMutation, RestCreateDeliveryNoteMutationVariables>;
export const RestUpdateDeliveryNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateDeliveryNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateDeliveryNoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDeliveryNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestUpdateDeliveryNoteMutation, RestUpdateDeliveryNoteMutationVariables>;
export const RestDeleteDeliveryNoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteDeliveryNote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDeliveryNote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RestDeleteDeliveryNoteMutation, RestDeleteDeliveryNoteMutationVariables>;
export const RestCreateDeliveryNotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateDeliveryNotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNoteCreateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDeliveryNotes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestCreateDeliveryNotesMutation, RestCreateDeliveryNotesMutationVariables>;
export const RestUpdateDeliveryNotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateDeliveryNotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNoteUpdateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateDeliveryNotes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DeliveryNoteRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DeliveryNoteRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeliveryNote"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","alias":{"kind":"Name","value":"sale_point"},"name":{"kind":"Name","value":"salePoint"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"formatted_number"},"name":{"kind":"Name","value":"formattedNumber"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"product_id"},"name":{"kind":"Name","value":"productId"}},{"kind":"Field","alias":{"kind":"Name","value":"product_code"},"name":{"kind":"Name","value":"productCode"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_price"},"name":{"kind":"Name","value":"unitPrice"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_address"},"name":{"kind":"Name","value":"deliveryAddress"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_name"},"name":{"kind":"Name","value":"carrierName"}},{"kind":"Field","alias":{"kind":"Name","value":"carrier_cuit"},"name":{"kind":"Name","value":"carrierCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"vehicle_plate"},"name":{"kind":"Name","value":"vehiclePlate"}},{"kind":"Field","alias":{"kind":"Name","value":"trailer_plate"},"name":{"kind":"Name","value":"trailerPlate"}},{"kind":"Field","alias":{"kind":"Name","value":"departure_date"},"name":{"kind":"Name","value":"departureDate"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","alias":{"kind":"Name","value":"stock_deducted"},"name":{"kind":"Name","value":"stockDeducted"}},{"kind":"Field","alias":{"kind":"Name","value":"issued_at"},"name":{"kind":"Name","value":"issuedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"delivery_date"},"name":{"kind":"Name","value":"deliveryDate"}},{"kind":"Field","alias":{"kind":"Name","value":"invoice_id"},"name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestUpdateDeliveryNotesMutation, RestUpdateDeliveryNotesMutationVariables>;
export const RestDeleteDeliveryNotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteDeliveryNotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteDeliveryNotes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestDeleteDeliveryNotesMutation, RestDeleteDeliveryNotesMutationVariables>;
export const RestListExpensesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestListExpenses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ExpenseFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ExpenseOrderBy"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expenses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestListExpensesQuery, RestListExpensesQueryVariables>;
export const RestGetExpenseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestGetExpense"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expense"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestGetExpenseQuery, RestGetExpenseQueryVariables>;
export const RestCreateExpenseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateExpense"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateExpenseInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createExpense"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateExpenseMutation, RestCreateExpenseMutationVariables>;
export const RestUpdateExpenseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateExpense"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateExpenseInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateExpense"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestUpdateExpenseMutation, RestUpdateExpenseMutationVariables>;
export const RestDeleteExpenseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteExpense"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteExpense"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RestDeleteExpenseMutation, RestDeleteExpenseMutationVariables>;
export const RestCreateExpensesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateExpenses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExpenseCreateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createExpenses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestCreateExpensesMutation, RestCreateExpensesMutationVariables>;
export const RestUpdateExpensesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateExpenses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExpenseUpdateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateExpenses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ExpenseRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ExpenseRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Expense"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_rate"},"name":{"kind":"Name","value":"taxRate"}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","alias":{"kind":"Name","value":"iva_items"},"name":{"kind":"Name","value":"ivaItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"Id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"BaseImp"},"name":{"kind":"Name","value":"baseImp"}},{"kind":"Field","alias":{"kind":"Name","value":"Importe"},"name":{"kind":"Name","value":"importe"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"supplier_id"},"name":{"kind":"Name","value":"supplierId"}},{"kind":"Field","name":{"kind":"Name","value":"recurring"}},{"kind":"Field","alias":{"kind":"Name","value":"recurring_period"},"name":{"kind":"Name","value":"recurringPeriod"}},{"kind":"Field","alias":{"kind":"Name","value":"payment_method"},"name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","alias":{"kind":"Name","value":"receipt_number"},"name":{"kind":"Name","value":"receiptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"approved_at"},"name":{"kind":"Name","value":"approvedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"paid_at"},"name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","alias":{"kind":"Name","value":"refunded_at"},"name":{"kind":"Name","value":"refundedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"cancelled_at"},"name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestUpdateExpensesMutation, RestUpdateExpensesMutationVariables>;
export const RestDeleteExpensesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteExpenses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteExpenses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestDeleteExpensesMutation, RestDeleteExpensesMutationVariables>;
export const RestListSupplyConsumptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestListSupplyConsumptions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SupplyConsumptionFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplyConsumptions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplyConsumptionRecord"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplyConsumptionRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplyConsumption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"supply_id"},"name":{"kind":"Name","value":"supplyId"}},{"kind":"Field","alias":{"kind":"Name","value":"supply_name"},"name":{"kind":"Name","value":"supplyName"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_cost"},"name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_by"},"name":{"kind":"Name","value":"createdById"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestListSupplyConsumptionsQuery, RestListSupplyConsumptionsQueryVariables>;
export const RestGetSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestGetSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplyConsumptionRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplyConsumptionRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplyConsumption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"supply_id"},"name":{"kind":"Name","value":"supplyId"}},{"kind":"Field","alias":{"kind":"Name","value":"supply_name"},"name":{"kind":"Name","value":"supplyName"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_cost"},"name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_by"},"name":{"kind":"Name","value":"createdById"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestGetSupplyConsumptionQuery, RestGetSupplyConsumptionQueryVariables>;
export const RestCreateSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplyConsumptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSupplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplyConsumptionRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplyConsumptionRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SupplyConsumption"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"supply_id"},"name":{"kind":"Name","value":"supplyId"}},{"kind":"Field","alias":{"kind":"Name","value":"supply_name"},"name":{"kind":"Name","value":"supplyName"}},{"kind":"Field","name":{"kind":"Name","value":"unit"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","alias":{"kind":"Name","value":"unit_cost"},"name":{"kind":"Name","value":"unitCost"}},{"kind":"Field","name":{"kind":"Name","value":"subtotal"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}},{"kind":"Field","alias":{"kind":"Name","value":"customer_id"},"name":{"kind":"Name","value":"customerId"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","alias":{"kind":"Name","value":"created_by"},"name":{"kind":"Name","value":"createdById"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateSupplyConsumptionMutation, RestCreateSupplyConsumptionMutationVariables>;
export const RestDeleteSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSupplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RestDeleteSupplyConsumptionMutation, RestDeleteSupplyConsumptionMutationVariables>;
export const RestRevertSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRevertSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revertSupplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}}]}}]}}]} as unknown as DocumentNode<RestRevertSupplyConsumptionMutation, RestRevertSupplyConsumptionMutationVariables>;