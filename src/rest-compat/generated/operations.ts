/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** A postal address: `text` alone, or its parts. */
export type AddressInput = {
  city: string | null | undefined;
  country: string | null | undefined;
  postalCode: string | null | undefined;
  state: string | null | undefined;
  street: string | null | undefined;
  /** The whole address as one line (instead of its parts). */
  text: string | null | undefined;
};

/** The supplier's VAT condition (condición frente al IVA). */
export type CondicionIva =
  | 'exento'
  | 'monotributo'
  | 'responsable_inscripto';

/** A new supplier. Fields left null are not stored. */
export type CreateSupplierInput = {
  address: AddressInput | null | undefined;
  /** At most 100 characters. */
  category: string | null | undefined;
  /** At most 200 characters. */
  contactName: string | null | undefined;
  /** Valid email address. */
  email: string | null | undefined;
  fiscalInfo: FiscalInfoInput | null | undefined;
  /** 2 to 200 characters. */
  name: string;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** At most 50 characters. */
  phone: string | null | undefined;
  /** Defaults to active. */
  status: SupplierStatus | null | undefined;
  tags: Array<string> | null | undefined;
  /** At most 50 characters; unique within the account. */
  taxId: string | null | undefined;
};

export type FiscalInfoInput = {
  condicionIva: CondicionIva | null | undefined;
};

export type SortDirection =
  | 'asc'
  | 'desc';

/** One item of createSuppliers. Required fields are checked per item, so one incomplete item does not fail the others. */
export type SupplierCreateItem = {
  address: AddressInput | null | undefined;
  /** At most 100 characters. */
  category: string | null | undefined;
  /** At most 200 characters. */
  contactName: string | null | undefined;
  /** Valid email address. */
  email: string | null | undefined;
  fiscalInfo: FiscalInfoInput | null | undefined;
  /** Required: 2 to 200 characters. */
  name: string | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** At most 50 characters. */
  phone: string | null | undefined;
  /** Defaults to active. */
  status: SupplierStatus | null | undefined;
  tags: Array<string> | null | undefined;
  /** At most 50 characters; unique within the account. */
  taxId: string | null | undefined;
};

export type SupplierFilter = {
  category: string | null | undefined;
  /** Created at or after this instant. */
  createdFrom: string | null | undefined;
  /** Created at or before this instant. */
  createdTo: string | null | undefined;
  /** Case-insensitive text found in the name, tax id or email. */
  search: string | null | undefined;
  status: SupplierStatus | null | undefined;
  /** Suppliers carrying this tag. */
  tag: string | null | undefined;
};

export type SupplierOrderBy = {
  direction: SortDirection;
  field: SupplierOrderField;
};

export type SupplierOrderField =
  | 'createdAt'
  | 'name'
  | 'updatedAt';

export type SupplierStatus =
  | 'active'
  | 'inactive';

/** One item of updateSuppliers. */
export type SupplierUpdateItem = {
  address: AddressInput | null | undefined;
  /** At most 100 characters. */
  category: string | null | undefined;
  /** At most 200 characters. */
  contactName: string | null | undefined;
  /** Valid email address. */
  email: string | null | undefined;
  fiscalInfo: FiscalInfoInput | null | undefined;
  id: string | number;
  /** 2 to 200 characters. */
  name: string | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** At most 50 characters. */
  phone: string | null | undefined;
  /** Defaults to active. */
  status: SupplierStatus | null | undefined;
  tags: Array<string> | null | undefined;
  /** At most 50 characters; unique within the account. */
  taxId: string | null | undefined;
};

/** A partial update: fields left out keep their values; null clears an optional field. */
export type UpdateSupplierInput = {
  address: AddressInput | null | undefined;
  /** At most 100 characters. */
  category: string | null | undefined;
  /** At most 200 characters. */
  contactName: string | null | undefined;
  /** Valid email address. */
  email: string | null | undefined;
  fiscalInfo: FiscalInfoInput | null | undefined;
  /** 2 to 200 characters. */
  name: string | null | undefined;
  /** At most 2000 characters. */
  notes: string | null | undefined;
  /** At most 50 characters. */
  phone: string | null | undefined;
  /** Defaults to active. */
  status: SupplierStatus | null | undefined;
  tags: Array<string> | null | undefined;
  /** At most 50 characters; unique within the account. */
  taxId: string | null | undefined;
};

export type BulkErrorsFragment = { index: number, code: string, message: string, details: Array<{ path: string, message: string }> };

export type SupplierRecordFragment = { name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null };

export type RestListSuppliersQueryVariables = Exact<{
  filter: SupplierFilter | null | undefined;
  orderBy: SupplierOrderBy | null | undefined;
  first: number | null | undefined;
  offset: number | null | undefined;
}>;


export type RestListSuppliersQuery = { suppliers: { totalCount: number, nodes: Array<{ name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null }> } };

export type RestGetSupplierQueryVariables = Exact<{
  id: string | number;
}>;


export type RestGetSupplierQuery = { supplier: { name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null } };

export type RestCreateSupplierMutationVariables = Exact<{
  input: CreateSupplierInput;
}>;


export type RestCreateSupplierMutation = { createSupplier: { name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null } };

export type RestUpdateSupplierMutationVariables = Exact<{
  id: string | number;
  input: UpdateSupplierInput;
}>;


export type RestUpdateSupplierMutation = { updateSupplier: { name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null } };

export type RestDeleteSupplierMutationVariables = Exact<{
  id: string | number;
}>;


export type RestDeleteSupplierMutation = { deleteSupplier: string };

export type RestCreateSuppliersMutationVariables = Exact<{
  inputs: Array<SupplierCreateItem> | SupplierCreateItem;
  allOrNone: boolean;
}>;


export type RestCreateSuppliersMutation = { createSuppliers: { count: number, items: Array<{ name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestUpdateSuppliersMutationVariables = Exact<{
  inputs: Array<SupplierUpdateItem> | SupplierUpdateItem;
  allOrNone: boolean;
}>;


export type RestUpdateSuppliersMutation = { updateSuppliers: { count: number, items: Array<{ name: string, email: string | null, phone: string | null, category: string | null, tags: Array<string>, notes: string | null, status: SupplierStatus, _id: string, tax_id: string | null, contact_name: string | null, created_at: string, updated_at: string, address: { text: string | null, street: string | null, city: string | null, state: string | null, country: string | null, postal_code: string | null } | null, fiscal_info: { condicion_iva: CondicionIva | null } | null }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export type RestDeleteSuppliersMutationVariables = Exact<{
  ids: Array<string | number> | string | number;
  allOrNone: boolean;
}>;


export type RestDeleteSuppliersMutation = { deleteSuppliers: { count: number, items: Array<{ id: string, deleted: boolean }>, errors: Array<{ index: number, code: string, message: string, details: Array<{ path: string, message: string }> }> } };

export const BulkErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<BulkErrorsFragment, unknown>;
export const SupplierRecordFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<SupplierRecordFragment, unknown>;
export const RestListSuppliersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestListSuppliers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierOrderBy"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestListSuppliersQuery, RestListSuppliersQueryVariables>;
export const RestGetSupplierDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"RestGetSupplier"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"supplier"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestGetSupplierQuery, RestGetSupplierQueryVariables>;
export const RestCreateSupplierDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateSupplier"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateSupplierInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSupplier"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestCreateSupplierMutation, RestCreateSupplierMutationVariables>;
export const RestUpdateSupplierDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateSupplier"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateSupplierInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSupplier"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<RestUpdateSupplierMutation, RestUpdateSupplierMutationVariables>;
export const RestDeleteSupplierDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteSupplier"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSupplier"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RestDeleteSupplierMutation, RestDeleteSupplierMutationVariables>;
export const RestCreateSuppliersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestCreateSuppliers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierCreateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createSuppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestCreateSuppliersMutation, RestCreateSuppliersMutationVariables>;
export const RestUpdateSuppliersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestUpdateSuppliers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SupplierUpdateItem"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSuppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"inputs"},"value":{"kind":"Variable","name":{"kind":"Name","value":"inputs"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SupplierRecord"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SupplierRecord"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Supplier"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"_id"},"name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","alias":{"kind":"Name","value":"tax_id"},"name":{"kind":"Name","value":"taxId"}},{"kind":"Field","alias":{"kind":"Name","value":"contact_name"},"name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"address"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"street"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","alias":{"kind":"Name","value":"postal_code"},"name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"country"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"fiscal_info"},"name":{"kind":"Name","value":"fiscalInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"condicion_iva"},"name":{"kind":"Name","value":"condicionIva"}}]}},{"kind":"Field","name":{"kind":"Name","value":"category"}},{"kind":"Field","name":{"kind":"Name","value":"tags"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","alias":{"kind":"Name","value":"created_at"},"name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","alias":{"kind":"Name","value":"updated_at"},"name":{"kind":"Name","value":"updatedAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestUpdateSuppliersMutation, RestUpdateSuppliersMutationVariables>;
export const RestDeleteSuppliersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RestDeleteSuppliers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteSuppliers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}},{"kind":"Argument","name":{"kind":"Name","value":"allOrNone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"allOrNone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BulkErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BulkErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BulkItemError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]} as unknown as DocumentNode<RestDeleteSuppliersMutation, RestDeleteSuppliersMutationVariables>;