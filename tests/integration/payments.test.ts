import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.ts';
import { listings, payments, webhookEvents } from '../../server/db/schema/index.ts';
import { getListing } from '../../server/listings/queries.ts';
import { flutterwaveSignature } from '../../server/payments/flutterwave.ts';
import { reconcilePayments } from '../../server/payments/payments.ts';
import { paymentsDeps } from '../../server/payments/service.ts';
import type { FlutterwaveSandbox } from '../../server/payments/sandbox/sandbox.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

let t: TestApp;
let sandbox: FlutterwaveSandbox;
// Flipped by tests to make every outbound provider call fail like a dropped connection.
let offline = false;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      payments: {
        fetch: (input, init) => (offline && input.includes('/v3/') ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(t.app.request(input, init))),
      },
    },
  );
  sandbox = t.services.payments!.sandbox!;
});
afterAll(async () => {
  await sandbox?.idle();
  await t?.close();
});
beforeEach(() => {
  offline = false;
  sandbox.reset();
});

async function seller() {
  const owner = await t.createUser();
  const [listing] = await t.services.db
    .insert(listings)
    .values({ ownerId: owner.user.id, title: 'Toyota Axio 2015', description: 'Clean, one owner.', category: 'Cars & Vehicles', location: 'Nairobi', price: 1_150_000 })
    .returning();
  return { ...owner, listing: listing! };
}

const callbackFor = (listingId: string) => `${TEST_ORIGIN}/api/payments/verify?listingId=${listingId}`;

async function checkout(token: string, listingId: string) {
  const res = await t.request('/api/payments/create-checkout-session', {
    method: 'POST',
    token,
    json: { email: 'seller@example.co.ke', amount: 200, callback_url: callbackFor(listingId) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { url: string; tx_ref: string };
}

/** Presses a button on the sandbox's hosted page, as the browser would; returns the redirect. */
async function pressOnHostedPage(url: string, choice: 'pay' | 'cancel'): Promise<string> {
  const res = await t.app.request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ choice }).toString(),
  });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/** Follows the provider's redirect to our return route; returns where it sends the browser. */
async function returnTo(location: string): Promise<string> {
  const res = await t.app.request(location);
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

async function featuredUntil(listingId: string): Promise<Date | null> {
  const [row] = await t.services.db.select({ until: listings.featuredUntil }).from(listings).where(eq(listings.id, listingId));
  return row?.until ?? null;
}

async function payment(txRef: string) {
  const [row] = await t.services.db.select().from(payments).where(eq(payments.txRef, txRef));
  return row!;
}

function signedWebhook(body: string, headers: Record<string, string> = {}) {
  return t.request('/api/payments/webhook/flutterwave', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'flutterwave-signature': flutterwaveSignature(body, sandbox.webhookHash), ...headers },
    body,
  });
}

function expectAbout(actual: Date | null, expected: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual!.getTime() - expected)).toBeLessThan(60_000);
}

describe('the whole flow through the sandbox', () => {
  it('pays 200 KES on the hosted page and features the listing for exactly one week', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/sandbox/flutterwave/v3/hosted/pay/[0-9a-f]+$`));
    expect((await payment(tx_ref)).status).toBe('pending');

    const page = await t.app.request(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Sandbox — no real money moves');
    expect(html).toContain('KES 200');
    expect(html).toContain('Pay with M-Pesa (test)');
    expect(html).toContain('>Cancel<');

    const back = await pressOnHostedPage(url, 'pay');
    // Flutterwave appends its parameters with & because our return URL already has a query.
    expect(back).toMatch(new RegExp(`^${TEST_ORIGIN}/api/payments/verify\\?listingId=${listing.id}&status=successful&tx_ref=${tx_ref}&transaction_id=\\d+$`));
    const page2 = await returnTo(back);
    expect(page2).toBe(`/payment-success?listingId=${listing.id}&tx_ref=${tx_ref}&status=successful`);

    const paid = await payment(tx_ref);
    expect(paid.status).toBe('succeeded');
    expect(paid.amount).toBe(200);
    expect(paid.currency).toBe('KES');
    expect(paid.providerTxnId).toMatch(/^\d+$/);
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);

    // The webhook the sandbox fired as well arrives, is recorded once, and changes nothing.
    const before = await featuredUntil(listing.id);
    await sandbox.idle();
    expect(await featuredUntil(listing.id)).toEqual(before);
    const events = await t.services.db.select().from(webhookEvents);
    expect(events.filter((e) => JSON.stringify(e.payload).includes(tx_ref))).toHaveLength(1);

    const json = await getListing(t.services.db, listing.id);
    expect(json?.featured).toBe(true);
  });

  it('cancel on the hosted page comes back without a transaction id and leads to the failure page', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    const back = await pressOnHostedPage(url, 'cancel');
    expect(back).toBe(`${TEST_ORIGIN}/api/payments/verify?listingId=${listing.id}&status=cancelled&tx_ref=${tx_ref}`);
    const page = await returnTo(back);
    expect(page).toBe(`/payment-failure?listingId=${listing.id}&status=cancelled&message=Payment+was+cancelled.`);
    expect((await payment(tx_ref)).status).toBe('cancelled');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a second payment extends an active feature by another week', async () => {
    const { token, listing } = await seller();
    const until = new Date(Date.now() + 3 * DAY);
    await t.services.db.update(listings).set({ featuredUntil: until }).where(eq(listings.id, listing.id));
    const { url } = await checkout(token, listing.id);
    await returnTo(await pressOnHostedPage(url, 'pay'));
    expect((await featuredUntil(listing.id))!.getTime()).toBe(until.getTime() + WEEK);
  });
});

describe('what the provider says is what counts', () => {
  it('a tampered amount (1 KES paid) does not feature the listing', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ paidAmount: 1 }, tx_ref);
    const page = await returnTo(await pressOnHostedPage(url, 'pay'));
    expect(page).toMatch(/^\/payment-failure\?/);
    expect(new URL(page, TEST_ORIGIN).searchParams.get('status')).toBe('failed');
    expect((await payment(tx_ref)).status).toBe('failed');
    await sandbox.idle();
    expect(await featuredUntil(listing.id)).toBeNull();
    expect((await payment(tx_ref)).status).toBe('failed');
  });

  it('the wrong currency does not feature the listing', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ paidCurrency: 'NGN' }, tx_ref);
    await returnTo(await pressOnHostedPage(url, 'pay'));
    await sandbox.idle();
    expect((await payment(tx_ref)).status).toBe('failed');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a return URL saying status=successful while the provider says failed does not feature', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ outcome: 'failed', webhook: 'none' }, tx_ref);
    const real = new URL(await pressOnHostedPage(url, 'pay'));
    expect(real.searchParams.get('status')).toBe('failed');
    real.searchParams.set('status', 'successful');
    const page = await returnTo(real.toString());
    expect(page).toMatch(/^\/payment-failure\?/);
    expect((await payment(tx_ref)).status).toBe('failed');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a forged return before anything was paid leaves the payment pending', async () => {
    const { token, listing } = await seller();
    const { tx_ref } = await checkout(token, listing.id);
    const page = await returnTo(`${TEST_ORIGIN}/api/payments/verify?listingId=${listing.id}&status=successful&tx_ref=${tx_ref}&transaction_id=1`);
    expect(page).toBe(`/payment-pending?listingId=${listing.id}&tx_ref=${tx_ref}`);
    expect((await payment(tx_ref)).status).toBe('pending');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('another payment’s transaction id in the return URL proves nothing', async () => {
    const a = await seller();
    const b = await seller();
    const paidA = await checkout(a.token, a.listing.id);
    const realA = new URL(await pressOnHostedPage(paidA.url, 'pay'));
    await returnTo(realA.toString());
    const unpaidB = await checkout(b.token, b.listing.id);
    const forged = `${TEST_ORIGIN}/api/payments/verify?status=successful&tx_ref=${unpaidB.tx_ref}&transaction_id=${realA.searchParams.get('transaction_id')}`;
    await returnTo(forged);
    expect((await payment(unpaidB.tx_ref)).status).toBe('pending');
    expect(await featuredUntil(b.listing.id)).toBeNull();
  });

  it('an unknown tx_ref on the return route goes to the failure page', async () => {
    expect(await returnTo(`${TEST_ORIGIN}/api/payments/verify?tx_ref=nope&status=successful`)).toBe(
      '/payment-failure?listingId=&status=failed&message=Payment+not+found.',
    );
  });
});

describe('webhooks', () => {
  it('a replayed webhook changes nothing', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    await returnTo(await pressOnHostedPage(url, 'pay'));
    await sandbox.idle();
    const until = await featuredUntil(listing.id);
    const settledAt = (await payment(tx_ref)).settledAt;
    const body = sandbox.webhookBody(tx_ref)!;
    for (let i = 0; i < 3; i++) {
      const res = await signedWebhook(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await featuredUntil(listing.id)).toEqual(until);
    expect((await payment(tx_ref)).settledAt).toEqual(settledAt);
    const rows = await queryRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from webhook_events where payload->'data'->>'tx_ref' = ${tx_ref}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('the return route and five webhooks at once add exactly one week and one paid payment', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhook: 'none' }, tx_ref);
    const back = await pressOnHostedPage(url, 'pay');
    const body = sandbox.webhookBody(tx_ref)!;
    const start = Date.now();
    const results = await Promise.all([t.app.request(back), ...Array.from({ length: 5 }, () => signedWebhook(body))]);
    const end = Date.now();
    expect(results.map((r) => r.status)).toEqual([302, 200, 200, 200, 200, 200]);
    const until = (await featuredUntil(listing.id))!.getTime();
    expect(until).toBeGreaterThanOrEqual(start + WEEK - 1000);
    expect(until).toBeLessThanOrEqual(end + WEEK + 1000);
    const rows = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('refuses a missing or bad signature with 401 and stores nothing', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhook: 'bad-signature' }, tx_ref);
    await pressOnHostedPage(url, 'pay');
    await sandbox.idle();
    const body = sandbox.webhookBody(tx_ref)!;
    const countBefore = (await t.services.db.select().from(webhookEvents)).length;

    const unsigned = await t.request('/api/payments/webhook/flutterwave', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ message: 'Invalid webhook signature.' });
    const wrongHash = await t.request('/api/payments/webhook/flutterwave', { method: 'POST', headers: { 'verif-hash': 'guess' }, body });
    expect(wrongHash.status).toBe(401);
    // A signature over a different body (the amount edited after signing).
    const signedOther = flutterwaveSignature(body.replace('"amount":200', '"amount":2000'), sandbox.webhookHash);
    const tampered = await t.request('/api/payments/webhook/flutterwave', { method: 'POST', headers: { 'flutterwave-signature': signedOther }, body });
    expect(tampered.status).toBe(401);

    expect((await t.services.db.select().from(webhookEvents)).length).toBe(countBefore);
    expect((await payment(tx_ref)).status).toBe('pending');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('accepts the legacy verif-hash alone and settles by asking the provider', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhookScheme: 'verif-hash' }, tx_ref);
    await pressOnHostedPage(url, 'pay');
    await sandbox.idle();
    expect((await payment(tx_ref)).status).toBe('succeeded');
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });

  it('a correctly signed webhook claiming success is not believed when the provider says failed', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ outcome: 'failed', webhook: 'none' }, tx_ref);
    await pressOnHostedPage(url, 'pay');
    const lie = sandbox.webhookBody(tx_ref)!.replace('"status":"failed"', '"status":"successful"');
    expect((await signedWebhook(lie)).status).toBe(200);
    expect((await payment(tx_ref)).status).toBe('failed');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('duplicate deliveries from the provider settle once', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhook: 'duplicate' }, tx_ref);
    await pressOnHostedPage(url, 'pay');
    await sandbox.idle();
    expect((await payment(tx_ref)).status).toBe('succeeded');
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });
});

describe('create-checkout-session', () => {
  it('another user cannot start a payment for my ad (403)', async () => {
    const { listing } = await seller();
    const other = await t.createUser();
    const res = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token: other.token,
      json: { email: 'x@example.co.ke', amount: 200, callback_url: callbackFor(listing.id) },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'You can only feature your own ads.' });
    expect(await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id))).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const { listing } = await seller();
    const res = await t.request('/api/payments/create-checkout-session', { method: 'POST', json: { amount: 200, callback_url: callbackFor(listing.id) } });
    expect(res.status).toBe(401);
  });

  it('refuses any amount but 200, and a callback_url on another site', async () => {
    const { token, listing } = await seller();
    const cheap = await t.request('/api/payments/create-checkout-session', { method: 'POST', token, json: { amount: 1, callback_url: callbackFor(listing.id) } });
    expect(cheap.status).toBe(400);
    expect(await cheap.json()).toEqual({ message: 'The fee to feature an ad is 200 KES.' });
    const evil = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token,
      json: { amount: 200, callback_url: `https://evil.example/api/payments/verify?listingId=${listing.id}` },
    });
    expect(evil.status).toBe(400);
    expect(await evil.json()).toEqual({ message: 'callback_url must be a link to this site.' });
    const missing = await t.request('/api/payments/create-checkout-session', { method: 'POST', token, json: { amount: 200 } });
    expect(missing.status).toBe(400);
    expect(await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id))).toHaveLength(0);
  });

  it('takes the listing from a listingId field too, and answers 404 for an unknown one', async () => {
    const { token, listing } = await seller();
    const res = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token,
      json: { amount: 200, callback_url: `${TEST_ORIGIN}/api/payments/verify`, listingId: listing.id },
    });
    expect(res.status).toBe(200);
    const { tx_ref } = (await res.json()) as { tx_ref: string };
    expect((await payment(tx_ref)).listingId).toBe(listing.id);
    const unknown = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      token,
      json: { amount: 200, callback_url: callbackFor('8f0c1c52-1111-4222-8333-944455556666') },
    });
    expect(unknown.status).toBe(404);
  });

  it('sends the provider KES, M-Pesa and card, and our own return route', async () => {
    const { token, listing } = await seller();
    const { tx_ref } = await checkout(token, listing.id);
    const tx = sandbox.transaction(tx_ref)!;
    expect(tx.currency).toBe('KES');
    expect(tx.amount).toBe(200);
    expect(tx.redirectUrl).toBe(callbackFor(listing.id));
  });

  it('answers 502 "Failed to initiate payment." when the provider fails, and records the payment as failed', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ failNext: 1 });
    const res = await t.request('/api/payments/create-checkout-session', { method: 'POST', token, json: { amount: 200, callback_url: callbackFor(listing.id) } });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: 'Failed to initiate payment.' });
    const rows = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
  });
});

describe('pending payments', () => {
  it('a network error leaves the payment pending, and it settles once the provider is back', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhook: 'none' }, tx_ref);
    const back = await pressOnHostedPage(url, 'pay');
    offline = true;
    expect(await returnTo(back)).toBe(`/payment-pending?listingId=${listing.id}&tx_ref=${tx_ref}`);
    expect((await payment(tx_ref)).status).toBe('pending');
    offline = false;
    // The provider was asked a moment ago: within the recheck window the poll reads what is stored.
    const early = await t.request(`/api/payments/${tx_ref}`, { token });
    expect(await early.json()).toMatchObject({ tx_ref, status: 'pending' });
    // Once the window has passed (a few seconds), the next poll asks again and settles.
    await t.services.rateLimits.reset('paymentRecheck', tx_ref);
    const res = await t.request(`/api/payments/${tx_ref}`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tx_ref, status: 'succeeded', listingId: listing.id, amount: 200, currency: 'KES' });
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });

  it('provider 5xx answers leave the payment pending, never failed', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ webhook: 'none', failNext: 10 }, tx_ref);
    expect(await returnTo(await pressOnHostedPage(url, 'pay'))).toMatch(/^\/payment-pending\?/);
    expect((await payment(tx_ref)).status).toBe('pending');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a slow provider (timeout) leaves the payment pending', async () => {
    const slow = await createTestApp({}, { payments: { timeoutMs: 100, verifyRetries: 0 } });
    try {
      const box = slow.services.payments!.sandbox!;
      const owner = await slow.createUser();
      const [listing] = await slow.services.db
        .insert(listings)
        .values({ ownerId: owner.user.id, title: 'Sofa', description: 'Five seater', category: 'Furniture', location: 'Thika' })
        .returning();
      const res = await slow.request('/api/payments/create-checkout-session', {
        method: 'POST',
        token: owner.token,
        json: { amount: 200, callback_url: callbackFor(listing!.id) },
      });
      const { url, tx_ref } = (await res.json()) as { url: string; tx_ref: string };
      box.setSwitches({ webhook: 'none', delayMs: 400 }, tx_ref);
      const back = (await slow.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'choice=pay' })).headers.get('location')!;
      const page = (await slow.app.request(back)).headers.get('location');
      expect(page).toMatch(/^\/payment-pending\?/);
      const [row] = await slow.services.db.select().from(payments).where(eq(payments.txRef, tx_ref));
      expect(row!.status).toBe('pending');
      await new Promise((r) => setTimeout(r, 450));
    } finally {
      await slow.close();
    }
  });

  it('pending at the provider, then paid: the late webhook features it', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    sandbox.setSwitches({ pendingVerifies: 5 }, tx_ref);
    expect(await returnTo(await pressOnHostedPage(url, 'pay'))).toBe(`/payment-pending?listingId=${listing.id}&tx_ref=${tx_ref}`);
    const waiting = await t.request(`/api/payments/${tx_ref}`, { token });
    expect(await waiting.json()).toMatchObject({ status: 'pending' });
    expect(sandbox.resolve(tx_ref)).toBe(true);
    await sandbox.idle();
    expect((await payment(tx_ref)).status).toBe('succeeded');
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });

  it('GET /api/payments/:tx_ref is for the owner only', async () => {
    const { token, listing } = await seller();
    const { tx_ref } = await checkout(token, listing.id);
    const other = await t.createUser();
    expect((await t.request(`/api/payments/${tx_ref}`, { token: other.token })).status).toBe(403);
    expect((await t.request(`/api/payments/${tx_ref}`)).status).toBe(401);
    expect((await t.request('/api/payments/no-such-ref', { token })).status).toBe(404);
  });
});

describe('reconciliation', () => {
  it('settles a stale pending payment whose redirect and webhook never came, and expires old unpaid ones', async () => {
    const paid = await seller();
    const paidCheckout = await checkout(paid.token, paid.listing.id);
    sandbox.setSwitches({ webhook: 'none' }, paidCheckout.tx_ref);
    await pressOnHostedPage(paidCheckout.url, 'pay');

    const abandoned = await seller();
    const abandonedCheckout = await checkout(abandoned.token, abandoned.listing.id);
    const fresh = await seller();
    const freshCheckout = await checkout(fresh.token, fresh.listing.id);

    const ago = (ms: number) => new Date(Date.now() - ms);
    await t.services.db.update(payments).set({ createdAt: ago(10 * 60_000) }).where(eq(payments.txRef, paidCheckout.tx_ref));
    await t.services.db.update(payments).set({ createdAt: ago(25 * 60 * 60_000) }).where(eq(payments.txRef, abandonedCheckout.tx_ref));

    const counts = await reconcilePayments(paymentsDeps(t.services));
    expect(counts).toMatchObject({ succeeded: 1, expired: 1 });
    expect((await payment(paidCheckout.tx_ref)).status).toBe('succeeded');
    expectAbout(await featuredUntil(paid.listing.id), Date.now() + WEEK);
    expect((await payment(abandonedCheckout.tx_ref)).status).toBe('expired');
    expect(await featuredUntil(abandoned.listing.id)).toBeNull();
    // Created a moment ago: not stale yet, left alone.
    expect((await payment(freshCheckout.tx_ref)).status).toBe('pending');
  });

  it('never expires a payment while the provider cannot be reached', async () => {
    const { token, listing } = await seller();
    const { tx_ref } = await checkout(token, listing.id);
    await t.services.db.update(payments).set({ createdAt: new Date(Date.now() - 30 * 60 * 60_000) }).where(eq(payments.txRef, tx_ref));
    offline = true;
    await reconcilePayments(paymentsDeps(t.services));
    offline = false;
    expect((await payment(tx_ref)).status).toBe('pending');
  });

  it('a provider-confirmed payment after a local expiry still features the ad', async () => {
    const { token, listing } = await seller();
    const { url, tx_ref } = await checkout(token, listing.id);
    await t.services.db.update(payments).set({ status: 'expired' }).where(eq(payments.txRef, tx_ref));
    await pressOnHostedPage(url, 'pay');
    await sandbox.idle();
    expect((await payment(tx_ref)).status).toBe('succeeded');
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });
});

describe('featuring ends by itself', () => {
  it('a paid week is over after 7 days, and the next payment starts from then, not from the old end', async () => {
    const { token, listing } = await seller();
    const { url } = await checkout(token, listing.id);
    await returnTo(await pressOnHostedPage(url, 'pay'));
    const now = new Date();
    expect((await getListing(t.services.db, listing.id, new Date(now.getTime() + 6 * DAY)))?.featured).toBe(true);
    expect((await getListing(t.services.db, listing.id, new Date(now.getTime() + WEEK + 60_000)))?.featured).toBe(false);

    // Eight days later, in the database's own clock.
    await t.services.db.update(listings).set({ featuredUntil: new Date(Date.now() - DAY) }).where(eq(listings.id, listing.id));
    expect((await getListing(t.services.db, listing.id))?.featured).toBe(false);
    const stillFeatured = await queryRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from listings where id = ${listing.id} and featured_until > now()`);
    expect(stillFeatured[0]!.n).toBe(0);

    const again = await checkout(token, listing.id);
    await returnTo(await pressOnHostedPage(again.url, 'pay'));
    expectAbout(await featuredUntil(listing.id), Date.now() + WEEK);
  });
});

describe('sandbox fidelity', () => {
  it('checks the bearer key, refuses a duplicate tx_ref and defaults to NGN like Flutterwave', async () => {
    const base = `${TEST_ORIGIN}/sandbox/flutterwave`;
    const post = (body: unknown, key = sandbox.secretKey) =>
      t.app.request(`${base}/v3/payments`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const body = { tx_ref: `fidelity-${Date.now()}`, amount: 200, redirect_url: `${TEST_ORIGIN}/x`, customer: { email: 'a@b.co' } };
    expect((await post(body, 'FLWSECK_TEST-wrong')).status).toBe(401);
    const ok = await post(body);
    expect(await ok.json()).toMatchObject({ status: 'success', message: 'Hosted Link', data: { link: expect.stringContaining('/v3/hosted/pay/') } });
    expect(sandbox.transaction(body.tx_ref)?.currency).toBe('NGN');
    const dup = await post(body);
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({ status: 'error', data: null });
    const missing = await post({ amount: 200 });
    expect(missing.status).toBe(400);
    const verify = await t.app.request(`${base}/v3/transactions/verify_by_reference?tx_ref=${body.tx_ref}`, { headers: { Authorization: `Bearer ${sandbox.secretKey}` } });
    expect(verify.status).toBe(404);
    expect(await verify.json()).toEqual({ status: 'error', message: 'No transaction was found for this id', data: null });
  });
});

describe('OpenAPI', () => {
  it('describes the four payment routes', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const p of ['/payments/create-checkout-session', '/payments/verify', '/payments/webhook/flutterwave', '/payments/{tx_ref}']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
