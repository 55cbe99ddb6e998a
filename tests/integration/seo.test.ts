import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SWAHILI_OFFERED } from '../../kernel/i18n/locales.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { ogImageFileName, storageKeyOf } from '../../server/media/images.ts';
import { SELLERS_SITEMAP, sitemapChunkRows, sitemapChunks, SITEMAP_MAX_URLS } from '../../server/seo/sitemap.ts';
import { users } from '../../server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { TEST_ORIGIN, createTestApp } from '../support/app.ts';
import { file, image, insertRows, postAd, VALID_AD } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Issue 17, as a search engine and a link preview see the site: robots.txt, the sitemap index
 * and its chunks, JSON-LD, head tags, the preview image, and the status codes of a deleted ad
 * and of typed paths. The whole app with its pages, over a real database.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let pages: Awaited<ReturnType<typeof loadPageBuild>>;
let app: ReturnType<typeof createApp>;
let token: string;
let ownerId: string;
const ad: Record<string, { _id: string; images: string[] }> = {};

const get = (p: string) => app.request(`${TEST_ORIGIN}${p}`, { redirect: 'manual' });
const html = async (p: string, status = 200) => {
  const res = await get(p);
  expect(res.status, p).toBe(status);
  return res.text();
};

/** Every JSON-LD block of a page, parsed. */
function jsonLd(page: string): Array<Record<string, unknown>> {
  return [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
/** The content of <meta name|property="key">, or the href of <link rel="key">. */
function head(page: string, key: string): string[] {
  const metas = [...page.matchAll(/<meta [^>]*>/g)].map((m) => m[0]).filter((tag) => attr(tag, 'name') === key || attr(tag, 'property') === key);
  const links = [...page.matchAll(/<link [^>]*>/g)].map((m) => m[0]).filter((tag) => attr(tag, 'rel') === key);
  return [...metas.map((tag) => attr(tag, 'content')!), ...links.map((tag) => attr(tag, 'href')!)].map((v) => v.replace(/&amp;/g, '&'));
}
const titles = (page: string) => [...page.matchAll(/<title>(.*?)<\/title>/g)].map((m) => m[1]!);

/*
 * What schema.org types need to be of use: the properties search engines require of them
 * (Google's Product, Offer, BreadcrumbList and ItemList rich results) plus what issue 17 asks
 * of an ad (image and seller). A property listed is present and not empty.
 */
const REQUIRED: Record<string, string[]> = {
  Product: ['name', 'description', 'image', 'url', 'offers'],
  Offer: ['price', 'priceCurrency', 'availability', 'url', 'seller'],
  BreadcrumbList: ['itemListElement'],
  ItemList: ['itemListElement'],
  ListItem: ['position'],
  Person: ['name'],
};

/** Missing required properties, as "Type.property", walking nested objects. */
function missing(node: unknown, where = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => missing(n, `${where}[${i}]`));
  if (!node || typeof node !== 'object') return [];
  const obj = node as Record<string, unknown>;
  const type = typeof obj['@type'] === 'string' ? obj['@type'] : '';
  const own = (REQUIRED[type] ?? []).filter((p) => obj[p] === undefined || obj[p] === '' || (Array.isArray(obj[p]) && (obj[p] as unknown[]).length === 0)).map((p) => `${where}${type}.${p}`);
  return [...own, ...Object.entries(obj).flatMap(([k, v]) => missing(v, `${where}${type}.${k}>`))];
}

beforeAll(async () => {
  t = await createTestApp();
  pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  const owner = await t.createUser({ firstName: 'Achieng', lastName: 'Otieno' });
  token = owner.token;
  ownerId = owner.user.id;
  for (const [key, fields] of Object.entries({
    priced: { ...VALID_AD, title: 'Toyota Axio 2016, clean' },
    negotiable: { ...VALID_AD, title: 'Mazda Demio, price negotiable', price: '' },
    doomed: { ...VALID_AD, title: 'Subaru Forester to be removed', price: '900000' },
  })) {
    const res = await postAd(t, token, fields, [file(await image('jpeg', 1600, 1200, key.length))]);
    expect(res.status, await res.clone().text()).toBe(201);
    ad[key] = (await res.json()) as { _id: string; images: string[] };
  }
  const del = await t.request(`/api/listings/${ad.doomed!._id}`, { method: 'DELETE', token });
  expect(del.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt names the sitemap index', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml is an index of the pages sitemap and the ads chunks, each with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const entries = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)].map((m) => ({ loc: m[1]!, lastmod: m[2]! }));
    // Each ads chunk has its Swahili twin while Swahili is offered (the pages sitemap holds both languages).
    const swahiliTwin = (chunk: RegExp) => (SWAHILI_OFFERED ? [expect.stringMatching(new RegExp(chunk.source.replace('\\/sitemaps\\/', '\\/sitemaps\\/sw\\/')))] : []);
    const adsChunk = /\/sitemaps\/listings-[0-9a-f-]{36}\.xml$/;
    expect(entries.map((e) => e.loc)).toEqual([`${TEST_ORIGIN}/sitemaps/pages.xml`, expect.stringMatching(adsChunk), ...swahiliTwin(adsChunk)]);
    for (const e of entries) expect(new Date(e.lastmod).toISOString().slice(0, 19)).toBe(e.lastmod.slice(0, 19));
    // Seller pages' chunks follow, without a lastmod (a seller page changes with every ad).
    const sellersChunk = /\/sitemaps\/sellers-[a-z0-9.]+\.xml$/;
    expect([...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1])).toEqual([expect.stringMatching(sellersChunk), ...swahiliTwin(sellersChunk)]);
  });

  it('a chunk lists every live ad with its lastmod; a deleted ad has left it', async () => {
    const index = await (await get('/sitemap.xml')).text();
    const chunk = /<loc>[^<]*(\/sitemaps\/listings-[^<]+)<\/loc>/.exec(index)![1]!;
    const res = await get(chunk);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9"(?: xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml")? xmlns:image="http:\/\/www.google.com\/schemas\/sitemap-image\/1.1">[\s\S]*<\/urlset>\n$/);
    // An ad with photos names its cover (image sitemap extension).
    // With Swahili offered, each URL also names its two language versions (xhtml:link alternates).
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>(?:<xhtml:link [^>]+\/>)*(?:<image:image><image:loc>[^<]+<\/image:loc><\/image:image>)?<\/url>/g)].map((m) => m[1]);
    expect(urls).toContain(`${TEST_ORIGIN}/listing/${ad.priced!._id}`);
    expect(urls).toContain(`${TEST_ORIGIN}/listing/${ad.negotiable!._id}`);
    expect(urls).not.toContain(`${TEST_ORIGIN}/listing/${ad.doomed!._id}`);
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  });

  it('the pages sitemap lists the browse and help pages', async () => {
    const xml = await (await get('/sitemaps/pages.xml')).text();
    for (const p of ['/', '/listings', '/category/cars-vehicles', '/help-contact', '/faq']) expect(xml).toContain(`<loc>${TEST_ORIGIN}${p}</loc>`);
  });

  it('an unknown chunk name is not found', async () => {
    expect((await get('/sitemaps/listings-nope.xml')).status).toBe(404);
    expect((await get('/sitemaps/other.xml')).status).toBe(404);
    expect((await get('/sitemaps/sellers-.xml')).status).toBe(404);
    expect((await get('/sitemaps/sellers-Not-A-Handle.xml')).status).toBe(404);
  });

  it('chunks cut the ads at the chunk size, walked a page at a time, in id order, none twice', async () => {
    await insertRows(t, ownerId, Array.from({ length: 23 }, (_, i) => ({ title: `Chunked ${i}` })));
    const chunks = await sitemapChunks(t.services.db, 5);
    const all: string[] = [];
    for (const c of chunks) {
      const ids: string[] = [];
      for await (const rows of sitemapChunkRows(t.services.db, c.firstId, { chunkSize: 5, pageRows: 2 })) ids.push(...rows.map((r) => r.id));
      expect(ids.length).toBe(c.count);
      expect(ids.length).toBeLessThanOrEqual(5);
      expect(ids[0]).toBe(c.firstId);
      all.push(...ids);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual([...all].sort());
    expect(all.length).toBe(25);
  });
});

describe('JSON-LD', () => {
  it('an ad page is a Product with an Offer (price, currency, availability, URL), image and seller', async () => {
    const page = await html(`/listing/${ad.priced!._id}`);
    const blocks = jsonLd(page);
    const product = blocks.find((b) => b['@type'] === 'Product')!;
    expect(missing(product)).toEqual([]);
    const url = `${TEST_ORIGIN}/listing/${ad.priced!._id}`;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Toyota Axio 2016, clean',
      url,
      image: [expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/media/`))],
      offers: { '@type': 'Offer', price: '1250000', priceCurrency: 'KES', availability: 'https://schema.org/InStock', url, seller: { '@type': 'Person', name: 'Achieng Otieno' } },
    });
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList')!;
    expect(missing(crumbs)).toEqual([]);
    expect((crumbs.itemListElement as Array<{ name: string }>).map((c) => c.name)).toEqual(['Home', 'Cars & Vehicles', 'Toyota Axio 2016, clean']);
  });

  it('a negotiable ad has an Offer without a made-up price', async () => {
    const product = jsonLd(await html(`/listing/${ad.negotiable!._id}`)).find((b) => b['@type'] === 'Product')!;
    expect(missing(product)).toEqual(['Product.offers>Offer.price']);
    expect((product.offers as Record<string, unknown>).price).toBeUndefined();
  });

  it('browse and category pages carry an ItemList of their ads and a BreadcrumbList', async () => {
    for (const p of ['/listings', '/category/cars-vehicles']) {
      const blocks = jsonLd(await html(p));
      const list = blocks.find((b) => b['@type'] === 'ItemList')!;
      const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList')!;
      expect(missing(list), p).toEqual([]);
      expect(missing(crumbs), p).toEqual([]);
      const items = list.itemListElement as Array<{ position: number; url: string }>;
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      expect(items.map((i) => i.url)).toContain(`${TEST_ORIGIN}/listing/${ad.priced!._id}`);
    }
  });

  it('searches, which are noindex, carry no structured data', async () => {
    const page = await html('/listings?search=toyota');
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(jsonLd(page)).toEqual([]);
  });

  it('text from an ad cannot end the JSON-LD script', async () => {
    const res = await postAd(t, token, { ...VALID_AD, title: 'Sofa </script><script>alert(1)</script>' });
    const { _id } = (await res.json()) as { _id: string };
    const page = await html(`/listing/${_id}`);
    expect(page).not.toContain('</script><script>alert(1)');
    expect(jsonLd(page).find((b) => b['@type'] === 'Product')!.name).toBe('Sofa </script><script>alert(1)</script>');
  });
});

describe('head tags', () => {
  const INDEXABLE = ['/', '/listings', '/listings?page=2', '/category/cars-vehicles', '/category/pets', '/help-contact', '/faq', '/how-it-works', '/terms', '/privacy'];

  it('every indexable page has one unique title, a description, a canonical URL, Open Graph and Twitter tags', async () => {
    const seen = new Map<string, string>();
    for (const p of [...INDEXABLE, `/listing/${ad.priced!._id}`]) {
      const page = await html(p);
      const [title, ...more] = titles(page);
      expect(more, `${p}: one <title>`).toEqual([]);
      expect(seen.get(title!), `${p} and ${seen.get(title!)} share a title`).toBeUndefined();
      seen.set(title!, p);
      expect(head(page, 'description')[0], p).toMatch(/.{20,}/);
      expect(head(page, 'canonical'), p).toEqual([expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/`))]);
      for (const key of ['og:title', 'og:description', 'og:url', 'og:type', 'og:site_name', 'twitter:card', 'twitter:title']) expect(head(page, key), `${p} ${key}`).toHaveLength(1);
      expect(head(page, 'robots'), p).toEqual([]);
    }
  });

  it('filter, sort and alias variants name one canonical page; search results are kept out of the index', async () => {
    const canonical = async (p: string) => head(await html(p), 'canonical');
    expect(await canonical('/products')).toEqual([`${TEST_ORIGIN}/listings`]);
    expect(await canonical('/listings?sort=price_asc&minPrice=100')).toEqual([`${TEST_ORIGIN}/listings`]);
    expect(await canonical('/listings?page=2&sort=price_desc')).toEqual([`${TEST_ORIGIN}/listings?page=2`]);
    expect(await canonical('/listings?category=Pets')).toEqual([`${TEST_ORIGIN}/category/pets`]);
    expect(await canonical('/category/PETS?sort=price_asc')).toEqual([`${TEST_ORIGIN}/category/pets`]);
    for (const p of ['/listings?search=toyota', '/products?location=Nairobi', '/category/pets?search=dog']) {
      const page = await html(p);
      expect(head(page, 'robots'), p).toEqual(['noindex, follow']);
      expect(head(page, 'canonical'), p).toEqual([]);
    }
  });

  it("the ad page's og:image is a 1200x630 JPEG made from the cover when the ad was saved", async () => {
    const page = await html(`/listing/${ad.priced!._id}`);
    const key = storageKeyOf(ad.priced!.images[0]!)!;
    expect(head(page, 'og:image')).toEqual([`${TEST_ORIGIN}/media/${ogImageFileName(key)}`]);
    expect(head(page, 'og:image:type')).toEqual(['image/jpeg']);
    expect([head(page, 'og:image:width'), head(page, 'og:image:height')]).toEqual([['1200'], ['630']]);
    expect(head(page, 'twitter:card')).toEqual(['summary_large_image']);
    // Made at save time, before anyone asked for it.
    const onDisk = path.join(t.config.mediaDir, ogImageFileName(key));
    expect(fs.existsSync(onDisk)).toBe(true);
    const res = await get(`/media/${ogImageFileName(key)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('pages without a photo of their own show the brand: a 1200x630 JPEG at an absolute address', async () => {
    const help = ['/help-contact', '/faq', '/guides/posting-ads', '/guides/safe-trading', '/guides/account-settings', '/contact-form', '/how-it-works', '/terms', '/privacy'];
    for (const p of ['/', '/listings', '/products', '/category/cars-vehicles', '/category/pets', ...help]) {
      const page = await html(p);
      expect(head(page, 'og:image'), p).toEqual([`${TEST_ORIGIN}/brand/soko-og.jpg`]);
      expect(head(page, 'og:image:type'), p).toEqual(['image/jpeg']);
      expect([head(page, 'og:image:width'), head(page, 'og:image:height')], p).toEqual([['1200'], ['630']]);
      expect(head(page, 'twitter:card'), p).toEqual(['summary_large_image']);
    }
    // public/ is served at the root (server/app.ts); the file is what the tags say.
    const meta = await sharp(fs.readFileSync(path.resolve(import.meta.dirname, '../../public/brand/soko-og.jpg'))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('an ad saved before previews existed gets its og:image on first request', async () => {
    const key = storageKeyOf(ad.negotiable!.images[0]!)!;
    const onDisk = path.join(t.config.mediaDir, ogImageFileName(key));
    fs.rmSync(onDisk);
    const res = await get(`/media/${ogImageFileName(key)}`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect(fs.existsSync(onDisk)).toBe(true);
    expect((await get(`/media/${ogImageFileName('00000000-0000-0000-0000-000000000000')}`)).status).toBe(404);
  });

  it('the 404 page has one <title>', async () => {
    const page = await html('/no-such-page', 404);
    expect(titles(page)).toEqual(['404: Not Found | Soko']);
  });
});

describe('status codes', () => {
  it('a deleted ad answers 410 Gone with similar ads; an id never used is 404', async () => {
    const page = await html(`/listing/${ad.doomed!._id}`, 410);
    expect(page).toContain('This ad is no longer available');
    expect(page).toContain(`href="/listing/${ad.priced!._id}"`);
    expect(head(page, 'robots')).toEqual(['noindex, follow']);
    expect((await get('/listing/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('an ad removed with its owner account is gone too', async () => {
    const other = await t.createUser();
    const res = await postAd(t, other.token);
    const { _id } = (await res.json()) as { _id: string };
    const del = await t.request('/api/auth/me', { method: 'DELETE', token: other.token, json: { password: 'correct-horse-battery' } });
    expect(del.status).toBe(200);
    expect((await get(`/listing/${_id}`)).status).toBe(410);
  });

  it('/login and /register, which people type, redirect for good to the auth pages', async () => {
    for (const [from, to] of [
      ['/login', '/auth/login'],
      ['/register', '/auth/register'],
      ['/login?redirectTo=%2Fpost-ad', '/auth/login?redirectTo=%2Fpost-ad'],
    ]) {
      const res = await get(from!);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });
});

// Last: these sellers' ads would change the ads' chunk counts and the similar ads above.
describe('the sellers sitemap', () => {
  it('the sellers sitemap lists the page of every seller with an active ad, and no one else', async () => {
    const idle = await t.createUser({ firstName: 'Idle', lastName: 'Member' });
    const banned = await t.createUser({ firstName: 'Banned', lastName: 'Seller' });
    expect((await postAd(t, banned.token, { ...VALID_AD, title: 'Banned seller ad' }, [file(await image('jpeg', 400, 300, 9))])).status).toBe(201);
    await t.services.db.update(users).set({ bannedAt: new Date(), bannedReason: 'test' }).where(eq(users.id, banned.user.id));
    const chunks = await sitemapChunks(t.services.db, SITEMAP_MAX_URLS, SELLERS_SITEMAP);
    expect(chunks.length).toBe(1);
    const res = await get(`/sitemaps/sellers-${chunks[0]!.firstId}.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<xhtml:link [^>]+\/>)*<\/url>/g)].map((m) => m[1]);
    expect(urls.length).toBe(chunks[0]!.count);
    const [owner] = await t.services.db.select({ username: users.username }).from(users).where(eq(users.id, ownerId));
    expect(urls).toContain(`${TEST_ORIGIN}/seller/${owner!.username}`);
    for (const who of [idle, banned]) {
      const [row] = await t.services.db.select({ username: users.username }).from(users).where(eq(users.id, who.user.id));
      expect(urls).not.toContain(`${TEST_ORIGIN}/seller/${row!.username}`);
    }
    // Each listed page is a real seller page.
    expect((await get(new URL(urls[0]!).pathname)).status).toBe(200);
  });

  it('seller chunks cut at the chunk size, in username order, none twice', async () => {
    for (let i = 0; i < 6; i++) {
      const seller = await t.createUser({ firstName: `Chunk${i}`, lastName: 'Seller' });
      expect((await postAd(t, seller.token, { ...VALID_AD, title: `Seller chunk ${i}` }, [file(await image('jpeg', 400, 300, i))])).status).toBe(201);
    }
    const chunks = await sitemapChunks(t.services.db, 2, SELLERS_SITEMAP);
    const all: string[] = [];
    for (const c of chunks) {
      const names: string[] = [];
      for await (const rows of sitemapChunkRows(t.services.db, c.firstId, { chunkSize: 2, pageRows: 1 }, SELLERS_SITEMAP)) names.push(...rows.map((r) => r.id));
      expect(names.length).toBe(c.count);
      expect(names[0]).toBe(c.firstId);
      all.push(...names);
    }
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(new Set(all).size).toBe(all.length);
    expect(chunks.length).toBe(Math.ceil(all.length / 2));
  });
});
