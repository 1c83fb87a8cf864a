import 'reflect-metadata';
import { STARTUP_STEPS } from './domain/startup-steps';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, ConfigError } from './config';
import { welcomeEmptyStore } from './domain/auth/first-start';
import { SCOPES } from './domain/auth/scopes';
import { createContext } from './domain/context';
import { createApp } from './http/app';
import { createApolloServer } from './http/graphql';
import { answerMalformedRequests } from './http/malformed-requests';
import { attachSubscriptions } from './http/subscriptions';
import { UnknownKeyThrottle } from './http/throttle';
import type { Logger } from './logger';
import { gatewaySchema } from './resolvers/gateway-schema';
import { declaredIndexes } from './domain/declarations';
import { ensureIndexes } from './store/catalog';
import { upgradeStoredData } from './store/upgrades';
import { connectStore, type StoreConnection } from './store/connect';
import { Store } from './store/store';
import { followInserts, followWrites } from './store/change-feed';
import type { ImportDocument } from './store/voucher-imports.store';
import { IMPORT_HISTORIES } from './domain/mis-comprobantes/import-lookup';
import { publishImportWrite } from './resolvers/import-progress';
import type { FceEventDocument } from './domain/fce/events';
import { publishFceEvent } from './resolvers/fce-pubsub';
import type { SecretBox } from './domain/secrets';
import { loadSecretBox } from './secrets-key';
import { AfipSoapClient } from './afip/client';
import { startPendingDaysSweep } from './domain/stats/sweep';
import { GatewayMetrics, metricsApp } from './http/metrics';
import { type SpanExporter, startTracing } from './http/tracing';

export const VERSION = '0.1.0';
const DRAIN_TIMEOUT_MS = 10_000;
const MAX_OPERATIONS_PER_CONNECTION = 10;
const KEEP_ALIVE_MS = 65_000;

export interface RunningGateway {
  url: string;
  /** Where the metrics' own listener (METRICS_PORT) answers, when there is one. */
  metricsUrl?: string;
  store: Store;
  stop(): Promise<void>;
}

export interface GatewayOptions {
  config: Config;
  log: Logger;
  /** Injectable clock (tests move time). */
  now?: () => Date;
  /** An already-open store connection to use instead of connecting (tests share one). */
  connection?: StoreConnection;
  /** Database name instead of the default (tests isolate themselves this way). */
  dbName?: string;
  /** The secrets key's box (default: from the configuration, see loadSecretBox). */
  secrets?: SecretBox;
  /** Traces go to this exporter, whatever the environment says (tests collect them in memory). */
  spanExporter?: SpanExporter;
}

/** Connects the store, builds the schema and the app, and listens. `stop()` drains requests and closes the store. */
export async function startGateway({
  config,
  log,
  now = () => new Date(),
  connection: given,
  dbName,
  secrets = loadSecretBox(config, log),
  spanExporter,
}: GatewayOptions): Promise<RunningGateway> {
  // Decided before connecting: command spans need the driver's command monitoring, which is off otherwise.
  const traces = spanExporter ? { exporters: [spanExporter] } : config.traces && { exporters: config.traces };
  const connection =
    given ??
    (await connectStore({ mongodbUri: config.MONGODB_URI, dataDir: config.DATA_DIR, log: (line) => log.info(line), monitorCommands: Boolean(traces) }));
  const store = dbName ? new Store(connection.client, connection.client.db(dbName)) : Store.on(connection.client);
  await ensureIndexes(store.db, declaredIndexes());
  await upgradeStoredData(store.db, STARTUP_STEPS);
  const platform = { fceMinThresholdArs: config.FCE_MIN_THRESHOLD_ARS, requireIfMatch: config.REQUIRE_IF_MATCH };
  await welcomeEmptyStore(store, log, {
    production: config.production,
    demoData: config.DEMO_DATA,
    contextFor: (accountId, userId) =>
      createContext({
        requestId: 'demo-data',
        log,
        store,
        principal: { accountId, userId, scopes: new Set(SCOPES), via: 'session' },
        now,
        secrets,
        platform,
      }),
  });

  const schema = await gatewaySchema();
  const apollo = createApolloServer(schema, log);
  await apollo.start();
  const throttle = {
    loginFailuresPerAccount: config.LOGIN_MAX_FAILURES,
    loginFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: config.LOGIN_LOCKOUT_SECONDS,
    unknownKeysPerIp: config.API_KEY_MAX_FAILURES_PER_IP,
    requestsPerMinute: config.RATE_LIMIT_PER_MINUTE,
  };
  // One unknown-key bound for HTTP and the subscription sockets: a guess counts against its address over both.
  const unknownKeys = new UnknownKeyThrottle(store, throttle);
  const afip = new AfipSoapClient({
    wsaa: { testing: config.AFIP_WSAA_URL_TESTING, production: config.AFIP_WSAA_URL_PRODUCTION },
    wsfe: { testing: config.AFIP_WSFE_URL_TESTING, production: config.AFIP_WSFE_URL_PRODUCTION },
    wsfecred: { testing: config.AFIP_WSFECRED_URL_TESTING, production: config.AFIP_WSFECRED_URL_PRODUCTION },
    timeoutMs: config.AFIP_TIMEOUT_MS,
  });
  let subscriptions: ReturnType<typeof attachSubscriptions> | undefined;
  const metricsOn = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined;
  const metrics = metricsOn ? new GatewayMetrics(store, () => subscriptions?.connections() ?? 0) : undefined;
  const tracing = traces && (await startTracing(traces, { schema, client: connection.client, version: VERSION }));
  if (tracing) log.info({ exporters: tracing.exporters }, 'tracing on');
  const app = createApp({
    schema,
    apollo,
    store,
    log,
    now,
    secrets,
    afip,
    platform,
    secureCookies: config.production,
    version: VERSION,
    throttle,
    unknownKeys,
    corsOrigins: config.CORS_ORIGINS,
    metrics: metrics && { metrics, serve: config.METRICS_PORT === undefined, token: config.METRICS_TOKEN },
    tracing: tracing && ((routeOf) => tracing.middleware(routeOf)),
  });
  // The statistics' days an import left marked are recounted by a writer, never by a read: this sweep.
  const sweep = startPendingDaysSweep(store, config.STATS_SWEEP_SECONDS * 1000, (error) =>
    log.error({ err: error }, 'sweeping the statistics left marked failed; the next sweep runs again'),
  );
  // FCE events recorded through any gateway over this store, for this gateway's subscribers.
  const fceFeed = await followInserts<FceEventDocument>(store, 'fce_events', (event) => publishFceEvent(store.events, event), log);
  // Imports' writes (their progress) through any gateway, for this gateway's subscribers of each import.
  const importFeeds = await Promise.all(
    Object.values(IMPORT_HISTORIES).map((history) => followWrites<ImportDocument>(store, history, (doc) => publishImportWrite(store.events, doc), log)),
  );
  const closeFeeds = () => Promise.all([fceFeed, ...importFeeds].map((feed) => feed.close()));
  const abandon = async () => {
    sweep.stop();
    await apollo.stop();
    await tracing?.shutdown();
    await closeFeeds();
    await store.idle();
    if (!given) await connection.close();
  };
  const metricsServer =
    metrics && config.METRICS_PORT !== undefined
      ? await listen(metricsApp(metrics, config.METRICS_TOKEN), config.METRICS_PORT, config.METRICS_HOST, 'METRICS_PORT').catch(async (error) => {
          await abandon();
          throw error;
        })
      : undefined;
  const server = await listen(app, config.PORT, config.HOST, 'PORT').catch(async (error) => {
    metricsServer?.close();
    await abandon();
    throw error;
  });
  // Idle keep-alive sockets are kept longer than a load balancer keeps its own (60 s is the usual idle timeout), and
  // than clients do: a client reusing a socket the server has just closed sees ECONNRESET, which it cannot retry for
  // a POST. Node's 5 s made that race likely for any client whose event loop lags a second.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  answerMalformedRequests(server);
  subscriptions = attachSubscriptions(
    server,
    schema,
    { store, log, now, secrets, afip, platform, unknownKeys },
    {
      maxConnections: config.SUBSCRIPTION_MAX_CONNECTIONS,
      maxConnectionsPerAccount: config.SUBSCRIPTION_MAX_CONNECTIONS_PER_ACCOUNT,
      maxMessageBytes: config.SUBSCRIPTION_MAX_MESSAGE_BYTES,
      maxOperationsPerConnection: MAX_OPERATIONS_PER_CONNECTION,
      drainTimeoutMs: DRAIN_TIMEOUT_MS,
    },
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST}:${port}`;
  log.info({ url }, 'gateway listening');
  const metricsUrl = metricsServer && `http://${config.METRICS_HOST}:${(metricsServer.address() as AddressInfo).port}/metrics`;
  if (metricsUrl) log.info({ url: metricsUrl }, 'metrics listening');

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting; let in-flight requests finish (bounded), then close the store. Subscription sockets are not
      // HTTP connections the server would close: they are closed (and cut after the same bound) by their own server.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const metricsClosed = metricsServer && new Promise<void>((resolve) => metricsServer.close(() => resolve()));
      metricsServer?.closeAllConnections();
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      sweep.stop();
      await subscriptions.close();
      await closeFeeds();
      await closed;
      await metricsClosed;
      clearTimeout(timer);
      await apollo.stop();
      // The spans of the last requests are sent before the process ends.
      await tracing?.shutdown();
      // Work the requests left running (an import's statistics) finishes before the client closes.
      await store.idle();
      if (!given) await connection.close();
      log.info('gateway stopped');
    })());
  return { url, metricsUrl, store, stop };
}

/** `app` listening on host:port; a port in use is a configuration error naming `setting`. */
function listen(app: ReturnType<typeof createApp>, port: number, host: string, setting: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    // Express 5 calls back on an error too (a port in use): the server is answered only once it listens.
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new ConfigError(`port ${port} is in use on ${host}: stop what listens there or set ${setting}`);
    throw error;
  });
}
