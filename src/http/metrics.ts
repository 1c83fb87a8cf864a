import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { NotFoundError, UnauthenticatedError } from '../domain/errors';
import type { Store } from '../store/store';
import { sendError } from './rest-envelope';
import { toClientError } from '../rest-compat/client-errors';

/** The surface a request reached; anything outside the two APIs (health, GraphiQL, metrics) is `other`. */
export type Surface = 'rest' | 'graphql' | 'other';

/** Counts per import of a vouchers file, as the domain announces it on the store's events (`import-finished`). */
export interface ImportOutcome {
  imported: number;
  duplicated: number;
  errors: number;
  review: number;
}

export function surfaceOf(path: string): Surface {
  if (path === '/api/v1' || path.startsWith('/api/v1/')) return 'rest';
  if (path === '/graphql' || path.startsWith('/graphql/')) return 'graphql';
  return 'other';
}

/**
 * One gateway's metrics, on a registry of its own (not prom-client's global one): several gateways in one process (the
 * tests) each count only their own requests. The route label is the route's template (see RouteTemplates).
 */
export class GatewayMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status' | 'surface'>;
  private readonly duration: Histogram<'method' | 'route' | 'surface'>;
  private readonly commands: Histogram<'method' | 'route' | 'surface'>;
  private readonly refusals: Counter<'surface'>;
  private readonly importRows: Counter<'outcome'>;

  constructor(store: Store, subscriptionConnections: () => number) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template, status and surface (rest, graphql, other)',
      labelNames: ['method', 'route', 'status', 'surface'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer closing, by method, route template and surface',
      labelNames: ['method', 'route', 'surface'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.commands = new Histogram({
      name: 'http_request_mongodb_commands',
      help: 'MongoDB commands one request sent (getMores, batches and commits included), by method, route template and surface',
      labelNames: ['method', 'route', 'surface'],
      buckets: [0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89],
      registers,
    });
    this.refusals = new Counter({
      name: 'gateway_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit (requests per caller, logins, unknown API keys), by surface',
      labelNames: ['surface'],
      registers,
    });
    this.importRows = new Counter({
      name: 'gateway_import_rows_total',
      help: 'Rows of imported vouchers files, by outcome (imported, duplicated, errors, review)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'gateway_subscription_connections',
      help: 'Open subscription WebSocket connections (graphql-ws) of this process',
      registers,
      collect() {
        this.set(subscriptionConnections());
      },
    });
    for (const outcome of ['imported', 'duplicated', 'errors', 'review'] as const) this.importRows.inc({ outcome }, 0);
    for (const surface of ['rest', 'graphql', 'other'] as const) this.refusals.inc({ surface }, 0);
    store.events.on('import-finished', (rows: ImportOutcome) => {
      for (const outcome of ['imported', 'duplicated', 'errors', 'review'] as const) this.importRows.inc({ outcome }, rows[outcome]);
    });
  }

  /** One request of `route` ended: `seconds` after it arrived, having sent `commands` MongoDB commands. */
  observe(req: Request, res: Response, route: string, seconds: number, commands: number): void {
    const surface = surfaceOf(req.originalUrl.split('?', 1)[0]);
    const labels = { method: req.method, route, surface };
    this.requests.inc({ ...labels, status: String(res.statusCode) });
    this.duration.observe(labels, seconds);
    this.commands.observe(labels, commands);
    if (res.statusCode === 429) this.refusals.inc({ surface });
  }
}

/** Constant-time comparison of a presented token with the configured one (digests first: lengths may differ). */
function sameToken(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * `GET /metrics` in Prometheus' text format. With a token, only `Authorization: Bearer <token>` reads it; a missing
 * or wrong one answers 401 (the gateway's error envelope, `WWW-Authenticate: Bearer`).
 */
export function metricsEndpoint(metrics: GatewayMetrics, token: string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (token) {
      const [scheme, presented] = (req.get('authorization') ?? '').split(' ', 2);
      if (scheme?.toLowerCase() !== 'bearer' || !presented || !sameToken(presented, token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        const refusal = new UnauthenticatedError('metrics require Authorization: Bearer with the configured METRICS_TOKEN');
        return sendError(
          res,
          toClientError(refusal, () => undefined),
        );
      }
    }
    try {
      const text = await metrics.registry.metrics();
      res.setHeader('Content-Type', metrics.registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.send(text);
    } catch (error) {
      next(error);
    }
  };
}

/** The app of the metrics' own listener (METRICS_PORT): `GET /metrics` and nothing else (404 in the usual envelope). */
export function metricsApp(metrics: GatewayMetrics, token: string | undefined): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsEndpoint(metrics, token));
  app.use((req: Request, res: Response) =>
    sendError(
      res,
      toClientError(new NotFoundError(`no route ${req.method} ${req.path}`), () => undefined),
    ),
  );
  return app;
}
