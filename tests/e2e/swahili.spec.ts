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
