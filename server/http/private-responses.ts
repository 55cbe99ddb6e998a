import type { MiddlewareHandler } from 'hono';
import type { AuthVariables } from './auth-middleware.ts';
import { editResponseHeaders } from './response-headers.ts';

/**
 * Answers that carry a token, a cookie or anything personal must never be stored by a shared
 * cache (an operator's proxy, a cybercafé's) or the browser's back-forward history for the
 * next person at the same phone: Cache-Control: no-store, unless the route chose a policy.
 */
export function noStoreForPrivateResponses(): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    const personal = c.get('auth') || c.res.headers.has('Set-Cookie') || /^\/api\/(auth|payments)\//.test(c.req.path);
    if (!personal) return;
    editResponseHeaders(c, (headers) => headers.set('Cache-Control', 'no-store'));
  };
}
