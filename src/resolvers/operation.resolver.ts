import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, Info, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../domain/context';
import type { ArgsOf, OperationDeclaration } from '../domain/declare/operation';
import { shapeOutput } from '../domain/declare/shape';
import { typeOf } from '../schema/declared.types';
import { inputShapeType, shapeType } from '../schema/shape.types';

/**
 * The Query (or Mutation) field of a declared operation, with its scope and arguments, as a resolver class to
 * register: `run` calls the domain (with the request's selection in `info`, for a part worth reading only when asked
 * for), and its result is mapped by the operation's shape.
 */
export function operationResolver<const O extends OperationDeclaration>(
  operation: O,
  run: (context: RequestContext, args: ArgsOf<O>, info: GraphQLResolveInfo) => Promise<unknown>,
): Function {
  // The result's types first: an enum both the result and an argument name is registered with the shape's description.
  const result = shapeType(operation.result);
  const names = Object.keys(operation.args);
  const made = {
    [`${operation.name[0].toUpperCase()}${operation.name.slice(1)}Resolver`]: class {
      async resolve(context: RequestContext, info: GraphQLResolveInfo, ...values: unknown[]): Promise<unknown> {
        const args = Object.fromEntries(names.map((name, index) => [name, values[index]])) as ArgsOf<O>;
        const value = await run(context, args, info);
        return operation.list ? (value as unknown[]).map((item) => shapeOutput(operation.result, item)) : shapeOutput(operation.result, value);
      }
    },
  };
  const type = Object.values(made)[0];
  const { prototype } = type;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'resolve')!;
  Ctx()(prototype, 'resolve', 0);
  Info()(prototype, 'resolve', 1);
  names.forEach((name, index) => {
    const { spec, required, description, input } = operation.args[name];
    const type = input ? inputShapeType(input) : undefined;
    Arg(name, type ? () => type : typeOf(spec, true), { nullable: !required, description })(prototype, 'resolve', index + 2);
  });
  const Field = operation.kind === 'mutation' ? Mutation : Query;
  Field(() => (operation.list ? [result] : result), { name: operation.name, description: operation.description })(prototype, 'resolve', descriptor);
  Authorized(operation.scope)(prototype, 'resolve', descriptor);
  Resolver()(type);
  return type;
}
