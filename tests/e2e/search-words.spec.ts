import type { Page } from '@playwright/test';
import { expect, hydrated, newAccount, postAd, signIn, test, uniqueWord } from './support.ts';

// Forgiving search words on the results page (issue 42), at 360 px with JavaScript and without:
// a misspelt word is corrected and the page says so, with a link to the words as typed; that
// search finds nothing and offers "Did you mean", the nearest broader search and Save this search.

const cards = (page: Page) => page.locator('main article');
/** The word with two neighbouring letters swapped: one edit. */
/** Two neighbouring letters swapped: the first pair that differs (swapping "dd" would change nothing). */
const typo = (word: string) => {
  const i = [...word].findIndex((c, n) => n >= 5 && word[n + 1] !== undefined && word[n + 1] !== c);
  return `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
};

for (const js of [true, false]) {
  test.describe(`misspelt words, JavaScript ${js ? 'on' : 'off'}`, { tag: '@one-viewport' }, () => {
    test.use({ javaScriptEnabled: js, viewport: { width: 360, height: 740 } });

    test('a misspelt word is corrected; the words as typed are a tap away and offer the correction back', async ({ page, request }) => {
      const word = uniqueWord();
      const misspelt = typo(word);
      await signIn(request, await newAccount(request));
      await postAd(request, { title: `Radio ${word}`, location: 'Nairobi' });

      await page.goto(`/listings?search=${misspelt}`);
      const note = page.locator('main p', { hasText: 'Showing results for' });
      await expect(note).toHaveText(`Showing results for ${word}; search instead for ${misspelt}`);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(`Radio ${word}`);

      if (js) await hydrated(page);
      await note.getByRole('link', { name: misspelt }).click();
      await expect(page).toHaveURL(new RegExp(`search=${misspelt}&exact=1`));
      await expect(page.getByText(`No listings found for "${misspelt}"`)).toBeVisible();
      const help = page.locator('main');
      await expect(help).toContainText(`Did you mean ${word}?`);
      // One Save this search, in the help (the header's shows only above results).
      await expect(help.getByRole('button', { name: /Save this search/ })).toHaveCount(1);

      await help.getByRole('link', { name: word, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`search=${word}$`));
      await expect(cards(page)).toHaveCount(1);
      await expect(page.getByText('Showing results for')).toHaveCount(0);
    });

    test('nothing found near a place: the same words anywhere in Kenya, with their count', async ({ page, request }) => {
      const word = uniqueWord();
      await signIn(request, await newAccount(request));
      await postAd(request, { title: `Lamp ${word}`, location: 'Nairobi' });
      await page.goto(`/listings?search=${word}&location=Mombasa`);
      const help = page.locator('main');
      await expect(help.getByRole('link', { name: `1 ad for "${word}" anywhere in Kenya` })).toBeVisible();
      if (js) await hydrated(page);
      await help.getByRole('link', { name: `1 ad for "${word}" anywhere in Kenya` }).click();
      await expect(cards(page)).toHaveCount(1);
    });
  });
}
