import { isUuid } from '../db/ids.ts';

/*
 * A save asked for before signing in (issue 18). The Save form of a visitor posts to
 * /saved/:id, which remembers the ad in this cookie and sends them to login (or sign-up) with
 * redirectTo=/saved/:id; that GET finishes the save only when the cookie names the same ad.
 *
 * Why a cookie rather than the address alone: a GET that changes data could be triggered by a
 * link on another site. Only our own POST (same-origin guarded, server/http/csrf.ts) sets the
 * cookie, so another site can make the browser visit /saved/:id but cannot make it save.
 */

export const PENDING_SAVE_COOKIE = 'soko_pending_save';
const MAX_AGE_S = 60 * 60;

export function pendingSaveCookie(listingId: string, secure: boolean): string {
  return `${PENDING_SAVE_COOKIE}=${listingId}; Path=/saved; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearPendingSaveCookie(secure: boolean): string {
  return `${PENDING_SAVE_COOKIE}=; Path=/saved; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The ad id the cookie names, or null. */
export function pendingSave(request: Request): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === PENDING_SAVE_COOKIE && value && isUuid(value)) return value;
  }
  return null;
}
