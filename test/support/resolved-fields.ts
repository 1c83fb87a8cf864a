import { isObjectType, type GraphQLSchema } from 'graphql';

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

/** `Type.field` of every field of a non-root object type that runs a resolver of its own (relations, computed values). */
export function resolvedFields(schema: GraphQLSchema): string[] {
  const names: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || ROOTS.has(type.name)) continue;
    for (const field of Object.values(type.getFields())) if (field.resolve) names.push(`${type.name}.${field.name}`);
  }
  return names.sort();
}
