import { Arg, Authorized, Ctx, FieldResolver, Int, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { Scope } from '../domain/auth/scopes';
import { listActivity } from '../domain/activity/list';
import type { RequestContext } from '../domain/context';
import { DECLARATIONS } from '../domain/declarations';
import { outputOf } from '../domain/declare/mapping';
import type { ActivityDocument, CollectionName } from '../domain/stored';
import { ACTIVITY_RECORD_TYPES, ActivityEntry, ActivityPage, ActivityRecord } from '../schema/activity.types';

type Entry = ActivityEntry & { collection: string };

export const toActivityEntry = (doc: ActivityDocument): Entry => ({
  id: doc._id.toHexString(),
  resourceType: doc.resource_type,
  resourceId: doc.resource_id.toHexString(),
  collection: doc.resource_type,
  action: doc.action,
  actor: doc.actor ? { kind: doc.actor.kind, id: doc.actor.id.toHexString(), name: doc.actor.name ?? null } : null,
  at: doc.at,
  summary: doc.summary,
});

const declarationOf = new Map(DECLARATIONS.map((declaration) => [declaration.collection as string, declaration]));

@Resolver(() => ActivityEntry)
export class ActivityResolver {
  @Authorized('stats:read')
  @Query(() => ActivityPage, {
    description: 'The account’s latest changes, newest first: optionally of one resource type, one action, and Argentine days `from` to `to` (both included).',
  })
  async activity(
    @Ctx() context: RequestContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true, description: '1 to 100 (default 20).' }) perPage?: number,
    @Arg('resourceType', () => String, { nullable: true, description: 'A collection: suppliers, expenses, received_invoices…' }) resourceType?: string,
    @Arg('action', () => String, { nullable: true }) action?: string,
    @Arg('from', () => String, { nullable: true, description: 'YYYY-MM-DD, Argentine day.' }) from?: string,
    @Arg('to', () => String, { nullable: true, description: 'YYYY-MM-DD, Argentine day (included).' }) to?: string,
  ): Promise<ActivityPage> {
    const found = await listActivity(context, { page, perPage, resourceType, action, from, to });
    return { ...found, items: found.items.map(toActivityEntry) };
  }

  @FieldResolver(() => ActivityRecord, {
    nullable: true,
    description:
      'The record as it stands now (batched): null once it is deleted, for records of other kinds (bank statements, imports), or when the key lacks the record’s read scope.',
  })
  async record(@Parent() entry: Entry, @Ctx() context: RequestContext): Promise<typeof ActivityRecord | null> {
    const declaration = declarationOf.get(entry.collection);
    if (!declaration || !(entry.collection in ACTIVITY_RECORD_TYPES)) return null;
    if (!context.principal?.scopes.has(declaration.scopes.read as Scope)) return null;
    const doc = await context
      .loaders()
      .byId(declaration.collection as CollectionName)
      .load(entry.resourceId);
    if (!doc) return null;
    return Object.assign(outputOf(declaration, doc as never), { __collection: entry.collection }) as never;
  }
}
