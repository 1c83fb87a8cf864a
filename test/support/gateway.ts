import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createAccount, createApiKey, createUser } from '../../src/domain/auth/auth.admin';
import type { Scope } from '../../src/domain/auth/scopes';
import { type GatewayOptions, startGateway, type RunningGateway } from '../../src/gateway';
import { createLogger } from '../../src/logger';
import { connectStore, type StoreConnection } from '../../src/store/connect';
import type { Store } from '../../src/store/store';
import { graphqlErrorCodeProblems } from './error-code-conformance';
import { openApiConformance } from './openapi-conformance';
import { testCuit } from './cuit';
import { sharedStoreUri } from './store-uri';

const driftFound = (what: string, problems: string[]) => {
  throw new Error(`${what}:\n${problems.join('\n')}`);
};

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any;
}

export interface RequestOptions {
  key?: string;
  headers?: Record<string, string>;
  /** A JSON body, or a FormData sent as multipart/form-data. */
  body?: unknown;
  /** A raw body string (sent as JSON content type). */
  raw?: string;
}

/** Paths (`variables.a.b`) of the files among GraphQL variables. */
function filesIn(value: unknown, path: string, found: Array<[string, Blob]>): Array<[string, Blob]> {
  if (value instanceof Blob) found.push([path, value]);
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) filesIn(inner, `${path}.${key}`, found);
  return found;
}

/** A GraphQL multipart request (the graphql-multipart-request-spec): files out of `variables`, each its own part. */
function multipartOperation(query: string, variables: Record<string, unknown>, files: Array<[string, Blob]>): FormData {
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({ query, variables }, (_key, value) => (value instanceof Blob ? null : value)),
  );
  form.append('map', JSON.stringify(Object.fromEntries(files.map(([path], index) => [String(index), [path]]))));
  for (const [index, [, file]] of files.entries()) form.append(String(index), file, file instanceof File ? file.name : `upload-${index}`);
  return form;
}

export interface TestAccount {
  accountId: string;
  key: string;
}

export interface TestGateway {
  url: string;
  /** The metrics' own listener (`…/metrics`), when METRICS_PORT is set. */
  metricsUrl?: string;
  store: Store;
  /** The connection string of its store (where another gateway joins it, see startTestGateway's `sameStoreAs`). */
  storeUri: string;
  /** The gateway's clock: tests may set it. */
  clock: { now: Date };
  /** A new account with a key holding `scopes`. */
  account(scopes: Scope[]): Promise<TestAccount>;
  /** Another key for an existing account. */
  key(accountId: string, scopes: Scope[]): Promise<string>;
  user(accountId: string, email: string, password: string, role?: 'owner' | 'viewer'): Promise<string>;
  rest(method: string, pathAndQuery: string, options?: RequestOptions): Promise<HttpResult>;
  /** Any path of the gateway (e.g. `/graphql` with a raw body). */
  http(method: string, pathAndQuery: string, options?: RequestOptions): Promise<HttpResult>;
  /** A GraphQL request; variables holding files (Blob, File) go as a multipart request. */
  gql(query: string, variables?: Record<string, unknown>, options?: RequestOptions): Promise<HttpResult>;
  /** MongoDB commands the request with this X-Request-Id sent (waits for the request's log line). */
  commandsOf(requestId: string): Promise<number>;
  stop(): Promise<void>;
}

export { testCuit };

let databases = 0;

/**
 * A gateway on a free port, on its own database: of MONGODB_URI when set, else of the jest worker's engine
 * (test/support/store-uri.ts), else of an embedded engine on a temporary directory. `env` overrides configuration
 * variables; `logs` collects the warnings it logs; `monitorCommands` turns on the driver's command events (`store.client.on('commandStarted', …)`). `sameStoreAs`
 * runs it on another test gateway's database instead, over a connection of its own, as another process would (stop
 * it before that gateway, which owns the database).
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  logs?: Array<Record<string, unknown>>,
  {
    monitorCommands = false,
    sameStoreAs,
    spanExporter,
  }: { monitorCommands?: boolean; sameStoreAs?: TestGateway; spanExporter?: GatewayOptions['spanExporter'] } = {},
): Promise<TestGateway> {
  const shared = sharedStoreUri();
  const dir = shared || sameStoreAs ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const connection: StoreConnection = await connectStore({
    mongodbUri: sameStoreAs?.storeUri ?? shared,
    dataDir: dir ?? os.tmpdir(),
    monitorCommands,
  });
  const clock = { now: new Date() };
  // Request rate limits are off unless a suite turns them on (suites send hundreds of requests a second).
  const config = {
    ...loadConfig({
      PORT: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      ...env,
    }),
  };
  const dbName = sameStoreAs?.store.db.databaseName ?? `gw_${process.pid}_${Date.now().toString(36)}_${databases++}`;
  const gateway: RunningGateway = await startGateway({
    config,
    log: logs ? createLogger('warn', { write: (line: string) => logs.push(JSON.parse(line)) }) : createLogger('silent'),
    now: () => clock.now,
    connection,
    dbName,
    spanExporter,
  });
  /** Every REST exchange is held to the OpenAPI document the gateway publishes (test/support/openapi-conformance.ts). */
  let conformance: Promise<ReturnType<typeof openApiConformance>> | undefined;
  const commands = new Map<string, number>();
  gateway.store.events.on('request', ({ requestId, commands: count }: { requestId: string; commands: number }) => commands.set(requestId, count));

  const request = async (method: string, url: string, options: RequestOptions = {}): Promise<HttpResult> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    let body: string | FormData | undefined;
    // A FormData body goes out as multipart/form-data, its boundary set by fetch.
    if (options.body instanceof FormData) body = options.body;
    else if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (typeof body === 'string') headers['content-type'] ??= 'application/json';
    const response = await fetch(`${gateway.url}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (e.g. GraphiQL's HTML)
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };

  return {
    url: gateway.url,
    metricsUrl: gateway.metricsUrl,
    store: gateway.store,
    storeUri: connection.uri,
    clock,
    async account(scopes) {
      const accountId = (await createAccount(gateway.store, { name: 'Test account', cuit: testCuit() })).toHexString();
      const { key } = await createApiKey(gateway.store, { accountId, scopes });
      return { accountId, key };
    },
    async key(accountId, scopes) {
      return (await createApiKey(gateway.store, { accountId, scopes })).key;
    },
    async user(accountId, email, password, role = 'owner') {
      return (await createUser(gateway.store, { accountId, email, password, role })).toHexString();
    },
    async rest(method, pathAndQuery, options = {}) {
      const result = await request(method, `/api/v1${pathAndQuery}`, options);
      conformance ??= request('GET', '/api/v1/openapi.json').then((served) => openApiConformance(served.body as Record<string, unknown>));
      const problems = (await conformance)({
        method,
        url: `/api/v1${pathAndQuery}`,
        requestBody: options.raw === undefined ? options.body : undefined,
        status: result.status,
        contentType: result.headers.get('content-type'),
        body: result.body,
      });
      if (problems.length) driftFound('the answer drifts from the published OpenAPI document', problems);
      return result;
    },
    http: request,
    async gql(query, variables, options = {}) {
      const files = filesIn(variables ?? {}, 'variables', []);
      // Uploads must carry the preflight header (Apollo's CSRF prevention refuses simple multipart requests).
      const result = files.length
        ? await request('POST', '/graphql', {
            ...options,
            headers: { 'apollo-require-preflight': 'true', ...(options.headers ?? {}) },
            body: multipartOperation(query, variables ?? {}, files),
          })
        : await request('POST', '/graphql', { ...options, body: { query, variables } });
      const problems = graphqlErrorCodeProblems(query, undefined, result.body);
      if (problems.length) driftFound('the answer carries an undeclared error code', problems);
      return result;
    },
    async commandsOf(requestId) {
      for (let attempt = 0; attempt < 1000 && !commands.has(requestId); attempt++) await new Promise((resolve) => setTimeout(resolve, 2));
      const count = commands.get(requestId);
      if (count === undefined) throw new Error(`no command tally for request ${requestId}`);
      return count;
    },
    async stop() {
      await gateway.stop();
      // On a server other suites use after this one, the database goes with the gateway that made it.
      if (shared && !sameStoreAs) await gateway.store.db.dropDatabase().catch(() => undefined);
      await connection.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
