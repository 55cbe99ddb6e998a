import { expect, hydrated, openMenu, test } from './support';

import { SWAHILI_OFFERED } from '../../kernel/i18n/locales.ts';

/**
 * The footer's language switch (issue 45 point 2; docs/decisions/swahili-i18n.md): the same
 * page and query in the other language, and back, before and without JavaScript. Until Swahili
 * is offered (kernel/i18n/locales.ts) English pages have no switch, and the way in is the
 * switch's own address.
 */
for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', { tag: '@one-viewport' }, () => {
    test.use({ javaScriptEnabled });

    test('the footer switches to Swahili and back, keeping the page and its query', async ({ page }) => {
      await page.goto('/listings?category=Pets');
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
      if (SWAHILI_OFFERED) await page.getByTestId('language-switch').click();
      else {
        await expect(page.getByTestId('language-switch')).toHaveCount(0);
        await page.goto(`/language?to=sw&next=${encodeURIComponent('/listings?category=Pets')}`);
      }
      await expect(page).toHaveURL(/\/sw\/listings\?category=Pets$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
      await expect(page.getByRole('link', { name: 'Weka tangazo' })).toBeVisible();
      await expect(page.getByTestId('language-switch')).toHaveText('English');
      if (javaScriptEnabled) await hydrated(page);
      await page.getByTestId('language-switch').click();
      await expect(page).toHaveURL(/\/listings\?category=Pets$/);
      await expect(page).not.toHaveURL(/\/sw\//);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
      await expect(page.getByRole('link', { name: 'Post an ad' })).toBeVisible();
    });

    test("links, the header's search and the footer keep a Swahili visitor under /sw", async ({ page }) => {
      await page.goto('/sw/listings');
      if (javaScriptEnabled) await hydrated(page);
      // A card (an InAppLink written as HTML).
      const card = page.locator('a.listing-card-link').first();
      await expect(card).toHaveAttribute('href', /^\/sw\/listing\//);
      await card.click();
      await expect(page).toHaveURL(/\/sw\/listing\/[^/]+$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
      if (javaScriptEnabled) await hydrated(page);
      // The footer (InAppLinks).
      await page.getByRole('contentinfo').getByRole('link', { name: 'Msaada na mawasiliano' }).click();
      await expect(page).toHaveURL(/\/sw\/help-contact$/);
      if (javaScriptEnabled) await hydrated(page);
      // The header's search form (a plain form: its action, or the app's navigation).
      // At 360 px the header's search is in the menu.
      await openMenu(page);
      const menu = page.locator('#mobile-menu');
      await menu.getByLabel('Neno la kutafuta').fill('toyota');
      await menu.getByRole('button', { name: 'Tafuta' }).click();
      await expect(page).toHaveURL(/\/sw\/(products|listings)\?search=toyota/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
      // The logo leads to the Swahili home page.
      await page.getByRole('banner').getByRole('link', { name: /Soko/ }).first().click();
      await expect(page).toHaveURL(/\/sw\/?$/);
    });
  });
}

test('a visitor who chose Swahili and opens an English address lands on its Swahili twin', { tag: '@one-viewport' }, async ({ page }) => {
  await page.goto(`/language?to=sw&next=${encodeURIComponent('/help-contact')}`);
  await expect(page).toHaveURL(/\/sw\/help-contact$/);
  await page.goto('/listings?category=Pets');
  await expect(page).toHaveURL(/\/sw\/listings\?category=Pets$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
});

test(
  'the Swahili pages have a worker of their own, scoped to /sw/, with their shell and a Swahili offline page; the English worker keeps its own',
  { tag: '@one-viewport' },
  async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.goto('/sw/listings');
    await hydrated(page);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/sw/manifest.webmanifest');
    // The longer scope wins: the Swahili worker takes the Swahili page over once it is active.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''), { timeout: 30_000 }).toMatch(/\/sw\/sw\.js$/);
    const scopes = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname).sort());
    expect(scopes).toEqual(['/', '/sw/']);
    const caches = await page.evaluate(async () => {
      const out: Record<string, string[]> = {};
      for (const name of await window.caches.keys()) out[name] = (await (await window.caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      return out;
    });
    const shells = Object.keys(caches).filter((n) => n.startsWith('soko-shell-'));
    // One shell per language: neither worker's activation deleted the other's.
    expect(shells.filter((n) => n.startsWith('soko-shell-sw-'))).toHaveLength(1);
    expect(shells).toHaveLength(2);
    expect(caches[shells.find((n) => n.startsWith('soko-shell-sw-'))!]).toContain('/sw/offline');
    expect(caches[shells.find((n) => !n.startsWith('soko-shell-sw-'))!]).toContain('/offline');

    await context.setOffline(true);
    // A Swahili page never opened: the Swahili offline page, at the address asked for.
    await page.goto('/sw/faq');
    expect(new URL(page.url()).pathname).toBe('/sw/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
    await expect(page.locator('#recent-status')).not.toBeEmpty();
    // An English page: the English worker's English offline page.
    await page.goto('/how-it-works');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-KE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  },
);
