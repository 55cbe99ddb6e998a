import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryPreparedText, type Db } from '../db/client.ts';
import type { ListingFormat } from '../listings/listing-json.ts';
import { listedAs } from '../listings/visibility.ts';

/**
 * The page of listings `ids` (in this order), written in `format`: active ones only
 * (visibility.ts). An engine's answer and this read are two statements, and an ad sold,
 * hidden or expired between them must not show (issue 41): the page then has a card fewer,
 * as a search run a moment later would have.
 */
export function pageStatement(ids: string[], now: Date, format: ListingFormat<unknown>): SQL {
  return pageStatementOf(JSON.stringify(ids), now, format);
}

function pageStatementOf(idsJson: string, now: Date, format: ListingFormat<unknown>): SQL {
  // Tested on the row the listing is written from: a look-up of its own read each listing twice.
  return sql`WITH page AS (SELECT p.id::uuid AS id, p.n FROM json_array_elements_text(${idsJson}::json) WITH ORDINALITY AS p(id, n))
    SELECT ${format.arraySql(now, listedAs('l'))} AS items`;
}

/** The page's listings as JSON text ('[]' for no ids). */
export async function readPage(db: Db, ids: string[], now: Date, format: ListingFormat<unknown>): Promise<string> {
  if (ids.length === 0) return '[]';
  const { name, text, params } = pageTemplate(format);
  const values = params.map((p) => (p === IDS_MARK ? JSON.stringify(ids) : p === NOW_MARK ? now.toISOString() : p));
  return (await queryPreparedText<{ items: string }>(db, name, text, values))[0]!.items;
}

/*
 * The page statement's text is the same for every search of a format; only its ids and its
 * moment change. Writing its 3.5 kB anew with drizzle and hashing it for its name, every
 * search, was about 2.5% of the server's thread at 16 clients. So each format's statement is
 * written once, with marks where the ids and the moment go, and a search fills them in.
 */
const IDS_MARK = '\u0000page ids';
const NOW_MARK_DATE = new Date(-8_000_000_000_000_000);
const NOW_MARK = NOW_MARK_DATE.toISOString();
const templates = new Map<string, { name: string; text: string; params: unknown[] }>();

function pageTemplate(format: ListingFormat<unknown>): { name: string; text: string; params: unknown[] } {
  let template = templates.get(format.name);
  if (!template) {
    const { sql: text, params } = dialect.sqlToQuery(pageStatementOf(IDS_MARK, NOW_MARK_DATE, format));
    // Written for another page and moment, the statement must differ only where the marks are.
    const other = dialect.sqlToQuery(pageStatementOf('["00000000-0000-0000-0000-000000000000"]', new Date(0), format));
    const marked = (p: unknown) => p === IDS_MARK || p === NOW_MARK;
    if (other.sql !== text || !params.includes(IDS_MARK) || other.params.some((p, i) => (p !== params[i]) !== marked(params[i]))) {
      throw new Error(`the page statement of format ${format.name} depends on its ids or moment other than through its parameters`);
    }
    template = { name: statementName(text), text, params };
    templates.set(format.name, template);
  }
  return template;
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
  return queryPreparedText<R>(db, statementName(text), text, params);
}

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < NAMES_AT_MOST) names.set(text, name);
  }
  return name;
}
