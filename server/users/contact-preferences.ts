import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { users } from '../db/schema/index.ts';

/**
 * Whether buyers may see a seller's number (issue 43: each seller chooses in My details). False
 * means messages only: the ad page offers Message seller instead of Show phone and WhatsApp, and
 * revealPhone (server/listings/engagement.ts) gives nobody the number.
 */
export async function sellerShowsPhone(db: Db, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return true;
  const [row] = await db.select({ showPhone: users.showPhone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.showPhone ?? true;
}

/** Turns message e-mails off for an account (the one-click unsubscribe link needs no sign-in). */
export async function stopMessageEmails(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ messageEmails: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Whether an account still gets message e-mails (the unsubscribe page says whether they are already off). */
export async function getsMessageEmails(db: Db, userId: string): Promise<boolean | null> {
  const [row] = await db.select({ on: users.messageEmails }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? row.on : null;
}
