import type { Auth } from '../context.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * The one sign-in guard, for the API and for pages alike. Without a signed-in user an API
 * request gets 401 (the standard error body); a page's loader or action (pass the page's
 * address, its `url` argument) sends the visitor to the login page, which brings them back.
 */
export function requireAuth(auth: Auth | null | undefined, page?: URL): Auth {
  if (auth) return auth;
  if (page) throw loginRedirect(page);
  throw unauthorized();
}

/**
 * A redirect to /auth/login remembering the page (React Router follows a thrown redirect
 * Response). The page's address is the loader's `url`, not its request's: a navigation in the
 * app asks for the page's data at /that-page.data (future.v8_passThroughRequests).
 */
export function loginRedirect(url: URL): Response {
  const back = `${url.pathname}${url.search}`;
  return new Response(null, { status: 302, headers: { Location: `/auth/login?redirectTo=${encodeURIComponent(back)}` } });
}

/**
 * Only a path on our own site is accepted as a place to go after login (no open redirects).
 * Browsers drop tabs and newlines from URLs and treat a backslash like a slash, so
 * "/\t/evil.example" and "/\\evil.example" are other sites: anything with a control character
 * or a backslash, or starting with two slashes, falls back. The check is made on the path as it
 * is returned, after dot segments are resolved: "/.//evil.example", "/a/..//evil.example" and
 * "/%2e//evil.example" all come out as "//evil.example", another site.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  const path = sameSitePath(typeof value === 'string' ? value : '');
  // A browser resolves the Location it is given once more: that must change nothing.
  return path !== null && sameSitePath(path) === path ? path : fallback;
}

// eslint-disable-next-line no-control-regex
const notAPath = (v: string) => !v.startsWith('/') || v.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(v);

/** The value resolved the way a browser would, when it stays a path on our origin; else null. */
function sameSitePath(v: string): string | null {
  if (notAPath(v)) return null;
  const base = 'http://soko.invalid';
  const url = new URL(v, base);
  if (url.origin !== base) return null;
  // Non-ASCII comes back percent-encoded, so it is always a valid Location header.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return notAPath(path) ? null : path;
}

/**
 * The admin guard (issue 19): requireAuth, then the admin role. A page answers 404 to anyone
 * else (the admin area does not exist for them); the API answers 403.
 */
export function requireAdmin(auth: Auth | null | undefined, page?: URL): Auth {
  const signedIn = requireAuth(auth, page);
  if (signedIn.user.role === 'admin') return signedIn;
  if (page) throw new Response('Page not found', { status: 404 });
  throw forbidden((t) => t.errors.moderatorsOnly);
}
