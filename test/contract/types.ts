/**
 * A machine-readable transcription of the legacy API document (the REST contract). It is written from that document
 * alone — never generated from the implementation — so that the contract suite checks the implementation against it.
 */

export type ContractType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'date' | 'date-time' | 'url' | 'email';

/** Records of other resources a field may reference; the suite creates one of each before it runs. */
export type Reference = 'customer' | 'product' | 'supplier' | 'supply' | 'ledger_parent' | 'ledger_account';

export interface ContractField {
  name: string;
  type: ContractType;
  /** Other types the contract also allows (e.g. `address`: string or object; `unit_price`: number or null). */
  alsoAccepts?: Array<ContractType | 'null'>;
  required?: boolean;
  /** Bounds as the contract states them: characters for strings, values for numbers, items for arrays. */
  min?: number;
  max?: number;
  /** Strict bounds ("greater than 0", "less than 10^12"). */
  above?: number;
  below?: number;
  /** The only values the contract allows. */
  enum?: readonly (string | number)[];
  /** The id of a record of another resource (the suite substitutes a real one). */
  ref?: Reference;
  /** Sub-fields of an object, or of each item of an array of objects. */
  fields?: ContractField[];
  /** A realistic value, as an Argentine business would send it (for arrays of objects: built from `fields`). */
  example?: unknown;
  /**
   * Inside an array of objects: this field's value in each item (the suite builds as many items as the array's
   * minimum, at least one); `undefined` leaves the field out of that item. Overrides `example`.
   */
  examples?: unknown[];
  /**
   * The service keeps the value unique within an account: the suite sends a distinct value each time (the example
   * suffixed; for `cuit`, a distinct valid CUIT).
   */
  unique?: boolean | 'cuit';
  /** Fixed once the record exists ("immutable after creation"): an update sends the value the record was created with. */
  immutable?: boolean;
  /**
   * Optional in the contract's table, but a valid record needs it by a rule stated beside the table (e.g. a journal
   * line carries a debit or a credit): the required-fields-only body carries it; it is not tested as required.
   */
  needed?: boolean;
}

export interface ContractRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api/v1; `{id}` is the record identifier. */
  path: string;
}

export interface ContractResource {
  name: string;
  /** Below /api/v1, without the trailing slash (`/suppliers`). */
  base: string;
  /** The identifier field of the records, as the contract names it. */
  idField: 'id' | '_id';
  scopes: { read: string; write: string };
  /** Fields a client writes (create; update where the resource has it). */
  fields: ContractField[];
  /** Fields the stored record returns besides the writable ones (types only; values are the service's). */
  returned: ContractField[];
  routes: ContractRoute[];
  /** Whether PUT `/{id}/` exists (it takes the same fields). */
  updatable: boolean;
  /** Where the created record is in the answer of create, when not `data` itself (`data.taxpayer`: `taxpayer`). */
  createdIn?: string;
  /** An account widget the routes need active (they answer 403 otherwise): the suite's accounts have it on. */
  widget?: string;
  /**
   * For records the API does not create (no writable fields): they are made by uploading this fixture (a path under
   * test/fixtures) as multipart field `field` to `route`; the create checks then do not apply.
   */
  seed?: { route: string; field: string; fixture: string };
  /**
   * The contract lists the routes but shows no body fields (e.g. §4.12 taxpayer data): only the routes are checked
   * here; the fields the service chose are its own tests' and its OpenAPI document's.
   */
  routesOnly?: boolean;
}

/** The routes §4.2 gives every generic CRUD resource. */
export function crudRoutes(base: string): ContractRoute[] {
  return [
    { method: 'GET', path: `${base}/list/` },
    { method: 'GET', path: `${base}/{id}/` },
    { method: 'POST', path: `${base}/` },
    { method: 'PUT', path: `${base}/{id}/` },
    { method: 'DELETE', path: `${base}/{id}/` },
    { method: 'POST', path: `${base}/bulk/create/` },
    { method: 'PUT', path: `${base}/bulk/update/` },
    { method: 'POST', path: `${base}/bulk/delete/` },
  ];
}
