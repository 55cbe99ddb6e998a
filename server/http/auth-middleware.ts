import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { findSessionUser, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Auth, Services } from '../context.ts';

export type AuthVariables = { auth: Auth | null };

/** Resolves the signed-in user from `Authorization: Bearer` or the session cookie. */
export function resolveAuth(services: Pick<Services, 'db'>): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    c.set('auth', null);
    const header = c.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const cookie = getCookie(c, SESSION_COOKIE);
    const token = bearer ?? cookie;
    if (token) {
      const found = await findSessionUser(services.db, token);
      if (found) c.set('auth', { ...found, token, via: bearer ? 'bearer' : 'cookie' });
    }
    await next();
  };
}

/** The Set-Cookie value for a new session. */
export function sessionCookie(secure: boolean, token: string, options: { persistent: boolean; expiresAt: Date }): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    // Without "remember me" the cookie ends with the browser; the server still expires it after 12 h.
    ...(options.persistent ? { expires: options.expiresAt } : {}),
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: 0, expires: new Date(0) });
}

export function writeSessionCookie(c: Context, secure: boolean, token: string, options: { persistent: boolean; expiresAt: Date }): void {
  c.header('Set-Cookie', sessionCookie(secure, token, options), { append: true });
}

export function eraseSessionCookie(c: Context, secure: boolean): void {
  c.header('Set-Cookie', clearedSessionCookie(secure), { append: true });
}
