import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listings, payments } from '../../server/db/schema/index.ts';
import type { DarajaSandbox } from '../../server/payments/mpesa/sandbox.ts';
import { reconcilePayments, settle } from '../../server/payments/payments.ts';
import { paymentsDeps } from '../../server/payments/service.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/app.ts';

const WEEK = 7 * 24 * 60 * 60 * 1000;

let t: TestApp;
let sandbox: DarajaSandbox;

beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.services.payments!.mpesa!.sandbox!;
});
afterAll(async () => {
  await sandbox?.idle();
  await t?.close();
});
beforeEach(() => sandbox.reset());

async function seller() {
  const owner = await t.createUser();
  const [listing] = await t.services.db
    .insert(listings)
    .values({ ownerId: owner.user.id, title: 'Samsung A14', description: 'Boxed, as new.', category: 'Electronics', location: 'Nairobi', price: 14_000 })
    .returning();
  return { ...owner, listing: listing! };
}

async function push(token: string, listingId: string, phone = '0712 345 678') {
  const res = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId, phone } });
  expect(res.status, await res.clone().text()).toBe(200);
  const { tx_ref } = (await res.json()) as { tx_ref: string };
  return { txRef: tx_ref, row: await payment(tx_ref) };
}

async function payment(txRef: string) {
  const [row] = await t.services.db.select().from(payments).where(eq(payments.txRef, txRef));
  return row!;
}

async function featuredUntil(listingId: string): Promise<Date | null> {
  const [row] = await t.services.db.select({ until: listings.featuredUntil }).from(listings).where(eq(listings.id, listingId));
  return row?.until ?? null;
}

/** The callback URL Daraja was given for this payment, as the sandbox holds it. */
const callbackUrlOf = (checkoutRequestId: string) => sandbox.prompt(checkoutRequestId)!.callbackUrl;

function postCallback(url: string, body: string) {
  return t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
}

describe('paying the fee with an STK push', () => {
  it('prompts the seller’s phone, and the callback, once the query confirms it, features the ad for a week', async () => {
    const { token, listing } = await seller();
    const { txRef, row } = await push(token, listing.id, '+254 712-345-678');
    expect(row).toMatchObject({ provider: 'mpesa', status: 'pending', amount: 200, currency: 'KES', mpesaPhone: '254712345678', mpesaShortcode: '174379' });
    expect(row.mpesaCheckoutRequestId).toMatch(/^ws_CO_/);
    expect(row.mpesaMerchantRequestId).toBeTruthy();
    const url = callbackUrlOf(row.mpesaCheckoutRequestId!);
    // An unguessable secret per payment, stored only as its hash.
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/payments/mpesa/callback/[A-Za-z0-9_-]{43}$`));
    expect(JSON.stringify(row)).not.toContain(url.split('/').pop());
    expect(sandbox.prompt(row.mpesaCheckoutRequestId!)).toMatchObject({ amount: 200, msisdn: '254712345678' });

    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    await sandbox.idle();
    const paid = await payment(txRef);
    expect(paid).toMatchObject({ status: 'succeeded', mpesaResultCode: 0, mpesaCallbackAmount: 200, providerTxnId: row.mpesaCheckoutRequestId });
    expect(paid.mpesaReceipt).toMatch(/^SBX/);
    expect(Math.abs((await featuredUntil(listing.id))!.getTime() - (Date.now() + WEEK))).toBeLessThan(60_000);

    const res = await t.request(`/api/payments/${txRef}`, { token });
    expect(await res.json()).toMatchObject({ status: 'succeeded', provider: 'mpesa', resultCode: 0 });
  });

  it('refuses what is not a Kenyan mobile number, another seller’s ad, and an ad that is not active, and prompts nobody', async () => {
    const { token, listing } = await seller();
    const other = await seller();
    const bad = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: listing.id, phone: '0812 345 678' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/valid Kenyan phone number/);
    const theirs = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: other.listing.id, phone: '0712345678' } });
    expect(theirs.status).toBe(403);
    await t.services.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, listing.id));
    const sold = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: listing.id, phone: '0712345678' } });
    expect(sold.status).toBe(409);
    const rows = await t.services.db.select().from(payments).where(eq(payments.userId, other.user.id));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['cancel', 'cancelled', 1032, /cancelled the M-Pesa prompt/],
    ['timeout', 'failed', 1037, /timed out/],
    ['unreachable', 'failed', 1037, /could not reach your phone/],
    ['insufficient', 'failed', 1, /balance was not enough/],
    ['wrong-pin', 'failed', 2001, /PIN was wrong/],
  ] as const)('a prompt answered “%s” ends %s (code %i) with its own message, and features nothing', async (answer, status, code, message) => {
    const { token, listing } = await seller();
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, answer);
    await sandbox.idle();
    const done = await payment(txRef);
    expect(done).toMatchObject({ status, mpesaResultCode: code });
    expect(done.failureReason).toMatch(message);
    expect(await featuredUntil(listing.id)).toBeNull();
    // The seller may try again at once: a new prompt, a new payment.
    const again = await push(token, listing.id);
    expect(again.txRef).not.toBe(txRef);
  });
});

describe('exactly once', () => {
  it('a duplicated callback, a callback after the page’s check and the reconciliation all feature the ad one week only', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'duplicate' });
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    await sandbox.idle();
    const until = await featuredUntil(listing.id);
    expect(until).not.toBeNull();
    // Concurrently, from every path at once.
    const url = callbackUrlOf(row.mpesaCheckoutRequestId!);
    const body = sandbox.callbackBody(row.mpesaCheckoutRequestId!)!;
    const deps = paymentsDeps(t.services);
    await Promise.all([postCallback(url, body), postCallback(url, body), settle(deps, txRef), settle(deps, txRef), t.request(`/api/payments/${txRef}`, { token })]);
    await reconcilePayments(deps, { now: new Date(Date.now() + 60 * 60_000) });
    expect(await featuredUntil(listing.id)).toEqual(until);
    expect((await payment(txRef)).status).toBe('succeeded');
  });

  it('concurrent callbacks before anyone else settles feature the ad once', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    const url = callbackUrlOf(row.mpesaCheckoutRequestId!);
    const body = sandbox.callbackBody(row.mpesaCheckoutRequestId!)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => postCallback(url, body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await answers[0]!.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await payment(txRef)).status).toBe('succeeded');
    const until = (await featuredUntil(listing.id))!;
    expect(Math.abs(until.getTime() - (Date.now() + WEEK))).toBeLessThan(60_000);
  });

  it('a late failure callback after the success changes nothing (out of order)', async () => {
    const { token, listing } = await seller();
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    await sandbox.idle();
    const until = await featuredUntil(listing.id);
    const failure = JSON.stringify({
      Body: { stkCallback: { MerchantRequestID: row.mpesaMerchantRequestId, CheckoutRequestID: row.mpesaCheckoutRequestId, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } },
    });
    expect((await postCallback(callbackUrlOf(row.mpesaCheckoutRequestId!), failure)).status).toBe(200);
    expect((await payment(txRef)).status).toBe('succeeded');
    expect(await featuredUntil(listing.id)).toEqual(until);
  });

  it('a success callback that arrives before the prompt is answered features nothing until the query says paid', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef, row } = await push(token, listing.id);
    const early = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: row.mpesaMerchantRequestId,
          CheckoutRequestID: row.mpesaCheckoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: 200 }, { Name: 'MpesaReceiptNumber', Value: 'EARLY00001' }] },
        },
      },
    });
    expect((await postCallback(callbackUrlOf(row.mpesaCheckoutRequestId!), early)).status).toBe(200);
    expect((await payment(txRef)).status).toBe('pending');
    expect(await featuredUntil(listing.id)).toBeNull();
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    await reconcilePayments(paymentsDeps(t.services), { now: new Date(Date.now() + 2 * 60_000) });
    expect((await payment(txRef)).status).toBe('succeeded');
  });
});

describe('a callback that never comes', () => {
  it('the reconciliation asks Daraja and settles the payment', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef, row } = await push(token, listing.id);
    const deps = paymentsDeps(t.services);
    // Still on the phone: the query says "being processed", which is no verdict.
    const counts = await reconcilePayments(deps, { now: new Date(Date.now() + 2 * 60_000) });
    expect(counts.checked).toBeGreaterThanOrEqual(1);
    expect((await payment(txRef)).status).toBe('pending');
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    // Not yet stale (75 s): left alone.
    await reconcilePayments(deps);
    expect((await payment(txRef)).status).toBe('pending');
    await reconcilePayments(deps, { now: new Date(Date.now() + 2 * 60_000) });
    expect((await payment(txRef)).status).toBe('succeeded');
    expect(await featuredUntil(listing.id)).not.toBeNull();
  });

  it('a prompt nobody ever answers expires after 15 minutes; one whose query fails stays pending', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef } = await push(token, listing.id);
    const deps = paymentsDeps(t.services);
    sandbox.setSwitches({ failNext: 3 });
    await reconcilePayments(deps, { now: new Date(Date.now() + 16 * 60_000) });
    expect((await payment(txRef)).status).toBe('pending');
    await reconcilePayments(deps, { now: new Date(Date.now() + 16 * 60_000) });
    expect((await payment(txRef)).status).toBe('expired');
  });
});

describe('forged callbacks', () => {
  it('a callback to a wrong secret is refused and changes nothing', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    const body = sandbox.callbackBody(row.mpesaCheckoutRequestId!)!;
    const res = await postCallback(`${TEST_ORIGIN}/api/payments/mpesa/callback/not-the-secret-${'x'.repeat(30)}`, body);
    expect(res.status).toBe(404);
    expect((await payment(txRef)).status).toBe('pending');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a success callback at the right URL whose query says cancelled features nothing', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'cancel');
    const forged = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: row.mpesaMerchantRequestId,
          CheckoutRequestID: row.mpesaCheckoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: 200 }, { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' }] },
        },
      },
    });
    expect((await postCallback(callbackUrlOf(row.mpesaCheckoutRequestId!), forged)).status).toBe(200);
    expect((await payment(txRef)).status).toBe('cancelled');
    expect(await featuredUntil(listing.id)).toBeNull();
  });

  it('a callback naming another payment’s request ids is ignored, and a garbled one is refused', async () => {
    const a = await seller();
    const b = await seller();
    sandbox.setSwitches({ callback: 'none' });
    const first = await push(a.token, a.listing.id);
    const second = await push(b.token, b.listing.id);
    sandbox.answer(second.row.mpesaCheckoutRequestId!, 'accept');
    // b's genuine success body, sent to a's secret URL.
    const res = await postCallback(callbackUrlOf(first.row.mpesaCheckoutRequestId!), sandbox.callbackBody(second.row.mpesaCheckoutRequestId!)!);
    expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Ignored' });
    expect((await payment(first.txRef)).status).toBe('pending');
    expect((await payment(second.txRef)).status).toBe('pending');
    const garbled = await postCallback(callbackUrlOf(first.row.mpesaCheckoutRequestId!), '{"Body":{}}');
    expect(garbled.status).toBe(400);
  });

  it('a success whose callback reports another amount does not feature the ad', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ callbackAmount: 2 });
    const { txRef, row } = await push(token, listing.id);
    sandbox.answer(row.mpesaCheckoutRequestId!, 'accept');
    await sandbox.idle();
    const done = await payment(txRef);
    expect(done.status).toBe('failed');
    expect(done.failureReason).toMatch(/amount or currency/);
    expect(await featuredUntil(listing.id)).toBeNull();
  });
});

describe('when Daraja does not answer the push', () => {
  it('the seller is told, the push is not repeated, and the payment is closed', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ failNext: 1 });
    // A token is fetched first (not failed), then the push meets the outage.
    const res = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: listing.id, phone: '0712345678' } });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toMatch(/did not answer/);
    const [row] = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    expect(row).toMatchObject({ status: 'failed', mpesaCheckoutRequestId: null });
  });

  it('a push whose answer was lost but that did prompt the phone is settled by its callback, after the query', async () => {
    const { token, listing } = await seller();
    sandbox.setSwitches({ losePushAnswer: true });
    const res = await t.request('/api/payments/mpesa/stk-push', { method: 'POST', token, json: { listingId: listing.id, phone: '0712345678' } });
    expect(res.status).toBe(502);
    const [lost] = await t.services.db.select().from(payments).where(eq(payments.listingId, listing.id));
    expect(lost).toMatchObject({ status: 'failed', mpesaCheckoutRequestId: null });
    // The seller had the prompt all the same and paid: Daraja calls the payment's secret URL.
    sandbox.answer(sandbox.lastPrompt!, 'accept');
    await sandbox.idle();
    const paid = await payment(lost!.txRef);
    expect(paid).toMatchObject({ status: 'succeeded', mpesaCheckoutRequestId: sandbox.lastPrompt });
    expect(await featuredUntil(listing.id)).not.toBeNull();
  });
});
