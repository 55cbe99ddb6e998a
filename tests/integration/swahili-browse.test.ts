import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createTestApp, pageRequests, type TestApp } from '../support/app.ts';
import { insertRows } from './listings-support.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * Browsing in Swahili (issue 45, plan steps 5 and 6): the home page, /listings, a category page
 * and a seller page under /sw show the texts of kernel/i18n/sw/{browse,categories,dates,seller}.ts
 * and none of the English ones they replace; the English pages keep the specification's words.
 * What is checked is the page's <main> without its scripts (the loader's data there holds the
 * ads' stored values, which stay English: category names, as the URLs and filters use them).
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let username: string;

beforeAll(async () => {
  t = await createTestApp();
  const [en, sw] = [await loadPageBuild('en'), await loadPageBuild('sw')];
  app = createApp(t.services, { getBuild: en.getBuild, getSwahiliBuild: sw.getBuild });
  const seller = await t.createUser({ firstName: 'Wanjiku', lastName: 'Kamau', location: 'Eldoret', createdAt: new Date(Date.UTC(2025, 0, 15, 9)) });
  username = seller.user.username;
  const now = new Date();
  await insertRows(t, seller.user.id, [
    { title: 'Samsung Galaxy A15', category: 'Electronics', price: 18_500, createdAt: now, updatedAt: now },
    { title: 'HP laptop 8GB', category: 'Electronics', price: null, createdAt: now, updatedAt: now },
    { title: 'Toyota Axio 2015', category: 'Cars & Vehicles', price: 1_450_000, createdAt: now, updatedAt: now },
  ]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);

/** The page's own content as a reader sees it: <main>, without scripts, React's text separators, and entities decoded. */
async function main(path: string): Promise<{ status: number; html: string; head: string }> {
  const res = await page(path);
  const html = await res.text();
  const body = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const clean = (s: string) =>
    s
      .replace(/<script\b[\s\S]*?<\/script>/g, '')
      .replaceAll('<!-- -->', '')
      .replaceAll('&amp;', '&')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'");
  return { status: res.status, html: clean(body), head: clean(html.slice(0, html.indexOf('</head>'))) };
}

function expectAll(html: string, texts: string[]) {
  expect(
    texts.filter((s) => !html.includes(s)),
    'missing',
  ).toEqual([]);
}
function expectNone(html: string, texts: string[]) {
  expect(
    texts.filter((s) => html.includes(s)),
    'English left',
  ).toEqual([]);
}

describe('Swahili browsing pages', () => {
  it('/sw/: hero, categories by their Swahili labels with counts (noun first), Sell Fast', async () => {
    const { status, html, head } = await main('/sw/');
    expect(status).toBe(200);
    expectAll(html, [
      'Nunua na uza chochote Kenya',
      'Tafuta magari, simu, nyumba...',
      'Matangazo maalum',
      'Tazama matangazo yote',
      'Angalia aina',
      '>Magari na usafiri<',
      '>Elektroniki<',
      'matangazo 2',
      'tangazo 1',
      'matangazo 0',
      'Uza haraka',
      'Anza sasa',
      'Jifunze zaidi',
    ]);
    expectNone(html, [
      'Buy and sell anything',
      'Search cars, phones',
      'Featured Listings',
      'View All Listings',
      'Browse Categories',
      '>Cars & Vehicles<',
      '>Electronics<',
      '2 ads',
      '1 ad<',
      'Sell Fast',
      'Get Started',
      'Learn More',
    ]);
    expect(head).toContain('<title>Soko | Nunua na uza chochote Kenya</title>');
  });

  it('/sw/listings: heading, count, filters, sorts, cards (price, seller line, posted, category) and pagination texts', async () => {
    const { status, html, head } = await main('/sw/listings');
    expect(status).toBe(200);
    expectAll(html, [
      '>Matangazo yote<',
      'matangazo 3',
      'Tafuta katika matokeo haya',
      '>Chuja<',
      'Aina zote',
      'Aina ndogo yoyote',
      'Kaunti yoyote',
      'Mji wowote',
      'Bei ya chini (Ksh)',
      'Panga kwa',
      'Mapya kwanza',
      'Bei: ya chini kwanza',
      'Chuja sasa',
      'Bei ya maelewano',
      'Ksh 18,500',
      'Muuzaji: Bado hakuna maoni',
      '>Leo<',
      'Hifadhi Samsung Galaxy A15',
      'Hifadhi utafutaji huu',
    ]);
    expectNone(html, [
      'All Listings',
      '3 ads',
      'Search these results',
      '>Filters<',
      'All Categories',
      'Any subcategory',
      'Any county',
      'Any town',
      'Min price',
      'Sort by',
      'Newest first',
      'Price: low to high',
      'Apply filters',
      'Price negotiable',
      'Seller:',
      'No reviews yet',
      '>Today<',
      'Save Samsung',
      'Save this search',
    ]);
    expect(head).toContain('<title>Matangazo yote | Soko</title>');
  });

  it('/sw/listings with a search, a place and a price: heading, chips and the empty state in Swahili', async () => {
    const found = await main('/sw/listings?search=laptop&category=Electronics&minPrice=100');
    expectAll(found.html, ['Matokeo ya "laptop"', 'Ondoa kichujio: Elektroniki', 'Kuanzia Ksh 100']);
    expectNone(found.html, ['Search Results for', 'Remove filter', 'From Ksh']);
    const none = await main('/sw/listings?search=tractor&location=Kisumu');
    expectAll(none.html, ['Hakuna matangazo ya "tractor" karibu na Kisumu.', 'Weka tangazo sasa!']);
    expectNone(none.html, ['No listings found', 'Post one now!']);
  });

  it('/sw/category/electronics: the category in Swahili, its description, count and title', async () => {
    const { status, html, head } = await main('/sw/category/electronics');
    expect(status).toBe(200);
    expectAll(html, ['>Elektroniki<', 'Simu, laptop, TV, redio na vifaa vya umeme vya nyumbani.', 'matangazo 2', 'Tafuta katika Elektroniki', 'aria-label="Chuja Elektroniki"']);
    expectNone(html, ['Phones, laptops, TVs', '2 listings', 'Search in Electronics', 'Filter Electronics']);
    expect(head).toContain('<title>Elektroniki Kenya | Soko</title>');
    const missing = await main('/sw/category/no-such-thing');
    expect(missing.status).toBe(404);
    expectAll(missing.html, ['Aina haipatikani', 'Hakuna aina inayoitwa “no-such-thing”']);
  });

  it('/sw/seller/:username: the seller card, month in Swahili, ads and title', async () => {
    const { status, html, head } = await main(`/sw/seller/${username}`);
    expect(status).toBe(200);
    expectAll(html, ['>Mahali<', '>Mwanachama tangu<', 'Januari 2025', '>Matangazo yanayoendelea<', '>Alama<', 'Bado hakuna maoni', 'Matangazo ya Wanjiku Kamau']);
    expectNone(html, ['>Location<', 'Member since', 'January 2025', 'Active ads', '>Rating<', 'Ads by']);
    expect(head).toContain('<title>Wanjiku Kamau, Eldoret: matangazo 3 | Soko</title>');
  });
});

describe("the same pages in English keep the specification's words", () => {
  it('/, /listings, /category/electronics and the seller page', async () => {
    expectAll((await main('/')).html, ['Buy and sell anything in Kenya', '>Cars & Vehicles<', '2 ads', '1 ad<', '0 ads']);
    const listings = await main('/listings');
    expectAll(listings.html, ['>All Listings<', '3 ads', 'Price negotiable', 'Seller: No reviews yet', '>Today<', 'Newest first']);
    expect(listings.head).toContain('<title>All Listings | Soko</title>');
    const category = await main('/category/electronics');
    expectAll(category.html, ['>Electronics<', 'Phones, laptops, TVs, audio and home appliances.', '2 listings', 'Search in Electronics']);
    expect(category.head).toContain('<title>Electronics in Kenya | Soko</title>');
    const seller = await main(`/seller/${username}`);
    expectAll(seller.html, ['Member since', 'January 2025', 'Ads by Wanjiku Kamau']);
    expect(seller.head).toContain('<title>Wanjiku Kamau in Eldoret: 3 ads | Soko</title>');
  });
});
