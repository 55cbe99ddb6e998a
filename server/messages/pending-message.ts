import { MAX_MESSAGE_LENGTH } from '#kernel/message-rules.ts';
import { isUuid } from '../db/ids.ts';

/*
 * A message a visitor wrote before signing in (issue 43). Their "Message seller" form posts to
 * /messages/new/:listingId, which keeps the text in this cookie and sends them to login with
 * redirectTo=/messages/new/:listingId; that page fills the form again from the cookie. Nothing is
 * sent until they press Send once signed in, so a link from another site cannot send a message
 * (the cookie is only set by our own same-origin POST, as the pending save in server/saved/).
 */

export const PENDING_MESSAGE_COOKIE = 'soko_pending_message';
const MAX_AGE_S = 60 * 60;
const PATH = '/messages/new';

export function pendingMessageCookie(listingId: string, body: string, secure: boolean): string {
  // A cookie holds about 4 KB: 1,000 characters percent-encoded fit unless most are outside ASCII.
  let value = encodeURIComponent(body.slice(0, MAX_MESSAGE_LENGTH));
  while (value.length > 3500) value = encodeURIComponent(decodeURIComponent(value).slice(0, -50));
  return `${PENDING_MESSAGE_COOKIE}=${listingId}.${value}; Path=${PATH}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearPendingMessageCookie(secure: boolean): string {
  return `${PENDING_MESSAGE_COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The text kept for this ad, or ''. */
export function pendingMessage(request: Request, listingId: string): string {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq).trim() !== PENDING_MESSAGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    const dot = value.indexOf('.');
    const id = value.slice(0, dot);
    if (!isUuid(id) || id !== listingId) return '';
    try {
      return decodeURIComponent(value.slice(dot + 1)).slice(0, MAX_MESSAGE_LENGTH);
    } catch {
      return '';
    }
  }
  return '';
}
