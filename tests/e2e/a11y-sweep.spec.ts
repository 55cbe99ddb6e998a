import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { E2E_ADMIN } from './admin-account';
import { expect, hydrated, loginAs, newAccount, newSignedInAccount, openMenu, postAd, signIn, test } from './support';

/**
 * Issue 17, point 5: axe-core finds no violation of any impact on any page, at 360 and 1280 px,
 * in the light and the dark theme, signed out and signed in, with the menu and dialogs open.
 * One page load per route: the width changes with setViewportSize and the theme as the head
 * script sets it (the class on <html>, after emulating the colour scheme), so each test checks
 * both widths itself and the desktop project does not run it again (@one-viewport). A theme
 * changes colours only, so the dark theme is checked with axe's colour rules alone.
 */
test.use({ bypassCSP: true });
// A sweep is four axe runs per page, and some tests sweep four or five pages: more than the
// default 45 s on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [360, 1280];
const THEMES = ['light', 'dark'] as const;
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Applies a theme as app/lib/theme.ts does for 'system' under that colour scheme. */
async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
}

/**
 * Checks the page at both widths and in both themes; at 360 px with the menu open. `open`, if
 * given, then opens a dialog and the dialog is checked the same way.
 */
async function sweep(page: Page, open?: (page: Page) => Promise<void>) {
  await hydrated(page);
  for (const withDialog of open ? [false, true] : [false]) {
    if (withDialog) await open!(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 640 ? 740 : 800 });
      if (!withDialog) await openMenu(page);
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await test.step(`${width} px, ${theme}${withDialog ? ', dialog open' : ''}`, () => expectNoSeriousA11yViolations(page, { failOn: 'all', rules: theme === 'dark' ? COLOUR_RULES : [] }).then(() => undefined));
      }
    }
  }
}

const SIGNED_OUT = ['/', '/listings', '/category/cars-vehicles', '/auth/login', '/auth/register', '/forgot-password', '/reset-password?token=not-a-real-token', '/help-contact', '/faq', '/guides/posting-ads', '/guides/safe-trading', '/guides/account-settings', '/contact-form', '/how-it-works', '/terms', '/privacy', '/payment-failure', '/no-such-page'];
const SIGNED_IN = ['/', '/welcome', '/my-details', '/verify-phone', '/post-ad', '/favourites', '/my-alerts', '/manage-job-ads', '/messages', '/create-listing'];

for (const path of SIGNED_OUT) {
  test(`a11y sweep, signed out: ${path}`, { tag: '@one-viewport' }, async ({ page }) => {
    await page.goto(path);
    await sweep(page);
  });
}

for (const path of SIGNED_IN) {
  test(`a11y sweep, signed in: ${path}`, { tag: '@one-viewport' }, async ({ page }) => {
    await newSignedInAccount(page);
    await page.goto(path);
    await sweep(page);
  });
}

test('a11y sweep, signed out: an ad page with its photo viewer open', { tag: '@one-viewport' }, async ({ page, request }) => {
  await signIn(request, await newAccount(request));
  const ad = await postAd(request, {}, 3);
  await page.goto(`/listing/${ad._id}`);
  await sweep(page, async (p) => {
    await p.getByRole('link', { name: 'Open photo 2 of 3' }).click();
    await expect(p.getByRole('dialog', { name: /^Photos of/ })).toBeVisible();
  });
});

test('a11y sweep, signed in: manage ads with the Feature Your Ad? dialog open', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  await page.goto('/manage-ads');
  await sweep(page, async (p) => {
    await p.getByRole('listitem').filter({ has: p.locator(`a[href="/listing/${ad._id}"]`) }).getByText('Feature Ad', { exact: true }).click();
    await expect(p.getByRole('dialog', { name: 'Feature Your Ad?' })).toBeVisible();
  });
});

test('a11y sweep, signed in: Pay with M-Pesa, its waiting page and a failed prompt (issue 46)', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  await page.goto(`/payments/feature/${ad._id}/mpesa`);
  await sweep(page);
  await page.getByRole('button', { name: 'Send the prompt for 200 KES' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone and enter your M-Pesa PIN' })).toBeVisible();
  await sweep(page);
  const href = await page.getByRole('link', { name: 'Open the simulated phone' }).getAttribute('href');
  const id = decodeURIComponent(/\/phone\/([^?]+)/.exec(href ?? '')![1]!);
  await page.request.post(`/sandbox/daraja/_control/prompts/${encodeURIComponent(id)}/answer`, { data: { answer: 'insufficient' } });
  await expect(page.getByRole('heading', { name: 'M-Pesa payment not completed' })).toBeVisible({ timeout: 20_000 });
  await sweep(page);
});

test('a11y sweep, signed in: the own ad page and its edit forms', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  const ad = await postAd(page.request);
  for (const path of [`/listing/${ad._id}`, `/listings/${ad._id}`, `/post-ad?id=${ad._id}`]) {
    await page.goto(path);
    await sweep(page);
  }
});

// '/favourites' above is the empty Saved ads page; these are it with cards (one gone) and a seller's page (issue 18).
test('a11y sweep, signed in: Saved ads with a saved ad and one no longer available, and a seller page', { tag: '@one-viewport' }, async ({ page, request }) => {
  const seller = await newAccount(request, { firstName: 'Halima', lastName: 'Said', location: 'Mombasa' });
  await signIn(request, seller);
  const [kept, gone] = [await postAd(request), await postAd(request)];
  await newSignedInAccount(page);
  for (const ad of [kept!, gone!]) expect((await page.request.put(`/api/saved/${ad._id}`)).status()).toBe(200);
  expect((await request.delete(`/api/listings/${gone!._id}`)).status()).toBe(200);
  await page.goto('/favourites');
  await expect(page.getByText('No longer available')).toBeVisible();
  await sweep(page);
  await page.goto(`/listing/${kept!._id}`);
  await page.getByRole('region', { name: 'Seller' }).getByRole('link', { name: 'Halima Said' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Halima Said' })).toBeVisible();
  await sweep(page);
});

// Issue 19: an ad in every state a seller sees in Manage ads, a sold ad's page, and the admin area with a queue and a log.
test('a11y sweep, signed in: Manage ads with sold, hidden and held ads, a sold ad page, and the admin area', { tag: '@one-viewport' }, async ({ browser, baseURL, page }) => {
  await newSignedInAccount(page);
  const [sold, hidden, held] = [await postAd(page.request), await postAd(page.request), await postAd(page.request)];
  expect((await page.request.post(`/api/listings/${sold!._id}/sold`)).status()).toBe(200);
  const admin = await browser.newContext({ baseURL, bypassCSP: true });
  const adminPage = await admin.newPage();
  await loginAs(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await adminPage.request.post(`/api/admin/listings/${hidden!._id}/hide`, { data: { reason: 'Blurry photos of another item.' } })).status()).toBe(200);
  for (let i = 0; i < 3; i++) {
    const reporter = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.252.${i}.${Math.floor(Math.random() * 250)}` } });
    expect((await reporter.request.post(`/api/listings/${held!._id}/reports`, { data: { reason: 'duplicate', details: 'Posted twice.' } })).status()).toBe(201);
    await reporter.close();
  }
  for (const path of ['/manage-ads', `/listing/${sold!._id}`, `/listing/${hidden!._id}`]) {
    await page.goto(path);
    await sweep(page);
  }
  await adminPage.goto('/admin');
  await expect(adminPage.getByTestId('queue-item').first()).toBeVisible();
  await sweep(adminPage);
  await admin.close();
});

// '/my-alerts' above is the empty Saved searches page; this is it with searches, and a results page with the search saved (issue 18.2).
test('a11y sweep, signed in: Saved searches with searches, and a results page with Save this search', { tag: '@one-viewport' }, async ({ page }) => {
  await newSignedInAccount(page);
  for (const data of [{ search: 'toyota axio', category: 'Cars & Vehicles', minPrice: 500000 }, { location: 'Kisumu', frequency: 'instant' }]) {
    expect((await page.request.post('/api/saved-searches', { data })).status()).toBe(201);
  }
  await page.goto('/my-alerts');
  await expect(page.getByTestId('saved-search')).toHaveCount(2);
  await sweep(page);
  await page.goto('/listings?search=phone');
  await expect(page.getByRole('button', { name: 'Save this search' })).toBeVisible();
  await sweep(page);
});
