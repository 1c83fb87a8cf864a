import { Router } from 'express';
import { login, logout, SESSION_TTL_MS } from '../domain/auth/authenticate';
import { UnauthenticatedError } from '../domain/errors';
import type { Logger } from '../logger';
import type { Store } from '../store/store';
import { readCookie, SESSION_COOKIE } from './authenticate.middleware';
import { sendData } from './rest-envelope';
import type { LoginThrottle } from './throttle';

/** Web-panel sign-in: a session cookie (httpOnly, SameSite=Strict) plus a CSRF token for state-changing requests. */
export function authRoutes({
  store,
  now,
  secureCookies,
  throttle,
}: {
  store: Store;
  now: () => Date;
  secureCookies: boolean;
  throttle: LoginThrottle;
}): Router {
  const router = Router();
  router.post('/login', async (req, res) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    // Counted before the password is checked, so that a burst of attempts cannot all be checked.
    const attempt = await throttle.admit(req, res, email);
    let result: Awaited<ReturnType<typeof login>>;
    try {
      result = await login(store, body.email, body.password, now());
    } catch (error) {
      if (error instanceof UnauthenticatedError) attempt.failed(res.locals.log as Logger);
      throw error;
    }
    await attempt.succeeded();
    res.cookie(SESSION_COOKIE, result.sessionToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/',
      maxAge: SESSION_TTL_MS,
    });
    sendData(res, 200, { csrf_token: result.csrfToken, user: result.user, expires_at: result.expiresAt.toISOString() });
  });
  router.post('/logout', async (req, res) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await logout(store, token, req.get('x-csrf-token'));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    sendData(res, 200, { logged_out: true });
  });
  return router;
}
