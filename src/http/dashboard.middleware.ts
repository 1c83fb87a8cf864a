import fs from 'node:fs';
import path from 'node:path';
import express, { type Response, Router } from 'express';
import { NotFoundError } from '../domain/errors';

/**
 * dist/dashboard (what `npm run build:dashboard` writes), whether the gateway runs from source (src/http) or built
 * (dist/src/http).
 */
export function dashboardDirectory(): string {
  const root = path.resolve(__dirname, '..', '..');
  return path.basename(root) === 'dist' ? path.join(root, 'dashboard') : path.join(root, 'dist', 'dashboard');
}

/**
 * The page may load and call only its own origin: no inline script or style, no frame around it, no other host (the
 * GraphQL subscription's WebSocket is the same origin too).
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function securityHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
}

/**
 * The web dashboard: index.html, never cached (it names the assets of the build in force), and the assets, whose
 * names carry their content's hash and so are cached for a year, immutable. Only these two: the build's operation
 * manifest stays private to the gateway.
 */
export function dashboardRoutes(directory = dashboardDirectory()): Router {
  const router = Router();
  let page: string | undefined;
  const index = (_req: express.Request, res: Response) => {
    page ??= fs.existsSync(path.join(directory, 'index.html')) ? fs.readFileSync(path.join(directory, 'index.html'), 'utf8') : undefined;
    securityHeaders(res);
    res.setHeader('Cache-Control', 'no-cache');
    if (!page) {
      res.status(503).type('text').send('The dashboard is not built: run npm run build (npm start builds it).');
      return;
    }
    res.type('html').send(page);
  };
  router.get('/', index);
  router.get('/index.html', index);
  router.use(
    '/assets',
    express.static(path.join(directory, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: securityHeaders,
    }),
  );
  router.use((req, _res, next) => next(new NotFoundError(`no dashboard file ${req.originalUrl}`)));
  return router;
}
