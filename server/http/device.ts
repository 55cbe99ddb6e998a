import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';

export const DEVICE_COOKIE = 'soko_device';
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const VALID = /^[A-Za-z0-9_-]{22}$/;

export type DeviceVariables = { deviceId: string };

/**
 * A random, meaningless id per browser, kept a year in an httpOnly cookie. Kenyan carriers put
 * thousands of phones behind one IP address, so limits that protect sellers (phone reveals)
 * and honest view counts are kept per device (and per account), with only a generous ceiling
 * per IP. It identifies a browser, not a person, and is never shown or shared.
 */
export function deviceId(options: { secure: boolean }): MiddlewareHandler<{ Variables: DeviceVariables }> {
  return async (c, next) => {
    const existing = getCookie(c, DEVICE_COOKIE);
    const id = existing && VALID.test(existing) ? existing : randomBytes(16).toString('base64url');
    c.set('deviceId', id);
    await next();
    // Static files and media do not need one; pages and the API do.
    if (id !== existing && !/\.[a-z0-9]+$/i.test(c.req.path)) {
      const cookie = serialize(DEVICE_COOKIE, id, { httpOnly: true, sameSite: 'Lax', secure: options.secure, path: '/', maxAge: ONE_YEAR_S });
      try {
        c.res.headers.append('Set-Cookie', cookie);
      } catch {
        c.res = new Response(c.res.body, c.res);
        c.res.headers.append('Set-Cookie', cookie);
      }
    }
  };
}
