import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, hydrated, newSignedInAccount, postAd, test, uniqueWord } from './support';

/**
 * Issue 17 as a person (and a link preview) meets it: a deleted ad's page, typed addresses,
 * the preview image, and markup that reads right: one title, headings in order, names that
 * tell controls apart, a WhatsApp button that can be read.
 */
test.use({ bypassCSP: true });

/** Heading levels in document order that jump by more than one (h1 then h3). */
async function skippedHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    let previous = 0;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (!h.checkVisibility()) continue;
      const level = Number(h.tagName[1]);
      if (level > previous + 1) found.push(`h${previous} → ${h.tagName.toLowerCase()} "${h.textContent?.trim()}"`);
      previous = level;
    }
    return found;
  });
}

test('a deleted ad says it is gone, answers 410 and leads to similar ads', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const word = uniqueWord();
  const kept = await postAd(page.request, { title: `Bookshelf ${word}`, category: 'Furniture' });
  const doomed = await postAd(page.request, { title: `Dining table ${word}`, category: 'Furniture' });
  expect((await page.request.delete(`/api/listings/${doomed._id}`)).status()).toBe(200);

  const res = await page.goto(`/listing/${doomed._id}`);
  expect(res!.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1, name: 'This ad is no longer available' })).toBeVisible();
  await expect(page).toHaveTitle('This ad is no longer available | Soko');
  const similar = page.getByRole('list', { name: 'Similar ads' });
  await expect(similar.getByRole('link', { name: `Bookshelf ${word}` })).toBeVisible();
  expect(await skippedHeadings(page)).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await similar.getByRole('link', { name: `Bookshelf ${word}` }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${kept._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Bookshelf ${word}` })).toBeVisible();
});

test('typing /login or /register lands on the sign-in and sign-up pages', { tag: '@one-viewport' }, async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/register');
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expect(page.getByLabel('First name')).toBeVisible();
});

// @images: one of the few tests run in a browser that loads and decodes photos (playwright.config.ts).
test("an ad's link preview is a 1200x630 JPEG, its card photo loads; its WhatsApp button is readable", { tag: '@images' }, async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request, { title: `Office chair ${uniqueWord()}` });
  await page.context().clearCookies();
  await page.goto(`/listing/${ad._id}`);
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  const image = await page.request.get(ogImage!);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, ogImage!);
  expect(size).toEqual([1200, 630]);
  // The cover's card photo, made when the ad was saved, is picked (AVIF) and decodes.
  await page.goto(`/listings?search=${encodeURIComponent(ad.title)}`);
  const card = page.locator('article').filter({ hasText: ad.title }).locator('img').first();
  await expect(card).toHaveJSProperty('complete', true);
  const picked = await card.evaluate((img: HTMLImageElement) => [img.currentSrc, img.naturalWidth, img.naturalHeight] as const);
  expect(picked[0]).toMatch(/-c(320|480)\.avif$/);
  expect(picked[1]).toBeGreaterThan(0);
  // 4:3, to the pixel (a photo narrower than the card is not enlarged, so it may round).
  expect(Math.abs(picked[1] * 3 - picked[2] * 4)).toBeLessThanOrEqual(4);
  await page.goto(`/listing/${ad._id}`);
  // One <title>, one JSON-LD Product.
  expect(await page.locator('title').count()).toBe(1);
  const types = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent!)['@type']));
  expect(types).toEqual(['Product', 'BreadcrumbList']);
  await expect(page.getByRole('button', { name: /WhatsApp/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the 404 page has one title', { tag: '@one-viewport' }, async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res!.status()).toBe(404);
  await hydrated(page);
  expect(await page.locator('title').count()).toBe(1);
  await expect(page).toHaveTitle('404: Not Found | Soko');
});

test('headings never skip a level on listings, category and manage-ads', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  for (let i = 0; i < 2; i++) await postAd(page.request, { title: `Lamp ${i} ${uniqueWord()}` });
  for (const path of ['/listings', '/category/for-sale', '/manage-ads', '/']) {
    await page.goto(path);
    await hydrated(page);
    expect(await skippedHeadings(page), path).toEqual([]);
  }
});

test('manage-ads tells each ad\'s Feature controls apart; the currency select starts with a placeholder', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const word = uniqueWord();
  await postAd(page.request, { title: `Radio ${word}` });
  await postAd(page.request, { title: `Kettle ${word}` });
  await page.goto('/manage-ads');
  await hydrated(page);
  await expect(page.getByText(`Feature Ad`, { exact: true })).toHaveCount(2);
  const names = await page.locator('summary').filter({ hasText: 'Feature Ad' }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(names.sort()).toEqual([`Feature Ad: Kettle ${word}`, `Feature Ad: Radio ${word}`]);
  const found = await expectNoSeriousA11yViolations(page);
  expect(found.filter((v) => v.id === 'landmark-unique' || v.id === 'duplicate-id-aria')).toEqual([]);
  // The dialog's name names the ad too.
  await page.locator('summary').filter({ hasText: 'Feature Ad' }).first().click();
  await expect(page.getByRole('dialog', { name: /^Feature Your Ad\? (Radio|Kettle) / })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/post-ad');
  const currency = page.getByLabel('Currency');
  await expect(currency).toHaveValue('KES');
  await expect(currency.locator('option').first()).toHaveText('Select a currency');
  await expect(currency.locator('option').first()).toBeDisabled();
});

test('my details read-only is no form; Edit opens one with Save Changes', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  await page.goto('/my-details');
  await hydrated(page);
  const details = page.getByRole('region', { name: 'My Details' });
  await expect(details.getByLabel('First name')).toHaveAttribute('readonly', '');
  await expect(details.locator('form')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('link', { name: /Edit/ }).first().click();
  await expect(details.locator('form').getByRole('button', { name: 'Save Changes' })).toBeVisible();
});
