import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { moderationLog, type ModerationAction } from '../db/schema/index.ts';

/** A transaction handle, as Db['transaction'] hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Actor = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;

const actorName = (a: Actor) => `${a.firstName} ${a.lastName} (${a.email})`.trim();
/** The actor's name of what Soko did by itself (the hold on reports). */
const AUTOMATIC = 'Automatic';

/** One row of the moderation log: who (null: Automatic), when, what, why. */
export async function writeLog(db: Tx, entry: { actor: Actor | null; action: ModerationAction; listingId?: string; userId?: string; reviewId?: string; subject: string; reason?: string; now?: Date }) {
  await db.insert(moderationLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor ? actorName(entry.actor) : AUTOMATIC,
    action: entry.action,
    listingId: entry.listingId ?? null,
    userId: entry.userId ?? null,
    reviewId: entry.reviewId ?? null,
    subject: entry.subject,
    reason: entry.reason ?? '',
    ...(entry.now ? { createdAt: entry.now } : {}),
  });
}
