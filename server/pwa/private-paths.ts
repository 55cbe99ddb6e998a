/**
 * Pages the service worker never stores (server/pwa/service-worker.js): signed-in areas, sign-in
 * and account recovery, payments, and the API. Every signed-in answer also says no-store
 * (server/http/private-responses.ts), which the worker obeys as well; this list holds even for
 * an answer that forgot to. `tests/integration/pwa.test.ts` checks that every page that asks
 * for a sign-in is on it.
 *
 * An entry ending in `*` is a prefix ('/payment*': /payment-success, /payments/feature/…); one
 * ending in `/` covers what is below it ('/listings/': the edit form, not the /listings results);
 * any other is the page and what is below it, with its React Router data ('/admin', '/admin.data').
 * A lone `*` segment stands for any one segment (the review form of any ad, below).
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/auth',
  '/account*',
  '/my-details',
  '/verify-phone',
  '/welcome',
  '/forgot-password',
  '/reset-password',
  '/logout',
  '/manage-ads',
  '/my-ads',
  '/post-ad',
  '/listings/',
  '/edit*',
  '/favourites',
  '/saved*',
  '/my-alerts',
  '/unsubscribe',
  '/messages',
  '/listing/*/review',
  // The counted WhatsApp link: its answer carries the seller's number (a redirect to wa.me).
  '/listing/*/whatsapp',
  '/manage-job-ads',
  '/create-listing',
  '/admin',
  '/payment*',
  '/feature*',
  '/sandbox',
] as const;

/** Requests that end the session in this browser (a form post or the API): the worker then drops every stored page. */
export const SIGN_OUT_PATHS = ['/logout', '/logout.data', '/my-details', '/my-details.data', '/api/auth/logout', '/api/auth/logout-everywhere', '/api/auth/me'] as const;

/** The same for a language's pages under `base` ('/sw'): its forms post under it, the API does not. */
export const signOutPaths = (base = ''): string[] => SIGN_OUT_PATHS.map((p) => (base && !p.startsWith('/api/') ? `${base}${p}` : p));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * One regular expression of a path, the same text the worker is given. For a language's pages
 * under `base` ('/sw'), the same paths with or without it (its pages are under it; the API and
 * the sandboxes, which its pages also call, are not).
 */
export const privatePathPattern = (base = ''): string =>
  `^${base ? `(?:${escape(base)})?` : ''}(?:${PRIVATE_PATHS.map((p) => (p.endsWith('*') ? escape(p.slice(0, -1)) : p.endsWith('/') ? escape(p) : `${escape(p)}(?:[/.]|$)`).replaceAll('\\/\\*\\/', '\\/[^/.]+\\/')).join('|')})`;

export const isPrivatePath = (path: string, base = ''): boolean => new RegExp(privatePathPattern(base)).test(path);
