import type { Scope } from '../auth/scopes';
import { day, flag, int, object, oneOf, text, type FieldSpec } from './field';
import type { ShapeDeclaration } from './shape';

/**
 * An operation that is not a resource's CRUD (a report, a statistic), declared once: its GraphQL field with its
 * typed arguments and scope, its result shape, and its REST route. The Query or Mutation field, the REST route (its
 * stored document, how the request becomes variables, its answer) and its OpenAPI operation are derived from it; the
 * resolver only calls the domain.
 */
export interface OperationDeclaration {
  /** The Query (or Mutation) field's name. */
  name: string;
  kind?: 'query' | 'mutation';
  description: string;
  scope: Scope;
  args: Record<string, OperationArg>;
  result: ShapeDeclaration;
  /** The result is a list of the shape (REST answers it as `{ items, count }`). */
  list?: boolean;
  /** Its REST route (none: GraphQL only). */
  rest?: OperationRoute;
}

export interface OperationRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Below /api/v1, in OpenAPI form: a `{name}` segment is the argument of that REST name. */
  path: string;
  summary: string;
  /** The stored operation's name, published as the OpenAPI operationId (default `Rest` and the field's name). */
  operationId?: string;
  /** A `message` the answer carries beside its data (a write's confirmation). */
  message?: string;
  /** What the request's body is, in the 400 naming a field it should not hold (a route that takes none: any). */
  body?: string;
  /** A list field of the result whose length the answer says beside it, as `count`. */
  count?: string;
  /**
   * The result is a page of its `items` with their `total`, asked by a `page` argument and a `pageSize` one: REST
   * answers them with the page, the size served, the pages and (when it was cut) the size asked.
   */
  paged?: boolean;
}

/** One argument; `T` is the type the resolver receives. */
export interface OperationArg<T = unknown> {
  /** Its kind: a day, a text, an integer with its bounds, a flag. */
  spec: FieldSpec;
  /** Non-null in GraphQL (a path parameter in REST, or a query parameter the reader requires). */
  required?: boolean;
  /** The GraphQL description. */
  description?: string;
  /** How REST takes it (default: a query parameter of the snake_case name, described as in GraphQL). */
  rest?: RestArg;
  /** An input object: the GraphQL input type of the shape's fields (a `required` one non-null), in REST the body. */
  input?: ShapeDeclaration;
  /** Carries `T` for the resolver's arguments; never set. */
  readonly type?: T;
}

export interface RestArg {
  /** The REST name, when it is not the snake_case of the GraphQL name. */
  name?: string;
  /** Where REST takes it: a query parameter (default), a segment of the path, or (an input object) the body. */
  in?: 'query' | 'path' | 'body';
  /** The OpenAPI description, when it says otherwise than the GraphQL one. */
  description?: string;
  /** A text's form, published as the parameter's pattern (the operation checks it, naming the argument). */
  pattern?: string;
  /** A text's values, published as the parameter's enum (the operation checks it, naming the argument). */
  values?: readonly string[];
  /** A page number of a paged result: read as every list reads `page` (1 to 1,000,000, default 1). */
  page?: boolean;
  /** The value the operation takes when the parameter is left out, published as its default. */
  default?: string | number | boolean;
  /**
   * A page size: a size above `max` is served as `max` (legacy clients ask for more than a page holds), and the
   * answer says the size served (`<name>`) and, when it was cut, the size asked (`<name>_requested`).
   */
  pageSize?: { fallback: number; max: number; what: string };
}

type ArgOptions = Omit<OperationArg, 'spec' | 'type' | 'input'>;

/** Argument constructors, each with the type the resolver receives (and whether it is required). */
export const arg = {
  day: <const A extends ArgOptions>(options?: A): OperationArg<string> & A => ({ spec: day(), ...(options as A) }),
  text: <const A extends ArgOptions>(max: number, options?: A): OperationArg<string> & A => ({ spec: text(max), ...(options as A) }),
  int: <const A extends ArgOptions>(min: number, max: number, options?: A): OperationArg<number> & A => ({ spec: int(min, max), ...(options as A) }),
  flag: <const A extends ArgOptions>(options?: A): OperationArg<boolean> & A => ({ spec: flag(), ...(options as A) }),
  /** An input object of the shape's fields, given to the resolver as it came (left-out fields undefined or null). */
  input: <const A extends ArgOptions>(shape: ShapeDeclaration, options?: A): OperationArg<Record<string, unknown>> & A => ({
    spec: object(shape.type, {}),
    input: shape,
    ...(options as A),
  }),
  /** One of the values of a GraphQL enum (declared with its description where a shape declares it). */
  oneOf: <const V extends readonly string[], const A extends ArgOptions>(values: V, typeName: string, options?: A): OperationArg<V[number]> & A => ({
    spec: oneOf(values, typeName),
    ...(options as A),
  }),
};

/** The arguments a resolver receives: a required one always, an optional one perhaps undefined or null. */
export type ArgsOf<O extends OperationDeclaration> = {
  [K in keyof O['args']]: O['args'][K] extends OperationArg<infer T> ? (O['args'][K]['required'] extends true ? T : T | null | undefined) : never;
};

export function declareOperation<const O extends OperationDeclaration>(operation: O): O {
  return operation;
}
