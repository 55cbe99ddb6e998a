import { expect, hydrated, test } from './support';

/**
 * Browsing in Swahili after hydration (issue 45; tests/integration/swahili-browse.test.ts checks
 * the server's HTML): the browser renders the same Swahili the server wrote (no hydration
 * mismatch, which would show as a React error), and the category select and the filters work in
 * Swahili without leaving /sw.
 */
test.describe('Swahili browsing', { tag: '@one-viewport' }, () => {
  test('/sw/listings comes alive without errors; the category and the sort are picked by their Swahili names', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match|react/i.test(message.text())) errors.push(message.text());
    });
    await page.goto('/sw/listings');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Matangazo yote' })).toBeVisible();
    await expect(page.locator('main article').first()).toContainText('Muuzaji');

    await page.locator('#category-filter').selectOption({ label: 'Elektroniki' });
    await expect(page).toHaveURL(/\/sw\/listings\?category=Electronics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Matangazo ya Elektroniki' })).toBeVisible();

    await page.locator('summary', { hasText: 'Chuja' }).click();
    await page.getByLabel('Panga kwa').selectOption({ label: 'Bei: ya chini kwanza' });
    await page.getByRole('button', { name: 'Chuja sasa' }).click();
    await expect(page).toHaveURL(/\/sw\/listings\?.*sort=price_asc/);
    await expect(page.getByRole('link', { name: 'Ondoa kichujio: Bei: ya chini kwanza' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ondoa kichujio: Elektroniki' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('/sw/ shows the categories by their Swahili labels and leads to their results in /sw', async ({ page }) => {
    await page.goto('/sw/');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Angalia aina' })).toBeVisible();
    await page
      .getByRole('main')
      .getByRole('link', { name: /Magari na usafiri/ })
      .click();
    await expect(page).toHaveURL(/\/sw\/listings\?category=Cars(%20|\+)%26(%20|\+)Vehicles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Matangazo ya Magari na usafiri' })).toBeVisible();
  });
});
