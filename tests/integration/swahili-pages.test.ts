import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createTestApp, type TestApp, pageRequests } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';
import { SWAHILI_OFFERED } from '../../kernel/i18n/locales.ts';

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

  it('answers a page\'s data for a navigation inside the app (/sw/listings.data)', async () => {
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
