import type { Request } from 'express';

/** Every path no route declares (probes, typos, scans) shares this label: a label per raw path would grow unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What this module reads of Express' router: a route and the layer that matches its path. */
interface RouteObject {
  path: unknown;
  _handlesMethod?(method: string): boolean;
}
interface Layer {
  route?: RouteObject;
  match?(path: string): unknown;
}

/**
 * The template of the route a request matched (`/api/v1/suppliers/:id/`), for metrics' labels and spans' names: the
 * raw path would make a label value per id. Express keeps the matched route on the request but not where its router
 * was mounted once the request left it (an error passed on), so each router is registered with its mount path. A
 * request answered before reaching its router (no key: 401; over the rate limit: 429) is matched against the routes
 * when it ends, so that it is counted under its route too.
 */
export class RouteTemplates {
  private readonly templates = new WeakMap<RouteObject, string>();
  /** Mounts, longest first: a path is matched against the routes of the most specific mount it lies under. */
  private readonly mounts: Array<{ path: string; layers: Layer[] }> = [];

  /** Registers the routes of `router` (an Express router or app) as mounted at `path` ('' for the app's own). */
  mounted(path: string, router: { stack: Layer[] }): void {
    const layers = router.stack.filter((layer) => layer.route && typeof layer.route.path === 'string');
    for (const layer of layers) this.templates.set(layer.route as RouteObject, `${path}${layer.route?.path}`);
    this.mounts.push({ path, layers });
    this.mounts.sort((a, b) => b.path.length - a.path.length);
  }

  /** An ended request's route template; `/graphql` for the GraphQL endpoint (a mounted middleware, not a route). */
  of(req: Request): string {
    const matched = (req as { route?: RouteObject }).route;
    const template = (matched && this.templates.get(matched)) ?? this.matching(req);
    if (template) return template;
    return req.originalUrl.split('?', 1)[0] === '/graphql' ? '/graphql' : UNMATCHED_ROUTE;
  }

  /** The template of the route that would have served a request answered before reaching it. */
  private matching(req: Request): string | undefined {
    const path = req.originalUrl.split('?', 1)[0];
    for (const mount of this.mounts) {
      if (mount.path !== '' && path !== mount.path && !path.startsWith(`${mount.path}/`)) continue;
      const below = path.slice(mount.path.length) || '/';
      try {
        const layer = mount.layers.find((candidate) => candidate.route?._handlesMethod?.(req.method) && candidate.match?.(below));
        if (layer?.route) return this.templates.get(layer.route);
      } catch {
        // A parameter whose percent-encoding does not decode: no route's.
        return undefined;
      }
    }
    return undefined;
  }
}
