import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { LISTED } from '../../listings/visibility.ts';
import { CORRECTION_COUNT_CAP, CORRECTION_MAX_EDITS, SIMILARITY_THRESHOLD, type WordSource } from '../corrections.ts';
import type { SearchWord } from '../words.ts';
import { filterConditions } from './search-terms.ts';

/**
 * The database's answers to a correction's two look-ups (corrections.ts): whether an active ad
 * matches a word, through the search's own conditions; and the vocabulary's words near it,
 * through its trigram index (migration 0700), with their active ads counted through the GIN
 * index of tokens, each count stopping at CORRECTION_COUNT_CAP.
 */
export function databaseWords(db: Db): WordSource {
  return {
    async matches(word: SearchWord) {
      const { find, check } = filterConditions({ search: word.text });
      const [row] = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM listings WHERE ${sql.join([LISTED, ...find, ...check], sql` AND `)}) AS found`);
      return row!.found;
    },
    async candidates(word: string) {
      return queryRows<{ word: string; ads: number }>(
        db,
        sql`SELECT v.word, (SELECT count(*) FROM (SELECT 1 FROM listings WHERE ${LISTED} AND search_tokens @> ARRAY[v.word] LIMIT ${CORRECTION_COUNT_CAP}) l)::int AS ads
            FROM search_vocabulary v
            WHERE v.word % ${word} AND similarity(v.word, ${word}) >= ${SIMILARITY_THRESHOLD}
              AND v.word ~ '^[a-z]+$' AND length(v.word) BETWEEN ${word.length - CORRECTION_MAX_EDITS} AND ${word.length + CORRECTION_MAX_EDITS}`,
      );
    },
  };
}
