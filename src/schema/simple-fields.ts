import { getMetadataStorage } from 'type-graphql';

interface FieldEntry {
  target: Function;
  name: string;
  schemaName: string;
  simple?: boolean;
}
interface Marker {
  target: Function;
  fieldName?: string;
}

/**
 * Marks as TypeGraphQL `simple` every plain object field that nothing guards: no `@Authorized`, no
 * `@UseMiddleware` on the field or its class, and the property named as in the schema. TypeGraphQL otherwise wraps
 * each such field in a resolver that runs an empty middleware chain, once per field per item, which is a good part
 * of a large list's execution time; graphql-js's default resolver reads the same property. Field resolvers
 * (`@FieldResolver`) are unaffected (TypeGraphQL always gives them their own, with their scopes), and a field that
 * ever gets a guard keeps its wrapper without anyone having to remember this. Call before buildSchema, which must
 * be given no global middlewares.
 */
export function simpleWhereUnguarded(): number {
  const storage = getMetadataStorage() as unknown as {
    fields: FieldEntry[];
    objectTypes: Array<{ target: Function }>;
    authorizedFields: Marker[];
    middlewares: Marker[];
    resolverMiddlewares: Marker[];
  };
  const objectClasses = new Set(storage.objectTypes.map((type) => type.target));
  // Erring on the safe side: a field guard counts for every field of that name, a class guard for the whole hierarchy.
  const fieldGuards = new Set([...storage.authorizedFields, ...storage.middlewares].map((guard) => guard.fieldName));
  const related = (a: Function, b: Function) => a === b || a.prototype instanceof b || b.prototype instanceof a;
  const guarded = (field: FieldEntry) => fieldGuards.has(field.name) || storage.resolverMiddlewares.some((guard) => related(guard.target, field.target));
  let marked = 0;
  for (const field of storage.fields) {
    if (!objectClasses.has(field.target) || field.simple !== undefined || field.name !== field.schemaName || guarded(field)) continue;
    field.simple = true;
    marked++;
  }
  return marked;
}
