import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';
import { insertRows } from './listings-support.ts';
import { SWAHILI_OFFERED } from '../../kernel/i18n/locales.ts';
import { offersSwahili, prefersSwahili } from '../../kernel/i18n/language-switch.ts';
import { seoRoutes } from '../../server/http/seo-routes.ts';

/**
 * Both languages from one app (issue 45, docs/decisions/swahili-i18n.md plan step 2): /sw and
 * /sw/… are answered by the Swahili build, everything else by the English one as before.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  const [en, sw] = [await loadPageBuild('en'), await loadPageBuild('sw')];
  app = createApp(t.services, { getBuild: en.getBuild, getSwahiliBuild: sw.getBuild });
  // An ad, for the cards' links and the sitemaps' chunks.
  await insertRows(t, (await t.createUser()).user.id, [{ title: 'Kiti cha mbao' }]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const page = pageRequests(() => app);

describe('Swahili pages under /sw', () => {
  it.each(['/sw/', '/sw'])('%s is the Swahili home page', async (path) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="sw-KE"/);
    // The header and footer from kernel/i18n/sw/common.ts; none of their English.
    expect(html).toContain('Weka tangazo');
    expect(html).toContain('Haki zote zimehifadhiwa');
    expect(html).not.toContain('Post an ad');
    expect(html).not.toContain('All rights reserved');
    // Its links and scripts are the Swahili build's: React Router writes the basename for the browser.
    expect(html).toContain('"basename":"/sw"');
  });

  it("answers a page's data for a navigation inside the app (/sw/listings.data)", async () => {
    const res = await page('/sw/listings.data');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/x-script');
    const body = await res.text();
    expect(body.length).toBeGreaterThan(100);
  });

  it('serves a Swahili page of its own route tree, and 404s a path it does not have', async () => {
    expect((await page('/sw/listings')).status).toBe(200);
    expect((await page('/sw/no-such-page')).status).toBe(404);
  });

  it('leaves the service worker and the API where they were: /sw.js is not a Swahili page', async () => {
    expect((await page('/sw.js')).headers.get('content-type')).toContain('javascript');
    expect((await page('/api/health')).status).toBe(200);
  });
});

describe('English pages unchanged', () => {
  it('/ is English, with lang="en-KE" and the specification\'s words', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="en-KE"/);
    expect(html).toContain('Post an ad');
    expect(html).toContain('Soko. All rights reserved.');
    expect(html).not.toContain('Weka tangazo');
    expect(html).not.toContain('"basename":"/sw"');
  });

  it('/listings.data and a path that merely starts with sw stay English', async () => {
    expect((await page('/listings.data')).status).toBe(200);
    const res = await page('/swahili');
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/<html lang="en-KE"/);
  });
});

describe('the language switch (GET /language) and the addresses of both languages', () => {
  it('the footer links to the same page and query in the other language, both ways (to Swahili once it is offered)', async () => {
    const en = await (await page('/listings?category=Pets&page=2')).text();
    const toSw = /<a[^>]*href="([^"]*)"[^>]*data-testid="language-switch"/.exec(en);
    if (SWAHILI_OFFERED) expect(toSw?.[1]?.replace(/&amp;/g, '&')).toBe(`/language?to=sw&next=${encodeURIComponent('/listings?category=Pets&page=2')}`);
    else expect(toSw).toBeNull();
    const sw = await (await page('/sw/listings?category=Pets')).text();
    const toEn = /<a[^>]*href="([^"]*)"[^>]*data-testid="language-switch"/.exec(sw);
    expect(toEn?.[1]?.replace(/&amp;/g, '&')).toBe(`/language?to=en&next=${encodeURIComponent('/listings?category=Pets')}`);
    expect(sw).toContain('>English</a>');
  });

  it('remembers the choice and sends the visitor to the page in that language', async () => {
    const res = await page(`/language?to=sw&next=${encodeURIComponent('/listings?category=Pets')}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sw/listings?category=Pets');
    expect(res.headers.get('set-cookie')).toMatch(/^soko_lang=sw; Path=\/; Max-Age=\d+; SameSite=Lax/);
    const back = await page(`/language?to=en&next=${encodeURIComponent('/listings?category=Pets')}`);
    expect(back.headers.get('location')).toBe('/listings?category=Pets');
    expect((await page('/language?to=sw&next=%2F')).headers.get('location')).toBe('/sw/');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'listings'])('never leaves the site: next=%s leads home', async (next) => {
    const res = await page(`/language?to=sw&next=${encodeURIComponent(next)}`);
    expect(res.headers.get('location')).toBe('/sw/');
  });

  it('refuses an unknown language and sets nothing', async () => {
    const res = await page('/language?to=fr&next=%2F');
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  // Both states are checked by one test, whichever the build is in: a skipped test fails the suite (scripts/test.ts).
  it('each page names its addresses: while Swahili is not offered, English pages do not name it and Swahili pages are noindex; once offered, canonical per language, both languages and x-default (English)', async () => {
    if (!SWAHILI_OFFERED) {
      const en = await (await page('/help-contact')).text();
      expect(en).not.toMatch(/hreflang/i);
      expect(en).not.toContain('data-testid="language-switch"');
      const sw = await (await page('/sw/help-contact')).text();
      expect(sw).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(sw).not.toMatch(/rel="canonical"/);
      // The way back to English is there.
      expect(sw).toContain('data-testid="language-switch"');
      return;
    }
    const origin = new URL(t.config.appUrl).origin;
    // HTML attribute names are case-insensitive (React writes hrefLang).
    const links = (html: string) => [...html.matchAll(/<link rel="(canonical|alternate)"[^>]*>/g)].map((m) => m[0].toLowerCase());
    const en = links(await (await page('/help-contact')).text());
    expect(en).toContain(`<link rel="canonical" href="${origin}/help-contact"/>`);
    expect(en).toContain(`<link rel="alternate" hreflang="sw-ke" href="${origin}/sw/help-contact"/>`);
    const sw = links(await (await page('/sw/help-contact')).text());
    expect(sw).toContain(`<link rel="canonical" href="${origin}/sw/help-contact"/>`);
    for (const list of [en, sw]) {
      expect(list).toContain(`<link rel="alternate" hreflang="en-ke" href="${origin}/help-contact"/>`);
      expect(list).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/help-contact"/>`);
    }
  });
});

describe('a visitor who chose Swahili is sent to the Swahili pages (the soko_lang cookie)', () => {
  const navigation = { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Dest': 'document' };

  it('an English page asked for with soko_lang=sw answers 302 to its /sw twin, same path and query', async () => {
    const res = await page('/listings?category=Pets&page=2', { cookie: 'soko_lang=sw', headers: navigation });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sw/listings?category=Pets&page=2');
    expect((await page('/', { cookie: 'other=1; soko_lang=sw', headers: navigation })).headers.get('location')).toBe('/sw/');
    // Without Sec-Fetch-Dest (an older browser), a request for HTML is a page navigation too.
    expect((await page('/help-contact', { cookie: 'soko_lang=sw', headers: { Accept: 'text/html' } })).headers.get('location')).toBe('/sw/help-contact');
  });

  it("leaves alone what is not an English page navigation: the choice of English, no choice, a POST, .data, the API, the worker, the switch, a script's fetch, Swahili pages", async () => {
    expect((await page('/listings', { cookie: 'soko_lang=en', headers: navigation })).status).toBe(200);
    expect((await page('/listings', { headers: navigation })).status).toBe(200);
    expect((await page('/listings.data', { cookie: 'soko_lang=sw', headers: { Accept: '*/*', 'Sec-Fetch-Dest': 'empty' } })).status).toBe(200);
    expect((await page('/listings', { cookie: 'soko_lang=sw', headers: { Accept: '*/*', 'Sec-Fetch-Dest': 'empty' } })).status).toBe(200);
    expect((await page('/api/health', { cookie: 'soko_lang=sw', headers: navigation })).status).toBe(200);
    expect((await page('/sw.js', { cookie: 'soko_lang=sw', headers: navigation })).status).toBe(200);
    expect((await page('/sw/listings', { cookie: 'soko_lang=sw', headers: navigation })).status).toBe(200);
    const back = await page(`/language?to=en&next=${encodeURIComponent('/listings')}`, { cookie: 'soko_lang=sw', headers: navigation });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/listings');
    const post = await page('/contact-form', {
      method: 'POST',
      cookie: 'soko_lang=sw',
      headers: { ...navigation, Origin: new URL(t.config.appUrl).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(post.status).not.toBe(302);
  });

  it('a redirect a Swahili page writes from its own address keeps one /sw (React Router adds the basename to every redirect)', async () => {
    // The results page drops empty parameters with a redirect built from url.pathname (/sw/listings).
    const res = await page('/sw/listings?search=&category=Pets');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/sw/listings?category=Pets');
    // A redirect to a fixed path gets the basename once.
    const login = await page('/sw/manage-ads');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe(`/sw/auth/login?redirectTo=${encodeURIComponent('/sw/manage-ads')}`);
    // English as before.
    expect((await page('/listings?search=&category=Pets')).headers.get('location')).toBe('/listings?category=Pets');
    expect((await page('/manage-ads')).headers.get('location')).toBe(`/auth/login?redirectTo=${encodeURIComponent('/manage-ads')}`);
  });

  it('signing in from a Swahili page brings the visitor back to the Swahili page', async () => {
    const { user } = await t.createUser();
    const form = new URLSearchParams({ email: user.email, password: 'correct-horse-battery', redirectTo: '/sw/manage-ads' });
    const res = await page('/sw/auth/login', {
      method: 'POST',
      headers: { Origin: new URL(t.config.appUrl).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sw/manage-ads');
  });
});

describe('the offer of Swahili to a first visit whose browser prefers it', () => {
  it('reads Accept-Language and the remembered choice', () => {
    for (const header of ['sw', 'sw-KE', 'sw-KE,sw;q=0.9,en;q=0.8', 'en;q=0.5, sw;q=0.9', 'fr, sw;q=0.8']) expect(prefersSwahili(header), header).toBe(true);
    for (const header of ['', 'en', 'en-KE,en;q=0.9,sw;q=0.8', 'sw;q=0.5,en', 'sw;q=0', 'swh', 'fr']) expect(prefersSwahili(header), header).toBe(false);
    expect(offersSwahili(new Headers({ 'Accept-Language': 'sw-KE' }))).toBe(true);
    expect(offersSwahili(new Headers({ 'Accept-Language': 'sw-KE', Cookie: 'soko_lang=en' }))).toBe(false);
    expect(offersSwahili(new Headers({ 'Accept-Language': 'sw-KE', Cookie: 'soko_lang=sw' }))).toBe(false);
  });

  // Both states in one test (a skipped test fails the suite): the offer shows only once Swahili is offered.
  it('an English page shows it above the header once Swahili is offered, with a way in and a way to dismiss it; never a redirect', async () => {
    const res = await page('/listings?category=Pets', { headers: { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.5' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const offer = /<p lang="sw-KE"[^>]*data-testid="language-offer"[^>]*>(.*?)<\/p>/.exec(html);
    const plain = await (await page('/listings?category=Pets', { headers: { 'Accept-Language': 'en-KE,en;q=0.9' } })).text();
    expect(plain).not.toContain('language-offer');
    if (!SWAHILI_OFFERED) {
      expect(offer).toBeNull();
      return;
    }
    expect(offer?.[1]).toContain(`href="/language?to=sw&amp;next=${encodeURIComponent('/listings?category=Pets')}"`);
    expect(offer?.[1]).toContain('Soma Soko kwa Kiswahili');
    expect(offer?.[1]).toContain(`href="/language?to=en&amp;next=${encodeURIComponent('/listings?category=Pets')}"`);
    expect(html.indexOf('language-offer')).toBeLessThan(html.indexOf('<header'));
    // Dismissed (the choice of English remembered), or chosen: no offer.
    const dismissed = await (await page('/listings', { cookie: 'soko_lang=en', headers: { 'Accept-Language': 'sw-KE' } })).text();
    expect(dismissed).not.toContain('language-offer');
    // Swahili pages do not offer Swahili.
    expect(await (await page('/sw/listings', { headers: { 'Accept-Language': 'sw-KE' } })).text()).not.toContain('language-offer');
  });
});

describe('the sitemap in both languages', () => {
  it('lists only English while Swahili is not offered, as the app serves it now', async () => {
    const pages = await (await page('/sitemaps/pages.xml')).text();
    expect(pages).toContain(`<loc>${new URL(t.config.appUrl).origin}/help-contact</loc>`);
    expect(pages.includes('/sw/')).toBe(SWAHILI_OFFERED);
  });

  it("once offered, lists every page in both languages, each naming both and x-default (Google's xhtml:link alternates)", async () => {
    const origin = new URL(t.config.appUrl).origin;
    const seo = seoRoutes({ db: t.services.db, appUrl: t.config.appUrl, swahili: true });
    const get = async (path: string) => {
      const res = await seo.request(`${origin}${path}`);
      expect(res.status, path).toBe(200);
      return res.text();
    };
    const pages = await get('/sitemaps/pages.xml');
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const alternates = `<xhtml:link rel="alternate" hreflang="en-KE" href="${origin}/help-contact"/><xhtml:link rel="alternate" hreflang="sw-KE" href="${origin}/sw/help-contact"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/help-contact"/>`;
    expect(pages).toContain(`<url><loc>${origin}/help-contact</loc>${alternates}</url>`);
    expect(pages).toContain(`<url><loc>${origin}/sw/help-contact</loc>${alternates}</url>`);
    expect(pages).toContain(`<url><loc>${origin}/sw/</loc>`);

    const index = await get('/sitemap.xml');
    const chunks = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(origin.length));
    const english = chunks.filter((c) => c.startsWith('/sitemaps/listings-'));
    const swahili = chunks.filter((c) => c.startsWith('/sitemaps/sw/listings-'));
    expect(swahili.map((c) => c.replace('/sw/', '/'))).toEqual(english);
    expect(english.length).toBeGreaterThan(0);
    {
      const en = await get(english[0]!);
      const sw = await get(swahili[0]!);
      const id = /<loc>[^<]*\/listing\/([^<]+)<\/loc>/.exec(en)![1]!;
      expect(en).toContain(`<loc>${origin}/listing/${id}</loc>`);
      expect(sw).toContain(`<loc>${origin}/sw/listing/${id}</loc>`);
      for (const xml of [en, sw]) expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="sw-KE" href="${origin}/sw/listing/${id}"/>`);
    }
    const robots = await get('/robots.txt');
    expect(robots).toContain('Disallow: /sw/manage-ads');
    // Not offered: no Swahili twin of a chunk.
    const off = seoRoutes({ db: t.services.db, appUrl: t.config.appUrl, swahili: false });
    expect((await off.request(`${origin}/sitemaps/sw/listings-00000000-0000-4000-8000-000000000000.xml`)).status).toBe(404);
    expect(await (await off.request(`${origin}/robots.txt`)).text()).not.toContain('/sw/');
  });
});

describe('the web app manifest and the service worker of each language', () => {
  it('/sw/manifest.webmanifest is Swahili, starting at /sw/; the English one is as it was', async () => {
    const sw = (await (await page('/sw/manifest.webmanifest')).json()) as Record<string, any>;
    expect(sw).toMatchObject({ id: '/sw/', lang: 'sw-KE', start_url: '/sw/', scope: '/sw/', display: 'standalone', short_name: 'Soko' });
    expect(sw.name).not.toBe('Soko: buy and sell in Kenya');
    expect(sw.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/sw/post-ad', '/sw/listings']);
    const en = (await (await page('/manifest.webmanifest')).json()) as Record<string, any>;
    expect(en).toMatchObject({ id: '/', lang: 'en-KE', start_url: '/', scope: '/', name: 'Soko: buy and sell in Kenya' });
  });

  it('a Swahili page links its manifest and registers /sw/sw.js; an English page, as before', async () => {
    const sw = await (await page('/sw/')).text();
    expect(sw).toContain('<link rel="manifest" href="/sw/manifest.webmanifest"/>');
    const en = await (await page('/')).text();
    expect(en).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    if (en.includes('serviceWorker')) {
      expect(en).toContain('register("/sw.js")');
      expect(sw).toContain('register("/sw/sw.js")');
    }
  });

  it("/sw/sw.js is the Swahili build's worker, scoped to /sw/, with its shell and /sw/offline; /sw.js leaves /sw/ to it", async () => {
    const res = await page('/sw/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('service-worker-allowed')).toBe('/sw/');
    const script = await res.text();
    type Worker = { version: string; shell: string[]; base: string; shellPrefix: string; privatePattern: string; signOutPaths: string[]; otherBases: string[]; otherShells: string[] };
    const worker = JSON.parse(/^const BUILD = (.*);$/m.exec(script)![1]!) as Worker;
    const swBuild = await (await loadPageBuild('sw')).getBuild();
    expect(worker.version).toBe(swBuild.assets.version);
    expect(worker.shell).toContain(swBuild.assets.entry.module);
    expect(worker.shell).toContain(swBuild.assets.routes['routes/offline']!.module);
    expect(worker).toMatchObject({ base: '/sw', shellPrefix: 'soko-shell-sw-', otherBases: [], otherShells: [] });
    expect(worker.signOutPaths).toEqual(expect.arrayContaining(['/sw/logout', '/sw/my-details', '/api/auth/logout']));
    const priv = new RegExp(worker.privatePattern);
    for (const p of ['/sw/my-details', '/sw/post-ad', '/sw/listings/x', '/api/listings', '/my-details']) expect(priv.test(p), p).toBe(true);
    for (const p of ['/sw/', '/sw/listings', '/sw/listing/x', '/sw/offline']) expect(priv.test(p), p).toBe(false);
    // The offline page it stores on install.
    const offline = await page('/sw/offline');
    expect(offline.status).toBe(200);
    expect(await offline.text()).toMatch(/<html lang="sw-KE"/);

    const english = JSON.parse(/^const BUILD = (.*);$/m.exec(await (await page('/sw.js')).text())![1]!) as Worker;
    expect(english).toMatchObject({ base: '', shellPrefix: 'soko-shell-', otherBases: ['/sw'], otherShells: ['soko-shell-sw-'] });
    expect(english.signOutPaths).toContain('/logout');
    expect(english.version).not.toBe(worker.version);
  });
});

describe('links on Swahili pages stay in Swahili', () => {
  it('every link and form of a Swahili page leads under /sw (but for files, media, the API and the switch)', async () => {
    const html = await (await page('/sw/listings')).text();
    const body = html.slice(html.indexOf('<body'));
    const targets = [...body.matchAll(/\s(?:href|action)="(\/[^"]*)"/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThan(10);
    const leaving = targets.filter((p) => !/^\/sw(\/|$|\?)/.test(p) && !/^\/(assets|media|brand|api|language)[/?]/.test(p) && p !== '/favicon.svg');
    expect(leaving).toEqual([]);
    // The header's search form, a card and the footer.
    expect(targets).toContain('/sw/products');
    expect(targets.some((p) => p.startsWith('/sw/listing/'))).toBe(true);
    expect(targets).toContain('/sw/help-contact');
  });
});
