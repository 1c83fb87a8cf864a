import type { Scope } from '../../../src/domain/auth/scopes';
import type { HttpResult, RequestOptions } from '../../support/gateway';

/** One REST route's entry in the authorization matrix. */
export interface RestCase {
  /** Path (below /api/v1, `{id}` already filled) and body for a request about the record `id`. */
  request(id: string): { path: string; body?: unknown };
  /** Checks a successful answer about `id`. */
  succeeded(res: HttpResult, id: string): Promise<void> | void;
  /** Checks that a refused request (401/403) about `id` changed nothing. */
  unchanged(id: string): Promise<void>;
  /** A request by A about B's record, and what must come of it. */
  otherAccount(): Promise<void>;
  /** Creates the record of A the route is about (default: a supplier). */
  record?(): Promise<string>;
  /** Credentials holding the route's scope for the success case (default: a key with only that scope). */
  caller?(scope: Scope): Promise<RequestOptions>;
}

/** One GraphQL operation's entry in the authorization matrix. */
export interface GqlCase {
  scope: Scope;
  /** Creates the record of A the operation is about (default: a supplier). */
  record?(): Promise<string>;
  document: string;
  variables(id: string): Record<string, unknown>;
  /** Checks `data` of a successful operation about `id`. */
  succeeded(data: any, id: string): Promise<void> | void;
  unchanged(id: string): Promise<void>;
  otherAccount(): Promise<void>;
  /** Variables naming a malformed or missing id (id-taking operations only); the answer must be NOT_FOUND. */
  badId?(id: string): Record<string, unknown>;
  /** Credentials holding the operation's scope for the success case (default: a key with only that scope). */
  caller?(scope: Scope): Promise<RequestOptions>;
}
