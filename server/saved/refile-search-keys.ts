import { sql } from 'drizzle-orm';
import type { SavedFilters } from '#kernel/saved-search-rules.ts';
import { KEY_RULES, keyOptions } from '../alerts/match-keys.ts';
import { queryRows, type Db } from '../db/client.ts';
import { keyFor, listingFilters } from './saved-searches.ts';

/** How often the job looks: after an upgrade that raised KEY_RULES it works through the backlog; otherwise one cheap statement. */
export const REFILE_KEYS_INTERVAL_MS = 60 * 60 * 1000;

/** Keys looked at per statement: a large backlog is worked through in parts. */
const BATCH = 500;

/**
 * Files again the saved searches whose key older filing rules chose (saved_search_keys.rules
 * below KEY_RULES). A key the current rules still offer for the search stays (every ad the
 * search matches has it); another is replaced by the current rules' choice. Safe beside itself
 * in other processes: each key moves only from an older version, once. Returns how many were
 * looked at and how many moved.
 */
export async function refileSearchKeys(db: Db): Promise<{ checked: number; moved: number }> {
  let checked = 0;
  let moved = 0;
  for (;;) {
    const rows = await queryRows<{ search_id: string; word: string; category: string; filters: SavedFilters }>(
      db,
      sql`SELECT k.search_id, k.word, k.category, s.filters FROM saved_search_keys k JOIN saved_searches s ON s.id = k.search_id
          WHERE k.rules < ${KEY_RULES} LIMIT ${BATCH}`,
    );
    if (rows.length === 0) return { checked, moved };
    for (const row of rows) {
      checked++;
      const options = keyOptions(listingFilters(row.filters));
      const stillGood = options.category === row.category && options.words.includes(row.word);
      const key = stillGood ? { word: row.word, category: row.category } : await keyFor(db, row.filters);
      const updated = await queryRows<{ search_id: string }>(
        db,
        sql`UPDATE saved_search_keys SET word = ${key.word}, category = ${key.category}, rules = ${KEY_RULES}
            WHERE search_id = ${row.search_id} AND word = ${row.word} AND category = ${row.category} AND rules < ${KEY_RULES}
            RETURNING search_id`,
      );
      if (updated.length > 0 && !stillGood) moved++;
    }
  }
}
