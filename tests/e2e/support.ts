import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'sokodemo123';
export const AMINA = 'amina@demo.soko.co.ke';
export const BRIAN = 'brian@demo.soko.co.ke';

/**
 * Signs the page's browser context in through the real login API, which sets the httpOnly
 * session cookie. Flows that test the login form itself use the form instead.
 */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Opens the menu on narrow screens (it is always shown on wide ones). */
export async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

/** Waits until React has hydrated, so client-side handlers are attached. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}
