import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LISTED } from './visibility.ts';
import { cardFormat, type CardJson } from './listing-json.ts';
import { prepared, readPage } from '../search/page-read.ts';

/** How many similar ads an ad page shows. */
export const SIMILAR_ADS = 8;

/**
 * The statement: the ad's subcategory, category and county, then four reads in order of
 * closeness, each newest first and cut short by its LIMIT on an index (migration 1700): the
 * subcategory in the county, the subcategory, the category in the county, the category. A
 * later read may return ads of an earlier one, so each takes eight more than the one before:
 * eight new ones are always among them. The ad itself is left out.
 */
function similarStatement(id: string) {
  const n = SIMILAR_ADS;
  const step = (tier: number, where: ReturnType<typeof sql>) =>
    sql`(SELECT id, ${tier}::int AS tier, created_at FROM listings WHERE ${LISTED} AND ${where} AND id <> ${id}::uuid ORDER BY created_at DESC, id DESC LIMIT ${n * tier})`;
  const me = (column: string) => sql.raw(`(SELECT ${column} FROM me)`);
  return sql`WITH me AS (SELECT subcategory, lower(category) AS category, county_code FROM listings WHERE id = ${id}::uuid)
    SELECT id::text AS id FROM (
      ${step(1, sql`subcategory IS NOT NULL AND subcategory = ${me('subcategory')} AND county_code = ${me('county_code')}`)}
      UNION ALL ${step(2, sql`subcategory IS NOT NULL AND subcategory = ${me('subcategory')}`)}
      UNION ALL ${step(3, sql`county_code IS NOT NULL AND lower(category) = ${me('category')} AND county_code = ${me('county_code')}`)}
      UNION ALL ${step(4, sql`lower(category) = ${me('category')}`)}
    ) s ORDER BY tier, created_at DESC, id DESC`;
}

/**
 * Up to eight active ads like ad `id` (issue 42, point 7), as cards: the same subcategory and
 * county first, newest first, then ever wider. Two statements of bounded cost: the ids, then
 * their cards (page-read.ts).
 */
export async function similarAds(db: Db, id: string, now = new Date()): Promise<CardJson[]> {
  const rows = await prepared<{ id: string }>(db, similarStatement(id));
  const ids = [...new Set(rows.map((r) => r.id))].slice(0, SIMILAR_ADS);
  return cardFormat.parse(await readPage(db, ids, now, cardFormat));
}
