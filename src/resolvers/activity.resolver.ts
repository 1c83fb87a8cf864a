import { Ctx, FieldResolver, Resolver } from 'type-graphql';
import { Parent } from './parent';
import type { Scope } from '../domain/auth/scopes';
import { ACTIVITY, ACTIVITY_ENTRY } from '../domain/activity/activity.declaration';
import { listActivity } from '../domain/activity/list';
import type { RequestContext } from '../domain/context';
import { DECLARATIONS } from '../domain/declarations';
import { outputOf } from '../domain/declare/mapping';
import type { CollectionName } from '../domain/stored';
import { ACTIVITY_RECORD_TYPES, ActivityRecord } from '../schema/activity.types';
import { shapeType } from '../schema/shape.types';
import { operationResolver } from './operation.resolver';

type Entry = { resourceType: string; resourceId: string };

const declarationOf = new Map(DECLARATIONS.map((declaration) => [declaration.collection as string, declaration]));

export const ActivityFeedResolver = operationResolver(ACTIVITY, (context, args) => listActivity(context, args));
const ActivityEntry = shapeType(ACTIVITY_ENTRY);

/** An activity entry's record as it stands now. */
@Resolver(() => ActivityEntry)
export class ActivityResolver {
  @FieldResolver(() => ActivityRecord, {
    nullable: true,
    description:
      'The record as it stands now (batched): null once it is deleted, for records of other kinds (bank statements, imports), or when the key lacks the record’s read scope.',
  })
  async record(@Parent() entry: Entry, @Ctx() context: RequestContext): Promise<typeof ActivityRecord | null> {
    const declaration = declarationOf.get(entry.resourceType);
    if (!declaration || !(entry.resourceType in ACTIVITY_RECORD_TYPES)) return null;
    if (!context.principal?.scopes.has(declaration.scopes.read as Scope)) return null;
    const doc = await context
      .loaders()
      .byId(declaration.collection as CollectionName)
      .load(entry.resourceId);
    if (!doc) return null;
    return Object.assign(outputOf(declaration, doc as never), { __collection: entry.resourceType }) as never;
  }
}
