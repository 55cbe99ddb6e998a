import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { unsubscribeKey } from '../alerts/unsubscribe.ts';

/*
 * The one-click unsubscribe link of message e-mails (RFC 8058). It names the account and carries
 * an HMAC of it under the alerts' signing key (app_secrets, shared by every instance), with its
 * own label so an alert's token is never a valid message-mail token or the reverse. It works
 * without signing in and cannot be made for another account.
 */

const MAC_LENGTH = 32;
const mac = (key: Buffer, userId: string) => createHmac('sha256', key).update(`message-emails:${userId}`).digest('base64url').slice(0, MAC_LENGTH);

export async function messageMailToken(db: Db, userId: string): Promise<string> {
  return `${userId}.${mac(await unsubscribeKey(db), userId)}`;
}

/** The account a token names, or null when it is not one of ours (malformed or tampered). */
export async function verifyMessageMailToken(db: Db, token: string | null | undefined): Promise<string | null> {
  const [userId, given, ...rest] = (token ?? '').split('.');
  if (rest.length || !userId || !given || !isUuid(userId) || given.length !== MAC_LENGTH) return null;
  const expected = Buffer.from(mac(await unsubscribeKey(db), userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}

export const messageMailUnsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/unsubscribe/messages/${encodeURIComponent(token)}`;
