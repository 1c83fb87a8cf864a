import { DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, type Connection } from '../domain/pagination';

/**
 * A domain page as a GraphQL connection (edges, nodes, pageInfo, totalCount). The edges, a cursor per node, are
 * built when first read: most selections (and every REST list) read only the nodes.
 */
export function toConnection<D, N>(page: Connection<D>, map: (doc: D) => N) {
  const nodes = page.nodes.map(map);
  const cursorAt = (i: number) => encodeCursor(page.window.skip + i);
  let edges: Array<{ cursor: string; node: N }> | undefined;
  return {
    get edges() {
      edges ??= nodes.map((node, i) => ({ cursor: cursorAt(i), node }));
      return edges;
    },
    nodes,
    totalCount: page.totalCount,
    pageInfo: {
      hasNextPage: page.window.skip + nodes.length < page.totalCount,
      hasPreviousPage: page.window.skip > 0,
      startCursor: nodes.length ? cursorAt(0) : null,
      endCursor: nodes.length ? cursorAt(nodes.length - 1) : null,
    },
  };
}

/** What a field's `complexity` receives from the cost limit: its coerced arguments and one child's cost. */
export interface ComplexityArgs {
  args: Record<string, unknown>;
  childComplexity: number;
}

/** A connection's cost: what one item costs, times the page size asked for. */
export function pageComplexity({ args, childComplexity }: ComplexityArgs): number {
  const first = typeof args.first === 'number' ? Math.min(Math.max(args.first, 1), MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return 1 + first * childComplexity;
}
