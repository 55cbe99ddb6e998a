import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, hydrated, newAccount, newSignedInAccount, postAd, signIn, test, uniqueWord, pickLocation } from './support';

let photoDir: string;
let photos: string[];

test.beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-e2e-photos-'));
  photos = [];
  const colours = ['#c0392b', '#2980b9', '#27ae60'];
  for (const [i, background] of colours.entries()) {
    const name = path.join(photoDir, i === 1 ? `photo-${i}.png` : `photo-${i}.jpg`);
    const img = sharp({ create: { width: 640, height: 480, channels: 3, background } });
    await (i === 1 ? img.png() : img.jpeg()).toFile(name);
    photos.push(name);
  }
});
test.afterAll(() => fs.rmSync(photoDir, { recursive: true, force: true }));

/** A fresh seller with no ads, signed in through the real API. */
async function newSeller(page: Page): Promise<void> {
  await newSignedInAccount(page, { location: 'Nairobi', phoneNumber: '+254712345678' });
}

/** The page's own content, not the header (which has its own Location field). */
const main = (page: Page) => page.getByRole('main');

/** Fills the post form's fields (not its photos). */
async function fillAd(page: Page, ad: { title: string; category: string; place: string; price: string; description: string }) {
  await main(page).getByLabel('Title').fill(ad.title);
  await main(page).getByLabel('Category', { exact: true }).selectOption(ad.category);
  await pickLocation(main(page), ad.place);
  await main(page).getByLabel('Price').fill(ad.price);
  await main(page).getByLabel('Description').fill(ad.description);
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('post an ad with two photos, find it, edit it with the text-only form, delete it', async ({ page }) => {
  await newSeller(page);
  const word = uniqueWord();
  const title = `Samsung Galaxy A15 ${word}`;

  // Messages that go away after a while: the test moves the page's clock on instead of waiting.
  await page.clock.install();
  await page.goto('/manage-ads');
  await expect(page.getByRole('heading', { name: 'Your Ads (0)' })).toBeVisible();
  await expect(page.getByText('No ads found')).toBeVisible();
  await hydrated(page);
  await page.getByRole('link', { name: 'Create New Ad' }).click();

  await expect(page).toHaveURL(/\/post-ad$/);
  await expect(page.getByRole('heading', { name: 'Create a New Listing' })).toBeVisible();
  await expect(page.getByText('At least one image is required.')).toBeVisible();
  await hydrated(page);
  await noHorizontalScroll(page);

  // Submitting with nothing filled in shows the spec's message.
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Error: All fields and at least one image are required.')).toBeVisible();

  await main(page).getByLabel('Title').fill(title);
  await main(page).getByLabel('Category', { exact: true }).selectOption('Electronics');
  await pickLocation(main(page), 'Westlands, Nairobi');
  await main(page).getByLabel('Price').fill('18500');
  await main(page).getByLabel('Currency').selectOption('KES');
  await main(page).getByLabel('Description').fill('128 GB, two months old, with box and charger.');
  // Three photos picked, one removed again: two are uploaded.
  await main(page).getByLabel('Add photos').setInputFiles(photos);
  const selected = page.getByRole('list', { name: 'Selected photos' }).getByRole('img');
  await expect(selected).toHaveCount(3);
  await expect(page.getByText('At least one image is required.')).toBeHidden();
  await page.getByRole('button', { name: 'Remove new photo 3' }).click();
  await expect(selected).toHaveCount(2);

  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Ad posted successfully!')).toBeVisible();
  // The success screen's Post another gives an empty form for the next ad (issue 16).
  await main(page).getByRole('link', { name: 'Post another' }).click();
  await expect(main(page).getByLabel('Title')).toHaveValue('');
  await expect(selected).toHaveCount(0);

  // It is found by search and in its category.
  await page.goto(`/listings?search=${word}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  // (Searched within the category: other tests post Electronics ads that could push it off the first page.)
  await page.goto(`/category/electronics?search=${word}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goto('/manage-ads');
  await expect(page.getByRole('heading', { name: 'Your Ads (1)' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Ksh 18,500')).toBeVisible();
  await expect(card.getByText('Westlands, Nairobi')).toBeVisible();
  await expect(card.getByText('Electronics')).toBeVisible();
  const cover = card.getByRole('img').first();
  // The 4:3 card file, AVIF where the browser takes it (issue 16).
  await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /-c320\.avif 320w/);
  await expect(cover).toHaveAttribute('width', '320');
  await expect(cover).toHaveAttribute('height', '240');
  await noHorizontalScroll(page);
  await hydrated(page);

  // Text-only edit.
  await card.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(/\/listings\/[0-9a-f-]{36}$/);
  await expect(main(page).getByLabel('Ad Title')).toHaveValue(title);
  await expect(main(page).getByLabel('Subcategory')).toBeEnabled();
  await expect(page.getByRole('list', { name: 'Current images' }).getByRole('img')).toHaveCount(2);
  await hydrated(page);
  const edited = `${title} (price drop)`;
  await main(page).getByLabel('Ad Title').fill(edited);
  await main(page).getByLabel('Price (Ksh)').fill('17000');
  await page.getByRole('button', { name: 'Update Ad' }).click();
  await expect(page.getByText('Ad updated successfully!')).toBeVisible();
  // Then back to Manage ads after 1.5 s.
  await page.clock.fastForward(1500);
  await expect(page).toHaveURL(/\/manage-ads$/);
  const editedCard = page.getByRole('article').filter({ hasText: edited });
  await expect(editedCard.getByText('Ksh 17,000')).toBeVisible();

  // Delete: Cancel keeps it, Continue removes it.
  await hydrated(page);
  await editedCard.getByRole('link', { name: `Delete ${edited}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This action cannot be undone.');
  // Keyboard: focus starts on Cancel and Tab / Shift+Tab stay inside the dialog; Escape closes it.
  const cancel = dialog.getByRole('link', { name: 'Cancel' });
  const proceed = dialog.getByRole('button', { name: 'Continue' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(proceed).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(proceed).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(editedCard.getByRole('link', { name: `Delete ${edited}` })).toBeFocused();
  await editedCard.getByRole('link', { name: `Delete ${edited}` }).click();
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your Ads (1)' })).toBeVisible();
  await editedCard.getByRole('link', { name: `Delete ${edited}` }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Ad deleted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Ads (0)' })).toBeVisible();
  await expect(page.getByText('No ads found')).toBeVisible();
});

test('a form sent while its photos are still being checked waits for them, then posts with them', { tag: '@one-viewport' }, async ({ page }) => {
  await newSeller(page);
  await page.goto('/post-ad');
  await hydrated(page);
  // A slow phone: reading a photo's first bytes takes a second and a half.
  await page.evaluate(() => {
    const read = Blob.prototype.arrayBuffer;
    Blob.prototype.arrayBuffer = function (this: Blob) {
      return new Promise((resolve) => setTimeout(resolve, 1500)).then(() => read.call(this));
    };
  });
  await fillAd(page, { title: 'Desk lamp, brass', category: 'Furniture', place: 'Kisumu', price: '1500', description: 'Warm light.' });
  await main(page).getByLabel('Add photos').setInputFiles(photos.slice(0, 2));
  const checking = page.getByRole('button', { name: 'Checking photos...' });
  await expect(checking).toBeDisabled();
  // Enter in a field sends the form too: nothing is sent while the photos are being checked.
  await main(page).getByLabel('Title').press('Enter');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Ad posted successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'View your ad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Desk lamp, brass' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open photo \d of 2$/ })).toHaveCount(2);
});

test('edit mode of /post-ad keeps, removes and adds photos, then returns to Manage ads', { tag: '@one-viewport' }, async ({ page }) => {
  await newSeller(page);
  await page.goto('/post-ad');
  await hydrated(page);
  await fillAd(page, { title: 'Office chair, mesh back', category: 'Furniture', place: 'Kisumu', price: '0', description: 'Adjustable height.' });
  await main(page).getByLabel('Add photos').setInputFiles(photos.slice(0, 2));
  // Clicked while the photos' thumbnails and the upload line still moved the button, a click
  // once went nowhere on a busy CI machine: this test is about editing, so it posts once they are up.
  await expect(page.getByText(/photo 2 of 2 uploaded/)).toBeVisible();
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Ad posted successfully!')).toBeVisible();
  const viewHref = await page.getByRole('link', { name: 'View your ad' }).getAttribute('href');
  const id = viewHref!.split('/').pop()!;

  await page.goto(`/post-ad?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Your Listing' })).toBeVisible();
  await expect(main(page).getByLabel('Title')).toHaveValue('Office chair, mesh back');
  await hydrated(page);
  const selected = page.getByRole('list', { name: 'Selected photos' }).getByRole('img');
  await expect(selected).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove current photo 1' }).click();
  await main(page).getByLabel('Add photos').setInputFiles(photos[2]!);
  await expect(selected).toHaveCount(2);
  await main(page).getByLabel('Title').fill('Office chair, mesh back, black');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/manage-ads$/);
  const card = page.getByRole('article').filter({ hasText: 'Office chair, mesh back, black' });
  // A price of 0 is negotiable.
  await expect(card.getByText('Price negotiable')).toBeVisible();

  const res = await page.request.get(`/api/listings/${id}`);
  expect((await res.json()).images).toHaveLength(2);
});

test('more than ten photos: extras are dropped and the spec message shows', { tag: '@one-viewport' }, async ({ page }) => {
  await newSeller(page);
  await page.clock.install();
  await page.goto('/post-ad');
  await hydrated(page);
  const many = Array.from({ length: 11 }, (_, i) => photos[i % 3]!);
  const names = many.map((p, i) => ({ name: `p${i}${path.extname(p)}`, mimeType: p.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: fs.readFileSync(p) }));
  await main(page).getByLabel('Add photos').setInputFiles(names);
  await expect(page.getByText('Error: You can upload a maximum of 10 images.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(10);
  // It stays until the seller acts (issue 16): removing a photo clears it.
  await page.getByRole('button', { name: 'Remove new photo 10' }).click();
  await expect(page.getByText('Error: You can upload a maximum of 10 images.')).toBeHidden();
});

test('signed-out visitors are sent to login, and other people’s ads cannot be edited', { tag: '@one-viewport' }, async ({ page, request }) => {
  await page.goto('/post-ad');
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fpost-ad$/);

  await newSeller(page);
  // Someone else's ad, posted from another client.
  await signIn(request, await newAccount(request));
  const someone = await postAd(request);
  await page.goto(`/post-ad?id=${someone._id}`);
  await expect(page.getByText('You are not authorized to edit this listing.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  const edit = await page.goto(`/listings/${someone._id}`);
  expect(edit?.status()).toBe(403);
  await expect(page.getByText('You are not authorized to edit this ad.')).toBeVisible();
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('post an ad as a plain multipart form, then delete it through the confirmation page', async ({ page }) => {
    await newSeller(page);
    await page.goto('/post-ad');
    await fillAd(page, { title: 'Bicycle, 26 inch', category: 'For Sale', place: 'Nakuru', price: '9000', description: 'Good tyres, new brakes.' });
    await main(page).getByLabel('Add photos').setInputFiles(photos.slice(0, 2));
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(page.getByText('Ad posted successfully!')).toBeVisible();

    await page.goto('/manage-ads');
    await expect(page.getByRole('heading', { name: 'Your Ads (1)' })).toBeVisible();
    await page.getByRole('link', { name: 'Delete Bicycle, 26 inch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Ad deleted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Ads (0)' })).toBeVisible();
  });
});
