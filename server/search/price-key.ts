import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_KES_RATES, kesValue, rateCents, type KesRates } from '#kernel/money.ts';

/*
 * The price key of both search engines (issue 42, point 6): a price's value in Ksh, so that a
 * USD 38,500 car sorts among Ksh 5,000,000 ones and a price range in Ksh finds it. The rates
 * are the process's configuration (config.kesRates), set once at start-up (services.ts); the
 * database is handed them in each statement, so nothing in it changes with a rate.
 */

let current: KesRates = DEFAULT_KES_RATES;

/** The rates every search of this process uses (createServices, from config). */
export function setKesRates(rates: KesRates): void {
  current = rates;
}

/** The rates in use. */
export const kesRatesInUse = (): KesRates => current;

/** A price's value in Ksh, as the memory index orders and filters by it. */
export function kesKey(price: number | null, currency: string): number | null {
  return kesValue(price, currency, current);
}

/** The same in SQL, on the listings' columns: exactly kesValue (an integer product over 100, rounded half up). */
export function kesSql(): SQL {
  const cases = Object.entries(current).map(([currency, rate]) => sql`WHEN ${sql.raw(`'${currency}'`)} THEN round(price * ${sql.raw(String(rateCents(rate)))} / 100.0)`);
  return sql`(CASE currency ${sql.join(cases, sql` `)} ELSE price END)`;
}

/** Ads with a price in another currency than KES, in the words of the price indexes' first columns (migration 0820), so that those indexes serve it. */
export const FOREIGN_PRICED = sql.raw(`(price IS NULL) IS FALSE AND (currency <> 'KES') IS TRUE`);
