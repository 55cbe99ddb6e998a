import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';

/*
 * One-click unsubscribe links of alert e-mails (RFC 8058). The link names the saved search and
 * carries an HMAC of it, so it works without signing in and cannot be made for another search.
 * The key is a random secret kept in the database (migration 0840's app_secrets), made by the
 * first instance that needs it, so every instance signs and checks with the same one and no
 * setting is needed.
 */

const SECRET_NAME = 'unsubscribe-links';
const MAC_LENGTH = 32;
const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key (made once per database, cached per process). */
export function unsubscribeKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await queryRows(db, sql`INSERT INTO app_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) ON CONFLICT (name) DO NOTHING`);
      const [row] = await queryRows<{ value: string }>(db, sql`SELECT value FROM app_secrets WHERE name = ${SECRET_NAME}`);
      return Buffer.from(row!.value, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, searchId: string) => createHmac('sha256', key).update(`unsubscribe:${searchId}`).digest('base64url').slice(0, MAC_LENGTH);

/** The token of a search's unsubscribe link, with the key from unsubscribeKey. */
export function signUnsubscribe(key: Buffer, searchId: string): string {
  return `${searchId}.${mac(key, searchId)}`;
}

export async function unsubscribeToken(db: Db, searchId: string): Promise<string> {
  return signUnsubscribe(await unsubscribeKey(db), searchId);
}

/** The saved search a token names, or null when it is not one of ours (malformed or tampered). */
export async function verifyUnsubscribeToken(db: Db, token: string | null | undefined): Promise<string | null> {
  const [searchId, given, ...rest] = (token ?? '').split('.');
  if (rest.length || !searchId || !given || !isUuid(searchId) || given.length !== MAC_LENGTH) return null;
  const expected = Buffer.from(mac(await unsubscribeKey(db), searchId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? searchId : null;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe/${encodeURIComponent(token)}`;
}
