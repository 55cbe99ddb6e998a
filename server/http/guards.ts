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
 * or a backslash, or starting with two slashes, falls back.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  const v = typeof value === 'string' ? value : '';
  // eslint-disable-next-line no-control-regex
  if (!v.startsWith('/') || v.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(v)) return fallback;
  // Resolved the way a browser would, it must stay on our origin; non-ASCII comes back
  // percent-encoded, so it is always a valid Location header.
  const base = 'http://soko.invalid';
  const url = new URL(v, base);
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The admin guard (issue 19): requireAuth, then the admin role. A page answers 404 to anyone
 * else (the admin area does not exist for them); the API answers 403.
 */
export function requireAdmin(auth: Auth | null | undefined, page?: URL): Auth {
  const signedIn = requireAuth(auth, page);
  if (signedIn.user.role === 'admin') return signedIn;
  if (page) throw new Response('Page not found', { status: 404 });
  throw forbidden('Only moderators can do this.');
}
