/** What TypeGraphQL keeps of a resolver parameter: its position among the method's parameters. */
interface ParamMetadata {
  index: number;
}

interface Definition {
  params?: ParamMetadata[];
}

/** The definitions the schema was built from; building gave each its parameter list. */
interface MetadataStorage {
  queries?: Definition[];
  mutations?: Definition[];
  subscriptions?: Definition[];
  fieldResolvers?: Definition[];
}

let presorted = 0;

/** How many parameter lists presortResolverParams has sorted in this process. */
export const presortedLists = (): number => presorted;

const inOrder = (a: ParamMetadata, b: ParamMetadata) => a.index - b.index;

function sorted(this: ParamMetadata[]): ParamMetadata[] {
  return this;
}

/**
 * TypeGraphQL sorts a resolver's parameter list by position on every call (`getParams`), and each sort allocates: a
 * page of 100 delivery notes with their customers and their lines' products sorts 400 lists, a seventh of the
 * memory the request allocates. Each list is sorted once here, after the schema is built, and its `sort` then
 * answers the list as it is: the same order, without the work. Finding none (the library keeps its metadata
 * elsewhere) costs speed, not correctness; a test watches for it through presortedLists.
 */
export function presortResolverParams(): void {
  const storage = (globalThis as { TypeGraphQLMetadataStorage?: MetadataStorage }).TypeGraphQLMetadataStorage;
  const lists = new Set<ParamMetadata[]>();
  for (const definitions of [storage?.queries, storage?.mutations, storage?.subscriptions, storage?.fieldResolvers])
    for (const { params } of definitions ?? []) if (params?.length && !Object.hasOwn(params, 'sort')) lists.add(params);
  for (const params of lists) {
    params.sort(inOrder);
    Object.defineProperty(params, 'sort', { value: sorted });
  }
  presorted += lists.size;
}
