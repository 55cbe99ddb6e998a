import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryPreparedText, type Db } from '../db/client.ts';
import type { ListingFormat } from '../listings/listing-json.ts';
import { LISTED } from '../listings/visibility.ts';

/**
 * The page of listings `ids` (in this order), written in `format`: active ones only
 * (visibility.ts). An engine's answer and this read are two statements, and an ad sold,
 * hidden or expired between them must not show (issue 41): the page then has a card fewer,
 * as a search run a moment later would have.
 */
export function pageStatement(ids: string[], now: Date, format: ListingFormat<unknown>): SQL {
  return sql`WITH page AS (SELECT p.id::uuid AS id, p.n FROM json_array_elements_text(${JSON.stringify(ids)}::json) WITH ORDINALITY AS p(id, n)
      WHERE EXISTS (SELECT 1 FROM listings WHERE id = p.id::uuid AND ${LISTED}))
    SELECT ${format.arraySql(now)} AS items`;
}

/** The page's listings as JSON text ('[]' for no ids). */
export async function readPage(db: Db, ids: string[], now: Date, format: ListingFormat<unknown>): Promise<string> {
  if (ids.length === 0) return '[]';
  return (await prepared<{ items: string }>(db, pageStatement(ids, now, format)))[0]!.items;
}

const dialect = new PgDialect();

/** Names of the statements' texts: a few dozen shapes, each hashed once (NAMES_AT_MOST bounds it whatever comes). */
const names = new Map<string, string>();
const NAMES_AT_MOST = 1_000;

/**
 * A statement run as a named prepared statement, named by its text: a search's first statement
 * and its page are planned once per connection and shape (about a millisecond each time
 * otherwise), whatever the words and values.
 */
export function prepared<R>(db: Db, statement: SQL): Promise<R[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  let name = names.get(text);
  if (name === undefined) {
    name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < NAMES_AT_MOST) names.set(text, name);
  }
  return queryPreparedText<R>(db, name, text, params);
}
