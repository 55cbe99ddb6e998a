import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, hydrated, newAccount, newSignedInAccount, postAd, test, uniqueEmail, uniqueWord, pickLocation } from './support';

/** Issue 16 with JavaScript, on a 360 px phone: photos (6), the gallery (7), menus, cards and the text edit. */
test.use({ viewport: { width: 360, height: 740 } });

const main = (page: Page) => page.locator('main');

/** A small PNG of a given size and colour, named as a phone names its photos. */
async function photo(name: string, width: number, height: number, background = '#2e7d32') {
  return { name, mimeType: 'image/png', buffer: await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer() };
}

async function fillAd(page: Page, title: string) {
  await main(page).getByLabel('Title').fill(title);
  await main(page).getByLabel('Category', { exact: true }).selectOption('Electronics');
  await pickLocation(main(page), 'Thika');
  await main(page).getByLabel('Price').fill('4500');
  await main(page).getByLabel('Description').fill('Works well, with charger.');
}

test.describe('photos', () => {
  // A service worker would answer the scripts from its cache, out of page.route's reach: the
  // held-back scripts below are a first visit's.
  test.use({ serviceWorkers: 'block' });
  test('each picked file is checked: refused ones are named, the others kept', async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto('/post-ad');
    await hydrated(page);
    const tooBig = { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) };
    const notAPhoto = { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('these are my notes, not a photo') };
    await main(page).getByLabel('Add photos').setInputFiles([await photo('a.png', 64, 48), notAPhoto, tooBig, await photo('b.png', 48, 64)]);
    const selected = page.getByRole('list', { name: 'Selected photos' }).getByRole('img');
    await expect(selected).toHaveCount(2);
    const problem = page.locator('#photos-error');
    await expect(problem).toContainText('“notes.jpg” is not a JPEG, PNG, WebP, AVIF or GIF photo.');
    await expect(problem).toContainText('“huge.jpg” is larger than 10 MB.');
    // The message stays until the seller does something about it.
    await main(page).getByLabel('Title').fill('Radio');
    await expect(problem).toContainText('notes.jpg');
    await page.getByRole('button', { name: 'Remove new photo 2' }).click();
    await expect(problem).toBeEmpty();
  });

  test("a photo's buttons stay put while its upload line arrives, so a tap lands where it was aimed", async ({ page }) => {
    await newSignedInAccount(page);
    // The uploads' module late, as on a slow phone: its lines come in after the buttons are drawn.
    await page.route(/\/assets\/draft-uploads-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/post-ad');
    await hydrated(page);
    await main(page).getByLabel('Add photos').setInputFiles([await photo('one.png', 90, 60), await photo('two.png', 70, 70), await photo('three.png', 60, 90)]);
    const remove = page.getByRole('button', { name: 'Remove new photo 3' });
    await expect(remove).toBeVisible();
    await expect(page.locator('[data-upload]')).toHaveCount(0);
    const before = await remove.boundingBox();
    // Each photo's line, in its tallest state (a progress bar over "Uploading n%": the server holds the uploads a moment), then done.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/drafts\/[^/]+\/photos$/, async (route) => {
      await held;
      await route.continue();
    });
    await expect(page.locator('[data-upload="uploading"]').first()).toBeVisible({ timeout: 15_000 });
    expect(await remove.boundingBox()).toEqual(before);
    release();
    await expect(page.locator('[data-upload="done"]')).toHaveCount(3, { timeout: 15_000 });
    expect(await remove.boundingBox()).toEqual(before);
  });

  test('Create Listing stays put when the draft line arrives with the first photo, so a tap lands on it', async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto('/post-ad');
    await hydrated(page);
    await fillAd(page, `Radio ${uniqueWord()}`);
    // The draft is held on its way: the photo's preview is in, its draft line not yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/drafts$/, async (route) => {
      await held;
      await route.continue();
    });
    await main(page).getByLabel('Add photos').setInputFiles([await photo('one.png', 90, 60)]);
    await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveCount(1);
    const create = page.getByRole('button', { name: 'Create Listing' });
    await expect(create).toBeEnabled();
    await expect(page.getByTestId('draft-status')).toHaveCount(0);
    const before = await create.boundingBox();
    release();
    await expect(page.getByTestId('draft-status')).toHaveText('Draft saved · photo 1 of 1 uploaded');
    expect(await create.boundingBox()).toEqual(before);
  });

  test('the seller picks the cover and the order; the upload shows its progress', async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto('/post-ad');
    await hydrated(page);
    const title = `Bluetooth speaker ${uniqueWord()}`;
    await fillAd(page, title);
    // Three photos told apart by their sizes.
    await main(page).getByLabel('Add photos').setInputFiles([await photo('wide.png', 90, 60), await photo('square.png', 70, 70), await photo('tall.png', 60, 90)]);
    const selected = page.getByRole('list', { name: 'Selected photos' }).getByRole('img');
    await expect(selected).toHaveCount(3);
    await page.getByRole('button', { name: 'Make new photo 3 the cover' }).click();
    await expect(selected.first()).toHaveAttribute('alt', 'New photo 1: tall.png');
    await page.getByRole('button', { name: 'Move new photo 3 earlier' }).click();
    await expect(selected.nth(1)).toHaveAttribute('alt', 'New photo 2: square.png');
    await expect(selected.nth(2)).toHaveAttribute('alt', 'New photo 3: wide.png');

    // A slow uplink, so the progress is there to be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 1024 });
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: /Uploading photos\.\.\. \d+%|Saving your ad/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Posting...' })).toBeDisabled();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad posted successfully!');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    const id = new URL(page.url()).searchParams.get('posted')!;
    const ad = await (await page.request.get(`/api/listings/${id}`)).json();
    expect(ad.photos.map((p: { width: number; height: number }) => `${p.width}x${p.height}`)).toEqual(['60x90', '70x70', '90x60']);
  });

  test('a photo removed while it uploads stops uploading, and is not in the ad even when the server got it', async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto('/post-ad');
    await hydrated(page);
    const title = `Camera ${uniqueWord()}`;
    await fillAd(page, title);
    // The third photo's upload is held on its way, as on a slow uplink.
    let heldUrl = '';
    let third = () => {};
    const thirdSent = new Promise<void>((resolve) => (third = resolve));
    let sent = 0;
    // Stopped at once (an upload that shows no progress is given up only after 30 s).
    const stopped = page.waitForEvent('requestfailed', { predicate: (request) => /\/photos$/.test(request.url()), timeout: 5_000 });
    await page.route(/\/api\/drafts\/[^/]+\/photos$/, async (route) => {
      if (++sent < 3) return route.continue();
      heldUrl = route.request().url();
      third();
      // Held until the page stops it (continuing a stopped request throws).
      await stopped.catch(() => {});
      await route.continue().catch(() => {});
    });
    await main(page).getByLabel('Add photos').setInputFiles([await photo('wide.png', 90, 60), await photo('square.png', 70, 70), await photo('tall.png', 60, 90)]);
    await thirdSent;
    await page.getByRole('button', { name: 'Remove new photo 3' }).click();
    await stopped;
    // The server may have had the photo all the same (the answer was lost on the way back):
    // here it is put into the draft directly.
    const late = (await (await page.request.post(heldUrl, { multipart: { images: await photo('late.png', 50, 50) } })).json()) as { url: string };
    expect((await page.request.get(late.url)).status()).toBe(200);

    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad posted successfully!');
    const id = new URL(page.url()).searchParams.get('posted')!;
    const ad = await (await page.request.get(`/api/listings/${id}`)).json();
    expect(ad.photos.map((p: { width: number; height: number }) => `${p.width}x${p.height}`)).toEqual(['90x60', '70x70']);
    // The late photo's files went with the draft.
    expect((await page.request.get(late.url)).status()).toBe(404);
  });

  test('editing an ad, the seller makes a newly added photo the cover and orders it among the kept ones', async ({ page }) => {
    await newSignedInAccount(page);
    // Two kept photos, 64x48 each (support.ts).
    const ad = await postAd(page.request, {}, 2);
    await page.goto(`/post-ad?id=${ad._id}`);
    await hydrated(page);
    const selected = page.getByRole('list', { name: 'Selected photos' }).getByRole('img');
    await expect(selected).toHaveCount(2);
    await main(page).getByLabel('Add photos').setInputFiles([await photo('new-wide.png', 90, 60), await photo('new-tall.png', 60, 90)]);
    await expect(selected).toHaveCount(4);
    // The second new photo (last in the list) becomes the cover, ahead of the kept photos.
    await page.getByRole('button', { name: 'Make new photo 2 the cover' }).click();
    await expect(selected.first()).toHaveAttribute('alt', 'New photo 1: new-tall.png');
    await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem').first()).toContainText('Cover');
    // The other new photo moves in between the two kept ones.
    await page.getByRole('button', { name: 'Move new photo 2 earlier' }).click();
    await expect(selected.nth(2)).toHaveAttribute('alt', 'New photo 2: new-wide.png');
    await expect(selected.nth(1)).toHaveAttribute('alt', 'Current photo 1');
    await expect(selected.nth(3)).toHaveAttribute('alt', 'Current photo 2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/manage-ads$/);
    const saved = await (await page.request.get(`/api/listings/${ad._id}`)).json();
    expect(saved.photos.map((p: { width: number; height: number }) => `${p.width}x${p.height}`)).toEqual(['60x90', '64x48', '90x60', '64x48']);
  });

  test('a photo picked before the page’s scripts arrive is still sent', async ({ page }) => {
    await newSignedInAccount(page);
    // The scripts are held back until the photo is picked, as on a slow connection.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded, so only the first bytes are waited for.
    await page.goto('/post-ad', { waitUntil: 'commit' });
    await main(page).getByLabel('Add photos').setInputFiles(await photo('early.png', 80, 50));
    release();
    await hydrated(page);
    await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('img')).toHaveAttribute('alt', 'New photo 1: early.png');
    await fillAd(page, `Early photo ${uniqueWord()}`);
    await page.getByRole('button', { name: 'Create Listing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ad posted successfully!');
    const id = new URL(page.url()).searchParams.get('posted')!;
    const ad = await (await page.request.get(`/api/listings/${id}`)).json();
    expect(ad.photos).toHaveLength(1);
    expect(ad.photos[0]).toMatchObject({ width: 80, height: 50 });
  });

  test('a missing field is marked beside it and the message is scrolled to and focused', async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto('/post-ad');
    await hydrated(page);
    await main(page).getByLabel('Add photos').setInputFiles(await photo('a.png', 64, 48));
    await main(page).getByLabel('Description').fill('Nearly new.');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const alert = page.locator('#form-error');
    await expect(alert).toHaveText('Error: All fields and at least one image are required.');
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    await expect(main(page).getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByLabel('Location')).toHaveAttribute('aria-invalid', 'true');
    await expect(main(page).getByLabel('Description')).not.toHaveAttribute('aria-invalid', 'true');
    // Typing in a field clears its mark; the message stays until the next try.
    await main(page).getByLabel('Title').fill('Kettle');
    await expect(main(page).getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(alert).toBeVisible();
  });
});

test.describe('sign-up feedback', () => {
  async function fillRegister(page: Page, fields: { email: string; phone: string; confirm: string; terms: boolean }) {
    await main(page).getByLabel('First name').fill('Wanjiru');
    await main(page).getByLabel('Last name').fill('Kamau');
    await main(page).getByLabel('Email').fill(fields.email);
    await main(page).getByLabel('Phone number').fill(fields.phone);
    await pickLocation(main(page), 'Nyeri');
    await main(page).getByLabel('Password', { exact: true }).fill('mount-kenya-2024');
    await main(page).getByLabel('Confirm password', { exact: true }).fill(fields.confirm);
    await main(page).getByRole('checkbox', { name: /I agree/ }).setChecked(fields.terms);
  }

  test('a refused sign-up marks the failing field beside it; the message is focused, in view, and stays until the user acts', async ({ page }) => {
    await page.clock.install();
    const taken = await newAccount(page.request);
    await page.goto('/auth/register');
    await hydrated(page);
    const alert = main(page).getByRole('alert');
    const confirm = main(page).getByLabel('Confirm password', { exact: true });

    // The browser's own check: the passwords differ.
    await fillRegister(page, { email: uniqueEmail('js'), phone: '0712 000 333', confirm: 'something-else-1', terms: true });
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(alert).toHaveText('Passwords do not match');
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    // Time passes (toasts would be gone); the message and the mark stay.
    await page.clock.runFor(10_000);
    await expect(alert).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    // Changing the field clears its mark; the message stays until the next try.
    await confirm.fill('mount-kenya-2024');
    await expect(confirm).not.toHaveAttribute('aria-invalid');
    await expect(alert).toBeVisible();

    // The server's checks: a phone number it refuses.
    await main(page).getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(alert).toHaveText('Please enter a valid Kenyan phone number, such as 0712 345 678 or +254712345678.');
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    const phone = main(page).getByLabel('Phone number');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription(/^Please enter a valid Kenyan phone number/);

    // And an e-mail that already has an account: the e-mail is marked, the phone no longer.
    await phone.fill('0712 000 333');
    await main(page).getByLabel('Email').fill(taken.email);
    await main(page).getByLabel('Password', { exact: true }).fill('mount-kenya-2024');
    await confirm.fill('mount-kenya-2024');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(alert).toHaveText('An account with this email already exists. Please log in instead.');
    await expect(alert).toBeFocused();
    await expect(main(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).not.toHaveAttribute('aria-invalid');
  });
});

test.describe('the photo viewer', () => {
  test('shows every photo full screen, with swipe, keys and a close button', async ({ page }) => {
    await newSignedInAccount(page);
    const ad = await postAd(page.request, {}, 7);
    await page.goto(`/listing/${ad._id}`);
    await hydrated(page);
    // Five on the page, the last saying how many more.
    await expect(page.getByRole('link', { name: /^Open photo \d of 7/ })).toHaveCount(5);
    await expect(page.getByRole('link', { name: 'Open photo 5 of 7 (2 more)' })).toContainText('+2');

    const viewer = page.getByRole('dialog', { name: /^Photos of/ });
    const opener = page.getByRole('link', { name: 'Open photo 2 of 7' });
    await opener.click();
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('img')).toHaveCount(7);
    await expect(viewer.getByRole('link', { name: 'Close' })).toBeFocused();
    const strip = viewer.getByRole('list', { name: 'Photos' });
    const index = () => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
    await expect.poll(index).toBe(1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(index).toBe(2);
    await viewer.getByRole('button', { name: 'Previous photo' }).click();
    await expect.poll(index).toBe(1);
    // A swipe is a scroll of the strip; it snaps to a whole photo.
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth * 0.8 }));
    await expect.poll(index).toBe(2);
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft % el.clientWidth)).toBe(0);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
    // The close button closes too, and the page is where it was.
    await page.getByRole('link', { name: 'Open photo 1 of 7' }).click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole('link', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/listing/${ad._id}$`));
  });
});

test.describe('menus', () => {
  test('the mobile menu closes on Escape, on a tap outside it and after navigating', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const toggle = page.getByRole('banner').locator('summary[aria-controls="mobile-menu"]');
    const menu = page.locator('#mobile-menu');
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await page.getByText('Powering Ads, Elevating Brands').click();
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(menu).toBeHidden();
  });

  test.describe('on a wide screen', () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test('the account menu closes on Escape, an outside click and navigation', async ({ page }) => {
      const account = await newSignedInAccount(page);
      await page.goto('/');
      await hydrated(page);
      const summary = page.getByRole('banner').locator('summary', { hasText: `Hi, ${account.firstName}` });
      const menu = page.getByRole('banner').getByRole('navigation', { name: 'Account menu' }).locator('visible=true');
      await summary.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await summary.click();
      await page.getByText('Powering Ads, Elevating Brands').click();
      await expect(menu).toHaveCount(0);
      await summary.click();
      await menu.getByRole('link', { name: 'My Details' }).click();
      await expect(page).toHaveURL(/\/my-details$/);
      await expect(menu).toHaveCount(0);
    });
  });
});

test('cards are all the same height, a portrait cover included, and say when the ad was posted', async ({ page }) => {
  await newSignedInAccount(page);
  const word = uniqueWord();
  const tall = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#795548' } }).png().toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries({ title: `Tall lamp ${word}`, description: 'Portrait photo.', category: 'Furniture', price: '900', currency: 'KES', location: 'Nyeri' })) form.append(k, v);
  form.append('images', new Blob([new Uint8Array(tall)], { type: 'image/png' }), 'tall.png');
  expect((await page.request.post('/api/listings', { multipart: form })).status()).toBe(201);
  await postAd(page.request, { title: `Wide table ${word}` });
  await page.goto(`/listings?search=${word}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  const heights = await cards.evaluateAll((list) => list.map((c) => Math.round(c.getBoundingClientRect().height)));
  expect(heights[0]).toBe(heights[1]);
  const images = await cards.locator('img').evaluateAll((list) => list.map((i) => Math.round(i.getBoundingClientRect().height)));
  expect(images[0]).toBe(images[1]);
  for (const card of await cards.all()) await expect(card.getByTestId('posted')).toHaveText('Today');
  await cards.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  // The address changes before the ad page replaces the two results: wait for the ad's price, then
  // its date (the first: similar ads' cards below have theirs).
  await expect(page.getByTestId('listing-price')).toBeVisible();
  await expect(main(page).getByTestId('posted').first()).toHaveText('Today');
});

test('the text-only edit keeps the subcategory and currency, and takes an empty (negotiable) price', async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request, { subcategory: 'Sofas', currency: 'USD', price: 300, category: 'Furniture' });
  await page.goto(`/listings/${ad._id}`);
  await hydrated(page);
  await expect(main(page).getByLabel('Subcategory')).toHaveValue('Sofas');
  await main(page).getByLabel('Price (USD)').fill('');
  await page.getByRole('button', { name: 'Update Ad' }).click();
  await expect(page.getByText('Ad updated successfully!')).toBeVisible();
  const saved = await (await page.request.get(`/api/listings/${ad._id}`)).json();
  expect(saved).toMatchObject({ subcategory: 'Sofas', currency: 'USD', price: null });
});
