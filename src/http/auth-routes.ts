import { Router } from 'express';
import { login, logout, SESSION_TTL_MS } from '../domain/auth/authenticate';
import type { Store } from '../store/store';
import { readCookie, SESSION_COOKIE } from './authenticate';
import { sendData } from './envelope';

/** Web-panel sign-in: a session cookie (httpOnly, SameSite=Strict) plus a CSRF token for state-changing requests. */
export function authRoutes({ store, now, secureCookies }: { store: Store; now: () => Date; secureCookies: boolean }): Router {
  const router = Router();
  router.post('/login', async (req, res) => {
    const body = (req.body ?? {}) as { email?: unknown; password?: unknown };
    const result = await login(store, body.email, body.password, now());
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
    if (token) await logout(store, token);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    sendData(res, 200, { logged_out: true });
  });
  return router;
}
