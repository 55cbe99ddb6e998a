import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { listings } from '../../server/db/schema/index.ts';
import { RATE_LIMITS } from '../../server/rate-limits/rate-limits.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/**
 * /payment-failure shows our words only (issue 49, point 8): a fixed text per status, or a
 * reason our own code sends there, never a link's `message` (a phishing aid in a market where
 * M-Pesa scams are common). Every way our code reaches the page still shows its reason.
 */
let t: TestApp;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  const pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
}, 120_000);

afterAll(async () => {
  await t.services.payments?.sandbox?.idle();
  await t?.close();
});

const get = (path: string) => app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual' });

/** The page's Reason and Status, as shown. */
async function shown(path: string): Promise<{ reason: string; status: string; html: string }> {
  const res = await get(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const field = (name: string) => new RegExp(`<dt[^>]*>${name}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1] ?? '';
  return { reason: field('Reason'), status: field('Status'), html };
}

async function seller(status: 'active' | 'sold' = 'active') {
  const owner = await t.createUser();
  const [listing] = await t.services.db
    .insert(listings)
    .values({ ownerId: owner.user.id, title: 'Sofa set, 7 seater', description: 'Like new.', category: 'Furniture', location: 'Nairobi', price: 45_000, status })
    .returning();
  return { ...owner, listing: listing! };
}

/** The Feature form without JavaScript: where it sends the browser. */
async function featureForm(token: string, listingId: string): Promise<string> {
  const res = await app.request(`${TEST_ORIGIN}/payments/feature/${listingId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

describe('a link written by anyone', () => {
  const bait = 'Your M-Pesa refund is waiting. Call 0712 345 678 with your PIN.';

  it.each([
    [`status=failed&message=${encodeURIComponent(bait)}`, 'failed', 'An unknown error occurred during payment.'],
    [`status=cancelled&message=${encodeURIComponent(bait)}`, 'cancelled', 'Payment was cancelled.'],
    [`status=expired&message=${encodeURIComponent(bait)}`, 'expired', 'The payment was not completed in time.'],
    [`status=${encodeURIComponent(bait)}&message=${encodeURIComponent(bait)}`, 'failed', 'An unknown error occurred during payment.'],
    [`message=${encodeURIComponent(bait)}`, 'failed', 'An unknown error occurred during payment.'],
    ['', 'failed', 'An unknown error occurred during payment.'],
  ])('?%s shows a fixed reason', async (query, status, reason) => {
    const page = await shown(`/payment-failure?listingId=${encodeURIComponent(bait)}&${query}`);
    expect(page).toMatchObject({ status, reason });
    expect(page.html).not.toContain('0712 345 678');
  });
});

describe('every way our code reaches the page', () => {
  it('a payment cancelled on the provider’s page', async () => {
    const { token, listing } = await seller();
    const start = await featureForm(token, listing.id);
    const hosted = await t.app.request(start, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'choice=cancel' });
    const verify = await t.app.request(hosted.headers.get('location')!);
    const page = await shown(verify.headers.get('location')!);
    expect(page).toMatchObject({ status: 'cancelled', reason: 'Payment was cancelled.' });
    expect(page.html).toContain(`href="/listing/${listing.id}"`);
  });

  it('an unknown payment', async () => {
    const verify = await t.app.request(`${TEST_ORIGIN}/api/payments/verify?tx_ref=nope&status=successful`);
    expect(await shown(verify.headers.get('location')!)).toMatchObject({ status: 'failed', reason: 'Payment not found.' });
  });

  it('the Feature form refused: not your ad, not active, no such ad, too many attempts', async () => {
    const other = await seller();
    const me = await seller();
    const sold = await seller('sold');
    expect((await shown(await featureForm(me.token, other.listing.id))).reason).toBe('You can only feature your own ads.');
    expect((await shown(await featureForm(sold.token, sold.listing.id))).reason).toBe('Only an active ad can be featured. Renew it first if it has expired.');
    expect((await shown(await featureForm(me.token, '0b0e0f57-6b5e-4d0e-9d55-2d4b8f0c6f3a'))).reason).toBe('Listing not found.');
    let last = '';
    for (let i = 0; i <= RATE_LIMITS.checkoutPerUser.limit; i++) last = await featureForm(me.token, me.listing.id);
    expect((await shown(last)).reason).toBe(RATE_LIMITS.checkoutPerUser.message);
  });
});
