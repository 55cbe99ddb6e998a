import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'soko_session';
const HOUR = 60 * 60 * 1000;
const PERSISTENT_SESSION_MS = 30 * 24 * HOUR;
const BROWSER_SESSION_MS = 12 * HOUR;
/**
 * A session also ends when it has not been used for a while: a phone left signed in on a
 * shared or lost device stops being a way in. "Remember me" buys a long idle time, not an
 * endless one. Two hours without it leaves room to write an ad and upload its photos on a
 * slow line.
 */
export const IDLE_TIMEOUT_MS = { browser: 2 * HOUR, persistent: 14 * 24 * HOUR } as const;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type User = typeof users.$inferSelect;
export type SessionInfo = { id: string; userId: string; persistent: boolean; expiresAt: Date };

export async function createSession(
  db: Db,
  userId: string,
  options: { persistent: boolean },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; persistent: boolean }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (options.persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), persistent: options.persistent, expiresAt });
  return { token, expiresAt, persistent: options.persistent };
}

/** The user behind a bearer token or session cookie, or null when it is unknown, expired or revoked, or the account is banned. */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<{ user: User; session: SessionInfo } | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({
      user: users,
      session: { id: sessions.id, userId: sessions.userId, persistent: sessions.persistent, expiresAt: sessions.expiresAt },
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.bannedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > IDLE_TIMEOUT_MS[row.session.persistent ? 'persistent' : 'browser']) return null;
  if (idleFor > TOUCH_EVERY_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
  return { user: row.user, session: row.session };
}

/** Signs the user out on every device (My details, "Sign out everywhere"). */
export async function revokeAllSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
}

