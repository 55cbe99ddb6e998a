import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, newSignedInAccount, postAd, test, type Ad } from './support';

/**
 * Pay with M-Pesa (Daraja STK Push) through the Daraja sandbox the server runs without keys:
 * the number, the prompt answered on the simulated phone (or over its control API), the
 * waiting page following the payment, with JavaScript and without.
 */
async function sellerWithAd(page: Page): Promise<Ad> {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  expect(ad.featured).toBe(false);
  return ad;
}

async function isFeatured(request: APIRequestContext, id: string): Promise<boolean> {
  return ((await (await request.get(`/api/listings/${id}`)).json()) as Ad).featured;
}

const card = (page: Page, id: string) => page.getByRole('listitem').filter({ has: page.locator(`a[href="/listing/${id}"]`) });

/** The waiting page's link to the simulated phone names the prompt. */
async function checkoutRequestId(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'Open the simulated phone' }).getAttribute('href');
  return decodeURIComponent(/\/sandbox\/daraja\/phone\/([^?]+)/.exec(href ?? '')![1]!);
}

async function answer(page: Page, id: string, how: string) {
  const res = await page.request.post(`/sandbox/daraja/_control/prompts/${encodeURIComponent(id)}/answer`, { data: { answer: how } });
  expect(res.status(), await res.text()).toBe(200);
}

async function sendPrompt(page: Page) {
  await expect(page.getByRole('heading', { name: 'Pay with M-Pesa' })).toBeVisible();
  // Prefilled with the seller's own number.
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue('+254 712 345 678');
  await page.getByRole('button', { name: 'Send the prompt for 200 KES' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  await expect(page.getByText('KES 200', { exact: true })).toBeVisible();
  await expect(page.locator('#main').getByText('Soko', { exact: true })).toBeVisible();
}

test('Pay with M-Pesa from Feature Your Ad?: the page follows the prompt to success by itself', async ({ page }) => {
  const ad = await sellerWithAd(page);
  await page.goto('/manage-ads');
  await hydrated(page);
  await card(page, ad._id).getByText('Feature Ad', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature Your Ad?' });
  // The spec's dialog is unchanged: the fee, a week, Cancel and Pay Now; M-Pesa is one more way.
  await expect(dialog).toContainText('200 Ksh');
  await expect(dialog.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Pay with M-Pesa' }).click();
  await sendPrompt(page);
  await hydrated(page);
  const id = await checkoutRequestId(page);
  expect(await isFeatured(page.request, ad._id)).toBe(false);

  await answer(page, id, 'accept');
  // No reload, no click: the page polls and moves on.
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 20_000 });
  expect(await isFeatured(page.request, ad._id)).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a cancelled prompt says so by itself and the seller tries again', { tag: '@one-viewport' }, async ({ page }) => {
  const ad = await sellerWithAd(page);
  await page.goto(`/payments/feature/${ad._id}/mpesa`);
  await sendPrompt(page);
  await hydrated(page);
  await answer(page, await checkoutRequestId(page), 'cancel');
  await expect(page.getByRole('heading', { name: 'M-Pesa payment not completed' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('You cancelled the M-Pesa prompt.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay by card or M-Pesa on Flutterwave instead' })).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  expect(await isFeatured(page.request, ad._id)).toBe(false);
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the seller answers on the simulated phone and the refreshing page shows the success', async ({ page }) => {
    const ad = await sellerWithAd(page);
    await page.goto('/manage-ads');
    const item = card(page, ad._id);
    await item.getByText('Feature Ad', { exact: true }).click();
    await item.getByRole('link', { name: 'Pay with M-Pesa' }).click();
    await sendPrompt(page);
    // A plain page: it refreshes itself, and Check again asks now.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();

    await page.getByRole('link', { name: 'Open the simulated phone' }).click();
    await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
    await expect(page.getByText(/Do you want to pay Ksh200 to Soko/)).toBeVisible();
    await page.getByRole('button', { name: 'Enter PIN and pay' }).click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await isFeatured(page.request, ad._id)).toBe(true);
  });

  test('a wrong PIN shows its message after the refresh, with a form to try again', async ({ page }) => {
    const ad = await sellerWithAd(page);
    await page.goto(`/payments/feature/${ad._id}/mpesa`);
    await sendPrompt(page);
    const id = await checkoutRequestId(page);
    await answer(page, id, 'wrong-pin');
    // The meta refresh (5 s) reloads the page by itself.
    await expect(page.getByRole('heading', { name: 'M-Pesa payment not completed' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The M-Pesa PIN was wrong.')).toBeVisible();
    await expect(page.getByLabel('M-Pesa phone number')).toHaveValue('+254 712 345 678');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  });
});
