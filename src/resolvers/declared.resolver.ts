import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import { conditionalWrite } from '../domain/preconditions';
import { DECLARED, type Declared } from '../domain/declarations';
import { outputOf } from '../domain/declare/mapping';
import type { ListOrder } from '../domain/declare/declare.resource';
import { BulkDeleteResult, IF_MATCH_DESCRIPTION } from '../schema/common';
import { typesOf } from '../schema/declared.types';
import type { StoredRecord as TenantDocument } from '../domain/resource';
import { pageComplexity, toConnection } from './connection';
import { nodeSelection } from './selection';

type Row = Record<string, unknown>;

const IF_MATCH = IF_MATCH_DESCRIPTION;

const capitalized = (name: string) => `${name[0].toUpperCase()}${name.slice(1)}`;

/**
 * The standard queries and mutations of a declared resource — `<one>`, `<many>`, `create<One>`, `update<One>`,
 * `delete<One>` and the three bulk forms (those its declared operations allow) — with its scopes, over its domain
 * Resource, as resolver classes to register. A resource with more (state moves, links) adds a resolver of its own.
 */
function declaredResolver({ declaration, resource }: Declared): Function[] {
  const types = typesOf(declaration);
  const toOutput = (doc: TenantDocument) => outputOf(declaration, doc as never);
  const { one, many, label, scopes } = declaration;
  const operations = {
    create: declaration.operations?.create !== false,
    update: declaration.operations?.update !== false,
    bulk: declaration.operations?.bulk !== false,
    remove: declaration.operations?.remove !== false,
  };
  const One = capitalized(one);
  const Many = capitalized(many);
  const target = { collection: declaration.collection, label };

  // Defined before the get/list/delete class so the schema lists create before delete, as it always has.
  const classes: Function[] = [];
  if (operations.create) {
    @Resolver(() => types.Record)
    class DeclaredCreateResolver {
      @Authorized(scopes.write)
      @Mutation(() => types.Record, { name: `create${One}`, description: declaration.notes?.create })
      async create(@Arg('input', () => types.CreateInput) input: Row, @Ctx() context: RequestContext): Promise<Row> {
        return toOutput(await resource.create(context, input));
      }
    }
    classes.push(DeclaredCreateResolver);
  }

  @Resolver(() => types.Record)
  class DeclaredResolver {
    @Authorized(scopes.read)
    @Query(() => types.Record, { name: one, description: `One ${label} of the account.` })
    async get(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Row> {
      return toOutput(await resource.get(context, id));
    }

    @Authorized(scopes.read)
    @Query(() => types.Connection, {
      name: many,
      description: `${Many} of the account, filtered, ordered and paginated (at most 100 a page).`,
      complexity: pageComplexity,
    })
    async list(
      @Ctx() context: RequestContext,
      @Info() info: GraphQLResolveInfo,
      @Arg('filter', () => types.Filter, { nullable: true }) filter?: Row,
      @Arg('orderBy', () => types.OrderBy, { nullable: true }) orderBy?: ListOrder,
      @Arg('first', () => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' }) first?: number,
      @Arg('after', () => String, { nullable: true, description: 'Cursor of the last item of the previous page.' }) after?: string,
      @Arg('offset', () => Int, { nullable: true, description: 'Items to skip (instead of after).' }) offset?: number,
    ): Promise<Row> {
      const page = await resource.list(context, filter ?? undefined, orderBy ?? undefined, { first, after, offset }, nodeSelection(info));
      // The validated filter travels with the page, for fields computed over every match (e.g. a total).
      return Object.assign(toConnection(page, toOutput), { filter });
    }
  }

  classes.push(DeclaredResolver);
  if (operations.remove) {
    @Resolver(() => types.Record)
    class DeclaredRemoveResolver {
      @Authorized(scopes.write)
      @Mutation(() => ID, { name: `delete${One}`, description: declaration.notes?.remove ?? `Deletes a ${label}; answers its id.` })
      async remove(
        @Arg('id', () => ID) id: string,
        @Ctx() context: RequestContext,
        @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH }) ifMatch?: string,
      ): Promise<string> {
        return conditionalWrite(context, target, id, ifMatch, () => resource.remove(context, id));
      }
    }
    classes.push(DeclaredRemoveResolver);
  }
  if (operations.update) {
    @Resolver(() => types.Record)
    class DeclaredUpdateResolver {
      @Authorized(scopes.write)
      @Mutation(() => types.Record, {
        name: `update${One}`,
        description: declaration.notes?.update ?? 'Changes the given fields; the others keep their values.',
      })
      async update(
        @Arg('id', () => ID) id: string,
        @Arg('input', () => types.UpdateInput) input: Row,
        @Ctx() context: RequestContext,
        @Arg('ifMatch', () => String, { nullable: true, description: IF_MATCH }) ifMatch?: string,
      ): Promise<Row> {
        return toOutput(await conditionalWrite(context, target, id, ifMatch, () => resource.update(context, id, input)));
      }
    }
    classes.push(DeclaredUpdateResolver);
  }
  if (operations.bulk) {
    @Resolver(() => types.Record)
    class DeclaredBulkResolver {
      @Authorized(scopes.write)
      @Mutation(() => types.BulkResult, {
        name: `create${Many}`,
        description: `Creates up to 500 ${many}. With allOrNone (default) nothing is written if any item fails.`,
      })
      async createMany(
        @Arg('inputs', () => [types.CreateItem]) inputs: Row[],
        @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
        @Ctx() context: RequestContext,
      ): Promise<Row> {
        const outcome = await resource.createMany(context, inputs, allOrNone);
        return { count: outcome.items.length, items: outcome.items.map(toOutput), errors: outcome.errors };
      }

      @Authorized(scopes.write)
      @Mutation(() => BulkDeleteResult, { name: `delete${Many}`, description: `Deletes up to 500 ${many}.` })
      async removeMany(
        @Arg('ids', () => [ID]) ids: string[],
        @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
        @Ctx() context: RequestContext,
      ): Promise<BulkDeleteResult> {
        const outcome = await resource.removeMany(context, ids, allOrNone);
        return { count: outcome.items.length, items: outcome.items.map((id) => ({ id, deleted: true })), errors: outcome.errors };
      }
    }
    classes.push(DeclaredBulkResolver);
  }
  if (operations.bulk && operations.update) {
    @Resolver(() => types.Record)
    class DeclaredBulkUpdateResolver {
      @Authorized(scopes.write)
      @Mutation(() => types.BulkResult, { name: `update${Many}`, description: `Partially updates up to 500 ${many} (each item names its id).` })
      async updateMany(
        @Arg('inputs', () => [types.UpdateItem]) inputs: Row[],
        @Arg('allOrNone', () => Boolean, { defaultValue: true }) allOrNone: boolean,
        @Ctx() context: RequestContext,
      ): Promise<Row> {
        const outcome = await resource.updateMany(context, inputs, allOrNone);
        return { count: outcome.items.length, items: outcome.items.map(toOutput), errors: outcome.errors };
      }
    }
    classes.push(DeclaredBulkUpdateResolver);
  }
  return classes;
}

/** The resolvers of every declared resource (domain/declarations.ts). */
export const DECLARED_RESOLVERS: Function[] = DECLARED.flatMap(declaredResolver);
