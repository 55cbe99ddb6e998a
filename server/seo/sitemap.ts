import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES, categorySlug } from '#kernel/categories.ts';
import { queryRows, type Db } from '../db/client.ts';
import { LISTED } from '../listings/visibility.ts';
import { imageFileName, UPLOAD_WIDTH } from '../media/images.ts';
import { SWAHILI_BASENAME } from '#kernel/i18n/locales.ts';

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

export type SitemapChunk = { firstId: string; lastmod: string | null; count: number };

/**
 * What one kind of sitemap lists: the rows (a FROM and WHERE), their key (the chunks' and the
 * keyset walk's order; the page address ends with it) and, where there is one, when the page
 * last changed. Both kinds are walked the same way, by an index on the key.
 */
export type SitemapSource = { rows: SQL; key: SQL; keyValue: (v: string) => SQL; lastmod: SQL | null; path: string; image?: SQL };

/** Live ads, by id (listings_sitemap_idx: partial on the live ones, with updated_at). */
export const LISTINGS_SITEMAP: SitemapSource = {
  rows: sql`listings where ${LIVE_LISTING}`,
  // listings.id, not "id": that is the text alias, and ordering by it sorts the whole table instead of walking the index.
  key: sql`listings.id`,
  keyValue: (v) => sql`${v}::uuid`,
  lastmod: sql`listings.updated_at`,
  path: '/listing/',
  // The cover's storage key (listing_images_listing_id_covering_idx), named in an <image:image> at its public address.
  image: sql`(select i.storage_key from listing_images i where i.listing_id = listings.id and i.position = 0)`,
};

/**
 * Public seller pages (/seller/{username}) of sellers with at least one active ad: a page with
 * none says little and changes often. By username (users_username_key); no lastmod, since a
 * seller page changes with every ad of theirs and the sitemap protocol makes it optional.
 */
export const SELLERS_SITEMAP: SitemapSource = {
  rows: sql`users join seller_listing_counts c on c.owner_id = users.id where c.listings > 0 and users.banned_at is null`,
  key: sql`users.username`,
  keyValue: (v) => sql`${v}`,
  lastmod: null,
  path: '/seller/',
};

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const lastmodOf = (source: SitemapSource) => (source.lastmod ? sql`to_char(${source.lastmod} at time zone 'UTC', ${sql.raw(ISO_UTC)})` : sql`null::text`);

/**
 * The chunks of a sitemap: its rows in key order, cut every 50,000. PostgreSQL numbers the rows
 * and folds them into one row per chunk (its first key, newest change, size), reading only the
 * key's index; the server receives one small row per chunk.
 */
export async function sitemapChunks(db: Db, chunkSize = SITEMAP_MAX_URLS, source: SitemapSource = LISTINGS_SITEMAP): Promise<SitemapChunk[]> {
  const changed = source.lastmod ?? sql`null::timestamptz`;
  return queryRows<SitemapChunk>(
    db,
    // min() has no uuid version before PostgreSQL 18: the chunk's first row is marked by its number instead.
    sql`select min(case when first then key end) as "firstId",
               to_char(max(changed) at time zone 'UTC', ${sql.raw(ISO_UTC)}) as "lastmod", count(*)::int as "count"
        from (select ${source.key}::text as key, ${changed} as changed,
                     (row_number() over w - 1) / ${chunkSize} as chunk, (row_number() over w - 1) % ${chunkSize} = 0 as first
              from ${source.rows} window w as (order by ${source.key})) numbered
        group by chunk order by chunk`,
  );
}

type SitemapRow = { id: string; lastmod: string | null; image?: string | null };

/** One page of the keyset walk: rows from `from` (inclusive on the first page) in key order. */
function sitemapPage(db: Db, source: SitemapSource, from: string, inclusive: boolean, limit: number): Promise<SitemapRow[]> {
  return queryRows<SitemapRow>(
    db,
    sql`select ${source.key}::text as id, ${lastmodOf(source)} as lastmod, ${source.image ?? sql`null::text`} as image
        from ${source.rows} and ${source.key} ${sql.raw(inclusive ? '>=' : '>')} ${source.keyValue(from)}
        order by ${source.key} limit ${limit}`,
  );
}

/**
 * The rows of one chunk (at most 50,000, from its first key), a page of rows at a time. The
 * first page is read before anything is sent, so a database that is down answers with an
 * error status rather than half a sitemap. A row added after the index was read may push
 * the chunk's last rows into the next index's chunks: search engines read the index again.
 */
export async function* sitemapChunkRows(
  db: Db,
  firstId: string,
  { pageRows = SITEMAP_PAGE_ROWS, chunkSize = SITEMAP_MAX_URLS }: { pageRows?: number; chunkSize?: number } = {},
  source: SitemapSource = LISTINGS_SITEMAP,
): AsyncGenerator<SitemapRow[]> {
  let sent = 0;
  let from = firstId;
  let inclusive = true;
  while (sent < chunkSize) {
    const limit = Math.min(pageRows, chunkSize - sent);
    const rows = await sitemapPage(db, source, from, inclusive, limit);
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
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * Once Swahili is offered (kernel/i18n/locales.ts), every page is listed in both languages, each
 * entry naming both and x-default (English), as Google reads alternates in a sitemap (issue 45
 * point 2). Before that, the sitemaps are English only, as they were.
 */
type SitemapLanguages = { swahili: boolean };
const ENGLISH_ONLY: SitemapLanguages = { swahili: false };

/** The alternates of a page (its path without a language prefix), escaped: English, Swahili, x-default. */
function alternates(origin: string, path: string): string {
  const en = xmlEscape(origin + path);
  const sw = xmlEscape(origin + SWAHILI_BASENAME + (path === '/' ? '/' : path));
  return `<xhtml:link rel="alternate" hreflang="en-KE" href="${en}"/><xhtml:link rel="alternate" hreflang="sw-KE" href="${sw}"/><xhtml:link rel="alternate" hreflang="x-default" href="${en}"/>`;
}

/** Our URLs are made of an origin, fixed paths and ids; escaping is for the origin's sake. */
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapIndexXml(origin: string, chunks: SitemapChunk[], sellerChunks: SitemapChunk[] = [], languages: SitemapLanguages = ENGLISH_ONLY): string {
  const newest = chunks.reduce((m, c) => (c.lastmod && c.lastmod > m ? c.lastmod : m), '');
  // The Swahili twin of each chunk (/sitemaps/sw/…) lists the same pages under /sw: a chunk stays within 50,000 addresses.
  const folders = languages.swahili ? ['/sitemaps/', '/sitemaps/sw/'] : ['/sitemaps/'];
  const entries = [
    { loc: `${origin}/sitemaps/pages.xml`, lastmod: newest },
    ...folders.flatMap((f) => chunks.map((c) => ({ loc: `${origin}${f}listings-${c.firstId}.xml`, lastmod: c.lastmod }))),
    ...folders.flatMap((f) => sellerChunks.map((c) => ({ loc: `${origin}${f}sellers-${c.firstId}.xml`, lastmod: c.lastmod }))),
  ];
  const body = entries
    .map((e) => `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`)
    .join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
}

export function pagesSitemapXml(origin: string, languages: SitemapLanguages = ENGLISH_ONLY): string {
  if (!languages.swahili) {
    const body = INDEXABLE_PAGES.map((p) => `<url><loc>${xmlEscape(origin + p)}</loc></url>`).join('\n');
    return `${XML_HEAD}<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
  }
  const body = INDEXABLE_PAGES.flatMap((p) =>
    [origin + p, origin + SWAHILI_BASENAME + (p === '/' ? '/' : p)].map((loc) => `<url><loc>${xmlEscape(loc)}</loc>${alternates(origin, p)}</url>`),
  ).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML_NS}">\n${body}\n</urlset>\n`;
}

/**
 * A chunk as a stream of XML text: the urlset's head, one line per page, its foot. An ad's
 * line names its cover photo at `mediaBase` (MEDIA_PUBLIC_URL, a CDN, when set: server/media/public-url.ts).
 */
export async function sitemapChunkXml(
  db: Db,
  origin: string,
  firstId: string,
  source: SitemapSource = LISTINGS_SITEMAP,
  mediaBase = `${origin}/media`,
  /** The chunk's language ('sw': the same pages under /sw) and whether entries name their alternates. */
  { locale = 'en', languages = ENGLISH_ONLY }: { locale?: 'en' | 'sw'; languages?: SitemapLanguages } = {},
): Promise<ReadableStream<Uint8Array>> {
  const pages = sitemapChunkRows(db, firstId, {}, source);
  const first = await pages.next();
  const encoder = new TextEncoder();
  const loc = xmlEscape(`${origin}${locale === 'sw' ? SWAHILI_BASENAME : ''}${source.path}`);
  const alternatesOf = (id: string) => (languages.swahili ? alternates(origin, `${source.path}${id}`) : '');
  const image = (key: string | null | undefined) => (key ? `<image:image><image:loc>${xmlEscape(`${mediaBase}/${imageFileName(key, UPLOAD_WIDTH)}`)}</image:loc></image:image>` : '');
  const lines = (rows: SitemapRow[]) =>
    encoder.encode(rows.map((r) => `<url><loc>${loc}${xmlEscape(r.id)}</loc>${r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : ''}${alternatesOf(r.id)}${image(r.image)}</url>\n`).join(''));
  let done = first.done;
  let pending: SitemapRow[] | null = first.done ? null : first.value;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${XML_HEAD}<urlset xmlns="${NS}"${languages.swahili ? ` xmlns:xhtml="${XHTML_NS}"` : ''}${source.image ? ` xmlns:image="${IMAGE_NS}"` : ''}>\n`));
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
