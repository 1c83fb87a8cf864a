import type { Request } from 'express';

/** Every path no route declares (probes, typos, scans) shares this label: a label per raw path would grow unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** An Express route object (what `req.route` holds once a route matched). */
type RouteObject = object;

/**
 * The template of the route a request matched (`/api/v1/suppliers/:id/`), for metrics' labels and spans' names: the
 * raw path would make a label value per id. Express keeps the matched route on the request but not where its router
 * was mounted once the request left it (an error passed on), so each router is registered with its mount path.
 */
export class RouteTemplates {
  private readonly templates = new WeakMap<RouteObject, string>();

  /** Registers the routes of `router` (an Express router or app) as mounted at `path` ('' for the app's own). */
  mounted(path: string, router: { stack: Array<{ route?: RouteObject & { path: unknown } }> }): void {
    for (const layer of router.stack) if (layer.route && typeof layer.route.path === 'string') this.templates.set(layer.route, `${path}${layer.route.path}`);
  }

  /** An ended request's route template; `/graphql` for the GraphQL endpoint (a mounted middleware, not a route). */
  of(req: Request): string {
    const route = (req as { route?: RouteObject }).route;
    const template = route && this.templates.get(route);
    if (template) return template;
    return req.originalUrl.split('?', 1)[0] === '/graphql' ? '/graphql' : UNMATCHED_ROUTE;
  }
}
