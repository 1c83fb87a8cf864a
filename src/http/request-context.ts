import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { createContext, type PlatformSettings, type RequestContext } from '../domain/context';
import type { SecretBox } from '../domain/secrets';
import type { AfipServices } from '../domain/taxpayer-data/afip-port';
import type { Logger } from '../logger';
import type { Store } from '../store/store';
import { carriesSignature, principalOfLink } from '../domain/auth/signed-links';
import { authenticate } from './authenticate.middleware';
import { RememberedKeys } from './remembered-keys';
import type { UnknownKeyThrottle } from './throttle';

export interface ContextOptions {
  store: Store;
  log: Logger;
  now: () => Date;
  secrets: SecretBox;
  afip?: AfipServices;
  platform: PlatformSettings;
  /** Counts the unknown API keys each client address sends (absent: not counted). */
  unknownKeys?: UnknownKeyThrottle;
}

/** Told of each request once its answer closed: how long it took and how many MongoDB commands it sent. */
export type RequestObserver = (req: Request, res: Response, seconds: number, commands: number) => void;

const REQUEST_ID = /^[\w.-]{1,100}$/;

export function contextOf(res: Response): RequestContext {
  return res.locals.context as RequestContext;
}

/**
 * Gives each request an id (kept from `X-Request-Id` when sane), a logger that stamps it on every line, a tally of
 * the MongoDB commands it sends, and — once authenticated — its RequestContext.
 */
export function requestScope({ store, log }: ContextOptions, observe?: RequestObserver) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const requestLog = log.child({ reqId: requestId });
    res.locals.requestId = requestId;
    res.locals.log = requestLog;
    const started = process.hrtime.bigint();
    void store
      .tally(
        () =>
          new Promise<void>((resolve) => {
            res.once('close', resolve);
            next();
          }),
      )
      .then(({ commands }) => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        observe?.(req, res, ms / 1000, commands);
        requestLog.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10, mongoCommands: commands }, 'request');
        store.events.emit('request', { requestId, commands });
      });
  };
}

/**
 * The request's context, once its caller is known. Reads, and GraphQL requests (whose mutations wait for it, see
 * statusPlugin), may start while the caller's API key is checked again (see authenticate); any other request
 * waits for the check.
 */
export function authenticated({ store, now, secrets, afip, platform, unknownKeys }: ContextOptions) {
  const keys = new RememberedKeys();
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A signed download link, opened without a key (a browser's plain link): the link is the credential.
      if (!req.get('x-api-key') && req.originalUrl.startsWith('/api/v1/') && carriesSignature(req.originalUrl)) {
        const link = principalOfLink(secrets, req.originalUrl, now());
        // The route reads its own query, without the signed tail.
        req.url = link.url;
        res.locals.context = createContext({
          requestId: res.locals.requestId,
          log: res.locals.log,
          store,
          principal: link.principal,
          now,
          secrets,
          afip,
          platform,
        });
        return next();
      }
      const { principal, verified } = await authenticate(req, store, now(), keys, unknownKeys && (() => unknownKeys.count(req, res)));
      const runsAhead = req.method === 'GET' || req.path === '/graphql';
      if (verified && !runsAhead) await verified;
      res.locals.context = createContext({
        requestId: res.locals.requestId,
        log: res.locals.log,
        store,
        principal,
        verified: runsAhead ? verified : undefined,
        now,
        secrets,
        afip,
        platform,
      });
      next();
    } catch (error) {
      next(error);
    }
  };
}
