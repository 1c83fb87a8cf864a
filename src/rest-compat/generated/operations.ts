/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** confirmed (stock deducted) → reverted (stock given back; final). Nothing else moves. */
export type SupplyConsumptionStatus =
  | 'confirmed'
  | 'reverted';

export type BulkErrorsFragment = { index: number, code: string, message: string, details: Array<{ path: string, message: string }> };

export type RestRevertSupplyConsumptionMutationVariables = Exact<{
  id: string | number;
}>;


export type RestRevertSupplyConsumptionMutation = { revertSupplyConsumption: { status: SupplyConsumptionStatus, _id: string, reverted_at: string | null, reverted_by: string | null, total_cost: number } };

export const BulkErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BulkErrorsFragment, unknown>;
export const RestRevertSupplyConsumptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestRevertSupplyConsumption"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revertSupplyConsumption"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_at"},"name":{"kind":"Name","value":"revertedAt"}},{"kind":"Field","alias":{"kind":"Name","value":"reverted_by"},"name":{"kind":"Name","value":"revertedById"}},{"kind":"Field","alias":{"kind":"Name","value":"total_cost"},"name":{"kind":"Name","value":"totalCost"}}]}}]}}]} as unknown as DocumentNode<RestRevertSupplyConsumptionMutation, RestRevertSupplyConsumptionMutationVariables>;