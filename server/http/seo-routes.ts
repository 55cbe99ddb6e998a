import { Hono, type Context } from 'hono';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { LISTINGS_SITEMAP, pagesSitemapXml, SELLERS_SITEMAP, sitemapChunks, sitemapChunkXml, sitemapIndexXml } from '../seo/sitemap.ts';
import { isSellerHandle } from '../users/sellers.ts';
import { SWAHILI_BASENAME, SWAHILI_OFFERED } from '#kernel/i18n/locales.ts';

/**
 * Addresses made for search engines and for people typing: robots.txt, the sitemap index and
 * its chunks (server/seo/sitemap.ts), and permanent redirects from the paths people guess to
 * the specification's routes.
 */

/** Typed guesses and where they live (spec section 2: auth/login, auth/register). The query string goes along. */
export const TYPED_PATHS: Record<string, string> = {
  '/login': '/auth/login',
  '/signin': '/auth/login',
  '/sign-in': '/auth/login',
  '/register': '/auth/register',
  '/signup': '/auth/register',
  '/sign-up': '/auth/register',
};

/** An hour: search engines read these rarely; an ad posted now is in the next read. */
const CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';
const INDEX_LIFETIME_MS = 10 * 60 * 1000;

/** Signed-in pages: they only redirect a crawler to the sign-in page. */
const SIGNED_IN_PAGES = ['/manage-ads', '/my-details', '/post-ad', '/listings/'];

/**
 * `swahili`: whether the sitemaps list the Swahili pages too (kernel/i18n/locales.ts
 * SWAHILI_OFFERED, which the tests set both ways).
 */
export function seoRoutes(deps: { db: Db; appUrl: string; mediaBase?: string; swahili?: boolean }) {
  const origin = new URL(deps.appUrl).origin;
  const languages = { swahili: deps.swahili ?? SWAHILI_OFFERED };
  const app = new Hono();

  app.get('/robots.txt', (c) =>
    c.body(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /sandbox/',
        ...SIGNED_IN_PAGES.map((p) => `Disallow: ${p}`),
        ...(languages.swahili ? SIGNED_IN_PAGES.map((p) => `Disallow: ${SWAHILI_BASENAME}${p}`) : []),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
      200,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE },
    ),
  );

  // The index walks every live ad (about a second at 1,000,000, docs/seo.md) and every seller
  // with one: made at most once every ten minutes per process, so asking for it again and again
  // costs nothing.
  let index: { xml: string; madeAt: number } | null = null;
  app.get('/sitemap.xml', async (c) => {
    if (!index || Date.now() - index.madeAt > INDEX_LIFETIME_MS) {
      const [ads, sellers] = [await sitemapChunks(deps.db), await sitemapChunks(deps.db, undefined, SELLERS_SITEMAP)];
      index = { xml: sitemapIndexXml(origin, ads, sellers, languages), madeAt: Date.now() };
    }
    return c.body(index.xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE });
  });

  // Usernames may hold dots: "sellers-jane.doe.xml". /sitemaps/sw/… are the Swahili twins of the chunks.
  const chunk = (locale: 'en' | 'sw') => async (c: Context) => {
    const name = c.req.param('name')!.slice(0, -'.xml'.length);
    if (name === 'pages' && locale === 'en') return c.body(pagesSitemapXml(origin, languages), 200, { 'Content-Type': XML, 'Cache-Control': CACHE });
    const [kind, firstId] = [name.slice(0, name.indexOf('-') + 1), name.slice(name.indexOf('-') + 1)];
    const source = kind === 'listings-' && isUuid(firstId) ? LISTINGS_SITEMAP : kind === 'sellers-' && isSellerHandle(firstId) ? SELLERS_SITEMAP : null;
    if (!source || (locale === 'sw' && !languages.swahili)) return c.text('Not found', 404);
    return c.body(await sitemapChunkXml(deps.db, origin, firstId, source, deps.mediaBase, { locale, languages }), 200, { 'Content-Type': XML, 'Cache-Control': CACHE });
  };
  app.get('/sitemaps/:name{[a-z0-9.-]+\\.xml}', chunk('en'));
  app.get('/sitemaps/sw/:name{[a-z0-9.-]+\\.xml}', chunk('sw'));

  for (const [from, to] of Object.entries(TYPED_PATHS)) {
    app.on(['GET', 'HEAD'], from, (c) => {
      const query = new URL(c.req.url).search;
      return c.redirect(`${to}${query}`, 301);
    });
  }
  return app;
}
