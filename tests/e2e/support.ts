import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { placeText, resolveLocation } from '#kernel/kenya-locations.ts';
import sharp from 'sharp';

let clients = 0;

/**
 * Playwright's `test`, with every test acting as a client of its own: its browser and API
 * requests carry an X-Forwarded-For address no other test uses (the browser-test server
 * trusts it, see playwright.config.ts). Per-address limits (sign-ups, phone numbers, failed
 * logins) then count each test's own requests only, however many tests run beside it.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    clients++;
    const address = `10.${testInfo.workerIndex % 256}.${(clients >> 8) % 256}.${clients % 256}`;
    await provide({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
});
export { expect };

/**
 * Signs the page's browser context in through the real login API, which sets the httpOnly
 * session cookie. Flows that test the login form itself use the form instead.
 */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The mobile menu's toggle: the <summary> of a <details>, so it works before JavaScript. */
export const menuToggle = (page: Page) => page.getByRole('banner').locator('summary[aria-controls="mobile-menu"]');

/** Opens the menu on narrow screens (it is always shown on wide ones). */
export async function openMenu(page: Page): Promise<void> {
  const toggle = menuToggle(page);
  if ((await toggle.isVisible()) && !(await page.locator('#mobile-menu').isVisible())) await toggle.click();
}

/** Waits until React has hydrated the page, so its handlers are attached (app/root.tsx marks it). */
/**
 * Fills the ad form's Location (issue 18, point 4): a select of towns before the page is live
 * and without JavaScript (the option of the town `text` names), a type-ahead text box after.
 */
export async function pickLocation(scope: Locator, text: string): Promise<void> {
  const field = scope.getByLabel('Location', { exact: true });
  const place = resolveLocation(text);
  // Retried: the select may become the text box between the two steps.
  await expect(async () => {
    if (await field.evaluate((el) => el.tagName === 'SELECT')) await field.selectOption(place ? placeText(place) : text, { timeout: 1000 });
    else await field.fill(text, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

let made = 0;
const randomLetters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A word that nothing else on the server contains, to find a test's own ads by. */
export const uniqueWord = () => `q${randomLetters(11)}`;

/** An e-mail address no other account has. */
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${++made}-${randomLetters(6)}@example.co.ke`;

export type Account = { id: string; email: string; password: string; firstName: string; lastName: string; phoneNumber: string; location: string };

/** A new account of the test's own, registered through the API. */
export async function newAccount(request: APIRequestContext, fields: Partial<Omit<Account, 'id'>> = {}): Promise<Account> {
  const input = {
    firstName: 'Wanjiku',
    lastName: 'Test',
    email: uniqueEmail(),
    password: 'e2e-pass-1234',
    phoneNumber: '+254712345678',
    location: 'Nairobi',
    ...fields,
  };
  const res = await request.post('/api/auth/register', { data: input });
  expect(res.status(), await res.text()).toBe(201);
  return { ...input, id: ((await res.json()) as { user: { _id: string } }).user._id };
}

/** A new account, signed in as the page's browser context. */
export async function newSignedInAccount(page: Page, fields: Partial<Omit<Account, 'id'>> = {}): Promise<Account> {
  const account = await newAccount(page.request, fields);
  await loginAs(page, account.email, account.password);
  return account;
}

/** Signs an API client in (its own cookie jar), for acting as a second person beside the page. */
export async function signIn(request: APIRequestContext, account: Account): Promise<void> {
  const res = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
}

export type Ad = { _id: string; title: string; featured: boolean; price: number | null; location: string; category: string };
export type AdFields = { title: string; description: string; category: string; subcategory: string; price: number | null; currency: string; location: string };

let photo: Promise<Buffer> | undefined;

/**
 * Posts an ad as request's signed-in user, as the post-ad form does (multipart, with small photos);
 * `attributes` are the subcategory's fields (kernel/subcategories.ts), sent as `attr.<key>`.
 */
export async function postAd(request: APIRequestContext, fields: Partial<AdFields> = {}, photos = 1, attributes: Record<string, string | number> = {}): Promise<Ad> {
  photo ??= sharp({ create: { width: 64, height: 48, channels: 3, background: '#2980b9' } }).png().toBuffer();
  const ad: AdFields = {
    title: `Test ad ${uniqueWord()}`,
    description: 'Posted by a browser test.',
    category: 'For Sale',
    subcategory: '',
    price: 1500,
    currency: 'KES',
    location: 'Nairobi',
    ...fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(ad)) form.append(name, value === null ? '' : String(value));
  for (const [key, value] of Object.entries(attributes)) form.append(`attr.${key}`, String(value));
  for (let i = 0; i < photos; i++) form.append('images', new Blob([new Uint8Array(await photo)], { type: 'image/png' }), `photo-${i}.png`);
  const res = await request.post('/api/listings', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Ad;
}
