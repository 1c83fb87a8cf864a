import type { ObjectId } from 'mongodb';

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'posted',
  'reversed',
  'linked',
  'ignored',
  'event_recorded',
  'imported',
  'matched',
  'unmatched',
  'closed',
  'reopened',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Who made a change: the API key (its id and name) or the web-panel user. */
export interface ActivityActor {
  kind: 'api_key' | 'user';
  id: ObjectId;
  name?: string;
}

/** One change of one record of an account, written with the change itself. */
export interface ActivityDocument {
  _id: ObjectId;
  account_id: ObjectId;
  /** The collection of the record (`suppliers`, `expenses`, `journal_entries`…). */
  resource_type: string;
  resource_id: ObjectId;
  action: ActivityAction;
  actor: ActivityActor | null;
  at: Date;
  /** One line, in the language of the records (Spanish business names and amounts in pesos). */
  summary: string;
}

/**
 * How long activity is kept: 400 days, a fiscal year and the months of its closing and filing. The TTL index on
 * `at` removes older records, so the collection grows with the rate of changes, not with the account's age.
 */
export const ACTIVITY_RETENTION_DAYS = 400;
