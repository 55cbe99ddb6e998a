/**
 * Numbers and dates as en-KE prints them (dates in Swahili in the Swahili build, from
 * #messages/dates.ts), in Nairobi time, without Intl. The first Intl
 * formatter a page creates loads the browser's locale data: 97 ms of main-thread time on
 * /listings on the test machine (about 400 ms of Lighthouse's blocking time at its 4x CPU
 * slowdown), for output this simple. Nairobi is UTC+3 all year, so no time-zone data is needed.
 * Browser-safe; the server prints the same, so hydration matches.
 */
import { april, august, december, february, january, july, june, march, may, november, october, september } from '#messages/dates.ts';
import { apr, aug, dec, feb, jan, jul, jun, mar, mayShort, nov, oct, sep } from '#messages/labels/dates.ts';

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
// The build's language (#messages/dates.ts): the bundler writes the names in place.
const MONTHS = [january, february, march, april, may, june, july, august, september, october, november, december];
// As ICU's data has them (en-KE "Sept"), so dates read as they did with Intl.
const SHORT_MONTHS = [jan, feb, mar, apr, mayShort, jun, jul, aug, sep, oct, nov, dec];

/** 1250000 -> "1,250,000" (rounded to a whole number, as prices and counts are shown). */
export function groupDigits(n: number): string {
  const whole = Math.round(Math.abs(n));
  const digits = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && whole !== 0 ? `-${digits}` : digits;
}

const nairobi = (at: Date | string | number) => new Date(new Date(at).getTime() + NAIROBI_OFFSET_MS);

/** "6 Jan 2026": the day in Nairobi. */
export function nairobiDate(at: Date | string | number): string {
  const d = nairobi(at);
  return `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "January 2026": the month in Nairobi. */
export function nairobiMonth(at: Date | string | number): string {
  const d = nairobi(at);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
