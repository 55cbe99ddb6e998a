import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, hydrated, newAccount, newSignedInAccount, openMenu, postAd, signIn, test } from './support';

/**
 * Issue 45 point 5 (docs/decisions/swahili-i18n.md, plan step 8): every page of the a11y sweep
 * (tests/e2e/a11y-sweep.spec.ts), signed out and signed in, with an ad of the test's own, under
 * /sw at 360 px. On each page, after hydration and with the menu open, every visible text node
 * and every `aria-label`, `placeholder`, `title`, `alt` and button `value` is checked against the
 * English catalogs' texts (kernel/i18n/en/*.ts, texts of 4 letters or more; function messages
 * called with marker values and cut around them): one found fails the test, naming the page, the
 * element and the text. Ads' own words (inside `[data-user-content]`) and text marked as another
 * language (`lang="en-KE"`: the switch back to English) are skipped. axe runs on the Swahili page,
 * and every link and form of the page stays under /sw.
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const CATALOGS = path.resolve(import.meta.dirname, '../../kernel/i18n');
const MARKER = 987654;

/** The texts of a catalog module: its strings, and the fixed parts of its function messages. */
function textsOf(module: Record<string, unknown>): string[] {
  const texts: string[] = [];
  for (const value of Object.values(module)) {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function') {
      for (const marker of [MARKER, 1]) {
        const values = new Proxy({}, { get: (_, key) => (key === Symbol.toPrimitive ? () => marker : marker) });
        try {
          const out = (value as (p: unknown) => unknown)(values);
          if (typeof out === 'string') texts.push(...out.split(marker === 1 ? /(?<!\d)1(?!\d)/ : String(MARKER)));
        } catch {
          // A message that needs real values: its parts are not checked.
        }
      }
    } else if (value && typeof value === 'object') {
      // A table of texts (category labels by stored name).
      texts.push(...Object.values(value).filter((v): v is string => typeof v === 'string'));
    }
  }
  return texts;
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
const letters = (s: string) => (s.match(/\p{L}/gu) ?? []).length;

async function catalogTexts(locale: 'en' | 'sw'): Promise<Set<string>> {
  const texts = new Set<string>();
  for (const file of fs.readdirSync(path.join(CATALOGS, locale)).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(path.join(CATALOGS, locale, file))) as Record<string, unknown>;
    for (const text of textsOf(module)) texts.add(fold(text));
  }
  return texts;
}

/** English texts a Swahili page must not show: those of 4 letters or more that Swahili does not share (Ksh, M-Pesa, brand names). */
async function englishTexts(): Promise<string[]> {
  const [en, sw] = [await catalogTexts('en'), await catalogTexts('sw')];
  return [...en].filter((t) => letters(t) >= 4 && !sw.has(t));
}

type Found = { element: string; where: string; text: string };

/** Every visible text and labelling attribute of the page, outside ads' own words and other-language text. */
function pageTexts(): Found[] {
  const describe = (el: Element) => {
    const testId = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${testId ? `[data-testid=${testId}]` : cls}>`;
  };
  const skipped = (el: Element) => el.closest('[data-user-content]') !== null || el.closest('[lang]:not([lang^="sw"])') !== null;
  const found: Found[] = [];
  if (document.title) found.push({ element: '<title>', where: 'title', text: document.title });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = node.textContent?.trim();
    if (!parent || !text || parent.closest('script, style, noscript, template') || skipped(parent)) continue;
    if (!parent.checkVisibility()) continue;
    found.push({ element: describe(parent), where: 'text', text });
  }
  for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt], input[type=submit], input[type=button], input[type=reset]')) {
    if (skipped(el)) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = el.getAttribute(name)?.trim();
      if (value) found.push({ element: describe(el), where: name, text: value });
    }
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type) && el.value.trim()) found.push({ element: describe(el), where: 'value', text: el.value.trim() });
  }
  return found;
}

/** Where the page's links and forms lead that leave /sw (files, photos, the API, the switch and the sandboxes may). */
function linksLeavingSwahili(): string[] {
  const leaving: string[] = [];
  const targets = [...document.querySelectorAll('a[href]')]
    .map((a) => ({ el: 'a', url: (a as HTMLAnchorElement).href }))
    .concat([...document.querySelectorAll('form')].map((f) => ({ el: 'form', url: f.action })));
  for (const { el, url } of targets) {
    const target = new URL(url, location.href);
    if (target.origin !== location.origin) continue;
    const p = target.pathname;
    if (p === '/sw' || p.startsWith('/sw/') || /^\/(assets|media|brand|api|language|sandbox)(\/|$)/.test(p) || p === '/favicon.svg') continue;
    leaving.push(`<${el}> ${p}${target.search}`);
  }
  return [...new Set(leaving)];
}

let english: string[] | undefined;

/** The checks of one Swahili page, reported together: English texts, axe, links. */
async function sweepSwahili(page: Page) {
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  await openMenu(page);
  english ??= await englishTexts();
  const exact = new Set(english);
  // A longer English phrase (two words or more) is found inside a text too.
  const phrases = english.filter((t) => t.includes(' ') && letters(t) >= 10);
  const problems = (await page.evaluate(pageTexts))
    .map((f) => ({ ...f, text: fold(f.text) }))
    .filter((f) => exact.has(f.text) || phrases.some((p) => f.text.includes(p)))
    .map((f) => `  ${f.element} ${f.where}: ${JSON.stringify(f.text)}`);
  const leaving = await page.evaluate(linksLeavingSwahili);
  const where = new URL(page.url()).pathname + new URL(page.url()).search;
  expect.soft(problems, `English on the Swahili page ${where}:\n${[...new Set(problems)].join('\n')}`).toEqual([]);
  expect.soft(leaving, `Links leaving /sw on ${where}:\n  ${leaving.join('\n  ')}`).toEqual([]);
  await expectNoSeriousA11yViolations(page);
}

const SIGNED_OUT = [
  '/',
  '/listings',
  '/category/cars-vehicles',
  '/auth/login',
  '/auth/register',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/help-contact',
  '/faq',
  '/guides/posting-ads',
  '/guides/safe-trading',
  '/guides/account-settings',
  '/contact-form',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/payment-failure',
  '/no-such-page',
];
const SIGNED_IN = ['/', '/welcome', '/my-details', '/verify-phone', '/post-ad', '/favourites', '/my-alerts', '/manage-job-ads', '/messages', '/create-listing'];

for (const p of SIGNED_OUT) {
  test(`Swahili sweep, signed out: /sw${p}`, { tag: '@one-viewport' }, async ({ page }) => {
    await page.goto(`/sw${p}`);
    await sweepSwahili(page);
  });
}

for (const p of SIGNED_IN) {
  test(`Swahili sweep, signed in: /sw${p}`, { tag: '@one-viewport' }, async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto(`/sw${p}`);
    await sweepSwahili(page);
  });
}

test('Swahili sweep, signed out: an ad page', { tag: '@one-viewport' }, async ({ page, request }) => {
  await signIn(request, await newAccount(request));
  const ad = await postAd(request);
  await page.goto(`/sw/listing/${ad._id}`);
  await sweepSwahili(page);
});

test('Swahili sweep, signed in: the own ad page, its edit forms and Manage ads', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  for (const p of [`/sw/listing/${ad._id}`, `/sw/listings/${ad._id}`, `/sw/post-ad?id=${ad._id}`, '/sw/manage-ads']) {
    await test.step(p, async () => {
      await page.goto(p);
      await sweepSwahili(page);
    });
  }
});
