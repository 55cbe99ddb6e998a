import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'soko_session';
const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;

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

/** The user behind a bearer token or session cookie, or null when it is unknown, expired or revoked. */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<{ user: User; session: SessionInfo } | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ user: users, session: { id: sessions.id, userId: sessions.userId, persistent: sessions.persistent, expiresAt: sessions.expiresAt } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hashToken(token)));
}

