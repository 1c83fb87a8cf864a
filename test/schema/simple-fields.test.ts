import 'reflect-metadata';
import { isObjectType } from 'graphql';
import { Authorized, buildSchema, Field, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import { simpleWhereUnguarded } from '../../src/schema/simple-fields';

@ObjectType()
class Sample {
  @Field(() => String)
  open!: string;

  @Authorized('secret:read')
  @Field(() => String)
  guarded!: string;

  @UseMiddleware(async (_data, next) => next())
  @Field(() => String)
  wrapped!: string;

  @Field(() => String, { name: 'renamed' })
  property!: string;
}

@Resolver()
class SampleResolver {
  @Query(() => Sample)
  sample(): Sample {
    return { open: 'a', guarded: 'b', wrapped: 'c', property: 'd' };
  }
}

it('only unguarded fields named as their property lose their TypeGraphQL resolver', async () => {
  simpleWhereUnguarded();
  const schema = await buildSchema({ resolvers: [SampleResolver], authChecker: () => false, validate: false });
  const type = schema.getType('Sample');
  if (!isObjectType(type)) throw new Error('Sample is not an object type');
  const fields = type.getFields();
  expect(fields.open.resolve).toBeUndefined();
  expect(fields.guarded.resolve).toBeDefined();
  expect(fields.wrapped.resolve).toBeDefined();
  expect(fields.renamed.resolve).toBeDefined();
});
