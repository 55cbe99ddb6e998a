import { nairobiDate } from '#kernel/format.ts';
import { daysAgoAfter, daysAgoBefore, hoursAgoAfter, hoursAgoBefore, justNow, minutesAgoAfter, minutesAgoBefore, oneWeekAgo, today, weeksAgoAfter, weeksAgoBefore, yesterday } from '#messages/dates.ts';
/**
 * "Today", "Yesterday", "3 days ago": when an ad was posted, counted in Kenyan calendar days
 * (Africa/Nairobi is UTC+3 all year). Pages pass the server's `now` with their data, so the
 * server and the browser print the same words. Browser-safe.
 */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const nairobiDay = (time: number) => Math.floor((time + NAIROBI_OFFSET_MS) / DAY_MS);


export function postedAgo(iso: string, now: number): string {
  const posted = Date.parse(iso);
  if (Number.isNaN(posted)) return '';
  const days = nairobiDay(now) - nairobiDay(posted);
  if (days <= 0) return today;
  if (days === 1) return yesterday;
  if (days < 7) return `${daysAgoBefore}${days}${daysAgoAfter}`;
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return weeks === 1 ? oneWeekAgo : `${weeksAgoBefore}${weeks}${weeksAgoAfter}`;
  }
  return nairobiDate(posted);
}

/** "just now", "5 min ago", "3 h ago", then postedAgo's days: when a message was sent. */
export function sentAgo(iso: string, now: number): string {
  const sent = Date.parse(iso);
  if (Number.isNaN(sent)) return '';
  const minutes = Math.floor((now - sent) / 60_000);
  if (minutes < 1) return justNow;
  if (minutes < 60) return `${minutesAgoBefore}${minutes}${minutesAgoAfter}`;
  if (minutes < 12 * 60) return `${hoursAgoBefore}${Math.floor(minutes / 60)}${hoursAgoAfter}`;
  return postedAgo(iso, now);
}
