import { redirect, type AppLoadContext } from 'react-router';
import type { Auth } from '../../server/context';

/** The path to come back to after login: where the visitor was, never another site. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(`/auth/login?redirectTo=${encodeURIComponent(back)}`);
}

/** For protected pages: the signed-in user, or a redirect to /auth/login remembering the page. */
export function requireAuth(context: AppLoadContext, request: Request): Auth {
  if (!context.auth) throw loginRedirect(request);
  return context.auth;
}

/** Only same-site paths are accepted as a redirect target after login (no open redirects). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  const v = typeof value === 'string' ? value : '';
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return fallback;
  return v;
}
