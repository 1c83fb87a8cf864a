/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** pending → completed (marked once). overdue is derived when read: pending and due before today in Argentina. */
export type FiscalDeadlineStatus =
  | 'completed'
  | 'overdue'
  | 'pending';

/** An ARCA obligation of the fiscal calendar (iva, suss = F.931, sicore = SICORE/SIRE, ganancias_sociedades, autonomos, monotributo). */
export type FiscalTax =
  | 'autonomos'
  | 'ganancias_sociedades'
  | 'iva'
  | 'monotributo'
  | 'sicore'
  | 'suss';

/** confirmed (stock deducted) → reverted (stock given back; final). Nothing else moves. */
export type SupplyConsumptionStatus =
  | 'confirmed'
  | 'reverted';

/** A time series request: the measure, the bucket size and the Argentine days it covers, with the measure’s own filters. */
export type TransactionSeriesInput = {
  /** expenses: only this category. */
  category: string | null | undefined;
  /** sales: only this customer’s document number (CUIT, DNI). */
  customerTaxId: string | null | undefined;
  /** First Argentine day, YYYY-MM-DD. */
  from: string;
  /** day, week (ISO, Monday to Sunday) or month (default). */
  interval: string | null | undefined;
  /** purchases (received invoices, net of credit notes), expenses, or sales (issued vouchers, net of credit notes). */
  measure: string;
  /** purchases: pending, linked or ignored; expenses: pending, approved, paid, cancelled or refunded. */
  status: string | null | undefined;
  /** expenses: only this supplier (id). */
  supplierId: string | null | undefined;
  /** purchases: only this supplier’s CUIT. */
  supplierTaxId: string | null | undefined;
  /** Last Argentine day, YYYY-MM-DD (included); at most 366 days by day, 3 years by week, 10 years by month. */
  to: string;
};

/** What to verify against ARCA; defaults: the active billing system and its represented CUIT. */
export type VerifyDelegationInput = {
  billingSystem: string | null | undefined;
  cuit: string | null | undefined;
};

/** The point of sale to verify; defaults: the active billing system and its represented CUIT. */
export type VerifyPointOfSaleInput = {
  billingSystem: string | null | undefined;
  cuit: string | null | undefined;
  puntoVenta: number;
};

export type RestSeedLedgerAccountsMutationVariables = Exact<{ [key: string]: never; }>;


export type RestSeedLedgerAccountsMutation = { seedLedgerAccounts: { seeded: number, message: string } };

export type BulkErrorsFragment = { index: number, code: string, message: string, details: Array<{ path: string, message: string }> };

export type RestFceEligibilityMutationVariables = Exact<{
  input: unknown;
}>;


export type RestFceEligibilityMutation = { checkFceEligibility: { eligible: boolean, reasons: Array<string>, suggested_type: number | null, threshold_ars: number, threshold_source: string, threshold_effective_from: string | null, threshold_review: boolean, obligation_check: string, receiver_obliged: boolean | null, receiver_minimum_ars: number | null, obligation_detail: string | null } };

export type RestFceThresholdQueryVariables = Exact<{ [key: string]: never; }>;


export type RestFceThresholdQuery = { fceThreshold: { value: number, currency: string, source: string, effective_from: string | null } };

export type RestSetFceThresholdMutationVariables = Exact<{
  value: number;
}>;


export type RestSetFceThresholdMutation = { setFceThreshold: { key: string, value: number } };

export type RestRecordFceEventMutationVariables = Exact<{
  id: string | number;
  eventType: string;
  payload: unknown;
}>;


export type RestRecordFceEventMutation = { recordFceEvent: { payload: unknown, fce_invoice_id: string, event_type: string, recorded_by: string, recorded_at: string } };

export type RestFceEventsQueryVariables = Exact<{
  id: string | number;
}>;


export type RestFceEventsQuery = { fceEvents: { nodes: Array<{ payload: unknown, fce_invoice_id: string, event_type: string, recorded_by: string, recorded_at: string }> } };

export type RestFceIssuedQueryVariables = Exact<{
  page: number | null | undefined;
  perPage: number | null | undefined;
  status: string | null | undefined;
}>;


export type RestFceIssuedQuery = { fceInvoices: { total: number, page: number, per_page: number, items: Array<{ id: string, cae: string | null, tipo_comprobante: number, numero_comprobante: number, importe_total: number, fce_status: string, last_event_at: string | null }> } };

export type RestUpcomingFiscalDeadlinesQueryVariables = Exact<{
  days: number | null | undefined;
}>;


export type RestUpcomingFiscalDeadlinesQuery = { upcomingFiscalDeadlines: { from: string, to: string, items: Array<{ tax: FiscalTax, title: string, form: string, year: number, month: number, period: string, status: FiscalDeadlineStatus, _id: string, cuit_group: string, nominal_date: string, due_date: string, completed_at: string | null, created_at: string }> } };

export type RestSeedFiscalCalendarMutationVariables = Exact<{
  year: number | null | undefined;
  taxes: Array<FiscalTax> | FiscalTax | null | undefined;
}>;


export type RestSeedFiscalCalendarMutation = { seedFiscalCalendar: { seeded: number, year: number, message: string, cuit_ending: number } };

export type RestCompleteFiscalDeadlineMutationVariables = Exact<{
  id: string | number;
}>;


export type RestCompleteFiscalDeadlineMutation = { completeFiscalDeadline: { tax: FiscalTax, title: string, form: string, year: number, month: number, period: string, status: FiscalDeadlineStatus, _id: string, cuit_group: string, nominal_date: string, due_date: string, completed_at: string | null, created_at: string } };

export type RestStatsTransactionsQueryVariables = Exact<{
  input: TransactionSeriesInput;
}>;


export type RestStatsTransactionsQuery = { transactionSeries: { measure: string, interval: string, from: string, to: string, count: number, total: number, buckets: Array<{ start: string, end: string, count: number, total: number }> } };

export type RestRevertSupplyConsumptionMutationVariables = Exact<{
  id: string | number;
}>;


export type RestRevertSupplyConsumptionMutation = { revertSupplyConsumption: { status: SupplyConsumptionStatus, _id: string, reverted_at: string | null, reverted_by: string | null, total_cost: number } };

export type BillingSystemRecordFragment = { description: string, environment: string, billing_system: string, represented_cuit: string, points_of_sale: Array<number>, is_active: boolean, created_at: string, updated_at: string, certificate: { subject: string, issuer: string, serial_number: string, valid_from: string, valid_to: string, fingerprint_sha256: string } | null, last_delegation_check: { cuit: string, delegated: boolean, reason: string, checked_at: string, afip_errors: Array<{ code: number, message: string }> } | null, last_point_of_sale_check: { cuit: string, valid: boolean, status: string, reason: string, punto_venta: number, checked_at: string } | null };

export type RestVerifyDelegationMutationVariables = Exact<{
  input: VerifyDelegationInput | null | undefined;
}>;


export type RestVerifyDelegationMutation = { verifyDelegation: { environment: string, cuit: string, delegated: boolean, reason: string, billing_system: string, in_ticket_relations: boolean | null, checked_at: string, afip_errors: Array<{ code: number, message: string }> } };

export type RestVerifyPointOfSaleMutationVariables = Exact<{
  input: VerifyPointOfSaleInput;
}>;


export type RestVerifyPointOfSaleMutation = { verifyPointOfSale: { environment: string, cuit: string, valid: boolean, status: string, reason: string, billing_system: string, punto_venta: number, emission_type: string | null, checked_at: string, points_of_sale: Array<{ number: number, blocked: boolean, emission_type: string, dropped_on: string | null }> } };

export type RestSeedTaxRulesMutationVariables = Exact<{
  country: string;
}>;


export type RestSeedTaxRulesMutation = { seedTaxRules: { country: string, seeded: number, message: string } };

export type RestAllTaxpayersQueryVariables = Exact<{ [key: string]: never; }>;


export type RestAllTaxpayersQuery = { allTaxpayers: { count: number, items: Array<{ id: string | null, is_primary: boolean, tax_id: string, tax_condition: string, business_name: string | null, first_name: string | null, last_name: string | null, punto_venta: string | null, afip_environment: string }> } };

export const BulkErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BulkErrorsFragment, unknown>;
export const BillingSystemRecordFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BillingSystemRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BillingSystem"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"billing_system"},"name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","alias":{"kind":"Name","value":"represented_cuit"},"name":{"kind":"Name","value":"representedCuit"}},{"kind":"Field","alias":{"kind":"Name","value":"points_of_sale"},"name":{"kind":"Name","value":"pointsOfSale"}},{"kind":"Field","name":{"kind":"Name","value":"certificate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"issuer"}},{"kind":"Field","alias":{"kind":"Name","value":"serial_number"},"name":{"kind":"Name","value":"serialNumber"}},{"kind":"Field","alias":{"kind":"Name","value":"valid_from"},"name":{"kind":"Name","value":"validFrom"}},{"kind":"Field","alias":{"kind":"Name","value":"valid_to"},"name":{"kind":"Name","value":"validTo"}},{"kind":"Field","alias":{"kind":"Name","value":"fingerprint_sha256"},"name":{"kind":"Name","value":"fingerprintSha256"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"is_active"},"name":{"kind":"Name","value":"isActive"}},{"kind":"Field","alias":{"kind":"Name","value":"last_delegation_check"},"name":{"kind":"Name","value":"lastDelegationCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cuit"}},{"kind":"Field","name":{"kind":"Name","value":"delegated"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","alias":{"kind":"Name","value":"afip_errors"},"name":{"kind":"Name","value":"afipErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"checked_at"},"name":{"kind":"Name","value":"checkedAt"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"last_point_of_sale_check"},"name":{"kind":"Name","value":"lastPointOfSaleCheck"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cuit"}},{"kind":"Field","alias":{"kind":"Name","value":"punto_venta"},"name":{"kind":"Name","value":"puntoVenta"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","alias":{"kind":"Name","value":"checked_at"},"name":{"kind":"Name","value":"checkedAt"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<BillingSystemRecordFragment, unknown>;
export const RestSeedLedgerAccountsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSeedLedgerAccounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seedLedgerAccounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seeded"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestSeedLedgerAccountsMutation, RestSeedLedgerAccountsMutationVariables>;
export const RestFceEligibilityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestFceEligibility"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkFceEligibility"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eligible"}},{"kind":"Field","name":{"kind":"Name","value":"reasons"}},{"kind":"Field","alias":{"kind":"Name","value":"suggested_type"},"name":{"kind":"Name","value":"suggestedType"}},{"kind":"Field","alias":{"kind":"Name","value":"threshold_ars"},"name":{"kind":"Name","value":"thresholdArs"}},{"kind":"Field","alias":{"kind":"Name","value":"threshold_source"},"name":{"kind":"Name","value":"thresholdSource"}},{"kind":"Field","alias":{"kind":"Name","value":"threshold_effective_from"},"name":{"kind":"Name","value":"thresholdEffectiveFrom"}},{"kind":"Field","alias":{"kind":"Name","value":"threshold_review"},"name":{"kind":"Name","value":"thresholdReview"}},{"kind":"Field","alias":{"kind":"Name","value":"obligation_check"},"name":{"kind":"Name","value":"obligationCheck"}},{"kind":"Field","alias":{"kind":"Name","value":"receiver_obliged"},"name":{"kind":"Name","value":"receiverObliged"}},{"kind":"Field","alias":{"kind":"Name","value":"receiver_minimum_ars"},"name":{"kind":"Name","value":"receiverMinimumArs"}},{"kind":"Field","alias":{"kind":"Name","value":"obligation_detail"},"name":{"kind":"Name","value":"obligationDetail"}}]}}]}}]} as unknown as DocumentNode<RestFceEligibilityMutation, RestFceEligibilityMutationVariables>;
export const RestFceThresholdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestFceThreshold"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fceThreshold"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"value"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","alias":{"kind":"Name","value":"effective_from"},"name":{"kind":"Name","value":"effectiveFrom"}}]}}]}}]} as unknown as DocumentNode<RestFceThresholdQuery, RestFceThresholdQueryVariables>;
export const RestSetFceThresholdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSetFceThreshold"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"value"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Float"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setFceThreshold"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"value"},"value":{"kind":"Variable","name":{"kind":"Name","value":"value"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]} as unknown as DocumentNode<RestSetFceThresholdMutation, RestSetFceThresholdMutationVariables>;
export const RestRecordFceEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRecordFceEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"payload"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordFceEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"eventType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventType"}}},{"kind":"Argument","name":{"kind":"Name","value":"payload"},"value":{"kind":"Variable","name":{"kind":"Name","value":"payload"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"fce_invoice_id"},"name":{"kind":"Name","value":"fceInvoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"event_type"},"name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","alias":{"kind":"Name","value":"recorded_by"},"name":{"kind":"Name","value":"recordedBy"}},{"kind":"Field","alias":{"kind":"Name","value":"recorded_at"},"name":{"kind":"Name","value":"recordedAt"}}]}}]}}]} as unknown as DocumentNode<RestRecordFceEventMutation, RestRecordFceEventMutationVariables>;
export const RestFceEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestFceEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fceEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"fce_invoice_id"},"name":{"kind":"Name","value":"fceInvoiceId"}},{"kind":"Field","alias":{"kind":"Name","value":"event_type"},"name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}},{"kind":"Field","alias":{"kind":"Name","value":"recorded_by"},"name":{"kind":"Name","value":"recordedBy"}},{"kind":"Field","alias":{"kind":"Name","value":"recorded_at"},"name":{"kind":"Name","value":"recordedAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestFceEventsQuery, RestFceEventsQueryVariables>;
export const RestFceIssuedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestFceIssued"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"perPage"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fceInvoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"perPage"},"value":{"kind":"Variable","name":{"kind":"Name","value":"perPage"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","alias":{"kind":"Name","value":"per_page"},"name":{"kind":"Name","value":"perPage"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"tipo_comprobante"},"name":{"kind":"Name","value":"tipoComprobante"}},{"kind":"Field","alias":{"kind":"Name","value":"numero_comprobante"},"name":{"kind":"Name","value":"numeroComprobante"}},{"kind":"Field","alias":{"kind":"Name","value":"importe_total"},"name":{"kind":"Name","value":"importeTotal"}},{"kind":"Field","name":{"kind":"Name","value":"cae"}},{"kind":"Field","alias":{"kind":"Name","value":"fce_status"},"name":{"kind":"Name","value":"fceStatus"}},{"kind":"Field","alias":{"kind":"Name","value":"last_event_at"},"name":{"kind":"Name","value":"lastEventAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestFceIssuedQuery, RestFceIssuedQueryVariables>;
export const RestUpcomingFiscalDeadlinesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestUpcomingFiscalDeadlines"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"days"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upcomingFiscalDeadlines"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"days"},"value":{"kind":"Variable","name":{"kind":"Name","value":"days"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tax"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"form"}},{"kind":"Field","name":{"kind":"Name","value":"year"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","alias":{"kind":"Name","value":"cuit_group"},"name":{"kind":"Name","value":"cuitGroup"}},{"kind":"Field","alias":{"kind":"Name","value":"nominal_date"},"name":{"kind":"Name","value":"nominalDate"}},{"kind":"Field","alias":{"kind":"Name","value":"due_date"},"name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"completed_at"},"name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<RestUpcomingFiscalDeadlinesQuery, RestUpcomingFiscalDeadlinesQueryVariables>;
export const RestSeedFiscalCalendarDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSeedFiscalCalendar"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"year"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"taxes"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"FiscalTax"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seedFiscalCalendar"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"year"},"value":{"kind":"Variable","name":{"kind":"Name","value":"year"}}},{"kind":"Argument","name":{"kind":"Name","value":"taxes"},"value":{"kind":"Variable","name":{"kind":"Name","value":"taxes"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seeded"}},{"kind":"Field","name":{"kind":"Name","value":"year"}},{"kind":"Field","alias":{"kind":"Name","value":"cuit_ending"},"name":{"kind":"Name","value":"cuitEnding"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestSeedFiscalCalendarMutation, RestSeedFiscalCalendarMutationVariables>;
export const RestCompleteFiscalDeadlineDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCompleteFiscalDeadline"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"completeFiscalDeadline"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tax"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"form"}},{"kind":"Field","name":{"kind":"Name","value":"year"}},{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","alias":{"kind":"Name","value":"cuit_group"},"name":{"kind":"Name","value":"cuitGroup"}},{"kind":"Field","alias":{"kind":"Name","value":"nominal_date"},"name":{"kind":"Name","value":"nominalDate"}},{"kind":"Field","alias":{"kind":"Name","value":"due_date"},"name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"completed_at"},"name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<RestCompleteFiscalDeadlineMutation, RestCompleteFiscalDeadlineMutationVariables>;
export const RestStatsTransactionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestStatsTransactions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TransactionSeriesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transactionSeries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"measure"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"buckets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"start"}},{"kind":"Field","name":{"kind":"Name","value":"end"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<RestStatsTransactionsQuery, RestStatsTransactionsQueryVariables>;
export const RestRevertSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRevertSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revertSupplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}}]}}]}}]} as unknown as DocumentNode<RestRevertSupplyConsumptionMutation, RestRevertSupplyConsumptionMutationVariables>;
export const RestVerifyDelegationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestVerifyDelegation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"VerifyDelegationInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyDelegation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"billing_system"},"name":{"kind":"Name","value":"billingSystem"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"cuit"}},{"kind":"Field","name":{"kind":"Name","value":"delegated"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","alias":{"kind":"Name","value":"in_ticket_relations"},"name":{"kind":"Name","value":"inTicketRelations"}},{"kind":"Field","alias":{"kind":"Name","value":"afip_errors"},"name":{"kind":"Name","value":"afipErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"checked_at"},"name":{"kind":"Name","value":"checkedAt"}}]}}]}}]} as unknown as DocumentNode<RestVerifyDelegationMutation, RestVerifyDelegationMutationVariables>;
export const RestVerifyPointOfSaleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestVerifyPointOfSale"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"VerifyPointOfSaleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"verifyPointOfSale"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"billing_system"},"name":{"kind":"Name","value":"billingSystem"}},{"kind":"Field","name":{"kind":"Name","value":"environment"}},{"kind":"Field","name":{"kind":"Name","value":"cuit"}},{"kind":"Field","alias":{"kind":"Name","value":"punto_venta"},"name":{"kind":"Name","value":"puntoVenta"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","alias":{"kind":"Name","value":"emission_type"},"name":{"kind":"Name","value":"emissionType"}},{"kind":"Field","alias":{"kind":"Name","value":"points_of_sale"},"name":{"kind":"Name","value":"pointsOfSale"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","alias":{"kind":"Name","value":"emission_type"},"name":{"kind":"Name","value":"emissionType"}},{"kind":"Field","name":{"kind":"Name","value":"blocked"}},{"kind":"Field","alias":{"kind":"Name","value":"dropped_on"},"name":{"kind":"Name","value":"droppedOn"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"checked_at"},"name":{"kind":"Name","value":"checkedAt"}}]}}]}}]} as unknown as DocumentNode<RestVerifyPointOfSaleMutation, RestVerifyPointOfSaleMutationVariables>;
export const RestSeedTaxRulesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestSeedTaxRules"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"country"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seedTaxRules"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"country"},"value":{"kind":"Variable","name":{"kind":"Name","value":"country"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"seeded"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestSeedTaxRulesMutation, RestSeedTaxRulesMutationVariables>;
export const RestAllTaxpayersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestAllTaxpayers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"allTaxpayers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","alias":{"kind":"Name","value":"is_primary"},"name":{"kind":"Name","value":"isPrimary"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_condition"},"name":{"kind":"Name","value":"taxCondition"}},{"kind":"Field","alias":{"kind":"Name","value":"business_name"},"name":{"kind":"Name","value":"businessName"}},{"kind":"Field","alias":{"kind":"Name","value":"first_name"},"name":{"kind":"Name","value":"firstName"}},{"kind":"Field","alias":{"kind":"Name","value":"last_name"},"name":{"kind":"Name","value":"lastName"}},{"kind":"Field","alias":{"kind":"Name","value":"punto_venta"},"name":{"kind":"Name","value":"puntoVenta"}},{"kind":"Field","alias":{"kind":"Name","value":"afip_environment"},"name":{"kind":"Name","value":"afipEnvironment"}}]}}]}}]}}]} as unknown as DocumentNode<RestAllTaxpayersQuery, RestAllTaxpayersQueryVariables>;