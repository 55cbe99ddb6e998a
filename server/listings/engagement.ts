import { sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';

/**
 * What buyers do with an ad besides reading it: views and phone reveals. Both are counted per
 * viewer (the signed-in account, else the browser's device id), not per IP address: Kenyan
 * carriers put thousands of phones behind one address.
 */

/** deviceKnown: the device id came from our cookie; a request without it is a new id each time, nobody in particular. */
export type Viewer = { userId: string | null; deviceId: string; deviceKnown: boolean };

export const viewerKey = (viewer: Viewer) => (viewer.userId ? `u:${viewer.userId}` : `d:${viewer.deviceId}`);

/** Rows older than this are only clutter; a few at a time are removed as new ones arrive. */
const PRUNE_EVERY = 500;
let writes = 0;
async function pruneSometimes(db: Db): Promise<void> {
  if (++writes % PRUNE_EVERY !== 0) return;
  await db.execute(sql`delete from listing_views where day < current_date - 2`);
}

/**
 * Counts a view once per viewer per listing per day, never the owner's own (callers leave out
 * bots). A request without the device cookie is not counted: it would be a new viewer every
 * time, so a script dropping the cookie could add a view per request. True when this view was counted.
 */
export async function recordView(db: Db, listingId: string, viewer: Viewer): Promise<boolean> {
  if (!viewer.deviceKnown || !isUuid(listingId)) return false;
  const counted = await queryRows<{ id: string }>(
    db,
    sql`with seen as (
          insert into listing_views (listing_id, viewer, day)
          select id, ${viewerKey(viewer)}, current_date from listings
          where id = ${listingId} and owner_id is distinct from ${viewer.userId}::uuid
          on conflict do nothing
          returning listing_id
        )
        update listings set views = views + 1 where id in (select listing_id from seen) returning id`,
  );
  await pruneSometimes(db);
  return counted.length > 0;
}

/** messagesOnly: the seller chose to be reached by messages only (My details): no number, nothing counted. */
export type PhoneReveal = { found: false } | { found: true; phoneNumber: string | null; messagesOnly?: true };

/**
 * The seller's phone number, revealed on request (never in page HTML), for an active ad only
 * (a sold, expired or hidden ad is not for sale). A number this device has
 * already seen is shown again for free; a new one counts against the device, the account (when
 * signed in) and, with a ceiling generous enough for carrier NAT, the IP address. A request
 * without the device cookie (a page view gives every browser one) shares a small allowance
 * with every other such request from its address: otherwise dropping the cookie would make
 * every request a fresh device with a fresh 40.
 */
export async function revealPhone(
  deps: Pick<Services, 'db' | 'rateLimits'>,
  listingId: string,
  who: Viewer & { ip: string },
): Promise<PhoneReveal> {
  if (!isUuid(listingId)) return { found: false };
  const [row] = await queryRows<{ phone: string | null; show_phone: boolean; owner_id: string; seen: boolean }>(
    deps.db,
    sql`select u.phone_number as phone, u.show_phone, l.owner_id,
          exists(select 1 from phone_reveals r where r.device_id = ${who.deviceId} and r.listing_id = l.id) as seen
        from listings l join users u on u.id = l.owner_id where l.id = ${listingId} and l.status = 'active'`,
  );
  if (!row) return { found: false };
  // A seller who asked for messages only: the number never leaves the database for anyone else.
  if (!row.show_phone && row.owner_id !== who.userId) return { found: true, phoneNumber: null, messagesOnly: true };
  // The seller's own number, and one already shown to this device, cost nothing.
  if (row.seen || row.owner_id === who.userId) return { found: true, phoneNumber: row.phone };
  await deps.rateLimits.hit('phoneRevealPerIp', who.ip);
  if (!who.deviceKnown) await deps.rateLimits.hit('phoneRevealWithoutCookiePerIp', who.ip);
  await deps.rateLimits.hit('phoneRevealPerDevice', who.deviceId);
  if (who.userId) await deps.rateLimits.hit('phoneRevealPerAccount', who.userId);
  // A new id's reveal need not be remembered: nobody will send that id again.
  if (!who.deviceKnown) return { found: true, phoneNumber: row.phone };
  await deps.db.execute(sql`insert into phone_reveals (device_id, listing_id) values (${who.deviceId}, ${listingId}) on conflict do nothing`);
  return { found: true, phoneNumber: row.phone };
}
