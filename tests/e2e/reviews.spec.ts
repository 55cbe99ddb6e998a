import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_ADMIN, E2E_REPORTERS } from './admin-account';
import { expect, hydrated, loginAs, newAccount, postAd, signIn, test, uniqueWord } from './support';

/*
 * Seller reviews (issue 44) on a 360 px phone: without JavaScript (the reasons a buyer may not
 * review yet, a new account's review held, a moderator's approval, the review and rating on the
 * seller page and its cards, the seller's reply) and with it (the stars chosen with the keyboard,
 * published at once for an established account).
 */

const main = (page: Page) => page.getByRole('main');
const PHONE = { width: 360, height: 740 };

async function sellerWithAd(request: APIRequestContext) {
  const seller = await newAccount(request, { firstName: 'Wanjiru', lastName: 'Seller' });
  await signIn(request, seller);
  const ad = await postAd(request);
  return { seller, ad };
}

/** The buyer writes from the ad page (a plain form); the seller answers through the API. */
async function talk(page: Page, request: APIRequestContext, adId: string) {
  await page.goto(`/listing/${adId}`);
  await page.getByTestId('message-seller').getByRole('button', { name: 'Is this still available?' }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}/);
  const conversationId = new URL(page.url()).pathname.split('/').pop()!;
  return async () => {
    const res = await request.post(`/api/conversations/${conversationId}/messages`, { data: { body: 'Yes, it is available.' } });
    expect(res.status(), await res.text()).toBe(201);
  };
}

async function newPage(browser: Browser, javaScriptEnabled: boolean, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  const page = await context.newPage();
  await loginAs(page, email, password);
  return page;
}

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the page says why not; a new account’s review waits for a moderator, then shows on the seller page and cards; the seller replies', async ({ page, request, browser }) => {
    const { seller, ad } = await sellerWithAd(request);
    const buyer = await newAccount(page.request, { firstName: 'Otieno', lastName: 'Buyer' });
    await signIn(page.request, buyer);

    await page.goto(`/listing/${ad._id}/review`);
    await expect(page.getByTestId('review-refused')).toHaveText('You can review a seller only about an ad you discussed with them in messages. Write to the seller from the ad first.');
    await expect(main(page).getByRole('button', { name: 'Publish review' })).toHaveCount(0);
    const answer = await talk(page, request, ad._id);
    await page.goto(`/listing/${ad._id}/review`);
    await expect(page.getByTestId('review-refused')).toHaveText('You can review this seller once they have answered your messages about this ad.');
    await answer();

    await page.goto(`/listing/${ad._id}`);
    await expect(page.locator('dd[data-testid="seller-rating"]')).toHaveText('No reviews yet');
    await page.getByTestId('review-seller').click();
    // Nothing chosen: the server says what is missing.
    await main(page).getByRole('button', { name: 'Publish review' }).click();
    await expect(main(page).getByText('Please choose from 1 to 5 stars.')).toBeVisible();
    await expect(main(page).getByText('Please say whether the deal was done.')).toBeVisible();
    const word = uniqueWord();
    // The star is the radio button's label: what a finger taps.
    await main(page).locator('label[for="stars-4"]').click();
    await expect(main(page).getByRole('radio', { name: '4 stars', exact: true })).toBeChecked();
    await main(page).getByLabel('Deal done').check();
    await main(page).getByLabel('Your review (optional)').fill(`Met at Sarit, ${word} as described.`);
    await main(page).getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByTestId('review-saved')).toContainText('your review will show on the seller’s page once our team has checked it');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('link', { name: 'See the seller’s reviews' }).click();
    await expect(page.getByTestId('reviews-summary')).toHaveText('No reviews yet');
    const sellerUrl = page.url().replace(/#.*$/, '');

    const admin = await newPage(browser, false, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto('/admin');
    const item = admin.getByTestId('review-queue-item').filter({ hasText: word });
    await expect(item).toContainText('The author’s account is less than a day old.');
    await item.getByRole('button', { name: /^Approve review/ }).click();
    await expect(admin.getByRole('main').getByRole('status')).toHaveText('Review published: it counts in the seller’s rating.');
    await admin.context().close();

    await page.goto(sellerUrl);
    await expect(page.getByTestId('reviews-summary')).toHaveText('4.0 out of 5 (1 review)');
    await expect(page.getByTestId('review')).toHaveCount(1);
    await expect(page.getByTestId('review')).toContainText(`Met at Sarit, ${word} as described.`);
    await expect(page.getByTestId('review')).toContainText('Otieno B.');
    await expect(page.getByTestId('review').getByRole('img', { name: '4 of 5 stars' })).toBeVisible();
    await expect(main(page).locator('.listing-card').getByTestId('seller-rating')).toHaveText('Seller ★ 4.0 (1 review)');
    // Only its seller (and author) may reply or report; a buyer is not rated anywhere.
    await expect(page.getByRole('button', { name: 'Publish reply' })).toHaveCount(0);

    const sellerPage = await newPage(browser, false, seller.email, seller.password);
    await sellerPage.goto(sellerUrl);
    await sellerPage.getByLabel('Your public reply (one only)').fill('Thank you, Otieno!');
    await sellerPage.getByRole('button', { name: 'Publish reply' }).click();
    await expect(sellerPage.getByTestId('review-reply')).toContainText('Thank you, Otieno!');
    await expect(sellerPage.getByRole('button', { name: 'Publish reply' })).toHaveCount(0);
    await sellerPage.context().close();

    await page.goto(`/listing/${ad._id}`);
    await expect(page.locator('dd[data-testid="seller-rating"]')).toHaveText('4.0 out of 5 (1 review)');
  });
});

test.describe('with JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ viewport: PHONE });

  test('the stars are a keyboard control; an established account’s review shows at once', async ({ page, request }) => {
    const { ad } = await sellerWithAd(request);
    const buyer = E2E_REPORTERS[5]!;
    await loginAs(page, buyer.email, buyer.password);
    const answer = await talk(page, request, ad._id);
    await answer();

    await page.goto(`/listing/${ad._id}/review`);
    await hydrated(page);
    const stars = page.getByTestId('stars-input');
    await main(page).getByRole('radio', { name: '1 star', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(stars.locator('input[value="3"]')).toBeChecked();
    // The chosen star and those before it are filled; the rest are not.
    const colour = (n: number) => stars.locator('label').nth(n - 1).evaluate((el) => getComputedStyle(el).color);
    expect(await colour(3)).toBe(await colour(1));
    expect(await colour(4)).not.toBe(await colour(3));
    await page.keyboard.press('ArrowRight');
    await expect(stars.locator('input[value="4"]')).toBeChecked();
    expect(await colour(4)).toBe(await colour(1));
    await main(page).getByLabel('No deal').check();
    await main(page).getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByTestId('review-saved')).toContainText('Thank you: your review is on the seller’s page.');

    await page.getByRole('link', { name: 'See the seller’s reviews' }).click();
    await expect(page.getByTestId('reviews-summary')).toHaveText('4.0 out of 5 (1 review)');
    await expect(main(page).locator('.listing-card').getByTestId('seller-rating')).toHaveText('Seller ★ 4.0 (1 review)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Changing it within 7 days: the form comes back filled in.
    await page.goto(`/listing/${ad._id}/review`);
    await expect(page.getByTestId('stars-input').locator('input[value="4"]')).toBeChecked();
    await expect(main(page).getByRole('button', { name: 'Save changes' })).toBeVisible();
  });
});
