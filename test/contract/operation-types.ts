/**
 * The contract's operation-only sections (§4.6 to §4.12, §4.15): paths and the scope each needs, nothing more —
 * the contract leaves their bodies "not shown". Written from the API document alone, like types.ts.
 */

export interface ContractOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below /api/v1, with the path parameters named as the contract names them (`{deadline_id}`, `{year}`). */
  path: string;
  /**
   * §5: `:read` for reads, `:write` for writes — what the operation does, not its method: a POST that only reads
   * (a query with a body, §4.15 transactions) is `read`.
   */
  access: 'read' | 'write';
  /** The operation takes a body it cannot do without (an uploaded file, the line to match): an empty one is a 400. */
  needsBody?: boolean;
  /** Answers a refusal on an account with no history (e.g. reopening what was never closed). */
  refusedWhenFresh?: boolean;
  /** Answers a file download rather than the JSON envelope. */
  download?: boolean;
  /** A body the contract requires for a successful call (default: an empty object). */
  body?: unknown;
}

export interface ContractOperations {
  section: string;
  name: string;
  /** An area that only reads (statistics) has no write scope. */
  scopes: { read: string; write?: string };
  operations: ContractOperation[];
}
