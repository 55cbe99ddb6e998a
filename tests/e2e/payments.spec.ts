import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, newSignedInAccount, postAd, test, type Ad } from './support';

/** A new seller, signed in as the page, with one ad that is not featured. */
async function sellerWithAd(page: Page): Promise<Ad> {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  expect(ad.featured).toBe(false);
  return ad;
}

async function isFeatured(request: APIRequestContext, id: string): Promise<boolean> {
  return ((await (await request.get(`/api/listings/${id}`)).json()) as Ad).featured;
}

async function startCheckoutThroughApi(page: Page, ad: Ad) {
  // The server's own origin, as the browser client would send it.
  const origin = new URL((await page.request.get('/api/health')).url()).origin;
  const res = await page.request.post('/api/payments/create-checkout-session', {
    data: { email: 'seller@example.co.ke', amount: 200, callback_url: `${origin}/api/payments/verify?listingId=${ad._id}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { url: string; tx_ref: string };
}

const card = (page: Page, id: string) => page.getByRole('listitem').filter({ has: page.locator(`a[href="/listing/${id}"]`) });

test('Feature Ad: pay 200 KES on the sandbox page and the ad is featured for a week', async ({ page }) => {
  const ad = await sellerWithAd(page);

  await page.goto('/manage-ads');
  await hydrated(page);
  await card(page, ad._id).getByText('Feature Ad', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Feature Your Ad?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('200 Ksh');
  await expect(dialog).toContainText('one week');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The first trip to the provider's page answers 204, so the browser stays put and the toast
  // can be read; then the test follows the same link itself.
  let hostedUrl = '';
  const hosted = '**/sandbox/flutterwave/v3/hosted/pay/*';
  await page.route(hosted, (route) => {
    hostedUrl = route.request().url();
    return route.fulfill({ status: 204 });
  });
  await card(page, ad._id).getByText('Feature Ad', { exact: true }).click();
  await page.getByRole('dialog', { name: 'Feature Your Ad?' }).getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Redirecting to payment gateway...')).toBeVisible();
  await expect.poll(() => hostedUrl).toMatch(/\/sandbox\/flutterwave\/v3\/hosted\/pay\/[0-9a-f]+$/);
  await page.unroute(hosted);
  await page.goto(hostedUrl);

  // The sandbox's hosted page, on our own origin.
  await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
  await expect(page.getByText('KES 200')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with M-Pesa (test)' }).click();

  await expect(page).toHaveURL(new RegExp(`/payment-success\\?listingId=${ad._id}&tx_ref=[^&]+&status=successful$`));
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(ad._id)).toBeVisible();
  await expect(page.getByText(/increased visibility for\s*1 week/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await isFeatured(page.request, ad._id)).toBe(true);

  await page.getByRole('link', { name: 'View Listing' }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${ad._id}$`));
  await expect(page.getByText('Featured', { exact: true }).first()).toBeVisible();

  // Featured ads no longer offer the button.
  await page.goto('/manage-ads');
  await expect(card(page, ad._id).getByText('Feature Ad', { exact: true })).toHaveCount(0);
});

test('cancel on the payment page shows Payment Failed and features nothing', { tag: '@one-viewport' }, async ({ page }) => {
  const ad = await sellerWithAd(page);
  const { url } = await startCheckoutThroughApi(page, ad);
  await page.goto(url);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment-failure\?/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('Payment was cancelled.')).toBeVisible();
  await expect(page.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Ads' })).toHaveAttribute('href', '/manage-ads');
  expect(await isFeatured(page.request, ad._id)).toBe(false);
});

test('a payment the provider has not confirmed yet waits on the pending page, then succeeds', { tag: '@one-viewport' }, async ({ page }) => {
  const ad = await sellerWithAd(page);
  const { url, tx_ref } = await startCheckoutThroughApi(page, ad);
  // Slow M-Pesa: verify answers pending until the sandbox is told the customer answered the prompt.
  const sw = await page.request.post('/sandbox/flutterwave/_control/switches', { data: { tx_ref, pendingVerifies: 1000 } });
  expect(sw.status()).toBe(200);
  // The pending page asks again after 3 s, then less and less often: the test moves its clock on.
  await page.clock.install();
  await page.goto(url);
  await page.getByRole('button', { name: 'Pay with M-Pesa (test)' }).click();
  await expect(page).toHaveURL(/\/payment-pending\?/);
  await expect(page.getByRole('heading', { name: "We're confirming your payment" })).toBeVisible();
  expect(await isFeatured(page.request, ad._id)).toBe(false);

  expect((await page.request.post(`/sandbox/flutterwave/_control/transactions/${tx_ref}/resolve`)).status()).toBe(200);
  await expect(async () => {
    await page.clock.fastForward(5000);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(await isFeatured(page.request, ad._id)).toBe(true);
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the Feature Your Ad? form still takes the seller to pay and back', async ({ page }) => {
    const ad = await sellerWithAd(page);
    await page.goto('/manage-ads');
    const item = card(page, ad._id);
    await item.getByText('Feature Ad', { exact: true }).click();
    await expect(item.getByRole('heading', { name: 'Feature Your Ad?' })).toBeVisible();
    await expect(item).toContainText('200 Ksh');
    await item.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByText('Sandbox — no real money moves')).toBeVisible();
    await page.getByRole('button', { name: 'Pay with M-Pesa (test)' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    expect(await isFeatured(page.request, ad._id)).toBe(true);
  });
});
