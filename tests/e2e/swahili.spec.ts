import { expect, hydrated, test } from './support';

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
  });
}
