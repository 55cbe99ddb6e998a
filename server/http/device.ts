import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import { queryRows, type Db } from '../db/client.ts';
import { editResponseHeaders } from './response-headers.ts';

export const DEVICE_COOKIE = 'soko_device';
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;
const MAC_LENGTH = 22;
const SECRET_NAME = 'device-cookies';

export type DeviceVariables = {
  deviceId: string;
  /**
   * True when the request came with a device cookie we issued. A request without one gets a
   * fresh id (and the cookie for next time), so per-device limits and view counts cannot hold
   * it: callers treat it as nobody in particular (docs/decisions/device-cookie-trust.md).
   */
  deviceKnown: boolean;
};

/**
 * The key that signs device cookies: a random secret in app_secrets (migration 0840), made by the
 * first instance that needs it, so every instance issues and accepts the same cookies. Read once
 * at start-up (server/services.ts), so no request waits on it.
 */
export async function loadDeviceKey(db: Db): Promise<Buffer> {
  await queryRows(db, sql`insert into app_secrets (name, value) values (${SECRET_NAME}, ${randomBytes(32).toString('base64url')}) on conflict (name) do nothing`);
  const [row] = await queryRows<{ value: string }>(db, sql`select value from app_secrets where name = ${SECRET_NAME}`);
  return Buffer.from(row!.value, 'base64url');
}

const mac = (key: Buffer, id: string) => createHmac('sha256', key).update(`device:${id}`).digest('base64url').slice(0, MAC_LENGTH);

/** The cookie's value for a device id: the id and its signature, so that ids cannot be made up. */
export function signDeviceId(key: Buffer, id: string): string {
  return `${id}.${mac(key, id)}`;
}

/** The device id a cookie value carries, or null when we did not issue it (made up, altered, or from before signing). */
export function verifyDeviceCookie(key: Buffer, value: string | undefined): string | null {
  const [id, given, ...rest] = (value ?? '').split('.');
  if (rest.length || !id || !given || !ID.test(id) || given.length !== MAC_LENGTH) return null;
  const expected = Buffer.from(mac(key, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

/**
 * A random, meaningless id per browser, kept a year in an httpOnly cookie. Kenyan carriers put
 * thousands of phones behind one IP address, so limits that protect sellers (phone reveals)
 * and honest view counts are kept per device (and per account), with only a generous ceiling
 * per IP. It identifies a browser, not a person, and is never shown or shared. The cookie is
 * signed: a client that makes up ids, or drops the cookie, is a device we do not know.
 */
export function deviceId(options: { secure: boolean; key: Buffer }): MiddlewareHandler<{ Variables: DeviceVariables }> {
  return async (c, next) => {
    const known = verifyDeviceCookie(options.key, getCookie(c, DEVICE_COOKIE));
    const id = known ?? randomBytes(16).toString('base64url');
    c.set('deviceId', id);
    c.set('deviceKnown', known !== null);
    await next();
    // Static files and media do not need one; pages and the API do.
    if (!known && !/\.[a-z0-9]+$/i.test(c.req.path)) {
      const cookie = serialize(DEVICE_COOKIE, signDeviceId(options.key, id), { httpOnly: true, sameSite: 'Lax', secure: options.secure, path: '/', maxAge: ONE_YEAR_S });
      editResponseHeaders(c, (headers) => headers.append('Set-Cookie', cookie));
    }
  };
}
