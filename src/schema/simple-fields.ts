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
    resolverClasses: Array<{ target: Function; getObjectType?: () => Function }>;
    authorizedFields: Marker[];
    middlewares: Marker[];
    resolverMiddlewares: Marker[];
  };
  const objectClasses = new Set(storage.objectTypes.map((type) => type.target));
  const related = (a: Function, b: Function) => a === b || a.prototype instanceof b || b.prototype instanceof a;
  /** The object type a guard's class stands for: itself, or the type its resolver class resolves (unknown: any). */
  const guardedType = (target: Function): Function | undefined => {
    if (objectClasses.has(target)) return target;
    const resolver = storage.resolverClasses.find((entry) => entry.target === target);
    try {
      return resolver?.getObjectType?.();
    } catch {
      return undefined;
    }
  };
  // A field guard counts for the fields of that name on its own type (and the types related to it); one whose type
  // cannot be told counts for every field of that name. A class guard counts for the whole hierarchy.
  const fieldGuards = [...storage.authorizedFields, ...storage.middlewares].map((guard) => ({ name: guard.fieldName, type: guardedType(guard.target) }));
  const guarded = (field: FieldEntry) =>
    fieldGuards.some((guard) => guard.name === field.name && (!guard.type || related(guard.type, field.target))) ||
    storage.resolverMiddlewares.some((guard) => related(guard.target, field.target));
  let marked = 0;
  for (const field of storage.fields) {
    if (!objectClasses.has(field.target) || field.simple !== undefined || field.name !== field.schemaName || guarded(field)) continue;
    field.simple = true;
    marked++;
  }
  return marked;
}
