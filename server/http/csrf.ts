import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated state changes must come from our own pages. Browsers send Origin on
 * every cross-origin POST (and Sec-Fetch-Site on modern ones); bearer-token clients and
 * server-to-server calls (webhooks) send neither a cookie nor a foreign Origin.
 */
export function sameOriginGuard(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (/^Bearer\s/i.test(c.req.header('authorization') ?? '')) return next();
    const origin = c.req.header('origin');
    const requestOrigin = new URL(c.req.url).origin;
    if (origin && origin !== 'null' && origin !== appOrigin && origin !== requestOrigin) {
      throw new AppError(403, (t) => t.errors.crossSite);
    }
    if (origin === 'null' || (!origin && c.req.header('sec-fetch-site') === 'cross-site')) {
      throw new AppError(403, (t) => t.errors.crossSite);
    }
    return next();
  };
}
