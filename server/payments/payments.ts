import { randomBytes } from 'node:crypto';
import { and, asc, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, payments, webhookEvents, type PaymentStatus } from '../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import type { RateLimits } from '../rate-limits/rate-limits.ts';
import { verifyStk } from './mpesa/stk-verify.ts';
import { ProviderRejectedError, ProviderUnavailableError, type PaymentProvider, type Verification } from './provider.ts';
import type { MpesaService } from './service.ts';

/** Spec section 9: featuring costs 200 Ksh and lasts one week. The client never sets either. */
export const FEATURE_PRICE_KES = 200;
const FEATURE_DAYS = 7;
export const FEATURE_CURRENCY = 'KES';

/** The payment service the composition root builds (service.ts); domain functions take it as a slice. */
export type PaymentsDeps = { db: Db; logger: Logger; provider: PaymentProvider; mpesa: MpesaService | null; appUrl: string; rateLimits: RateLimits };

/** What settle and the reconciliation need: the database and both ways of asking a provider. */
export type SettleDeps = Pick<PaymentsDeps, 'db' | 'logger' | 'provider'> & { mpesa?: MpesaService | null };

export type Payment = typeof payments.$inferSelect;

export type SettleOutcome = {
  status: PaymentStatus;
  listingId: string | null;
  txRef: string;
  reason: string | null;
  /** The provider gave no answer this time (network, timeout, 5xx). */
  unreachable?: boolean;
};

/** The provider is always sent back to our own return route; the browser then lands on a page. */
function returnUrlFor(appUrl: string, listingId: string): string {
  return `${appUrl}/api/payments/verify?listingId=${encodeURIComponent(listingId)}`;
}

/**
 * Starts a checkout for one of the user's own listings: a pending payment row, then the
 * provider's hosted page. The price is the server's; callback_url must be on our origin.
 */
export async function startCheckout(
  deps: PaymentsDeps,
  input: { userId: string; userEmail: string; userName?: string; listingId?: string; email?: string; amount: number; callbackUrl: string },
): Promise<{ url: string; tx_ref: string }> {
  // Counted for every attempt, from the API or the no-JavaScript form alike.
  await deps.rateLimits.hit('checkoutPerUser', input.userId);
  if (input.amount !== FEATURE_PRICE_KES) throw badRequest((t) => t.errors.featureFee({ fee: FEATURE_PRICE_KES }));
  let callback: URL;
  try {
    callback = new URL(input.callbackUrl);
  } catch {
    throw badRequest((t) => t.errors.callbackUrl);
  }
  if (callback.origin !== new URL(deps.appUrl).origin) throw badRequest((t) => t.errors.callbackUrl);
  const listingId = input.listingId ?? callback.searchParams.get('listingId') ?? '';
  if (!listingId) throw badRequest((t) => t.errors.listingIdRequired);
  await featurableListing(deps.db, listingId, input.userId);

  // Unique per attempt: Flutterwave refuses a reused tx_ref.
  const txRef = `soko-${listingId.slice(0, 8)}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
  await deps.db.insert(payments).values({
    txRef,
    listingId,
    userId: input.userId,
    provider: deps.provider.name,
    amount: FEATURE_PRICE_KES,
    currency: FEATURE_CURRENCY,
    status: 'pending',
    callbackUrl: callback.toString(),
  });
  try {
    const { url } = await deps.provider.createCheckout({
      txRef,
      amountKes: FEATURE_PRICE_KES,
      email: input.email || input.userEmail,
      name: input.userName,
      returnUrl: returnUrlFor(deps.appUrl, listingId),
      meta: { listing_id: listingId, user_id: input.userId },
    });
    return { url, tx_ref: txRef };
  } catch (error) {
    // No hosted page was handed out, so no money can move for this tx_ref.
    const reason = error instanceof ProviderRejectedError ? error.message : 'The payment provider could not be reached.';
    await deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
      .where(and(eq(payments.txRef, txRef), eq(payments.status, 'pending')));
    deps.logger.warn({ txRef, err: error }, 'payment checkout could not be created');
    throw new AppError(502, (t) => t.errors.paymentNotStarted);
  }
}

/** One of the user's own ads that may be featured now, whichever way it is paid for. */
export async function featurableListing(db: Db, listingId: string, userId: string): Promise<{ id: string; title: string }> {
  if (!isUuid(listingId)) throw notFound((t) => t.errors.listingNotFound);
  const [listing] = await db
    .select({ id: listings.id, ownerId: listings.ownerId, title: listings.title, status: listings.status })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing) throw notFound((t) => t.errors.listingNotFound);
  if (listing.ownerId !== userId) throw forbidden((t) => t.errors.featureOwnAdsOnly);
  // Only an ad buyers can see is worth featuring (issue 19: sold, expired, hidden and held ads are not).
  if (listing.status !== 'active') throw conflict((t) => t.errors.featureActiveOnly);
  return listing;
}

export async function findPayment(db: Db, txRef: string): Promise<Payment | null> {
  const [row] = await db.select().from(payments).where(eq(payments.txRef, txRef)).limit(1);
  return row ?? null;
}

/**
 * The only way a payment becomes paid (DESIGN.md section 6). Asks the provider, server to
 * server, then in one transaction marks the payment succeeded exactly once and only then
 * extends the listing by a week from max(now, featured_until). Safe to call any number of
 * times, concurrently, in any order: the conditional update lets exactly one caller through.
 * A network error or 5xx leaves the payment pending.
 */
export async function settle(
  deps: SettleDeps,
  txRef: string,
  hint: { providerTxnId?: string; returnStatus?: string } = {},
): Promise<SettleOutcome | null> {
  const payment = await findPayment(deps.db, txRef);
  if (!payment) return null;
  const outcome = (status: PaymentStatus, reason: string | null = payment.failureReason): SettleOutcome => ({
    status,
    listingId: payment.listingId,
    txRef,
    reason,
  });
  if (payment.status === 'succeeded') return outcome('succeeded');

  let verification: Verification;
  try {
    if (payment.provider === 'mpesa') {
      // Daraja's STK Query, whatever a callback said (server/payments/mpesa/stk-verify.ts).
      verification = await verifyStk(deps, payment);
    } else {
      verification = await deps.provider.verify({ txRef, providerTxnId: hint.providerTxnId });
      // A transaction id from the redirect that belongs to another reference proves nothing.
      if (verification.found && verification.txRef !== txRef && hint.providerTxnId) {
        verification = await deps.provider.verify({ txRef });
      }
    }
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.logger.warn({ txRef, err: error.message }, 'payment verification unavailable; payment stays pending');
    return { ...outcome(payment.status), unreachable: true };
  }

  if (!verification.found) {
    // The provider has no charge for this reference: the customer cancelled before paying.
    if (hint.returnStatus === 'cancelled') return markFinal(deps.db, payment, 'cancelled', 'Payment was cancelled.');
    return outcome(payment.status);
  }
  if (verification.txRef !== txRef) return outcome(payment.status);
  if (verification.status === 'pending') return outcome(payment.status);
  if (verification.status === 'failed') {
    return markFinal(deps.db, payment, verification.cancelled ? 'cancelled' : 'failed', verification.reason ?? 'The payment was not completed.');
  }
  if (verification.currency !== payment.currency || !(verification.amount >= payment.amount)) {
    deps.logger.warn(
      { txRef, paid: verification.amount, currency: verification.currency, expected: payment.amount },
      'payment amount or currency does not match the fee; not featuring',
    );
    return markFinal(deps.db, payment, 'failed', 'The amount or currency paid does not match the fee.');
  }

  const changed = await deps.db.transaction(async (tx) => {
    // Any state but succeeded may become paid: money the provider confirms is never ignored,
    // even after a local cancel or expiry.
    const rows = await tx
      .update(payments)
      .set({ status: 'succeeded', providerTxnId: verification.providerTxnId, settledAt: sql`now()`, updatedAt: sql`now()`, failureReason: null })
      .where(and(eq(payments.txRef, txRef), ne(payments.status, 'succeeded')))
      .returning({ listingId: payments.listingId });
    const row = rows[0];
    if (row?.listingId) {
      await tx
        .update(listings)
        .set({ featuredUntil: sql`greatest(now(), coalesce(${listings.featuredUntil}, now())) + make_interval(days => ${FEATURE_DAYS})` })
        .where(eq(listings.id, row.listingId));
    }
    return rows.length;
  });
  if (changed) deps.logger.info({ txRef, listingId: payment.listingId }, 'payment settled: listing featured for a week');
  return outcome('succeeded', null);
}

export async function markFinal(db: Db, payment: Payment, status: 'failed' | 'cancelled' | 'expired', reason: string): Promise<SettleOutcome> {
  const rows = await db
    .update(payments)
    .set({ status, failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(payments.txRef, payment.txRef), eq(payments.status, 'pending')))
    .returning({ status: payments.status, reason: payments.failureReason });
  if (rows[0]) return { status, reason, listingId: payment.listingId, txRef: payment.txRef };
  // Someone else decided first; report what is stored.
  const current = await findPayment(db, payment.txRef);
  return { status: current?.status ?? payment.status, reason: current?.failureReason ?? null, listingId: payment.listingId, txRef: payment.txRef };
}

/**
 * A signed webhook: recorded once per event (dedupe key), then settled by asking the
 * provider. An event counts as processed only after settle has reached a verdict, so a
 * delivery that hit a provider outage is processed again when it is redelivered.
 */
export async function handleWebhook(
  deps: SettleDeps,
  event: { type: string; txRef?: string; providerTxnId?: string; dedupeKey: string; payload: unknown },
): Promise<{ duplicate: boolean; outcome: SettleOutcome | null }> {
  const provider = deps.provider.name;
  const inserted = await deps.db
    .insert(webhookEvents)
    .values({ provider, dedupeKey: event.dedupeKey, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!inserted[0]) {
    const [existing] = await deps.db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.dedupeKey, event.dedupeKey)))
      .limit(1);
    if (existing?.processedAt) return { duplicate: true, outcome: null };
  }
  const outcome = event.type === 'charge.completed' && event.txRef ? await settle(deps, event.txRef, { providerTxnId: event.providerTxnId }) : null;
  if (!outcome || outcome.status !== 'pending') {
    await deps.db
      .update(webhookEvents)
      .set({ processedAt: sql`now()` })
      .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.dedupeKey, event.dedupeKey)));
  }
  return { duplicate: !inserted[0], outcome };
}

/** How often server/main.ts runs reconcilePayments. */
export const RECONCILE_INTERVAL_MS = 60_000;

/**
 * Re-verifies payments pending for more than staleAfterMs (the redirect and the webhook both
 * went missing) and expires those the provider still has not completed after expireAfterMs.
 * An M-Pesa prompt lives about a minute on the phone, so STK payments are queried sooner
 * (mpesaStaleAfterMs) and given up sooner (mpesaExpireAfterMs): their callback may never come.
 */
export async function reconcilePayments(
  deps: SettleDeps,
  options: { now?: Date; staleAfterMs?: number; expireAfterMs?: number; mpesaStaleAfterMs?: number; mpesaExpireAfterMs?: number; limit?: number } = {},
): Promise<{ checked: number; succeeded: number; failed: number; expired: number }> {
  const now = options.now ?? new Date();
  const before = (ms: number) => new Date(now.getTime() - ms);
  const staleBefore = before(options.staleAfterMs ?? 3 * 60_000);
  const mpesaStaleBefore = before(options.mpesaStaleAfterMs ?? 75_000);
  // Flutterwave hosted sessions last at most 24 h; after that nothing can still be paid.
  const expireBefore = before(options.expireAfterMs ?? 24 * 60 * 60_000);
  const mpesaExpireBefore = before(options.mpesaExpireAfterMs ?? 15 * 60_000);
  const stale = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        or(lt(payments.createdAt, staleBefore), and(eq(payments.provider, 'mpesa'), lt(payments.createdAt, mpesaStaleBefore))),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(options.limit ?? 50);
  const counts = { checked: 0, succeeded: 0, failed: 0, expired: 0 };
  for (const payment of stale) {
    counts.checked += 1;
    let outcome: SettleOutcome | null;
    try {
      outcome = await settle(deps, payment.txRef, { providerTxnId: payment.providerTxnId ?? undefined });
    } catch (error) {
      deps.logger.error({ txRef: payment.txRef, err: error }, 'reconciliation of a payment failed');
      continue;
    }
    const expiresBefore = payment.provider === 'mpesa' ? mpesaExpireBefore : expireBefore;
    if (outcome?.status === 'succeeded') counts.succeeded += 1;
    else if (outcome?.status === 'failed' || outcome?.status === 'cancelled') counts.failed += 1;
    // Expiry needs a real answer from the provider: an outage must not expire a payment.
    else if (outcome?.status === 'pending' && !outcome.unreachable && payment.createdAt < expiresBefore) {
      const final = await markFinal(deps.db, payment, 'expired', 'The payment was not completed in time.');
      if (final.status === 'expired') counts.expired += 1;
    }
  }
  if (counts.checked) deps.logger.info(counts, 'payments reconciled');
  return counts;
}
