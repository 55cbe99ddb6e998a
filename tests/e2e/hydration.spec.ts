/**
 * React 19 hydrates what the server rendered (app/entry.client.tsx) without complaint: no
 * uncaught error (React reports a hydration mismatch through the window's error event in its
 * production build, and then renders the whole document again in the browser) and nothing
 * written to the console as an error or a warning, on the pages phones open most.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, newSignedInAccount, test } from './support';

function complaints(page: Page): string[] {
  const found: string[] = [];
  page.on('pageerror', (error) => found.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // These browsers load no photos (playwright.config.ts), and Chromium says so of the ad page's photo preload.
    if (/because image loading is disabled/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') found.push(`${message.type()}: ${message.text()}`);
  });
  return found;
}

async function settle(page: Page): Promise<void> {
  await hydrated(page);
  // Effects and a recoverable error's report land in the frames after hydration.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

for (const path of ['/', '/listings?search=phone', '/category/electronics']) {
  test(`${path} hydrates with no error or warning`, async ({ page }) => {
    const found = complaints(page);
    await page.goto(path);
    await settle(page);
    expect(found).toEqual([]);
  });
}

test('an ad page hydrates with no error or warning, opened directly and from a card', async ({ page }) => {
  await page.goto('/listings');
  const href = await page.locator('article a[href^="/listing/"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const found = complaints(page);
  await page.goto(href!);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/listings');
  await settle(page);
  await page.locator(`article a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(found).toEqual([]);
});

test('/post-ad, signed in, hydrates with no error or warning', async ({ page }) => {
  await newSignedInAccount(page);
  const found = complaints(page);
  await page.goto('/post-ad');
  await settle(page);
  await expect(page.getByLabel('Title')).toBeVisible();
  expect(found).toEqual([]);
});
