import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, hydrated, newSignedInAccount, postAd, test, uniqueWord } from './support';

/*
 * Counties and towns (issue 18, point 4) on a 360 px phone: posting with a town picked from
 * the location select (without JavaScript), the type-ahead (with it), and filtering by county,
 * which takes in every town of the county.
 */

test.use({ viewport: { width: 360, height: 740 } });

const main = (page: Page) => page.locator('main');
const png = () => sharp({ create: { width: 80, height: 60, channels: 3, background: '#8e44ad' } }).png().toBuffer();

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('posts an ad with a town picked from the select, shows "Town, County", and finds it by county', async ({ page }) => {
    const word = uniqueWord();
    await newSignedInAccount(page);
    // Another ad of the same search in another county, which the county filter leaves out.
    await postAd(page.request, { title: `Gas cooker ${word} coast`, location: 'Nyali, Mombasa' });

    await page.goto('/post-ad');
    const location = main(page).getByLabel('Location', { exact: true });
    // A plain select: counties as groups, their towns as options, and a county-wide option.
    await expect(location).toHaveJSProperty('tagName', 'SELECT');
    await expect(location.locator('optgroup[label="Nairobi City"] option').first()).toHaveText('All of Nairobi City');
    await expect(location.locator('optgroup[label="Nairobi City"] option', { hasText: 'Karen' })).toHaveAttribute('value', 'Karen, Nairobi City');
    await main(page).getByLabel('Title').fill(`Gas cooker ${word} karen`);
    await main(page).getByLabel('Category', { exact: true }).selectOption('For Sale');
    await location.selectOption({ label: 'Karen' });
    await main(page).getByLabel('Description').fill('Four burners, oven works.');
    await main(page).getByLabel('Add photos').setInputFiles({ name: 'cooker.png', mimeType: 'image/png', buffer: await png() });
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad posted successfully!');
    await main(page).getByRole('link', { name: 'View your ad' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Gas cooker ${word} karen`);
    await expect(main(page).getByText('Karen, Nairobi City', { exact: true })).toBeVisible();

    // Both ads, each card with its town and county.
    await page.goto(`/listings?search=${word}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    await expect(page.getByRole('article').filter({ hasText: 'karen' })).toContainText('Karen, Nairobi City');
    await expect(page.getByRole('article').filter({ hasText: 'coast' })).toContainText('Nyali, Mombasa');

    // The county filter, a plain GET form: Nairobi City has Karen's ad, not Nyali's.
    await main(page).locator('summary', { hasText: 'Filters' }).click();
    await main(page).getByLabel('County').selectOption({ label: 'Nairobi City' });
    await main(page).getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/county=047/);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article').locator('h2')).toHaveText(`Gas cooker ${word} karen`);
    // Kept when the page is shown again, and a town works the same way.
    await expect(main(page).getByLabel('County')).toHaveValue('047');
    await main(page).locator('summary', { hasText: 'Filters' }).click();
    await main(page).getByLabel('County').selectOption('');
    await main(page).getByLabel('Town').selectOption({ label: 'Nyali' });
    await main(page).getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/town=nyali/);
    await expect(page.getByRole('article').locator('h2')).toHaveText(`Gas cooker ${word} coast`);
  });
});

test('with JavaScript the location is a type-ahead box; a category page filters by county', { tag: '@one-viewport' }, async ({ page }) => {
  const word = uniqueWord();
  await newSignedInAccount(page);
  await postAd(page.request, { title: `Sofa set ${word} kisumu`, category: 'Furniture', location: 'Kisumu' });
  await page.goto('/post-ad');
  await hydrated(page);
  const location = main(page).getByLabel('Location', { exact: true });
  await expect(location).toHaveJSProperty('tagName', 'INPUT');
  await expect(location).toHaveAttribute('list', 'location-places');
  await expect(page.locator('#location-places option[value="Westlands, Nairobi City"]')).toHaveCount(1);
  await main(page).getByLabel('Title').fill(`Sofa set ${word} westlands`);
  await main(page).getByLabel('Category', { exact: true }).selectOption('Furniture');
  await location.fill('Westlands, Nairobi City');
  await main(page).getByLabel('Description').fill('Five seater, grey.');
  await main(page).getByLabel('Add photos').setInputFiles({ name: 'sofa.png', mimeType: 'image/png', buffer: await png() });
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad posted successfully!');

  await page.goto(`/category/furniture?search=${word}`);
  await expect(page.getByRole('article')).toHaveCount(2);
  await hydrated(page);
  await main(page).locator('summary', { hasText: 'Filters' }).click();
  await main(page).getByLabel('County').selectOption({ label: 'Nairobi City' });
  await main(page).getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/county=047/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText('Westlands, Nairobi City');
});
