import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, categorySlug } from '../../app/lib/categories.ts';
import { queryRows, type Db } from '../db/client.ts';
import { LISTED } from '../listings/visibility.ts';

/** The sitemap protocol's ceiling per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows fetched per query while a chunk streams: memory stays at one page, whatever the table's size. */
export const SITEMAP_PAGE_ROWS = 5_000;

/**
 * The one definition of an ad that may be indexed, as a condition on `listings`: an active ad
 * (server/listings/visibility.ts). A deleted ad is gone from the table (it leaves a tombstone,
 * migration 0600); sold, expired, hidden and held ads are left out, and the sitemap (index and
 * chunks) follows. listings_sitemap_idx is partial on the same words (migration 0820).
 */
export const LIVE_LISTING: SQL = LISTED;

/** Pages worth a search engine's visit besides the ads: the browse pages and the help texts. */
export const INDEXABLE_PAGES: string[] = [
  '/',
  '/listings',
  ...CATEGORIES.map((c) => `/category/${categorySlug(c)}`),
  '/help-contact',
  '/faq',
  '/how-it-works',
  '/guides/posting-ads',
  '/guides/safe-trading',
  '/guides/account-settings',
  '/contact-form',
  '/terms',
  '/privacy',
];

export type SitemapChunk = { firstId: string; lastmod: string; count: number };

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/**
 * The chunks of the ads' sitemap: live ads in id order, cut every 50,000. PostgreSQL numbers
 * the rows and folds them into one row per chunk (its first id, newest change, size), reading
 * only the (id, updated_at) index; the server receives one small row per chunk.
 */
export async function sitemapChunks(db: Db, chunkSize = SITEMAP_MAX_URLS): Promise<SitemapChunk[]> {
  return queryRows<SitemapChunk>(
    db,
    // min() has no uuid version before PostgreSQL 18: the chunk's first row is marked by its number instead.
    sql`select min(case when first then id::text end) as "firstId",
               to_char(max(updated_at) at time zone 'UTC', ${sql.raw(ISO_UTC)}) as "lastmod", count(*)::int as "count"
        from (select id, updated_at, (row_number() over w - 1) / ${chunkSize} as chunk, (row_number() over w - 1) % ${chunkSize} = 0 as first
              from listings where ${LIVE_LISTING} window w as (order by id)) numbered
        group by chunk order by chunk`,
  );
}

type SitemapRow = { id: string; lastmod: string };

/** One page of the keyset walk: live ads from `from` (inclusive on the first page) in id order. */
function sitemapPage(db: Db, from: string, inclusive: boolean, limit: number): Promise<SitemapRow[]> {
  // listings.id, not "id": that is the text alias, and ordering by it sorts the whole table instead of walking the index.
  return queryRows<SitemapRow>(
    db,
    sql`select id::text as id, to_char(updated_at at time zone 'UTC', ${sql.raw(ISO_UTC)}) as lastmod
        from listings
        where ${LIVE_LISTING} and listings.id ${sql.raw(inclusive ? '>=' : '>')} ${from}::uuid
        order by listings.id limit ${limit}`,
  );
}

/**
 * The ads of one chunk (at most 50,000, from its first id), a page of rows at a time. The
 * first page is read before anything is sent, so a database that is down answers with an
 * error status rather than half a sitemap. An ad posted after the index was read may push
 * the chunk's last ads into the next index's chunks: search engines read the index again.
 */
export async function* sitemapChunkRows(
  db: Db,
  firstId: string,
  { pageRows = SITEMAP_PAGE_ROWS, chunkSize = SITEMAP_MAX_URLS }: { pageRows?: number; chunkSize?: number } = {},
): AsyncGenerator<SitemapRow[]> {
  let sent = 0;
  let from = firstId;
  let inclusive = true;
  while (sent < chunkSize) {
    const limit = Math.min(pageRows, chunkSize - sent);
    const rows = await sitemapPage(db, from, inclusive, limit);
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    if (rows.length < limit) return;
    from = rows[rows.length - 1]!.id;
    inclusive = false;
  }
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Our URLs are made of an origin, fixed paths and ids; escaping is for the origin's sake. */
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapIndexXml(origin: string, chunks: SitemapChunk[]): string {
  const newest = chunks.reduce((m, c) => (c.lastmod > m ? c.lastmod : m), '');
  const entries = [
    { loc: `${origin}/sitemaps/pages.xml`, lastmod: newest },
    ...chunks.map((c) => ({ loc: `${origin}/sitemaps/listings-${c.firstId}.xml`, lastmod: c.lastmod })),
  ];
  const body = entries
    .map((e) => `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

export function pagesSitemapXml(origin: string): string {
  const body = INDEXABLE_PAGES.map((p) => `<url><loc>${xmlEscape(origin + p)}</loc></url>`).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

/** A chunk as a stream of XML text: the urlset's head, one line per ad, its foot. */
export async function sitemapChunkXml(db: Db, origin: string, firstId: string): Promise<ReadableStream<Uint8Array>> {
  const pages = sitemapChunkRows(db, firstId);
  const first = await pages.next();
  const encoder = new TextEncoder();
  const loc = xmlEscape(`${origin}/listing/`);
  const lines = (rows: SitemapRow[]) => encoder.encode(rows.map((r) => `<url><loc>${loc}${r.id}</loc><lastmod>${r.lastmod}</lastmod></url>\n`).join(''));
  let done = first.done;
  let pending: SitemapRow[] | null = first.done ? null : first.value;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${XML_HEAD}<urlset xmlns="${NS}">\n`));
    },
    async pull(controller) {
      if (pending) {
        controller.enqueue(lines(pending));
        pending = null;
        return;
      }
      if (!done) {
        const next = await pages.next();
        if (!next.done) {
          controller.enqueue(lines(next.value));
          return;
        }
        done = true;
      }
      controller.enqueue(encoder.encode('</urlset>\n'));
      controller.close();
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
