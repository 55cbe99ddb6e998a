import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { LISTED } from '../../listings/visibility.ts';
import { SUGGEST_CANDIDATES, SUGGESTABLE_SQL, type SuggestedWord } from '../suggest-words.ts';

/*
 * The database's suggestions (issue 42; docs/decisions/search-suggestions.md): migration 1850's
 * table of the commonest words of active ads, refreshed by a job (server/main.ts), read by a
 * range of its primary key. A word the table counted few ads of is checked against the active
 * ads through the token index (migration 0700) before it is shown, so a word left only in hidden,
 * sold or expired ads is never suggested; a word of many ads is not (their lists are long to
 * read, and so many ads do not all go between two refreshes). Words first posted since the last
 * refresh are not suggested until the next.
 */

/** The table keeps this many words at most: every word of two ads or more at 100k ads; the long tail of one-ad words beyond it is left out at 1M. */
export const SUGGESTION_WORDS_KEPT = 200_000;
/** Below this many ads at the last refresh, a word is checked against the active ads before it is shown. */
export const SUGGESTION_CHECK_BELOW = 50;
/** How often the job counts the words again. */
export const SUGGESTION_REFRESH_MS = 15 * 60_000;

/** The advisory lock one refresh holds: every process runs the job, and one counting at a time is plenty. */
const REFRESH_LOCK = 1_850_001;

/** Whether an earlier refresh left words to suggest. */
export async function hasSuggestionWords(db: Db): Promise<boolean> {
  return (await queryRows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM search_suggestion_words) AS any`))[0]!.any;
}

/**
 * Counts the active ads' words again and replaces the table's, in one transaction; how many words
 * it holds, or null when another process was counting them at that moment.
 */
export async function refreshSuggestionWords(db: Db): Promise<number | null> {
  const counted = await db.transaction(async (tx) => {
    const [lock] = await queryRows<{ got: boolean }>(tx as unknown as Db, sql`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK}) AS got`);
    if (!lock!.got) return null;
    await tx.execute(sql`DELETE FROM search_suggestion_words`);
    const rows = await queryRows<{ n: number }>(
      tx as unknown as Db,
      sql`WITH counted AS (
            INSERT INTO search_suggestion_words (word, ads)
            SELECT w, count(*)::int FROM listings, LATERAL (SELECT DISTINCT unnest(search_tokens) AS w) AS words
            WHERE ${LISTED} AND ${sql.raw(SUGGESTABLE_SQL)}
            GROUP BY w ORDER BY count(*) DESC, w LIMIT ${SUGGESTION_WORDS_KEPT}
            RETURNING 1)
          SELECT count(*)::int AS n FROM counted`,
    );
    return rows[0]!.n;
  });
  // Outside the transaction: the index-only reads of a prefix need the pages marked all-visible.
  if (counted !== null) await db.execute(sql`VACUUM (ANALYZE) search_suggestion_words`);
  return counted;
}

/** The character after the prefix's last one: the prefix's words are those from `prefix` up to (not including) this. */
function rangeEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  return chars.join('') + String.fromCodePoint(last + 1);
}

/**
 * The table's words starting with `prefix` that active ads hold, commonest first. The check is a
 * count, not EXISTS, and in the default collation: as EXISTS the planner guessed 5,000 matches
 * and read the table in order to find the first (17 s for a word no active ad holds, at 1M ads),
 * and in the table's collation ("C") the token index, built in the default one, could not serve.
 */
export async function databaseSuggestions(db: Db, prefix: string, want: number): Promise<SuggestedWord[]> {
  return queryRows<SuggestedWord>(
    db,
    sql`SELECT s.word, s.ads FROM (
          SELECT word, ads FROM search_suggestion_words
          WHERE word >= ${prefix} AND word < ${rangeEnd(prefix)}
          ORDER BY ads DESC, word LIMIT ${SUGGEST_CANDIDATES}) s
        WHERE s.ads >= ${SUGGESTION_CHECK_BELOW}
          OR (SELECT count(*) FROM listings WHERE ${LISTED} AND search_tokens @> ARRAY[s.word COLLATE "default"]) > 0
        ORDER BY s.ads DESC, s.word LIMIT ${want}`,
  );
}
