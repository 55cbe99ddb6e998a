import type { Db } from '../db/client.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findPayment, settle, type Payment, type PaymentsDeps, type SettleOutcome } from './payments.ts';
import { english } from '../i18n.ts';

/**
 * The one place that turns a payment's state into what a person sees: which page the browser
 * lands on (success, failure, pending) and the JSON the waiting page polls. The return route,
 * the three pages and GET /api/payments/:tx_ref all go through here, so they always agree.
 */
type PaymentState = Pick<SettleOutcome, 'status' | 'listingId' | 'txRef' | 'reason'>;


export function stateOf(payment: Payment): PaymentState {
  return { status: payment.status, listingId: payment.listingId, txRef: payment.txRef, reason: payment.failureReason };
}

/** The page for a payment's state; an unknown payment is a failure, never a success. */
export function pageForPayment(state: PaymentState | null, fallbackListingId?: string | null): string {
  if (!state) {
    return `/payment-failure?${new URLSearchParams({ listingId: fallbackListingId ?? '', status: 'failed', message: english.errors.paymentNotFound })}`;
  }
  const listingId = state.listingId ?? '';
  if (state.status === 'succeeded') return `/payment-success?${new URLSearchParams({ listingId, tx_ref: state.txRef, status: 'successful' })}`;
  if (state.status === 'pending') return `/payment-pending?${new URLSearchParams({ listingId, tx_ref: state.txRef })}`;
  const params: Record<string, string> = { listingId, status: state.status };
  if (state.reason) params.message = state.reason;
  return `/payment-failure?${new URLSearchParams(params)}`;
}

/** A stored payment as the API shows it. */
export function paymentJson(p: Payment) {
  return {
    tx_ref: p.txRef,
    status: p.status,
    listingId: p.listingId,
    amount: p.amount,
    currency: p.currency,
    reason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
    settledAt: p.settledAt?.toISOString() ?? null,
    provider: p.provider,
    resultCode: p.mpesaResultCode,
  };
}

/** A reference from a URL, bounded; references we make are far shorter. */
export function txRefParam(value: string | null | undefined): string {
  return (value ?? '').slice(0, 200);
}

/** The payment for its owner only. */
async function paymentForOwner(db: Db, txRef: string, userId: string): Promise<Payment> {
  const payment = txRef ? await findPayment(db, txRef) : null;
  if (!payment) throw notFound((t) => t.errors.paymentNotFound);
  if (payment.userId !== userId) throw forbidden((t) => t.errors.paymentNotYours);
  return payment;
}

/**
 * The owner's payment as it stands now. Settling is done by the webhook and the verified
 * return; while a payment is still pending, the waiting page and its poll may ask the
 * provider again, but at most once every few seconds per payment however often they load
 * (a shared rate limit), and settle() is idempotent. Each client address is throttled too.
 */
export async function currentPayment(deps: PaymentsDeps, txRef: string, userId: string, clientIp: string): Promise<Payment> {
  await deps.rateLimits.hit('paymentPagesPerIp', clientIp);
  const payment = await paymentForOwner(deps.db, txRef, userId);
  if (payment.status !== 'pending' || !(await deps.rateLimits.tryHit('paymentRecheck', txRef))) return payment;
  await settle(deps, txRef);
  return paymentForOwner(deps.db, txRef, userId);
}

/**
 * The browser's return from the provider: verified with the provider (at most once every few
 * seconds per payment, whoever asks), else the payment as stored. Never trusts the query.
 */
export async function returnFromProvider(
  deps: PaymentsDeps,
  txRef: string,
  hint: { providerTxnId?: string; returnStatus?: string },
  clientIp: string,
): Promise<PaymentState | null> {
  await deps.rateLimits.hit('paymentPagesPerIp', clientIp);
  if (!txRef) return null;
  if (await deps.rateLimits.tryHit('paymentRecheck', txRef)) return settle(deps, txRef, hint);
  const payment = await findPayment(deps.db, txRef);
  return payment && stateOf(payment);
}
