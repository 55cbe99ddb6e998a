import { sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { bumpAdStat } from './ad-stats.ts';

/**
 * What buyers do with an ad besides reading it: views, phone reveals and WhatsApp taps, each
 * also counted for its seller (server/listings/ad-stats.ts) in the transaction that records it. Both are counted per
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
  await db.execute(sql`delete from listing_whatsapp_taps where day < current_date - 2`);
}

type Deps = Pick<Services, 'db' | 'logger'>;

/**
 * Counts a view once per viewer per listing per day, never the owner's own (callers leave out
 * bots). A request without the device cookie is not counted: it would be a new viewer every
 * time, so a script dropping the cookie could add a view per request. True when this view was counted.
 */
export async function recordView(deps: Deps, listingId: string, viewer: Viewer): Promise<boolean> {
  if (!viewer.deviceKnown || !isUuid(listingId)) return false;
  const counted = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`with seen as (
            insert into listing_views (listing_id, viewer, day)
            select id, ${viewerKey(viewer)}, current_date from listings
            where id = ${listingId} and owner_id is distinct from ${viewer.userId}::uuid
            on conflict do nothing
            returning listing_id
          )
          update listings set views = views + 1 where id in (select listing_id from seen) returning id`,
    );
    if (rows.length > 0) await bumpAdStat(tx, deps.logger, listingId, 'views');
    return rows.length > 0;
  });
  await pruneSometimes(deps.db);
  return counted;
}

/**
 * Counts a tap on the ad's WhatsApp link once per viewer per ad per day, as views are (never the
 * owner's own, nor a request without the device cookie). True when this tap was counted.
 */
export async function recordWhatsAppTap(deps: Deps, listingId: string, viewer: Viewer): Promise<boolean> {
  if (!viewer.deviceKnown || !isUuid(listingId)) return false;
  const counted = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ listing_id: string }>(
      tx,
      sql`insert into listing_whatsapp_taps (listing_id, viewer, day)
          select id, ${viewerKey(viewer)}, current_date from listings
          where id = ${listingId} and owner_id is distinct from ${viewer.userId}::uuid
          on conflict do nothing
          returning listing_id`,
    );
    if (rows.length > 0) await bumpAdStat(tx, deps.logger, listingId, 'whatsappTaps');
    return rows.length > 0;
  });
  await pruneSometimes(deps.db);
  return counted;
}

/** messagesOnly: the seller chose to be reached by messages only (My details): no number, nothing counted. */
export type PhoneReveal = { found: false } | { found: true; title: string; phoneNumber: string | null; messagesOnly?: true };

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
  deps: Pick<Services, 'db' | 'rateLimits' | 'logger'>,
  listingId: string,
  who: Viewer & { ip: string },
): Promise<PhoneReveal> {
  if (!isUuid(listingId)) return { found: false };
  const [row] = await queryRows<{ title: string; phone: string | null; show_phone: boolean; owner_id: string; seen: boolean }>(
    deps.db,
    sql`select l.title, u.phone_number as phone, u.show_phone, l.owner_id,
          exists(select 1 from phone_reveals r where r.device_id = ${who.deviceId} and r.listing_id = l.id) as seen
        from listings l join users u on u.id = l.owner_id where l.id = ${listingId} and l.status = 'active'`,
  );
  if (!row) return { found: false };
  // A seller who asked for messages only: the number never leaves the database for anyone else.
  if (!row.show_phone && row.owner_id !== who.userId) return { found: true, title: row.title, phoneNumber: null, messagesOnly: true };
  // The seller's own number, and one already shown to this device, cost nothing.
  if (row.seen || row.owner_id === who.userId) return { found: true, title: row.title, phoneNumber: row.phone };
  await deps.rateLimits.hit('phoneRevealPerIp', who.ip);
  if (!who.deviceKnown) await deps.rateLimits.hit('phoneRevealWithoutCookiePerIp', who.ip);
  await deps.rateLimits.hit('phoneRevealPerDevice', who.deviceId);
  if (who.userId) await deps.rateLimits.hit('phoneRevealPerAccount', who.userId);
  // A new id's reveal need not be remembered: nobody will send that id again.
  if (!who.deviceKnown) return { found: true, title: row.title, phoneNumber: row.phone };
  await deps.db.transaction(async (tx) => {
    const added = await queryRows<{ listing_id: string }>(
      tx,
      sql`insert into phone_reveals (device_id, listing_id) values (${who.deviceId}, ${listingId}) on conflict do nothing returning listing_id`,
    );
    if (added.length > 0) await bumpAdStat(tx, deps.logger, listingId, 'phoneReveals');
  });
  return { found: true, title: row.title, phoneNumber: row.phone };
}
