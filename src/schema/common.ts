import { Field, InputType, Int, ObjectType, registerEnumType, type ClassType } from 'type-graphql';

/** What a record's `revision`, `etag` and a write's `ifMatch` mean (docs/writes.md), said once for every record type. */
export const REVISION_DESCRIPTION = 'Counts the writes of the record (0 before its first change): what `etag` is made of.';
export const ETAG_DESCRIPTION = 'The record’s entity tag, as REST’s `ETag` header: pass it as `ifMatch` to update or delete this version only.';
export const IF_MATCH_DESCRIPTION =
  'Only if the record is still this version: its `etag` (or several, comma-separated, or `*` for any). Otherwise PRECONDITION_FAILED and nothing is written.';

export enum SortDirection {
  asc = 'asc',
  desc = 'desc',
}
registerEnumType(SortDirection, { name: 'SortDirection' });

@ObjectType({ description: 'Relay-style page information.' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => Boolean)
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

@ObjectType('ErrorDetail', { description: 'One failing field of an input.' })
export class ErrorDetailType {
  @Field(() => String)
  path!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType('BulkItemError', { description: 'Why one item of a bulk request failed.' })
export class BulkItemErrorType {
  @Field(() => Int, { description: 'Position of the item in the request (0-based).' })
  index!: number;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  message!: string;

  @Field(() => [ErrorDetailType])
  details!: ErrorDetailType[];
}

@ObjectType({ description: 'A record removed by a delete.' })
export class DeletedRecord {
  @Field(() => String)
  id!: string;

  @Field(() => Boolean)
  deleted!: boolean;
}

@ObjectType({ description: 'Outcome of a bulk delete.' })
export class BulkDeleteResult {
  @Field(() => Int, { description: 'How many records were deleted.' })
  count!: number;

  @Field(() => [DeletedRecord])
  items!: DeletedRecord[];

  @Field(() => [BulkItemErrorType])
  errors!: BulkItemErrorType[];
}

@ObjectType('Address', { description: 'A postal address: free text, or its parts.' })
@InputType('AddressInput', { description: 'A postal address: `text` alone, or its parts.' })
export class Address {
  @Field(() => String, { nullable: true, description: 'The whole address as one line (instead of its parts).' })
  text?: string | null;

  @Field(() => String, { nullable: true })
  street?: string | null;

  @Field(() => String, { nullable: true })
  city?: string | null;

  @Field(() => String, { nullable: true })
  state?: string | null;

  @Field(() => String, { nullable: true })
  postalCode?: string | null;

  @Field(() => String, { nullable: true })
  country?: string | null;
}

/**
 * The Relay-style connection of a node type: `<Name>Edge { cursor node }` and a base class with edges, nodes,
 * pageInfo and totalCount. Use: `@ObjectType() export class SupplierConnection extends Connection(Supplier, 'Supplier') {}`.
 */
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => Node)
    node!: T;
  }

  @ObjectType(`${name}ConnectionBase`)
  abstract class ConnectionBase {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [Node], { description: "The page's items, without edges." })
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'How many items match the filter, over all pages.' })
    totalCount!: number;
  }
  return ConnectionBase;
}

/** The outcome of a bulk create or update: how many were written, the written items, and per-item errors. */
export function BulkResult<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}BulkResultBase`)
  abstract class BulkResultBase {
    @Field(() => Int, { description: 'How many items were written.' })
    count!: number;

    @Field(() => [Node])
    items!: T[];

    @Field(() => [BulkItemErrorType])
    errors!: BulkItemErrorType[];
  }
  return BulkResultBase;
}
