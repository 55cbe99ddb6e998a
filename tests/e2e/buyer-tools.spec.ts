import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, newAccount, newSignedInAccount, openMenu, pickLocation, postAd, signIn, test, uniqueEmail, uniqueWord, type Account, type Ad } from './support';

/*
 * Buyer tools (issue 18): saving ads from a card and from the ad page, with and without
 * JavaScript, saving before signing in, the Saved ads page (/favourites) and seller pages.
 */

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });

/** A seller of the test's own with ads whose titles share a word nothing else has. */
async function sellerWithAds(request: APIRequestContext, count = 1): Promise<{ seller: Account; word: string; ads: Ad[] }> {
  const word = uniqueWord();
  const seller = await newAccount(request, { firstName: 'Njeri', lastName: 'Mwangi', location: 'Thika', phoneNumber: '+254733445566' });
  await signIn(request, seller);
  const ads: Ad[] = [];
  for (let i = 0; i < count; i++) ads.push(await postAd(request, { title: `Bicycle ${word} ${i}` }));
  return { seller, word, ads };
}

async function savedIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/saved');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Array<{ listingId: string }> }).items.map((i) => i.listingId);
}

/** The account menu's "Saved ads (n)": the mobile menu on phones, the "Hi, name" menu on wide screens. */
async function expectSavedCount(page: Page, count: number) {
  const wideMenu = page.getByRole('banner').locator('details[data-menu]:not(.group) > summary');
  if (await wideMenu.isVisible()) await wideMenu.click();
  else await openMenu(page);
  await expect(page.getByRole('banner').getByRole('link', { name: `Saved ads (${count})` })).toBeVisible();
}

test.describe('with JavaScript', () => {
  test('Save on a card toggles in place, with a toast and the header count', async ({ page, request }) => {
    const { word, ads } = await sellerWithAds(request);
    const [ad] = ads as [Ad];
    await newSignedInAccount(page);
    await page.goto(`/listings?search=${word}`);
    await hydrated(page);
    // A mark on the window: it survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
    const save = main(page).getByRole('button', { name: `Save ${ad.title}` });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, 'Ad saved. Find it in Saved ads.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { mark?: boolean }).mark)).toBe(true);
    await expectSavedCount(page, 1);
    expect(await savedIds(page)).toEqual([ad._id]);
    // Pressed again: removed.
    await page.keyboard.press('Escape');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await expect(toast(page, 'Removed from Saved ads.')).toBeVisible();
    expect(await savedIds(page)).toEqual([]);
  });

  test('hearts tapped one after another are all sent; one that fails goes back and says why', async ({ page, request }) => {
    const { word, ads } = await sellerWithAds(request, 3);
    const [gone, first, second] = ads as [Ad, Ad, Ad];
    await newSignedInAccount(page);
    await page.goto(`/listings?search=${word}`);
    await hydrated(page);
    const heart = (ad: Ad) => main(page).getByRole('button', { name: `Save ${ad.title}` });
    // Two saves in flight at once: each heart keeps its own answer.
    await heart(first).click();
    await heart(second).click();
    await expect(heart(first)).toHaveAttribute('aria-pressed', 'true');
    await expect(heart(second)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await savedIds(page)).sort()).toEqual([first._id, second._id].sort());
    // The seller deletes an ad the buyer still sees: its heart flips, then back, with the reason.
    expect((await request.delete(`/api/listings/${gone._id}`)).status()).toBe(200);
    await heart(gone).click();
    await expect(toast(page, 'Listing not found.')).toBeVisible();
    await expect(heart(gone)).toHaveAttribute('aria-pressed', 'false');
    await expect(heart(first)).toHaveAttribute('aria-pressed', 'true');
    expect((await savedIds(page)).sort()).toEqual([first._id, second._id].sort());
  });

  test('Save on the ad page becomes Saved, and the stub message is gone', { tag: '@one-viewport' }, async ({ page, request }) => {
    const { ads } = await sellerWithAds(request);
    const [ad] = ads as [Ad];
    await newSignedInAccount(page);
    await page.goto(`/listing/${ad._id}`);
    await hydrated(page);
    const actions = page.getByRole('region', { name: 'Listing Actions' });
    await actions.getByRole('button', { name: 'Save' }).click();
    const saved = actions.getByRole('button', { name: 'Saved' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(toast(page, 'Ad saved. Find it in Saved ads.')).toBeVisible();
    await expect(toast(page, 'Save feature coming soon!')).toHaveCount(0);
    expect(await savedIds(page)).toEqual([ad._id]);
    await page.reload();
    await expect(actions.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a visitor who taps Save signs in and lands back on the ad, saved', { tag: '@one-viewport' }, async ({ page, request }) => {
    const { ads } = await sellerWithAds(request);
    const [ad] = ads as [Ad];
    const buyer = await newAccount(request);
    await page.goto(`/listing/${ad._id}`);
    await hydrated(page);
    await page.getByRole('region', { name: 'Listing Actions' }).getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fsaved%2F/);
    await main(page).getByLabel('Email').fill(buyer.email);
    await main(page).getByLabel('Password', { exact: true }).fill(buyer.password);
    await main(page).getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/listing/${ad._id}#actions$`));
    await expect(page.getByRole('region', { name: 'Listing Actions' }).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(await savedIds(page)).toEqual([ad._id]);
  });

  test('the seller page is linked from the ad page and shows nothing private', { tag: '@one-viewport' }, async ({ page, request }) => {
    const { seller, ads } = await sellerWithAds(request, 2);
    await page.goto(`/listing/${ads[0]!._id}`);
    await page.getByRole('region', { name: 'Seller' }).getByRole('link', { name: 'Njeri Mwangi' }).click();
    await expect(page).toHaveURL(/\/seller\/[a-z0-9.]+$/);
    await expect(page).toHaveTitle(/^Njeri Mwangi in Thika: 2 ads \| Soko$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Njeri Mwangi');
    await expect(page.getByTestId('active-ads')).toHaveText('2');
    const list = page.getByRole('list', { name: 'Ads by Njeri Mwangi' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link', { name: ads[1]!.title })).toBeVisible();
    const text = await main(page).innerText();
    expect(text).toContain('Thika');
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain('733445566');
    expect(text).not.toContain('733 445 566');
  });
});

test.describe('the Saved ads page', () => {
  test('lists saved ads, says "No longer available" for a deleted one, and removes it', { tag: '@one-viewport' }, async ({ page, request }) => {
    const { ads } = await sellerWithAds(request, 2);
    const [kept, gone] = ads as [Ad, Ad];
    await newSignedInAccount(page);
    for (const ad of [kept, gone]) expect((await page.request.put(`/api/saved/${ad._id}`)).status()).toBe(200);
    // The seller (the request context is signed in as them) deletes one ad.
    expect((await request.delete(`/api/listings/${gone._id}`)).status()).toBe(200);

    await page.goto('/favourites');
    await expect(page).toHaveTitle('Saved ads | Soko');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved ads' })).toBeVisible();
    const list = main(page).getByRole('list', { name: 'Saved ads' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link', { name: kept.title })).toBeVisible();
    const goneItem = list.getByTestId('gone-ad');
    await expect(goneItem).toContainText('No longer available');
    await expect(goneItem).toContainText(gone.title);
    await expectSavedCount(page, 2);
    await page.keyboard.press('Escape');

    await hydrated(page);
    await goneItem.getByRole('button', { name: `Remove ${gone.title}` }).click();
    await expect(list.getByTestId('gone-ad')).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await savedIds(page)).toEqual([kept._id]);
  });

  test('the heart on a saved ad removes it from the list, with and without JavaScript', { tag: '@one-viewport' }, async ({ browser, page, request }) => {
    const { ads } = await sellerWithAds(request, 3);
    const [first, second, third] = ads as [Ad, Ad, Ad];
    await newSignedInAccount(page);
    for (const ad of [first, second, third]) expect((await page.request.put(`/api/saved/${ad._id}`)).status()).toBe(200);
    await page.goto('/favourites');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { mark: boolean }).mark = true));
    const list = main(page).getByRole('list', { name: 'Saved ads' });
    const heart = list.getByRole('button', { name: `Save ${second.title}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(toast(page, 'Removed from Saved ads.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link', { name: second.title })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { mark?: boolean }).mark)).toBe(true);
    expect((await savedIds(page)).sort()).toEqual([first._id, third._id].sort());

    // The same account without JavaScript: the heart is a form that comes back here.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const noJs = await plain.newPage();
    await noJs.goto(new URL('/favourites', page.url()).href);
    await main(noJs).getByRole('button', { name: `Save ${first.title}` }).click();
    await expect(noJs).toHaveURL(/\/favourites$/);
    await expect(main(noJs).getByRole('list', { name: 'Saved ads' }).getByRole('listitem')).toHaveCount(1);
    expect(await savedIds(page)).toEqual([third._id]);
    await plain.close();
  });

  test('a visitor is sent to login', { tag: '@one-viewport' }, async ({ page }) => {
    await page.goto('/favourites');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Ffavourites$/);
  });
});

test.describe('without JavaScript', { tag: '@one-viewport' }, () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  test('Save on a card and on the ad page are forms that come back to the page, saved', async ({ page, request }) => {
    const { word, ads } = await sellerWithAds(request, 2);
    const [first, second] = ads as [Ad, Ad];
    await newSignedInAccount(page);
    await page.goto(`/listings?search=${word}`);
    await main(page).getByRole('button', { name: `Save ${first.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/listings\\?search=${word}$`));
    await expect(main(page).getByRole('button', { name: `Save ${first.title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByRole('button', { name: `Save ${second.title}` })).toHaveAttribute('aria-pressed', 'false');

    await page.goto(`/listing/${second._id}`);
    const actions = page.getByRole('region', { name: 'Listing Actions' });
    await actions.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/listing/${second._id}#actions$`));
    await expect(actions.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect((await savedIds(page)).sort()).toEqual([first._id, second._id].sort());
    // And off again.
    await actions.getByRole('button', { name: 'Saved' }).click();
    await expect(actions.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    expect(await savedIds(page)).toEqual([first._id]);
  });

  test('a visitor who taps Save can sign up and comes back to the ad, saved', async ({ page, request }) => {
    const { ads } = await sellerWithAds(request);
    const [ad] = ads as [Ad];
    await page.goto(`/listing/${ad._id}`);
    await page.getByRole('region', { name: 'Listing Actions' }).getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await main(page).getByRole('link', { name: 'Sign up' }).click();
    await main(page).getByLabel('First name').fill('Akinyi');
    await main(page).getByLabel('Last name').fill('Buyer');
    await main(page).getByLabel('Email').fill(uniqueEmail('saver'));
    await main(page).getByLabel('Phone number').fill('0712 345 678');
    await pickLocation(main(page), 'Kisumu');
    await main(page).getByLabel('Password', { exact: true }).fill('e2e-pass-1234');
    await main(page).getByLabel('Confirm password', { exact: true }).fill('e2e-pass-1234');
    await main(page).getByRole('checkbox', { name: /I agree/ }).check();
    await main(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Soko, Akinyi!');
    await main(page).getByRole('link', { name: 'Save the ad and go back' }).click();
    await expect(page).toHaveURL(new RegExp(`/listing/${ad._id}#actions$`));
    await expect(page.getByRole('region', { name: 'Listing Actions' }).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(await savedIds(page)).toEqual([ad._id]);
  });
});
