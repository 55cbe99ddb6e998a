import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, hydrated, newSignedInAccount, openMenu, postAd, test, uniqueWord } from './support';

/*
 * Suggestions in the header search (issue 42, point 2) at 360 px: the buyer opens the menu,
 * types, and the list under the box offers categories and the words of live ads; a tap, or the
 * arrow keys and Enter, takes one. Without JavaScript the form is as it was.
 */

test.use({ viewport: { width: 360, height: 740 } });

const box = (page: Page) => page.locator('#mobile-search');
const list = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

test.describe('with JavaScript', { tag: '@one-viewport' }, () => {
  // axe is added to the page as a script of its own, which the site's CSP would refuse (as in a11y-sweep.spec.ts).
  test.use({ bypassCSP: true });

  test('typing "toy" suggests the word of a posted ad; the arrow keys and Enter search for it; Escape closes the list', async ({ page }) => {
    await newSignedInAccount(page);
    // A word of this test's own ad only: "toy" and eleven random letters.
    const word = `toy${uniqueWord()}`;
    const ad = await postAd(page.request, { title: `Wooden ${word} set`, description: 'Hand made.' });
    await page.goto('/');
    await hydrated(page);
    await openMenu(page);
    await box(page).pressSequentially('toy');
    await expect(list(page)).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    const options = list(page).getByRole('option');
    await expect(options.first()).toBeVisible();
    // The list of "to" (typed more than the 150 ms pause apart on a slow machine) may still show until the answer for "toy" comes.
    const allOfToy = async () => {
      const texts = await options.allTextContents();
      return texts.length > 0 && texts.every((text) => text.toLowerCase().includes('toy'));
    };
    await expect.poll(allOfToy).toBe(true);
    expect(await options.count()).toBeLessThanOrEqual(8);
    for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('toy');

    // More of the word: this ad's word is the one suggestion.
    await box(page).pressSequentially(word.slice(3, 8));
    await expect(options).toHaveText([word]);
    await box(page).press('Escape');
    await expect(list(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    // Escape closed the list only: the text and the menu stay.
    await expect(box(page)).toHaveValue(word.slice(0, 8));
    await expect(page.locator('#mobile-menu')).toBeVisible();

    await box(page).pressSequentially(word.slice(8, 9));
    await expect(options).toHaveText([word]);
    await box(page).press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', 'mobile-search-suggestions-0');
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/products\\?search=${word}$`));
    await expect(page.locator('main article').filter({ hasText: ad.title })).toHaveCount(1);
  });

  test('a tapped category suggestion opens its page', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await openMenu(page);
    await box(page).pressSequentially('pho');
    const phones = list(page).getByRole('option', { name: /^Phones/ });
    await expect(phones).toBeVisible();
    await expect(phones).toContainText('Electronics');
    // The open combobox and its list pass the accessibility checks.
    await expectNoSeriousA11yViolations(page);
    await phones.tap();
    await expect(page).toHaveURL(/\/listings\?category=Electronics&subcategory=Phones$/);
    await expect(list(page)).toHaveCount(0);
  });
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the header search submits as before, and no list appears', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').locator('summary[aria-controls="mobile-menu"]').click();
    await box(page).fill('toyota');
    await expect(list(page)).toHaveCount(0);
    await page.locator('#mobile-menu').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/products\?search=toyota$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('toyota');
  });
});
