import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/auth/sessions.ts';
import { listings, payments } from '../../server/db/schema/index.ts';
import type { DarajaSandbox } from '../../server/payments/mpesa/sandbox.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/app.ts';
import { loadPageBuild } from './page-build.ts';

/** Pay with M-Pesa as pages: the number, the push, the waiting page without JavaScript, a failure and trying again. */
let t: TestApp;
let app: ReturnType<typeof createApp>;
let sandbox: DarajaSandbox;

beforeAll(async () => {
  t = await createTestApp();
  const pages = await loadPageBuild();
  app = createApp(t.services, { getBuild: pages.getBuild });
  sandbox = t.services.payments!.mpesa!.sandbox!;
}, 120_000);
afterAll(async () => {
  await sandbox?.idle();
  await t?.close();
});

const page = (path: string, cookie: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  return app.request(`${TEST_ORIGIN}${path}`, { redirect: 'manual', ...init, headers });
};

async function sellerWithAd(phoneVerified: boolean) {
  const owner = await t.createUser({ phoneNumber: '+254722000111', ...(phoneVerified ? { phoneVerified: '+254722000111' } : {}) });
  const [listing] = await t.services.db
    .insert(listings)
    .values({ ownerId: owner.user.id, title: 'Mountain bike', description: 'Serviced last month.', category: 'Electronics', location: 'Nairobi', price: 18_000 })
    .returning();
  return { cookie: `${SESSION_COOKIE}=${owner.token}`, listing: listing! };
}

describe('Pay with M-Pesa pages', () => {
  it('asks for the number (prefilled with the verified one), sends the prompt, waits, and shows success', async () => {
    const { cookie, listing } = await sellerWithAd(true);
    const form = await page(`/payments/feature/${listing.id}/mpesa`, cookie);
    const html = await form.text();
    expect(form.status).toBe(200);
    expect(html).toContain('Pay with M-Pesa');
    expect(html).toMatch(/name="phone"[^>]*value="\+254 722 000 111"|value="\+254 722 000 111"[^>]*name="phone"/);

    const sent = await page(`/payments/feature/${listing.id}/mpesa`, cookie, { method: 'POST', body: new URLSearchParams({ phone: '0722 000 111' }) });
    expect(sent.status).toBe(302);
    const waiting = sent.headers.get('location')!;
    expect(waiting).toMatch(/^\/payments\/mpesa\/soko-mp-/);
    const [row] = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    expect(row!.mpesaPhone).toBe('254722000111');

    const wait = await page(waiting, cookie);
    const body = await wait.text();
    expect(body).toContain('Check your phone and enter your M-Pesa PIN');
    expect(body).toContain('KES 200');
    expect(body).toContain('Soko');
    expect(body).toContain('http-equiv="refresh"');
    expect(body).toContain('Check again');
    // The sandbox: a link to the simulated phone, which comes back here.
    expect(body).toContain(`/sandbox/daraja/phone/${row!.mpesaCheckoutRequestId}?back=${encodeURIComponent(waiting)}`);

    sandbox.answer(row!.mpesaCheckoutRequestId!, 'accept');
    await sandbox.idle();
    const done = await page(waiting, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(new RegExp(`^/payment-success\\?listingId=${listing.id}&`));
  });

  it('a wrong PIN shows its message and a form to try again; a bad number is refused on the form', async () => {
    const { cookie, listing } = await sellerWithAd(false);
    const bad = await page(`/payments/feature/${listing.id}/mpesa`, cookie, { method: 'POST', body: new URLSearchParams({ phone: '12345' }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please enter a valid Kenyan phone number');

    const sent = await page(`/payments/feature/${listing.id}/mpesa`, cookie, { method: 'POST', body: new URLSearchParams({ phone: '0722000111' }) });
    const waiting = sent.headers.get('location')!;
    const [row] = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    sandbox.answer(row!.mpesaCheckoutRequestId!, 'wrong-pin');
    await sandbox.idle();
    const failed = await (await page(waiting, cookie)).text();
    expect(failed).toContain('M-Pesa payment not completed');
    expect(failed).toContain('The M-Pesa PIN was wrong');
    expect(failed).toContain('Try again');
    expect(failed).toContain(`action="/payments/feature/${listing.id}/mpesa"`);
    // Flutterwave stays on offer.
    expect(failed).toContain(`action="/payments/feature/${listing.id}"`);
  });

  it('someone else’s payment is not found', async () => {
    const a = await sellerWithAd(true);
    const b = await sellerWithAd(true);
    const sent = await page(`/payments/feature/${a.listing.id}/mpesa`, a.cookie, { method: 'POST', body: new URLSearchParams({ phone: '0722000111' }) });
    const res = await page(sent.headers.get('location')!, b.cookie);
    expect(res.status).toBe(404);
  });
});
