import { createUnionType } from 'type-graphql';
import { DECLARATIONS } from '../domain/declarations';
import { typesOf } from './declared.types';

/** The GraphQL type of the records of each collection an activity entry can lead to: every declared resource's. */
export const ACTIVITY_RECORD_TYPES: Readonly<Record<string, Function>> = Object.fromEntries(
  DECLARATIONS.map((declaration) => [declaration.collection, typesOf(declaration).Record]),
);

export const ActivityRecord = createUnionType({
  name: 'ActivityRecord',
  description: 'The record an activity entry is about, as it stands now.',
  types: () => Object.values(ACTIVITY_RECORD_TYPES) as never,
  resolveType: (value) => ACTIVITY_RECORD_TYPES[(value as { __collection: string }).__collection] as never,
});
