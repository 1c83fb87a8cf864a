import compression from 'compression';
import cors from 'cors';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { expressMiddleware } from '@as-integrations/express5';
import type { ApolloServer, BaseContext } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { runInTimeZone } from '../schema/date-time';
import { type PlatformSettings, type RequestContext, refusalOf } from '../domain/context';
import { type AppError, NotFoundError, PayloadTooLargeError, ValidationError } from '../domain/errors';
import { checkJsonShape } from '../domain/json-shape';
import type { Logger } from '../logger';
import { compileRoutes, restRouter } from './rest-router';
import { openApiDocument } from '../rest-compat/openapi';
import { COMPONENTS, ROUTES } from '../rest-compat/routes';
import type { SecretBox } from '../domain/secrets';
import type { AfipServices } from '../domain/taxpayer-data/afip-port';
import type { Store } from '../store/store';
import { authRoutes } from './auth-routes';
import { toClientError } from '../rest-compat/client-errors';
import { sendError } from './rest-envelope';
import { serveGraphiQL, wantsGraphiQL } from './graphiql';
import { graphqlUploads } from './graphql-uploads';
import { type GatewayMetrics, metricsEndpoint } from './metrics';
import { RouteTemplates } from './route-templates';
import { digestKeyedBody, idempotency, REPLAYED_HEADER } from './idempotency';
import { dashboardDirectory, dashboardRoutes } from './dashboard.middleware';
import { persistedOperations } from './persisted-operations';
import { authenticated, contextOf, requestScope } from './request-context';
import { requestRateLimit } from './request-rate-limit';
import { LoginThrottle, type ThrottleOptions, type UnknownKeyThrottle } from './throttle';

export interface AppOptions {
  schema: GraphQLSchema;
  apollo: ApolloServer<RequestContext & BaseContext>;
  store: Store;
  log: Logger;
  now: () => Date;
  secrets: SecretBox;
  afip: AfipServices;
  platform: PlatformSettings;
  secureCookies: boolean;
  version: string;
  throttle: ThrottleOptions;
  /** The unknown-key bound, shared with the subscription server (one count per address over both). */
  unknownKeys: UnknownKeyThrottle;
  /** Origins whose browser pages may call the API (CORS); none: no CORS headers at all. */
  corsOrigins: readonly string[];
  /** This gateway's metrics (absent: none are kept); `serve` puts `GET /metrics` on this app (else its own listener). */
  metrics?: { metrics: GatewayMetrics; serve: boolean; token?: string };
  /** Wraps each request (a trace's server span, named by the route's template) when tracing is on. */
  tracing?: (routeOf: (req: Request) => string) => RequestHandler;
}

/** What a browser page of an allowed origin may send and read (the API's own headers). */
const CORS = {
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: [
    'content-type',
    'x-api-key',
    'x-csrf-token',
    'apollo-require-preflight',
    'time-zone',
    'x-request-id',
    'idempotency-key',
    'if-match',
    'if-none-match',
    'prefer',
  ],
  exposedHeaders: [
    'x-request-id',
    'retry-after',
    'ratelimit-limit',
    'ratelimit-remaining',
    'ratelimit-reset',
    'content-disposition',
    // An upload answered at once (202): where its import reads, and that the preference was applied.
    'location',
    'preference-applied',
    'etag',
    REPLAYED_HEADER.toLowerCase(),
  ],
  maxAge: 600,
};

/**
 * Failures raised before our code runs, as our errors: a body over 1 MB is 413, malformed JSON is 400, and so is a
 * path whose percent-encoding does not decode (the router's URIError).
 */
function transportError(error: unknown): AppError | undefined {
  if (error instanceof URIError)
    return new ValidationError('malformed percent-encoding in the URL path', [{ path: '', message: error.message }], 'MALFORMED_URL');
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') return new PayloadTooLargeError('request body larger than 1 MB');
  if (type === 'entity.parse.failed') return new ValidationError('request body is not valid JSON', [{ path: '', message: 'malformed JSON' }]);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return new ValidationError('unsupported body encoding');
  return undefined;
}

/** The most of an unread body discarded before a refusal is sent: past the largest upload, the client is cut off. */
const DISCARDED_BYTES = 32 * 1024 * 1024;

/**
 * A refusal made before the body was read (no key, no scope, not a form, a header missing) reaches a client that is
 * still writing it: answering and closing then resets its socket before it reads the answer. The rest of the body is
 * read and discarded first, up to DISCARDED_BYTES (past that, the answer closes the connection).
 */
function unreadBodyDiscarded(req: Request, res: Response): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      req.off('data', count);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARDED_BYTES) {
        res.setHeader('Connection', 'close');
        done();
      }
    };
    req.on('data', count);
    req.on('end', done);
    req.on('close', done);
    req.on('error', done);
    req.resume();
  });
}

export function createApp(options: AppOptions): express.Express {
  const { schema, apollo, store, log, now } = options;
  const routes = compileRoutes(schema, ROUTES);
  const openApi = openApiDocument(ROUTES, COMPONENTS, options.version);
  const app = express();
  app.disable('x-powered-by');
  // Flat query strings only: `?status[$gt]=` stays a plain key, never an object.
  app.set('query parser', 'simple');

  const metrics = options.metrics?.metrics;
  const templates = new RouteTemplates();
  const routeOf = (req: Request) => templates.of(req);
  if (options.tracing) app.use(options.tracing(routeOf));
  app.use(
    requestScope(
      { store, log, now, secrets: options.secrets, platform: options.platform },
      metrics && ((req, res, seconds, commands) => metrics.observe(req, res, routeOf(req), seconds, commands)),
    ),
  );
  // JSON, GraphiQL (9 MB as written) and exports travel compressed when the client accepts it (gzip, brotli).
  app.use(compression({ threshold: 1024 }));
  // Preflights are answered before any key is asked for: a browser sends none with them.
  if (options.corsOrigins.length) app.use(cors({ origin: [...options.corsOrigins], ...CORS }));
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const ready = await store.ping();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'store unreachable' });
  });
  // The root leads a browser to the IDE and tells a program where everything is.
  app.get('/', (req, res) => {
    if (wantsGraphiQL(req)) return res.redirect(302, '/graphiql');
    res.json({
      name: 'ar-admin-gateway',
      version: options.version,
      graphql: '/graphql',
      graphiql: '/graphiql',
      dashboard: '/dashboard',
      rest: '/api/v1',
      openapi: '/api/v1/openapi.json',
      health: '/healthz',
    });
  });
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openApi);
  });
  if (metrics && options.metrics?.serve) app.get('/metrics', metricsEndpoint(metrics, options.metrics.token));
  app.get('/graphiql', serveGraphiQL);
  app.get('/graphql', (req, res, next) => (wantsGraphiQL(req) ? serveGraphiQL(req, res) : next()));
  app.use('/dashboard', dashboardRoutes());

  app.use(express.json({ limit: '1mb', verify: digestKeyedBody }));
  app.use((req, _res, next) => {
    checkJsonShape(req.body);
    next();
  });
  const auth = authRoutes({ store, now, secureCookies: options.secureCookies, throttle: new LoginThrottle(store, options.throttle) });
  app.use('/api/v1/auth', auth);
  app.use(
    authenticated({
      store,
      log,
      now,
      secrets: options.secrets,
      afip: options.afip,
      platform: options.platform,
      unknownKeys: options.unknownKeys,
    }),
  );
  if (options.throttle.requestsPerMinute > 0) app.use(requestRateLimit(store, options.throttle.requestsPerMinute));
  const keyed = idempotency({ store, secrets: options.secrets, now });
  const rest = restRouter(schema, routes, contextOf, keyed);
  app.use('/api/v1', rest);
  app.use('/api/v1', (req, _res, next) => next(new NotFoundError(`no route ${req.method} ${req.originalUrl}`)));
  app.use('/graphql', (req, _res, next) => runInTimeZone(req.get('time-zone'), next));
  app.use('/graphql', keyed);
  app.use('/graphql', graphqlUploads());
  app.use('/graphql', persistedOperations(dashboardDirectory()));
  app.use('/graphql', expressMiddleware(apollo, { context: async ({ res }) => contextOf(res) }));

  app.use(async (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestLog = (res.locals.log as Logger | undefined) ?? log;
    await unreadBodyDiscarded(req, res);
    // A key the store stopped accepting while the request ran is what the caller hears about, whatever else failed.
    const cause = (await refusalOf(contextOf(res))) ?? transportError(error) ?? error;
    const client = toClientError(cause, (unexpected) => requestLog.error({ err: unexpected }, 'unexpected error'));
    if (req.path.startsWith('/graphql')) {
      res
        .status(client.status)
        .json({ errors: [{ message: client.message, extensions: { code: client.code, ...(client.details.length ? { details: client.details } : {}) } }] });
    } else sendError(res, client);
  });
  // Requests are known by their route's template: the routers' routes, with where each is mounted.
  templates.mounted('', app.router);
  templates.mounted('/api/v1/auth', auth);
  templates.mounted('/api/v1', rest);
  return app;
}
