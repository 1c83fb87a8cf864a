import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type DocumentNode,
  type ExecutionArgs,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { CloseCode, type ServerOptions } from 'graphql-ws';
import { type Extra, useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { checkCsrf, principalForApiKey, principalForSession } from '../domain/auth/authenticate';
import { createContext, type Principal } from '../domain/context';
import type { ErrorCode } from '../domain/error-codes';
import { AppError, UnauthenticatedError } from '../domain/errors';
import { readCookieHeader, SESSION_COOKIE } from './authenticate.middleware';
import { formatGraphQLError } from './graphql';
import { UNKNOWN_KEYS_MESSAGE } from './throttle';
import { armorValidationRules, checkedCost, PARSE_OPTIONS, refuseCostly } from './graphql-limits';
import type { ContextOptions } from './request-context';

export interface SubscriptionLimits {
  /** Open WebSocket connections, all accounts together; more are refused at the handshake (HTTP 503). */
  maxConnections: number;
  /** Open connections of one account; one more is closed with 4429 once its key is known. */
  maxConnectionsPerAccount: number;
  /** Largest message a client may send; a larger one closes the connection (1009). */
  maxMessageBytes: number;
  /** Operations running at once on one connection. */
  maxOperationsPerConnection: number;
  /** How long closing sockets may take on shutdown before they are cut. */
  drainTimeoutMs: number;
}

/** Close codes, stable for clients (graphql-ws's own where one fits). */
export const CLOSE = {
  /** No key, an unknown or a revoked one (like HTTP 401): also when a key is revoked while connected. */
  unauthenticated: CloseCode.Unauthorized,
  tooManyConnections: 4429,
  /** Past the bound of unknown keys one address may try (like HTTP 429). */
  rateLimited: 4430,
  internal: CloseCode.InternalServerError,
  shutdown: 1001,
} as const;

export const GRAPHQL_PATH = '/graphql';

/** The API key of a connection_init payload: `x-api-key` (the HTTP header's name) or `apiKey`. */
export function apiKeyOf(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const named = [params?.['x-api-key'], params?.apiKey].filter((value): value is string => typeof value === 'string' && value !== '');
  // Two different keys in one payload name no one caller: refused like a bad key.
  if (named.length === 2 && named[0] !== named[1]) return '';
  return named[0];
}

interface Connection {
  /** Looks the connection's credentials up again (before each delivery): throws once the store no longer accepts them. */
  recheck: () => Promise<unknown>;
  principal: Principal;
  accountId: string;
}

const coded = (error: GraphQLError, code: ErrorCode) =>
  new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
const refusal = (message: string, code: ErrorCode) => new GraphQLError(message, { extensions: { code } });

/** An upgrade request refused before it becomes a WebSocket, with the same JSON envelope as other refusals. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, code: ErrorCode, message: string): void {
  const body = JSON.stringify({ success: false, error: { code, message, details: [] } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const UPGRADE_HEADERS = new Set(['upgrade', 'http2-settings']);

/**
 * Once the server listens to `upgrade`, Node hands it every request naming an Upgrade (an `h2c` attempt by
 * `curl --http2`, a WebSocket to another path) instead of answering it as plain HTTP, which is what a server without
 * WebSockets did. Such a request is given back: written again without its upgrade headers, ahead of its body's
 * bytes, and parsed afresh by the HTTP server as a connection of its own.
 */
function answerAsPlainHttp(server: Server, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    let value = req.rawHeaders[i + 1];
    if (UPGRADE_HEADERS.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === 'connection') {
      value = value
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token && !UPGRADE_HEADERS.has(token.toLowerCase()))
        .join(', ');
      if (!value) continue;
    }
    lines.push(`${name}: ${value}`);
  }
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  server.emit('connection', socket);
}

export interface SubscriptionServer {
  /** Open subscription sockets of this server. */
  connections(): number;
  /** Closes every socket (1001), cutting those that do not close within the drain timeout, and stops accepting. */
  close(): Promise<void>;
}

/**
 * GraphQL subscriptions over WebSocket (the graphql-transport-ws protocol of `graphql-ws`) on the HTTP server's own
 * port and path. A connection is authenticated once, by the API key of its connection_init payload, with the same
 * code as an HTTP request; each operation then runs with that caller's context, so the resolvers' scope checks apply
 * as they do over HTTP. Only subscriptions are served here: queries and mutations go over HTTP, where the rate limit
 * and request log apply. A session cookie alone is not accepted: a browser sends it on a cross-site WebSocket
 * handshake too. With it, the connection_init payload must carry the session's CSRF token (`x-csrf-token`), which a
 * page of another site cannot know: the web dashboard's live screens connect so.
 */
export function attachSubscriptions(server: Server, schema: GraphQLSchema, options: ContextOptions, limits: SubscriptionLimits): SubscriptionServer {
  const { store, log, now } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });
  const connections = new WeakMap<WebSocket, Connection>();
  const perAccount = new Map<string, number>();
  const rules = [...specifiedRules, ...armorValidationRules()];
  const format = formatGraphQLError(log);
  const formatAll = (errors: readonly GraphQLError[]) => errors.map((error) => format(error.toJSON(), error));

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (req.url?.split('?')[0] !== GRAPHQL_PATH || req.headers.upgrade?.toLowerCase() !== 'websocket') return answerAsPlainHttp(server, req, socket, head);
    if (wss.clients.size >= limits.maxConnections) {
      return refuseUpgrade(socket, 503, 'Service Unavailable', 'TOO_MANY_CONNECTIONS', 'too many subscription connections; try again later');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, req);
      // graphql-ws reports a socket's errors on the console as bugs of the implementation; they are the client's (an
      // oversized or malformed frame), and ws has already closed the socket with the matching code (1009, 1002).
      ws.removeAllListeners('error');
      ws.on('error', (error) => log.debug({ err: error }, 'subscription socket error'));
    });
  };
  server.on('upgrade', onUpgrade);

  const release = (socket: WebSocket) => {
    const connection = connections.get(socket);
    if (!connection) return;
    connections.delete(socket);
    const left = (perAccount.get(connection.accountId) ?? 1) - 1;
    if (left > 0) perAccount.set(connection.accountId, left);
    else perAccount.delete(connection.accountId);
  };

  const serverOptions: ServerOptions<Record<string, unknown>, Extra> = {
    schema,
    async onConnect({ connectionParams, extra: { socket, request } }) {
      const key = apiKeyOf(connectionParams);
      const session = readCookieHeader(request.headers.cookie, SESSION_COOKIE);
      const csrf = connectionParams?.['x-csrf-token'];
      let principal: Principal;
      let recheck: Connection['recheck'];
      try {
        if (key !== undefined) {
          principal = await principalForApiKey(store, key, now());
          recheck = () => principalForApiKey(store, key, now());
        } else if (session && typeof csrf === 'string') {
          const found = await principalForSession(store, session, now());
          try {
            checkCsrf(found.csrfHash, csrf);
          } catch {
            throw new UnauthenticatedError('the x-csrf-token of the connection_init payload is not the session’s');
          }
          principal = found.principal;
          recheck = () => principalForSession(store, session, now());
        } else throw new UnauthenticatedError('send the API key in the connection_init payload as x-api-key (or, with the session cookie, its x-csrf-token)');
      } catch (error) {
        if (!(error instanceof UnauthenticatedError)) {
          log.error({ err: error }, 'authenticating a subscription connection failed');
          socket.close(CLOSE.internal, 'internal error');
          return false;
        }
        // An unknown key counts against its address as over HTTP: guessing keys over WebSocket is bounded the same.
        const wait = key === undefined ? null : await options.unknownKeys?.countAddress(request.socket.remoteAddress ?? '');
        if (wait) socket.close(CLOSE.rateLimited, `${UNKNOWN_KEYS_MESSAGE} (in ${wait} s)`);
        else socket.close(CLOSE.unauthenticated, error.message.slice(0, 120));
        return false;
      }
      // The socket may have gone while the key was being looked up: nothing to count then.
      if (socket.readyState !== socket.OPEN) return false;
      const accountId = principal.accountId.toHexString();
      const open = perAccount.get(accountId) ?? 0;
      if (open >= limits.maxConnectionsPerAccount) {
        socket.close(CLOSE.tooManyConnections, `at most ${limits.maxConnectionsPerAccount} subscription connections per account`);
        return false;
      }
      perAccount.set(accountId, open + 1);
      connections.set(socket, { recheck, principal, accountId });
      log.info({ accountId, apiKeyId: principal.apiKey?.id.toHexString() }, 'subscription connection opened');
      return true;
    },
    onClose({ extra: { socket } }, code) {
      const connection = connections.get(socket);
      if (connection) log.info({ accountId: connection.accountId, code }, 'subscription connection closed');
      release(socket);
    },
    onSubscribe(ctx, _id, payload): ExecutionArgs | readonly GraphQLError[] {
      const connection = connections.get(ctx.extra.socket);
      if (!connection) return [refusal('the connection is not authenticated', 'UNAUTHENTICATED')];
      // The operation being subscribed is already listed in ctx.subscriptions.
      if (Object.keys(ctx.subscriptions).length > limits.maxOperationsPerConnection) {
        return [refusal(`at most ${limits.maxOperationsPerConnection} operations at once on one connection`, 'TOO_MANY_OPERATIONS')];
      }
      let document: DocumentNode;
      try {
        document = parse(payload.query, PARSE_OPTIONS);
      } catch (error) {
        return [error instanceof GraphQLError ? coded(error, 'GRAPHQL_PARSE_FAILED') : refusal('the document does not parse', 'GRAPHQL_PARSE_FAILED')];
      }
      // The same limits as over HTTP: depth, aliases and directives here, tokens in the parser, cost below.
      const invalid = validate(schema, document, rules);
      if (invalid.length) return invalid;
      const operation = getOperationAST(document, payload.operationName);
      if (!operation) return [refusal('name the operation to run (operationName)', 'OPERATION_RESOLUTION_FAILURE')];
      if (operation.operation !== 'subscription') {
        return [refusal(`only subscriptions are served over WebSocket; send ${operation.operation}s to POST ${GRAPHQL_PATH}`, 'BAD_REQUEST')];
      }
      const variables = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {});
      if (variables.errors) return variables.errors.map((error) => coded(error, 'BAD_USER_INPUT'));
      try {
        refuseCostly(checkedCost(schema, document, operation, variables.coerced));
      } catch (error) {
        return [error as GraphQLError];
      }
      const requestId = randomUUID();
      const contextValue = createContext({ ...options, requestId, log: log.child({ reqId: requestId }), principal: connection.principal });
      return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
    },
    async onNext({ extra: { socket } }, _id, _payload, _args, result) {
      // A key revoked (a session ended) while connected stops its deliveries: it is looked up again before each one.
      const connection = connections.get(socket);
      try {
        if (connection) await connection.recheck();
      } catch (error) {
        const revoked = error instanceof AppError && error.code === 'UNAUTHENTICATED';
        if (!revoked) log.error({ err: error }, 'checking a subscription key failed');
        socket.close(revoked ? CLOSE.unauthenticated : CLOSE.internal, revoked ? error.message.slice(0, 120) : 'internal error');
        return;
      }
      if (result.errors) return { ...result, errors: formatAll(result.errors) };
    },
    onError(_ctx, _id, _payload, errors) {
      return formatAll(errors);
    },
  };
  const graphqlWs = useServer(serverOptions, wss);

  return {
    connections: () => wss.clients.size,
    async close() {
      server.off('upgrade', onUpgrade);
      const open = [...wss.clients];
      const closed = Promise.all(open.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()))));
      const cut = setTimeout(() => {
        for (const socket of open) socket.terminate();
      }, limits.drainTimeoutMs);
      await graphqlWs.dispose();
      await closed;
      clearTimeout(cut);
    },
  };
}
