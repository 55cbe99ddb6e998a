import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MPESA_PUSH_UNANSWERED } from '#kernel/mpesa-results.ts';
import { PHONE_ERROR } from '#kernel/phone.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { FEATURE_CURRENCY, FEATURE_PRICE_KES, featurableListing, findPayment, markFinal, settle, type PaymentsDeps, type SettleOutcome } from '../payments.ts';
import { ProviderRejectedError } from '../provider.ts';
import type { MpesaService } from '../service.ts';
import { PushOutcomeUnknownError } from './daraja.ts';
import { darajaMsisdn } from './msisdn.ts';

/** Where Daraja posts the result of one payment's prompt; the last segment is that payment's secret. */
export const MPESA_CALLBACK_PATH = '/api/payments/mpesa/callback';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function mpesaOf(deps: Pick<PaymentsDeps, 'mpesa'>): MpesaService {
  if (!deps.mpesa) throw new AppError(503, (t) => t.errors.mpesaUnavailable);
  return deps.mpesa;
}

/**
 * Sends the STK Push for featuring one of the user's own ads: a pending payment row with a
 * callback secret (stored hashed), then the push. The price is the server's. A push is never
 * repeated: a lost answer may already have prompted the phone, so the seller is told and the
 * payment can still settle if a callback names it later.
 */
export async function startStkPush(deps: PaymentsDeps, input: { userId: string; listingId: string; phone: string }): Promise<{ txRef: string }> {
  const mpesa = mpesaOf(deps);
  // The same counter as a Flutterwave checkout: each push rings a phone.
  await deps.rateLimits.hit('checkoutPerUser', input.userId);
  const msisdn = darajaMsisdn(input.phone);
  if (!msisdn) throw badRequest(PHONE_ERROR);
  const listing = await featurableListing(deps.db, input.listingId, input.userId);
  const token = randomBytes(32).toString('base64url');
  const txRef = `soko-mp-${listing.id.slice(0, 8)}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  await deps.db.insert(payments).values({
    txRef,
    listingId: listing.id,
    userId: input.userId,
    provider: 'mpesa',
    amount: FEATURE_PRICE_KES,
    currency: FEATURE_CURRENCY,
    status: 'pending',
    // The secret is not kept in clear anywhere: this is the route, without it.
    callbackUrl: `${mpesa.callbackBaseUrl}${MPESA_CALLBACK_PATH}`,
    mpesaCallbackTokenHash: hashToken(token),
    mpesaPhone: msisdn,
    mpesaShortcode: mpesa.gateway.shortcode,
  });
  const failed = async (reason: string) => {
    const [row] = await deps.db.select().from(payments).where(eq(payments.txRef, txRef));
    if (row) await markFinal(deps.db, row, 'failed', reason);
  };
  try {
    const ack = await mpesa.gateway.push({
      amount: FEATURE_PRICE_KES,
      msisdn,
      callbackUrl: `${mpesa.callbackBaseUrl}${MPESA_CALLBACK_PATH}/${token}`,
      // Shown on the prompt (at most 12 characters): which ad this pays for.
      accountReference: `AD${listing.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      description: 'Feature ad',
    });
    await deps.db
      .update(payments)
      .set({ mpesaMerchantRequestId: ack.merchantRequestId, mpesaCheckoutRequestId: ack.checkoutRequestId, updatedAt: sql`now()` })
      .where(eq(payments.txRef, txRef));
    return { txRef };
  } catch (error) {
    deps.logger.warn({ txRef, err: error }, 'STK push not sent');
    if (error instanceof PushOutcomeUnknownError) {
      await failed(MPESA_PUSH_UNANSWERED);
      throw new AppError(502, MPESA_PUSH_UNANSWERED);
    }
    if (error instanceof ProviderRejectedError) {
      await failed(`M-Pesa refused the request: ${error.message}`);
      throw new AppError(502, (t) => t.errors.mpesaRefused({ reason: error.message }));
    }
    await failed('M-Pesa could not be reached.');
    throw new AppError(502, (t) => t.errors.mpesaUnreachable);
  }
}

type StkCallback = { merchantRequestId: string; checkoutRequestId: string; resultCode: number; amount: number | null; receipt: string | null };

/** Daraja's callback body (reference 2.3); metadata is read by Name, never by position. */
export function parseStkCallback(body: unknown): StkCallback | null {
  const cb = (body as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!cb || typeof cb !== 'object') return null;
  const { MerchantRequestID: m, CheckoutRequestID: c, ResultCode: r } = cb;
  if (typeof m !== 'string' || typeof c !== 'string' || !m || !c || typeof r !== 'number' || !Number.isInteger(r)) return null;
  const items = (cb.CallbackMetadata as { Item?: unknown } | undefined)?.Item;
  const value = (name: string): unknown =>
    Array.isArray(items) ? (items.find((i) => (i as { Name?: unknown })?.Name === name) as { Value?: unknown } | undefined)?.Value : undefined;
  const amount = Number(value('Amount'));
  const receipt = value('MpesaReceiptNumber');
  return {
    merchantRequestId: m.slice(0, 100),
    checkoutRequestId: c.slice(0, 100),
    resultCode: r,
    amount: value('Amount') === undefined || !Number.isFinite(amount) ? null : amount,
    receipt: typeof receipt === 'string' ? receipt.slice(0, 40) : null,
  };
}

export type CallbackResult = { accepted: boolean; outcome: SettleOutcome | null };

/**
 * A callback to one payment's secret URL. It is unsigned, so it only says "ask now": it must
 * name the request ids Daraja gave this payment's push, and settle() believes the STK Query
 * alone. Duplicates, late and out-of-order callbacks end in the same settle, which is idempotent.
 */
export async function acceptStkCallback(deps: PaymentsDeps, token: string, body: unknown): Promise<CallbackResult> {
  const [payment] = token.length <= 100 ? await deps.db.select().from(payments).where(eq(payments.mpesaCallbackTokenHash, hashToken(token))).limit(1) : [];
  if (!payment) throw notFound();
  const cb = parseStkCallback(body);
  if (!cb) throw badRequest('Not an STK callback.');
  if (!payment.mpesaCheckoutRequestId) {
    // The push's answer was lost: the first callback at this secret URL names its ids.
    await deps.db
      .update(payments)
      .set({ mpesaMerchantRequestId: cb.merchantRequestId, mpesaCheckoutRequestId: cb.checkoutRequestId, updatedAt: sql`now()` })
      .where(and(eq(payments.txRef, payment.txRef), isNull(payments.mpesaCheckoutRequestId)));
  } else if (payment.mpesaCheckoutRequestId !== cb.checkoutRequestId || payment.mpesaMerchantRequestId !== cb.merchantRequestId) {
    deps.logger.warn({ txRef: payment.txRef }, 'M-Pesa callback names other request ids; ignored');
    return { accepted: false, outcome: null };
  }
  if (cb.resultCode === 0 && (cb.amount !== null || cb.receipt)) {
    // Kept from the first success callback only: a later one cannot move the amount.
    await deps.db
      .update(payments)
      .set({
        mpesaCallbackAmount: sql`coalesce(${payments.mpesaCallbackAmount}, ${cb.amount})`,
        mpesaReceipt: sql`coalesce(${payments.mpesaReceipt}, ${cb.receipt})`,
      })
      .where(eq(payments.txRef, payment.txRef));
  }
  const outcome = await settle(deps, payment.txRef);
  return { accepted: true, outcome };
}

/** The seller's own M-Pesa payment, for the waiting page (null when it is not theirs or not M-Pesa). */
export async function ownStkPayment(deps: Pick<PaymentsDeps, 'db'>, txRef: string, userId: string) {
  const payment = txRef ? await findPayment(deps.db, txRef) : null;
  return payment && payment.provider === 'mpesa' && payment.userId === userId ? payment : null;
}
